//! The dialogs over the table, as HTML: new game, hand-over, the Form and Dissolve
//! choosers, the declaration preview, the scoring screen, the Season summary, the final
//! results, the menu, confirmations and the unreadable-save message. Every choice is a
//! `<button data-intent="…">`; one delegated click listener handles them all.

use crate::bots::Level;
use crate::engine::{Action, Pattern, Patterns, Piece, SeasonEnd, Seat, Status};
use crate::ui::i18n::{self, s, Lang, S};
use crate::ui::model::{Confirm, Model, Overlay};
use crate::ui::msg::Intent;
use crate::ui::pace::Speed;

pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn tile(lang: Lang, p: Piece, small: bool) -> String {
    format!(
        "<canvas class=\"tile{}\" data-piece=\"{p}\" role=\"img\" aria-label=\"{}\"></canvas>",
        if small { " sm" } else { "" },
        esc(&i18n::piece(lang, p))
    )
}

fn tiles(lang: Lang, ps: &[Piece], small: bool) -> String {
    format!("<span class=\"tiles\">{}</span>", ps.iter().map(|&p| tile(lang, p, small)).collect::<String>())
}

fn seat_chip(seat: Seat) -> String {
    format!("<span class=\"seat s-{}\" aria-hidden=\"true\"></span>", i18n::seat_code(seat))
}

fn card(title: &str, body: &str) -> String {
    format!(
        "<div class=\"card\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"dlg-title\"><h2 id=\"dlg-title\">{title}</h2>{body}</div>"
    )
}

fn button(id: &str, intent: Intent, class: &str, label: &str, autofocus: bool) -> String {
    format!(
        "<button id=\"{id}\" data-intent=\"{}\" class=\"{class}\"{}>{}</button>",
        intent.code(),
        if autofocus { " data-autofocus" } else { "" },
        esc(label)
    )
}

/// The dialog HTML for the current overlay, and whether it hides the table completely.
pub fn overlay_html(app: &Model) -> Option<(String, bool)> {
    let lang = app.lang;
    Some(match app.overlay {
        Overlay::None => return None,
        Overlay::NewGame => (new_game(app), true),
        Overlay::LoadError => {
            let msg = app.broken.as_ref().map(|b| b.message(lang)).unwrap_or_default();
            let body = format!(
                "<p class=\"errorbox\" id=\"load-error\">{}</p><p class=\"note\">{}</p><div class=\"row end\">{}</div>",
                esc(&msg),
                esc(s(lang, S::LoadErrorNote)),
                button("btn-fresh", Intent::Fresh, "primary big", s(lang, S::FreshStart), true)
            );
            (card(&esc(s(lang, S::LoadErrorTitle)), &body), true)
        }
        Overlay::HandOver => (hand_over(app), false),
        Overlay::Form => (form_chooser(app), false),
        Overlay::Dissolve => (dissolve_chooser(app), false),
        Overlay::Declare => (declare_preview(app), false),
        Overlay::Scoring => (scoring(app), false),
        Overlay::SeasonSummary => (season_summary(app), false),
        Overlay::Final => {
            // Export, links and replay from the results (records.rs).
            let mut html = final_results(app);
            html.insert_str(html.len() - "</div>".len(), &super::records::menu_html(app));
            (html, false)
        }
        Overlay::Menu => (menu(app), false),
        Overlay::Records => (super::records::dialog_html(app), false),
        Overlay::Confirm(c) => {
            let text = match c {
                Confirm::EndGame => s(lang, S::ConfirmEndGame),
                Confirm::EndSeason => s(lang, S::ConfirmEndSeason),
                Confirm::NewGame => s(lang, S::ConfirmNewGame),
            };
            let body = format!(
                "<p>{}</p><div class=\"row end\">{}{}</div>",
                esc(text),
                button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false),
                button("btn-confirm", Intent::Confirm, "primary", s(lang, S::Yes), true)
            );
            (card(&esc(s(lang, S::Title)), &body), false)
        }
    })
}

