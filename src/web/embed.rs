//! Embedded boards (EMBEDDING.md): `index.html#embed=<LZP1 position>&demo=…&interactive=1`
//! shows one position, optionally interactive (tap a piece: where it may move, R12.4) or
//! demonstrating something: `demo=mountain` (the Tam shape), `demo=moves&from=b2`,
//! `demo=throw&seed=N` (the five sticks, R12.6), `demo=readings&pieces=JG3G5` (every
//! reading of a Joker set with its bonus, R14/R15), `demo=scoring&hand=…&lum=…` (the
//! patterns of a declared hand, like the summary sheet). `#position=<LZP1>` in the game's
//! own address is the same view, interactive.
//!
//! An embed never creates the game app: it never reads or writes `localStorage`, shows no
//! hand-over screen, and sizes itself to its container (it tells the parent page its height
//! with `postMessage({lauzait: "embed-size", height})`, which `static/embed.js` applies).

use super::listen;
use super::view::board;
use super::view::palette::seat_color;
use super::view::pen::Pen;
use super::view::piece::{self, TileStyle};
use super::view::screens::esc;
use crate::engine::notation::Position;
use crate::engine::Pattern;
use crate::engine::{Game, GameOptions, Piece, PieceCounts, PlayerCount, Square, Sticks};
use crate::ui::i18n::{self, Lang};
use crate::ui::layout::{Layout, Rect};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, Window};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Demo {
    None,
    Moves(Square),
    Throw,
    Readings,
    Scoring,
}

struct Embed {
    window: Window,
    doc: Document,
    canvas: HtmlCanvasElement,
    pen: Pen,
    lang: Lang,
    demo: Demo,
    interactive: bool,
    position: Option<Position>,
    selected: Option<Square>,
    rng: Pcg64Mcg,
    sticks: Option<Sticks>,
    throws: u32,
    params: Vec<(String, String)>,
    error: Option<String>,
    layout: Layout,
    draws: u32,
    /// The keyboard cursor (interactive embeds: arrows, Enter/Space, Escape).
    cursor: Option<Square>,
}

thread_local! {
    static EMBED: RefCell<Option<Embed>> = const { RefCell::new(None) };
}

/// The address asks for an embed (`#embed=…`) or a position (`#position=…`).
pub fn wanted(window: &Window) -> bool {
    let hash = window.location().hash().unwrap_or_default();
    hash.starts_with("#embed=") || hash.starts_with("#embed&") || hash == "#embed" || hash.starts_with("#position=")
}

fn params(hash: &str) -> Vec<(String, String)> {
    hash.trim_start_matches('#')
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            // Not valid percent-encoding: kept as written, so that its error shows.
            let v = js_sys::decode_uri_component(v).ok().and_then(|v| v.as_string()).unwrap_or_else(|| v.to_string());
            (k.to_string(), v)
        })
        .collect()
}

fn param<'a>(ps: &'a [(String, String)], k: &str) -> Option<&'a str> {
    ps.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str())
}

/// "G1G2J" → pieces.
fn pieces_in(text: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    let b = text.as_bytes();
    while i < b.len() {
        let len = if b[i] == b'J' { 1 } else { 2 };
        let code = text.get(i..i + len).ok_or_else(|| format!("'{}' is not a piece", &text[i..]))?;
        out.push(code.parse::<Piece>().map_err(|e| e.to_string())?);
        i += len;
    }
    Ok(out)
}

fn players_param(ps: &[(String, String)]) -> PlayerCount {
    param(ps, "players")
        .and_then(|p| p.parse::<u8>().ok())
        .and_then(|n| PlayerCount::try_from(n).ok())
        .unwrap_or(PlayerCount::Four)
}

pub fn start(window: Window, doc: Document, canvas: HtmlCanvasElement) -> Result<(), JsValue> {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    let hash = window.location().hash().unwrap_or_default();
    let ps = params(&hash);
    let lang = match param(&ps, "lang") {
        Some(l) => Lang::from_tag(l),
        None => Lang::from_tag(&window.navigator().language().unwrap_or_default()),
    };
    let in_frame = window.parent().ok().flatten().is_some_and(|p| p != window);
    if let Some(root) = doc.document_element() {
        let _ = root.class_list().add_1("embed");
        let _ = root.set_attribute("lang", lang.code());
        if in_frame {
            let _ = root.class_list().add_1("framed");
        }
    }
    let seed = param(&ps, "seed").and_then(|s| s.parse::<u64>().ok()).unwrap_or(1);
    let mut error = None;
    let demo = match param(&ps, "demo").unwrap_or("") {
        "" | "none" => Demo::None,
        "mountain" => Demo::Moves(Square::MOUNTAIN),
        "moves" => match param(&ps, "from").unwrap_or("c3").parse::<Square>() {
            Ok(sq) => Demo::Moves(sq),
            Err(e) => {
                error = Some(format!("from: {e}"));
                Demo::None
            }
        },
        "throw" => Demo::Throw,
        "readings" => Demo::Readings,
        "scoring" => Demo::Scoring,
        other => {
            error = Some(format!("demo={other}: not a demonstration (mountain, moves, throw, readings, scoring)"));
            Demo::None
        }
    };
    let is_position_link = hash.starts_with("#position=");
    let text =
        if is_position_link { param(&ps, "position") } else { param(&ps, "embed") }.unwrap_or("").trim().to_string();
    let board_demo = matches!(demo, Demo::None | Demo::Moves(_));
    let position = if !board_demo {
        None
    } else if text.is_empty() {
        // A fresh deal's table, for demonstrations without a position of their own.
        let options = GameOptions::for_players(2, true).expect("2 players");
        let game = Game::new(options, seed);
        game.view(0).map(|v| Position::of_view(&v, false))
    } else {
        match Position::parse(&text) {
            Ok(p) => Some(p),
            Err(e) => {
                error.get_or_insert(format!("Position: {e}"));
                None
            }
        }
    };
    let interactive = is_position_link || matches!(param(&ps, "interactive"), Some("1" | "true" | "yes"));
    let selected = match demo {
        Demo::Moves(sq) => Some(sq),
        _ => None,
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let sticks = (demo == Demo::Throw).then(|| Sticks::throw(&mut rng));
    if !board_demo || position.is_none() {
        let _ = canvas.set_attribute("hidden", "");
        let _ = canvas.set_attribute("style", "display:none");
    }
    let _ = canvas
        .set_attribute("aria-label", if lang == Lang::Ja { "ラウツァイト・セプの盤" } else { "Lauzait Cep! board" });
    let embed = Embed {
        window: window.clone(),
        doc: doc.clone(),
        canvas: canvas.clone(),
        pen: Pen::new(ctx),
        lang,
        demo,
        interactive,
        position,
        selected,
        rng,
        sticks,
        throws: u32::from(demo == Demo::Throw),
        params: ps,
        error,
        layout: Layout::default(),
        draws: 0,
        cursor: None,
    };
    if !interactive {
        let _ = canvas.set_attribute("tabindex", "-1");
    }
    if let Some(actions) = doc.get_element_by_id("actions") {
        let _ = actions.set_attribute("aria-live", "polite");
    }
    EMBED.with(|e| *e.borrow_mut() = Some(embed));
    install(&window, &doc, &canvas)?;
    with(update);
    super::automation::set_ready(&window);
    Ok(())
}

fn with<R>(f: impl FnOnce(&mut Embed) -> R) -> Option<R> {
    EMBED.with(|cell| cell.try_borrow_mut().ok()?.as_mut().map(f))
}

fn install(window: &Window, doc: &Document, canvas: &HtmlCanvasElement) -> Result<(), JsValue> {
    let c = canvas.clone();
    listen(&canvas, "pointerup", move |e: web_sys::PointerEvent| {
        let r = c.get_bounding_client_rect();
        let (x, y) = (e.client_x() as f64 - r.left(), e.client_y() as f64 - r.top());
        with(|em| {
            if let Some(sq) = em.layout.square_at(x, y) {
                tap(em, sq);
                update(em);
            }
        });
    })?;
    listen(&canvas, "keydown", move |e: web_sys::KeyboardEvent| {
        let k = e.key();
        let used = with(|em| {
            if !em.interactive || em.position.is_none() {
                return false;
            }
            let at = em.cursor.or(em.selected).unwrap_or(Square::MOUNTAIN);
            let (f, r) = (at.file() as i8, at.rank() as i8);
            let moved = match k.as_str() {
                "ArrowLeft" => Some((f - 1, r)),
                "ArrowRight" => Some((f + 1, r)),
                "ArrowUp" => Some((f, r + 1)),
                "ArrowDown" => Some((f, r - 1)),
                _ => None,
            };
            match (moved, k.as_str()) {
                (Some((f, r)), _) => {
                    em.cursor = Some(Square::new(f.clamp(0, 4) as u8, r.clamp(0, 4) as u8).unwrap_or(at));
                }
                (None, "Enter" | " ") => {
                    em.cursor = Some(at);
                    tap(em, at);
                }
                (None, "Escape") => em.selected = None,
                _ => return false,
            }
            update(em);
            true
        });
        if used == Some(true) {
            e.prevent_default();
        }
    })?;
    listen(&doc, "click", move |e: web_sys::Event| {
        let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let Ok(Some(b)) = el.closest("[data-embed]") else { return };
        if b.get_attribute("data-embed").as_deref() == Some("throw") {
            with(|em| {
                em.sticks = Some(Sticks::throw(&mut em.rng));
                em.throws += 1;
                update(em);
            });
        }
    })?;
    // A new fragment (e.g. another language from embed.js) starts the embed afresh.
    listen(&window, "hashchange", move |_: web_sys::Event| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    })?;
    listen(&window, "resize", move |_: web_sys::Event| {
        with(update);
    })?;
    // What tests and pages may read: window.lauzait.embed().
    if let Ok(api) = js_sys::Reflect::get(window, &"lauzait".into()) {
        let f = Closure::<dyn Fn() -> JsValue>::new(|| {
            with(|em| js_sys::JSON::parse(&state(em).to_string()).unwrap_or(JsValue::NULL)).unwrap_or(JsValue::NULL)
        });
        let _ = js_sys::Reflect::set(&api, &"embed".into(), f.as_ref());
        f.forget();
    }
    Ok(())
}