fn lang_buttons(app: &Model) -> String {
    let mut out = String::new();
    for (lang, label) in [(Lang::En, "English"), (Lang::Ja, "日本語")] {
        let (code, intent) = (lang.code(), Intent::Lang(lang).code());
        let pressed = app.lang == lang;
        out.push_str(&format!(
            "<button id=\"btn-lang-{code}\" data-intent=\"{intent}\" aria-pressed=\"{pressed}\" lang=\"{code}\"{}>{label}</button>",
            if pressed { " class=\"primary\"" } else { "" }
        ));
    }
    out
}

fn new_game(app: &Model) -> String {
    let lang = app.lang;
    let d = &app.draft;
    let count = d.seats.iter().filter(|&&on| on).count();
    let mut body = format!("<div class=\"row\"><span>{}:</span>{}</div>", esc(s(lang, S::Language)), lang_buttons(app));
    body.push_str(&format!("<h3>{}</h3><div class=\"row\">", esc(s(lang, S::Players))));
    for n in 2..=4 {
        let pressed = count == n;
        let intent = Intent::Players(n).code();
        body.push_str(&format!(
            "<button id=\"btn-players-{n}\" data-intent=\"{intent}\" aria-pressed=\"{pressed}\"{}>{n}</button>",
            if pressed { " class=\"primary\"" } else { "" }
        ));
    }
    body.push_str("</div>");
    body.push_str(&format!("<h3>{}</h3>", esc(s(lang, S::SeatsAndNames))));
    for (i, seat) in Seat::ALL.iter().enumerate() {
        let code = i18n::seat_code(*seat);
        let name = i18n::seat_name(lang, *seat);
        // Who plays the seat: a person or the computer at a level (for seats in play).
        let mut kinds = String::new();
        if d.seats[i] {
            kinds.push_str(&format!(
                "<div class=\"kinds\" role=\"group\" aria-label=\"{}\">",
                esc(&format!("{} — {name}", s(lang, S::WhoPlays)))
            ));
            for kind in [None, Some(Level::Easy), Some(Level::Normal), Some(Level::Strong)] {
                let kcode = kind.map_or("person", |l| l.name());
                let pressed = d.kinds[i] == kind;
                let intent = Intent::SeatKind(*seat, kind).code();
                kinds.push_str(&format!(
                    "<button id=\"ng-kind-{code}-{kcode}\" data-intent=\"{intent}\" aria-pressed=\"{pressed}\"{}>{}</button>",
                    if pressed { " class=\"primary\"" } else { "" },
                    esc(i18n::kind_label(lang, kind))
                ));
            }
            kinds.push_str("</div>");
        }
        body.push_str(&format!(
            "<div class=\"seatrow\"><label><input type=\"checkbox\" id=\"ng-seat-{code}\"{}> {}{}</label>\
             <input type=\"text\" id=\"ng-name-{code}\" maxlength=\"24\" value=\"{}\" placeholder=\"{}\" aria-label=\"{}\" autocomplete=\"off\">{kinds}</div>",
            if d.seats[i] { " checked" } else { "" },
            seat_chip(*seat),
            esc(name),
            esc(&d.names[i]),
            esc(name),
            esc(&match lang {
                Lang::En => format!("Name for {name}"),
                Lang::Ja => format!("{name}の名前"),
            }),
        ));
    }
    body.push_str(&format!("<p class=\"note\">{}</p>", esc(s(lang, S::BotsNote))));
    body.push_str(&format!(
        "<label class=\"opt\"><input type=\"checkbox\" id=\"ng-luminous\"{}> {}</label><p class=\"note\">{}</p>",
        if d.luminous { " checked" } else { "" },
        esc(s(lang, S::LuminousRule)),
        esc(s(lang, S::LuminousRuleNote))
    ));
    body.push_str(&format!(
        "<label class=\"opt\"><input type=\"checkbox\" id=\"ng-open\"{}> {}</label><p class=\"note\">{}</p>",
        if app.open_hands { " checked" } else { "" },
        esc(s(lang, S::OpenHands)),
        esc(s(lang, S::OpenHandsNote))
    ));
    if d.error || !(2..=4).contains(&count) {
        body.push_str(&format!("<p class=\"errorbox\" id=\"ng-error\">{}</p>", esc(s(lang, S::NeedSeats))));
    }
    body.push_str("<div class=\"row end\">");
    if app.session.is_some() {
        body.push_str(&button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false));
    }
    body.push_str(&button("btn-start", Intent::Start, "primary big", s(lang, S::StartGame), true));
    body.push_str("</div>");
    card(&format!("{} — {}", esc(s(lang, S::Title)), esc(s(lang, S::NewGame))), &body)
}