fn tap(em: &mut Embed, sq: Square) {
    if !em.interactive {
        return;
    }
    let has_piece = em.position.as_ref().is_some_and(|p| p.board.get(sq).is_some());
    em.selected = if has_piece && em.selected != Some(sq) { Some(sq) } else { None };
}

fn state(em: &Embed) -> serde_json::Value {
    let dests: Vec<String> =
        em.selected.map(|s| s.destinations().iter().map(|d| d.to_string()).collect()).unwrap_or_default();
    let water: Vec<String> = em
        .selected
        .map(|s| s.destinations().iter().filter(|d| d.is_water()).map(|d| d.to_string()).collect())
        .unwrap_or_default();
    let squares: serde_json::Map<String, serde_json::Value> = Square::all()
        .map(|sq| {
            let r = em.layout.square(sq);
            let b = em.canvas.get_bounding_client_rect();
            (sq.to_string(), json!({"x": r.x + b.left(), "y": r.y + b.top(), "w": r.w, "h": r.h}))
        })
        .collect();
    json!({
        "demo": format!("{:?}", em.demo),
        "interactive": em.interactive,
        "position": em.position.as_ref().map(|p| p.to_string()),
        "selected": em.selected.map(|s| s.to_string()),
        "destinations": dests,
        "water": water,
        "sticks": em.sticks.map(|s| s.0.to_vec()),
        "darkFaces": em.sticks.map(|s| s.dark_faces()),
        "throws": em.throws,
        "error": em.error,
        "draws": em.draws,
        "squares": if em.position.is_some() { serde_json::Value::Object(squares) } else { serde_json::Value::Null },
        "caption": em.doc.get_element_by_id("actions").and_then(|a| a.text_content()),
    })
}

/// Redraws the board and the caption, and tells the parent page the new height.
fn update(em: &mut Embed) {
    if let Some(actions) = em.doc.get_element_by_id("actions") {
        actions.set_inner_html(&caption(em));
        paint_tiles(em, &actions);
    }
    if em.position.is_some() {
        draw(em);
        draw_cursor(em);
    }
    em.draws += 1;
    // The content's own height (the document's would never shrink below the frame's).
    let height = em.doc.get_element_by_id("app").map_or(0.0, |r| r.get_bounding_client_rect().height().ceil());
    if let Ok(Some(parent)) = em.window.parent() {
        if parent != em.window {
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"lauzait".into(), &"embed-size".into());
            let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from_f64(height));
            let _ = parent.post_message(&msg, "*");
        }
    }
}

fn tile(p: Piece) -> String {
    format!("<canvas class=\"tile\" data-piece=\"{p}\" aria-label=\"{p}\"></canvas>")
}

fn caption(em: &Embed) -> String {
    let l = em.lang;
    let ja = l == Lang::Ja;
    let mut out = String::new();
    if let Some(e) = &em.error {
        out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\" role=\"alert\">{}</p>", esc(e)));
    }
    match em.demo {
        Demo::None | Demo::Moves(_) => {
            // What the position says beyond the board: Season, Day, turn, luminous piece.
            if let (Some(p), Demo::None) = (&em.position, em.demo) {
                let seat = i18n::seat_name(l, p.players[p.to_move].seat);
                let arrow = super::view::palette::direction_arrow(p.direction);
                let lum = p.luminous.map(|x| i18n::piece(l, x));
                let text = if ja {
                    format!(
                        "ラウンド{} · {}手目 · {seat}の番 {arrow}{}",
                        p.season,
                        p.day,
                        lum.map(|x| format!(" · 光駒 {x}")).unwrap_or_default()
                    )
                } else {
                    format!(
                        "Season {}, Day {} · {seat} to move {arrow}{}",
                        p.season,
                        p.day,
                        lum.map(|x| format!(" · luminous {x}")).unwrap_or_default()
                    )
                };
                out.push_str(&format!("<p id=\"embed-info\" class=\"note\">{}</p>", esc(&text)));
            }
            if let (Some(p), Some(sq)) = (&em.position, em.selected) {
                let dests = sq.destinations();
                let water = dests.iter().filter(|d| d.is_water()).count();
                let piece = p.board.get(sq).map(|x| i18n::piece(l, x)).unwrap_or_default();
                let text = if sq.is_mountain() {
                    if ja {
                        format!("山（{sq}）の{piece}は「タム」の形に動けます：周りの8マスと2マス先の4マス、計{}マス。うち水{water}マス（投げ棒で決まる、R12.6）。", dests.len())
                    } else {
                        format!("{piece} on the Mountain ({sq}) moves in the Tam shape: the eight squares around it and the four two steps straight away, {} destinations; {water} of them are Water (the sticks decide, R12.6).", dests.len())
                    }
                } else if ja {
                    format!("{sq}の{piece}：移動先{}マス（周りの8マスまで）、うち水{water}マス（R12.4）。", dests.len())
                } else {
                    format!("{piece} on {sq} may move to {} squares (the ones around it, R12.4); {water} of them are Water (the sticks decide).", dests.len())
                };
                out.push_str(&format!("<p id=\"embed-caption\">{}</p>", esc(&text)));
            } else if em.interactive && em.position.is_some() {
                out.push_str(&format!(
                    "<p id=\"embed-caption\" class=\"note\">{}</p>",
                    if ja {
                        "駒をタップすると移動先が見えます。"
                    } else {
                        "Tap a piece to see where it may move."
                    }
                ));
            }
        }
        Demo::Throw => {
            if let Some(st) = em.sticks {
                out.push_str("<div class=\"sticks\" id=\"embed-sticks\">");
                for dark in st.0 {
                    out.push_str(if dark {
                        "<span class=\"stick dark\"></span>"
                    } else {
                        "<span class=\"stick light\"></span>"
                    });
                }
                out.push_str("</div>");
                let n = st.dark_faces();
                let text = match (ja, st.lets_piece_arrive()) {
                    (false, true) => format!("{n} dark faces (3–5): the piece arrives in the Water and takes the piece there (R12.6)."),
                    (false, false) => format!("{n} dark face{} (0–2): the piece does not arrive; it goes into the mover's hand instead (R12.6).", if n == 1 { "" } else { "s" }),
                    (true, true) => format!("濃い面{n}本（3〜5）：駒は水に到着し、そこの駒を取ります（R12.6）。"),
                    (true, false) => format!("濃い面{n}本（0〜2）：駒は届かず、動かした駒が手駒になります（R12.6）。"),
                };
                out.push_str(&format!(
                    "<p id=\"embed-caption\">{}</p><button data-embed=\"throw\" id=\"embed-throw\">{}</button>",
                    esc(&text),
                    if ja { "もう一度投げる" } else { "Throw again" }
                ));
            }
        }
        Demo::Readings => {
            let players = players_param(&em.params);
            let text = param(&em.params, "pieces").unwrap_or("JG3G5");
            match pieces_in(text)
                .and_then(|v| <[Piece; 3]>::try_from(v).map_err(|_| format!("'{text}' is not three pieces")))
            {
                Err(e) => out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\">pieces: {}</p>", esc(&e))),
                Ok(pieces) => {
                    let rs = crate::engine::sets::readings(pieces, players);
                    out.push_str(&format!(
                        "<p class=\"tiles\">{}</p>",
                        pieces.iter().map(|p| tile(*p)).collect::<String>()
                    ));
                    if rs.is_empty() {
                        out.push_str(&format!(
                            "<p id=\"embed-caption\">{}</p>",
                            if ja {
                                "セットになりません（R14）。"
                            } else {
                                "These pieces make no set (R14)."
                            }
                        ));
                    } else {
                        out.push_str(&format!(
                            "<p id=\"embed-caption\">{}</p><table class=\"scores\" id=\"embed-readings\">",
                            esc(&if ja {
                                format!("読み方は{}通り（R14、ボーナスR15）：", rs.len())
                            } else {
                                format!("{} ways to read them (R14), each with its bonus (R15):", rs.len())
                            })
                        ));
                        for r in &rs {
                            out.push_str(&format!(
                                "<tr><td>{}</td><td>{}</td><td class=\"n\">+{}</td></tr>",
                                r.reading.pieces().iter().map(|p| tile(*p)).collect::<String>(),
                                esc(i18n::reading_kind(l, r.reading.kind())),
                                r.bonus
                            ));
                        }
                        out.push_str("</table>");
                    }
                }
            }
        }
        Demo::Scoring => {
            let players = players_param(&em.params);
            let text = param(&em.params, "hand").unwrap_or("G1G2G3G4G5G6W7W7W7");
            let lum = param(&em.params, "lum").and_then(|p| p.parse::<Piece>().ok());
            match pieces_in(text) {
                Err(e) => out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\">hand: {}</p>", esc(&e))),
                Ok(hand) => {
                    out.push_str(&format!("<p class=\"tiles\">{}", hand.iter().map(|p| tile(*p)).collect::<String>()));
                    if let Some(lp) = lum {
                        out.push_str(&format!(" · {} {}", if ja { "光駒" } else { "luminous" }, tile(lp)));
                    }
                    out.push_str("</p>");
                    let counts: PieceCounts = hand.iter().copied().collect();
                    match crate::engine::scoring::best_declaration(&counts, &[], lum, players) {
                        None => out.push_str(&format!(
                            "<p id=\"embed-caption\">{}</p>",
                            if ja {
                                "この手では宣言できません（R11）。"
                            } else {
                                "This hand cannot declare Lauzait-Cep! (R11)."
                            }
                        )),
                        Some(pats) => {
                            out.push_str("<table class=\"scores\" id=\"embed-patterns\">");
                            for id in Pattern::ALL {
                                let pts = pats.get(id);
                                out.push_str(&format!(
                                    "<tr class=\"{}\"><td>{}<span class=\"cond\">{}</span></td><td class=\"n\">{}</td></tr>",
                                    if pts > 0 { "got" } else { "not" },
                                    esc(i18n::pattern_name(l, id)),
                                    esc(i18n::pattern_condition(l, id)),
                                    pts
                                ));
                            }
                            out.push_str(&format!(
                                "<tr class=\"total\"><td>{}</td><td class=\"n\" id=\"embed-total\">{}</td></tr></table>",
                                if ja { "合計" } else { "Total" },
                                pats.total()
                            ));
                        }
                    }
                }
            }
        }
    }
    out
}