fn sticks_html(lang: Lang, faces: [bool; 5]) -> String {
    let n = faces.iter().filter(|&&d| d).count();
    let label = match lang {
        Lang::En => format!("{n} of 5 sticks show the dark face"),
        Lang::Ja => format!("5本中{n}本が濃い面"),
    };
    let mut out = format!("<div class=\"sticks\" role=\"img\" aria-label=\"{}\">", esc(&label));
    for d in faces {
        out.push_str(if d { "<span class=\"stick dark\"></span>" } else { "<span class=\"stick light\"></span>" });
    }
    out.push_str("</div>");
    out
}

fn hand_over(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = &app.session else { return String::new() };
    let g = &sess.game;
    let p = g.to_move();
    let seat = g.options().seats()[p];
    let who = sess.who(lang, p);
    let mut body = String::new();
    for line in &app.last_day {
        body.push_str(&format!("<p>{}</p>", esc(line)));
    }
    if let Some(rec) = g.season().last_hire {
        if let Some(st) = rec.sticks {
            body.push_str(&sticks_html(lang, st.0));
        }
    }
    body.push_str(&format!(
        "<p class=\"note\">{}</p>",
        esc(match lang {
            Lang::En => "Only the player whose Day it is should look at the screen once the hand is shown.",
            Lang::Ja => "手駒が表示されたら、手番のプレイヤーだけが画面を見てください。",
        })
    ));
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-ready", Intent::Ready, "primary big", &i18n::ready_button(lang, &sess.name(lang, p)), true)
    ));
    card(&format!("{}{} — {}", seat_chip(seat), esc(&i18n::pass_to(lang, &who)), esc(s(lang, S::TapWhenReady))), &body)
}

fn form_chooser(app: &Model) -> String {
    let lang = app.lang;
    let mut body = format!("<p class=\"note\">{}</p>", esc(s(lang, S::FormNote)));
    for (i, f) in app.legal.forms.iter().enumerate() {
        let jokers = f.pieces.iter().any(|p| p.is_joker());
        for (j, r) in f.readings.iter().enumerate() {
            let mut what = String::new();
            if jokers {
                what.push_str(&format!("→ {} ", tiles(lang, &r.reading.pieces(), true)));
            }
            what.push_str(&format!("<span class=\"kind\">{}</span>", esc(i18n::reading_kind(lang, r.reading.kind()))));
            let label = format!(
                "{} {} {}",
                i18n::pieces(lang, &f.pieces),
                if jokers {
                    match lang {
                        Lang::En => format!("as {}", i18n::pieces(lang, &r.reading.pieces())),
                        Lang::Ja => format!("（{}として）", i18n::pieces(lang, &r.reading.pieces())),
                    }
                } else {
                    String::new()
                },
                i18n::signed_pts(lang, r.bonus as i32)
            );
            let intent = Intent::FormPick(i, j).code();
            body.push_str(&format!(
                "<button class=\"choice\" id=\"form-{i}-{j}\" data-intent=\"{intent}\" aria-label=\"{}\"{}>{}<span class=\"what\">{what}</span><span class=\"pts\">{}</span></button>",
                esc(&label),
                if i == 0 && j == 0 { " data-autofocus" } else { "" },
                tiles(lang, &f.pieces, false),
                esc(&i18n::signed_pts(lang, r.bonus as i32))
            ));
        }
    }
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false)
    ));
    card(&esc(s(lang, S::FormTitle)), &body)
}