fn paint_tiles(em: &Embed, root: &web_sys::Element) {
    let Ok(list) = root.query_selector_all("canvas.tile") else { return };
    let dpr = em.window.device_pixel_ratio().clamp(1.0, 4.0);
    for i in 0..list.length() {
        let Some(canvas) = list.item(i).and_then(|n| n.dyn_into::<HtmlCanvasElement>().ok()) else { continue };
        let piece = canvas.get_attribute("data-piece").and_then(|c| c.parse::<Piece>().ok());
        let size = 34.0;
        canvas.set_width((size * dpr) as u32);
        canvas.set_height((size * dpr) as u32);
        let Some(ctx) =
            canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            continue;
        };
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        let pen = Pen::new(ctx);
        let m = size * 0.04;
        piece::draw(&pen, piece, Rect::new(m, m, size - 3.0 * m, size - 3.0 * m), TileStyle::default());
    }
}

fn draw_cursor(em: &Embed) {
    if let Some(sq) = em.cursor {
        let r = em.layout.square(sq).inset(2.0);
        em.pen.save();
        em.pen.dashed(true, 6.0);
        em.pen.stroke_rect(r, "#1565c0", 4.0);
        em.pen.restore();
    }
}

fn draw(em: &mut Embed) {
    let Some(pos) = em.position.as_ref() else { return };
    let dpr = em.window.device_pixel_ratio().clamp(1.0, 4.0);
    let (w, h) = (em.canvas.client_width().max(1) as f64, em.canvas.client_height().max(1) as f64);
    em.canvas.set_width((w * dpr).round() as u32);
    em.canvas.set_height((h * dpr).round() as u32);
    let s = w.min(h);
    let frame = Rect::new((w - s) / 2.0, (h - s) / 2.0, s, s);
    let band = (s * 0.075).max(14.0);
    let grid = frame.inset(band);
    em.layout = Layout { w, h, frame, grid, cell: grid.w / 5.0, ..Layout::default() };
    let l = &em.layout;
    let pen = &em.pen;
    pen.forget();
    let _ = pen.ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    pen.fill_rect(Rect::new(0.0, 0.0, w, h), "#f4efe1");
    pen.fill_rect(frame, "#e7782b");
    // Seat edges and labels: the seats in the position with their scores.
    let strip = (s * 0.016).max(3.0);
    let size = (band * 0.42).clamp(8.0, 14.0);
    for seat in crate::engine::Seat::ALL {
        let player = pos.players.iter().find(|p| p.seat == seat);
        let r = match seat {
            crate::engine::Seat::Red => Rect::new(frame.x, frame.bottom() - strip, frame.w, strip),
            crate::engine::Seat::Blue => Rect::new(frame.x, frame.y, strip, frame.h),
            crate::engine::Seat::Black => Rect::new(frame.x, frame.y, frame.w, strip),
            crate::engine::Seat::Yellow => Rect::new(frame.right() - strip, frame.y, strip, frame.h),
        };
        if player.is_none() {
            pen.alpha(0.4);
        }
        pen.fill_rect(r, seat_color(seat));
        pen.alpha(1.0);
        let Some(p) = player else { continue };
        let to_move = pos.players[pos.to_move].seat == seat;
        let label = format!(
            "{}{} · {}",
            if to_move { "▶ " } else { "" },
            i18n::seat_name(em.lang, seat),
            i18n::pts(em.lang, p.score)
        );
        let mid = strip + (band - strip) / 2.0;
        pen.save();
        let (cx, cy, rot) = match seat {
            crate::engine::Seat::Red => (frame.cx(), frame.bottom() - mid, 0.0),
            crate::engine::Seat::Black => (frame.cx(), frame.y + mid, 0.0),
            crate::engine::Seat::Blue => (frame.x + mid, frame.cy(), -std::f64::consts::FRAC_PI_2),
            crate::engine::Seat::Yellow => (frame.right() - mid, frame.cy(), std::f64::consts::FRAC_PI_2),
        };
        let _ = pen.ctx.translate(cx, cy);
        let _ = pen.ctx.rotate(rot);
        pen.text_fit(
            &label,
            0.0,
            0.0,
            size,
            if to_move { 800 } else { 600 },
            "#fff7e6",
            "center",
            "middle",
            grid.w - 8.0,
        );
        pen.restore();
    }
    for sq in Square::all() {
        board::draw_square(pen, l, sq);
    }
    for i in 0..=5 {
        let t = i as f64 * l.cell;
        pen.line(grid.x + t, grid.y, grid.x + t, grid.bottom(), "#4a4540", 1.2);
        pen.line(grid.x, grid.y + t, grid.right(), grid.y + t, "#4a4540", 1.2);
    }
    for sq in Square::all() {
        if let Some(p) = pos.board.get(sq) {
            let style = TileStyle { chosen: em.selected == Some(sq), lit: false, dim: false };
            piece::draw(pen, Some(p), l.square_tile(sq), style);
        }
    }
    if let Some(from) = em.selected {
        for &to in from.destinations() {
            super::view::board::destination_mark(pen, l.square(to), l.cell, to.is_water());
        }
    }
}