fn dissolve_chooser(app: &Model) -> String {
    let lang = app.lang;
    let Some(g) = app.game() else { return String::new() };
    let me = g.to_move();
    let view = g.view(me).expect("player");
    let depts = view.departments(me);
    let mut body = String::new();
    for (k, &d) in app.legal.dissolvable.iter().enumerate() {
        let Some(dep) = depts.get(d as usize) else { continue };
        let pay = match lang {
            Lang::En => format!("pay back exactly {} (the bonus received, R9)", i18n::pts(lang, dep.bonus as i32)),
            Lang::Ja => format!("受け取ったボーナス{}をそのまま返納（R9）", i18n::pts(lang, dep.bonus as i32)),
        };
        let intent = Intent::DissolvePick(d).code();
        body.push_str(&format!(
            "<button class=\"choice\" id=\"dissolve-{d}\" data-intent=\"{intent}\" aria-label=\"{}\"{}>{}<span class=\"what\">{}</span><span class=\"pts\">{}</span></button>",
            esc(&format!("{} — {pay}", i18n::pieces(lang, &dep.pieces))),
            if k == 0 { " data-autofocus" } else { "" },
            tiles(lang, &dep.pieces, false),
            esc(&pay),
            esc(&i18n::signed_pts(lang, -(dep.bonus as i32)))
        ));
    }
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false)
    ));
    card(&esc(s(lang, S::DissolveTitle)), &body)
}

/// Every pattern of the summary sheet with the points it scored (R17, R19, R30).
fn patterns_table(lang: Lang, p: &Patterns, luminous_rule: bool) -> String {
    let mut out = format!(
        "<table class=\"scores\" id=\"patterns\"><thead><tr><th>{}</th><th class=\"n\">{}</th></tr></thead><tbody>",
        esc(s(lang, S::Pattern)),
        esc(s(lang, S::Points))
    );
    for id in Pattern::ALL {
        if id == Pattern::Luminous && !luminous_rule {
            continue;
        }
        let pts = p.get(id);
        let class = if pts > 0 { "got" } else { "not" };
        let value = if pts > 0 { format!("+{pts}") } else { "—".into() };
        out.push_str(&format!(
            "<tr class=\"{class}\"><td>{}<span class=\"cond\">{} · {}</span></td><td class=\"n\">{value}</td></tr>",
            esc(i18n::pattern_name(lang, id)),
            esc(i18n::pattern_condition(lang, id)),
            esc(&match lang {
                Lang::En => format!("{} pts", i18n::pattern_value(id)),
                Lang::Ja => format!("{}点", i18n::pattern_value(id)),
            })
        ));
    }
    out.push_str(&format!(
        "<tr class=\"total\"><td>{}</td><td class=\"n\" id=\"patterns-total\">{}</td></tr></tbody></table>",
        esc(s(lang, S::Total)),
        p.total()
    ));
    out
}

fn declare_preview(app: &Model) -> String {
    let lang = app.lang;
    let Some(g) = app.game() else { return String::new() };
    let mut body = format!("<p>{}</p>", esc(s(lang, S::DeclareNote)));
    if let Some(p) = g.declaration_preview(Action::Declare) {
        body.push_str(&hand_tiles(lang, g, true));
        body.push_str(&patterns_table(lang, &p, g.options().luminous()));
    }
    body.push_str(&format!(
        "<div class=\"row end\">{}{}</div>",
        button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false),
        button("btn-declare-confirm", Intent::DeclareConfirm, "primary big", s(lang, S::DeclareConfirm), true)
    ));
    card(&esc(s(lang, S::DeclareTitle)), &body)
}

/// The nine pieces of the hand of the Day's player: Departments, then concealed.
fn hand_tiles(lang: Lang, g: &crate::engine::Game, small: bool) -> String {
    let hand = &g.day().hand;
    let mut out = String::from("<div class=\"row\" id=\"declared-hand\">");
    for d in &hand.departments {
        out.push_str(&tiles(lang, &d.pieces, small));
    }
    let concealed: Vec<Piece> = hand.concealed.pieces().collect();
    if !concealed.is_empty() {
        out.push_str(&tiles(lang, &concealed, small));
    }
    out.push_str("</div>");
    out
}

fn scoring(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = &app.session else { return String::new() };
    let g = &sess.game;
    let Some(result) = g.results().last() else { return String::new() };
    let (player, patterns, stalemate, concealed) = match result.end {
        SeasonEnd::Declared { player, concealed, patterns } => (player, patterns, false, concealed),
        SeasonEnd::Stalemate { player, patterns } => (player, patterns, true, false),
        SeasonEnd::ByAgreement => return season_summary(app),
    };
    let who = sess.who(lang, player);
    let title = if stalemate {
        format!("{} — {}", i18n::pattern_name(lang, Pattern::Stalemate), who)
    } else {
        format!("{} — {}", s(lang, S::ScoringTitle), who)
    };
    let mut body = hand_tiles(lang, g, false);
    body.push_str(&patterns_table(lang, &patterns, g.options().luminous()));
    let bonuses = g.season_bonuses(result.season, player);
    let note = if stalemate {
        match lang {
            Lang::En => "A Stalemate scores Lauzait-Cep! and Stalemate only (R19).".to_string(),
            Lang::Ja => "闇戦之集では国官集来と闇戦之集だけを得点します（R19）。".to_string(),
        }
    } else if concealed {
        match lang {
            Lang::En => "A concealed declaration earns no set bonuses (R18).".to_string(),
            Lang::Ja => "組合せを公開しない宣言では、ボーナス点はありません（R18）。".to_string(),
        }
    } else {
        match lang {
            Lang::En => {
                format!("Set bonuses received this Season are kept: {} (R18).", i18n::signed_pts(lang, bonuses))
            }
            Lang::Ja => format!("このラウンドで得たボーナス点はそのまま：{}（R18）。", i18n::signed_pts(lang, bonuses)),
        }
    };
    body.push_str(&format!("<p class=\"note\">{}</p>", esc(&note)));
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-continue", Intent::ScoringDone, "primary big", s(lang, S::Continue), true)
    ));
    card(&esc(&title), &body)
}

fn end_text(app: &Model, end: &SeasonEnd) -> String {
    let lang = app.lang;
    let Some(sess) = &app.session else { return String::new() };
    match *end {
        SeasonEnd::Declared { player, patterns, .. } => match lang {
            Lang::En => format!(
                "{} declared Lauzait-Cep!: {}.",
                sess.who(lang, player),
                i18n::signed_pts(lang, patterns.total() as i32)
            ),
            Lang::Ja => {
                format!("{}が国官集来：{}。", sess.who(lang, player), i18n::signed_pts(lang, patterns.total() as i32))
            }
        },
        SeasonEnd::Stalemate { player, patterns } => match lang {
            Lang::En => format!(
                "{}: Stalemate (闇戦之集), {}.",
                sess.who(lang, player),
                i18n::signed_pts(lang, patterns.total() as i32)
            ),
            Lang::Ja => {
                format!("{}：闇戦之集、{}。", sess.who(lang, player), i18n::signed_pts(lang, patterns.total() as i32))
            }
        },
        SeasonEnd::ByAgreement => s(lang, S::ByAgreement).to_string(),
    }
}

fn season_points(app: &Model, season: u8, player: usize) -> i32 {
    app.game().map_or(0, |g| g.season_points(season, player))
}

fn season_summary(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = &app.session else { return String::new() };
    let g = &sess.game;
    let Some(result) = g.results().last() else { return String::new() };
    let total_seasons = g.scores().len();
    let mut body = format!("<p id=\"season-end\">{}</p>", esc(&end_text(app, &result.end)));
    body.push_str(&format!(
        "<table class=\"scores\" id=\"season-scores\"><thead><tr><th></th><th class=\"n\">{}</th><th class=\"n\">{}</th></tr></thead><tbody>",
        esc(&i18n::season_of(lang, result.season, total_seasons)),
        esc(s(lang, S::Total))
    ));
    for p in 0..g.scores().len() {
        let seat = g.options().seats()[p];
        body.push_str(&format!(
            "<tr><td>{}{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            seat_chip(seat),
            esc(&sess.who(lang, p)),
            i18n::signed_pts(lang, season_points(app, result.season, p)),
            i18n::pts(lang, g.scores()[p])
        ));
    }
    body.push_str("</tbody></table>");
    body.push_str("<div class=\"row end\">");
    if matches!(g.status(), Status::GameOver { .. }) {
        body.push_str(&button("btn-final", Intent::Final, "primary big", s(lang, S::SeeResults), true));
    } else {
        body.push_str(&button("btn-end-game", Intent::EndGame, "", s(lang, S::EndGameAgreement), false));
        body.push_str(&button("btn-next-season", Intent::NextSeason, "primary big", s(lang, S::NextSeason), true));
    }
    body.push_str("</div>");
    card(
        &format!(
            "{} — {}",
            esc(&i18n::season_of(lang, result.season, total_seasons)),
            esc(s(lang, S::SeasonOverTitle))
        ),
        &body,
    )
}

fn final_results(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = &app.session else { return String::new() };
    let g = &sess.game;
    let leaders = g.leaders();
    let names: Vec<String> = leaders.iter().map(|&p| sess.who(lang, p)).collect();
    let label = if leaders.len() > 1 { s(lang, S::Winners) } else { s(lang, S::Winner) };
    let sep = match lang {
        Lang::En => ", ",
        Lang::Ja => "、",
    };
    let colon = match lang {
        Lang::En => ": ",
        Lang::Ja => "：",
    };
    let mut body = format!("<p class=\"winner\" id=\"winners\">★ {}{colon}{}</p>", esc(label), esc(&names.join(sep)));
    if let Status::GameOver { by_agreement: true } = g.status() {
        body.push_str(&format!(
            "<p class=\"note\">{}</p>",
            esc(match lang {
                Lang::En => "The game ended by agreement (R20).",
                Lang::Ja => "合意によりゲームを終了しました（R20）。",
            })
        ));
    }
    // Score history: one row per Season, one column per player.
    body.push_str(&format!(
        "<h3>{}</h3><div class=\"scroll\"><table class=\"scores\" id=\"history\"><thead><tr><th></th>",
        esc(s(lang, S::History))
    ));
    for p in 0..g.scores().len() {
        body.push_str(&format!(
            "<th class=\"n\">{}{}</th>",
            seat_chip(g.options().seats()[p]),
            esc(&sess.name(lang, p))
        ));
    }
    body.push_str("</tr></thead><tbody>");
    for r in g.results() {
        body.push_str(&format!(
            "<tr><td>{}<span class=\"cond\">{}</span></td>",
            esc(&i18n::season_of(lang, r.season, g.scores().len())),
            esc(&end_text(app, &r.end))
        ));
        for p in 0..g.scores().len() {
            body.push_str(&format!("<td class=\"n\">{}</td>", season_points(app, r.season, p)));
        }
        body.push_str("</tr>");
    }
    // A game ended by agreement during a Season: that Season has no result, but its
    // bonuses and refunds still count.
    let current = g.season().number;
    if g.results().last().is_none_or(|r| r.season < current) {
        body.push_str(&format!(
            "<tr><td>{}<span class=\"cond\">{}</span></td>",
            esc(&i18n::season_of(lang, current, g.scores().len())),
            esc(s(lang, S::ByAgreement))
        ));
        for p in 0..g.scores().len() {
            body.push_str(&format!("<td class=\"n\">{}</td>", season_points(app, current, p)));
        }
        body.push_str("</tr>");
    }
    body.push_str(&format!("<tr class=\"total\"><td>{}</td>", esc(s(lang, S::Total))));
    for p in 0..g.scores().len() {
        let star = if leaders.contains(&p) { "★ " } else { "" };
        body.push_str(&format!("<td class=\"n\">{star}{}</td>", g.scores()[p]));
    }
    body.push_str("</tr></tbody></table></div>");
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-new-game", Intent::NewGame, "primary big", s(lang, S::NewGame), true)
    ));
    card(&esc(s(lang, S::FinalTitle)), &body)
}

fn menu(app: &Model) -> String {
    let i_open_hands = Intent::OpenHands.code();
    let lang = app.lang;
    let mut body = format!("<div class=\"row\"><span>{}:</span>{}</div>", esc(s(lang, S::Language)), lang_buttons(app));
    body.push_str(&format!(
        "<div class=\"row\"><button id=\"btn-open-hands\" data-intent=\"{i_open_hands}\" aria-pressed=\"{}\">{} {}</button></div><p class=\"note\">{}</p>",
        app.open_hands,
        if app.open_hands { "☑" } else { "☐" },
        esc(s(lang, S::OpenHands)),
        esc(s(lang, S::OpenHandsNote))
    ));
    body.push_str(&format!(
        "<div class=\"row\" role=\"group\" aria-label=\"{0}\"><span>{0}:</span>",
        esc(s(lang, S::Speed))
    ));
    for speed in Speed::ALL {
        let pressed = app.speed == speed;
        body.push_str(&format!(
            "<button id=\"btn-speed-{0}\" data-intent=\"{3}\" aria-pressed=\"{pressed}\"{1}>{2}</button>",
            speed.code(),
            if pressed { " class=\"primary\"" } else { "" },
            esc(i18n::speed_label(lang, speed)),
            Intent::Speed(speed).code()
        ));
    }
    body.push_str(&format!("</div><p class=\"note\">{}</p>", esc(s(lang, S::SpeedNote))));
    // While the replay viewer is open the game on screen is the replay's: no game actions.
    if let Some(g) = app.game().filter(|_| app.records.replay.is_none()) {
        // A computer player's steps are taken back when the table agrees to stop.
        let quiet_day = g.may_end_season_by_agreement() || app.bot_day();
        body.push_str("<div class=\"row\">");
        match g.status() {
            Status::Playing if quiet_day => {
                body.push_str(&button("btn-end-season", Intent::EndSeason, "", s(lang, S::EndSeasonAgreement), false));
                body.push_str(&button("btn-end-game", Intent::EndGame, "", s(lang, S::EndGameAgreement), false));
            }
            Status::SeasonOver => {
                body.push_str(&button("btn-end-game", Intent::EndGame, "", s(lang, S::EndGameAgreement), false))
            }
            _ => {}
        }
        body.push_str("</div>");
        if g.status() == Status::Playing && !quiet_day {
            body.push_str(&format!(
                "<p class=\"note\">{}</p>",
                esc(&i18n::rule_error(lang, &crate::engine::RuleError::DayUnderWay))
            ));
        }
    }
    body.push_str(&super::records::menu_html(app));
    body.push_str(&format!(
        "<div class=\"row\">{}</div><h3>{}</h3><p class=\"note\">{}</p><div class=\"row end\">{}</div>",
        if app.records.replay.is_none() {
            button("btn-new-game", Intent::NewGame, "", s(lang, S::NewGame), false)
        } else {
            String::new()
        },
        esc(s(lang, S::Keys)),
        esc(s(lang, S::Shortcuts)),
        button("btn-close", Intent::Close, "primary", s(lang, S::Close), true)
    ));
    card(&esc(s(lang, S::Menu)), &body)
}
