//! The host page's markup: the table's setup, each seat's pairing card (the QR code of
//! its link, the ways to read the phone's answer), the board, and the faults.

use super::board_html;
use super::notices::{notices, problem_text, Notices};
use crate::web::view::html::{esc, seat_chip};
use lauzait_bots::Level;
use lauzait_engine::{Game, Status};
use lauzait_table_mode::controls::{HostControl, HostField, SetupButton};
use lauzait_table_mode::host::Player;
use lauzait_table_mode::host_screen::HostScreen;
use lauzait_table_mode::pairing::LinkState;
use lauzait_ui::i18n::table_mode::{computer_level_of, deal_waits_for, dealing_season, seat_code_title, t, T};
use lauzait_ui::i18n::{self, Lang};
use lauzait_ui::storage_refusal::StorageRefusal;

/// What the page shows: the screen, in the page's language, and the browser's answer to
/// the last save.
pub struct HostPage<'a> {
    pub screen: &'a HostScreen,
    pub lang: Lang,
    pub not_saved: Option<&'a StorageRefusal>,
}

pub fn page(p: &HostPage) -> String {
    let l = p.lang;
    let mut html = format!("<h1>{}</h1>", esc(t(l, T::Title)));
    let problem = p.screen.problem().map(|problem| problem_text(l, problem));
    html.push_str(&notices(
        l,
        Notices { problem: problem.as_deref(), not_saved: p.not_saved, computer_failed: p.screen.computer_failed() },
    ));
    if p.screen.no_path() {
        html.push_str(&no_path(l));
    }
    match p.screen.host() {
        None => html.push_str(&setup(p)),
        Some(host) => {
            html.push_str(&pairing(p));
            if let Some(game) = host.game() {
                let names: Vec<String> = host.seats().iter().map(|s| s.name.clone()).collect();
                html.push_str(&board_html::board(l, game, &names));
                match host.dealing() {
                    Some(round) => html.push_str(&dealing(p, round.number)),
                    None => html.push_str(&table_buttons(l, game)),
                }
            }
        }
    }
    html
}

fn no_path(l: Lang) -> String {
    format!(
        "<div class=\"errorbox\" id=\"no-path\"><p>{}</p><p>{}</p><p><a class=\"button\" href=\"./\">{}</a></p></div>",
        esc(t(l, T::NoPath)),
        esc(t(l, T::Hotspot)),
        esc(t(l, T::PassAndPlay))
    )
}

fn setup(p: &HostPage) -> String {
    let l = p.lang;
    let mut html = format!("<p>{}</p>", esc(t(l, T::Intro)));
    if p.screen.saved_game() {
        html.push_str(&format!(
            "<p class=\"row\"><button id=\"{}\" class=\"primary big\">{}</button><button id=\"{}\">{}</button></p>",
            HostControl::Resume.id(),
            esc(t(l, T::Resume)),
            HostControl::NewTable.id(),
            esc(t(l, T::NewTable))
        ));
    }
    html.push_str(&format!("<h2>{}</h2><p class=\"row\">", esc(t(l, T::Players))));
    for n in 2..=4u8 {
        let pressed = if p.screen.setup().players.get() == usize::from(n) { "true" } else { "false" };
        html.push_str(&format!(
            "<button id=\"{}\" aria-pressed=\"{pressed}\">{n}</button>",
            HostControl::Setup(SetupButton::Players(n)).id()
        ));
    }
    html.push_str("</p>");
    for ((i, &seat), player) in p.screen.setup().seats().iter().enumerate().zip(p.screen.setup().seated) {
        let kind = if player.is_person() { T::Person } else { T::Computer };
        // A computer seat's level: one pressed button of three, each a full-size target.
        let levels: String = player
            .level()
            .map(|chosen| {
                let buttons: String = Level::ALL
                    .iter()
                    .map(|&level| {
                        format!(
                            "<button id=\"{}\" aria-pressed=\"{}\">{}</button>",
                            HostControl::Setup(SetupButton::Level(i as u8, level)).id(),
                            level == chosen,
                            esc(i18n::kind_label(l, Player::Computer(level)))
                        )
                    })
                    .collect();
                format!(
                    "<span class=\"levels\" role=\"group\" aria-label=\"{}\">{buttons}</span>",
                    esc(&computer_level_of(l, i18n::seat_name(l, seat)))
                )
            })
            .unwrap_or_default();
        html.push_str(&format!(
            "<p class=\"row\">{}{} <button id=\"{}\">{}</button>{levels}</p>",
            seat_chip(seat),
            esc(i18n::seat_name(l, seat)),
            HostControl::Setup(SetupButton::ToggleComputer(i as u8)).id(),
            esc(t(l, kind))
        ));
    }
    html.push_str(&format!(
        "<p><label class=\"opt\"><input type=\"checkbox\" id=\"{}\"{}> {}</label></p>\
         <p class=\"row\"><button id=\"{}\" class=\"primary big\">{}</button><a href=\"./\">{}</a></p>",
        HostField::Luminous.id(),
        if p.screen.setup().luminous { " checked" } else { "" },
        esc(t(l, T::Luminous)),
        HostControl::Create.id(),
        esc(t(l, T::CreateTable)),
        esc(t(l, T::BackToGame))
    ));
    html
}

/// A card per person's seat not yet connected; a line per connected one.
fn pairing(p: &HostPage) -> String {
    let l = p.lang;
    let Some(host) = p.screen.host() else { return String::new() };
    let mut cards = String::new();
    let mut lines = String::new();
    for (i, s) in host.seats().iter().enumerate() {
        if s.player != Player::Person {
            continue;
        }
        let seat = host.options().seats()[i];
        let Some(link) = p.screen.pairing().links().get(i).and_then(Option::as_ref) else { continue };
        let state = match link.state {
            LinkState::Preparing => T::Preparing,
            LinkState::Waiting => T::Waiting,
            LinkState::Connecting => T::Waiting,
            LinkState::Connected => T::Connected,
            LinkState::Lost => T::Disconnected,
        };
        if link.state == LinkState::Connected {
            lines.push_str(&format!(
                "<span class=\"paired\" data-seat=\"{i}\">{}{} ✓</span> {}",
                seat_chip(seat),
                esc(&s.name),
                give_seat(l, i as u8)
            ));
            continue;
        }
        let qr = if link.url.is_empty() { String::new() } else { super::qr::svg(&link.url, &s.name) };
        cards.push_str(&format!(
            "<div class=\"pair card\" id=\"pair-{i}\" data-seat=\"{i}\" data-link=\"{}\"><h3>{}{}</h3><p class=\"state\">{}</p>{qr}\
             <p class=\"row\"><button id=\"{}\" class=\"primary\">{}</button>\
             <label class=\"file\">{} <input type=\"file\" accept=\"image/*\" id=\"{}\"></label></p>\
             <label>{}<textarea id=\"{}\" rows=\"2\"></textarea></label>\
             <p class=\"row\"><button id=\"{}\">{}</button><button id=\"{}\" class=\"quiet\">{}</button></p>{}</div>",
            esc(&link.url),
            seat_chip(seat),
            esc(&seat_code_title(l, &s.name)),
            esc(t(l, state)),
            HostControl::Scan(i as u8).id(),
            esc(t(l, T::ScanAnswer)),
            esc(t(l, T::ScanImage)),
            HostField::AnswerImage(i as u8).id(),
            esc(t(l, T::PasteAnswer)),
            HostField::AnswerText(i as u8).id(),
            HostControl::Connect(i as u8).id(),
            esc(t(l, T::Connect)),
            HostControl::Relink(i as u8).id(),
            esc(t(l, T::NewLink)),
            if s.claimed { format!("<p class=\"row\">{}</p>", give_seat(l, i as u8)) } else { String::new() },
        ));
    }
    let mut html = String::new();
    if !cards.is_empty() {
        html.push_str(&format!(
            "<h2>{}</h2><p class=\"note\">{}</p><div class=\"pairs\">{cards}</div>",
            esc(t(l, T::Pairing)),
            esc(t(l, T::PairingNote))
        ));
    }
    if !lines.is_empty() {
        html.push_str(&format!("<p class=\"row\">{lines}</p>"));
    }
    if p.screen.scanning().is_some() {
        html.push_str(&format!(
            "<p><button id=\"{}\">{}</button></p>",
            HostControl::StopCamera.id(),
            esc(t(l, T::StopCamera))
        ));
    }
    html
}

/// The button that gives a seat to another phone, when its phone is lost for good: only a
/// claimed seat has a phone to refuse.
fn give_seat(l: Lang, seat: u8) -> String {
    // A short label beside the seat's chip, the whole consequence in its title: the table
    // shows one per seat, and a long sentence each crowded out the board.
    format!(
        "<button id=\"{}\" class=\"quiet\" title=\"{}\">{}</button>",
        HostControl::GiveSeat(seat).id(),
        esc(t(l, T::GiveSeat)),
        esc(t(l, T::GiveSeatLabel))
    )
}

/// The next Season's deal round under way: which phones it waits for, and that a phone
/// away from the table holds it until it rejoins.
fn dealing(p: &HostPage, round: u32) -> String {
    let l = p.lang;
    let Some(host) = p.screen.host() else { return String::new() };
    let connected = host.connected();
    let waits: String = host
        .waiting_for()
        .into_iter()
        .map(|s| {
            let name = host.seats().get(s as usize).map(|x| x.name.as_str()).unwrap_or_default();
            let here = connected.contains(&s);
            let class = if here { "note" } else { "errorbox" };
            format!("<li class=\"{class}\" data-seat=\"{s}\">{}</li>", esc(&deal_waits_for(l, name, here)))
        })
        .collect();
    format!(
        "<div id=\"dealing\" data-round=\"{round}\"><p><b>{}</b></p><ul>{waits}</ul></div>",
        esc(&dealing_season(l, round))
    )
}

fn table_buttons(l: Lang, game: &Game) -> String {
    match game.status() {
        // Between Days the table may end the game by agreement (R20).
        Status::Playing if game.may_end_game_by_agreement() => {
            format!(
                "<p class=\"row\"><button id=\"{}\" class=\"quiet\">{}</button></p>",
                HostControl::EndGame.id(),
                esc(t(l, T::EndGame))
            )
        }
        Status::Playing => String::new(),
        Status::SeasonOver => format!(
            "<p class=\"row\"><span>{}</span><button id=\"{}\" class=\"primary\">{}</button><button id=\"{}\">{}</button></p>",
            esc(t(l, T::SeasonOver)),
            HostControl::NextSeason.id(),
            esc(t(l, T::NextSeason)),
            HostControl::EndGame.id(),
            esc(t(l, T::EndGame))
        ),
        Status::GameOver { .. } => format!("<p class=\"winner\" id=\"game-over\">{}</p>", esc(t(l, T::GameOver))),
    }
}

/// The page's state for tests: each seat's pairing state and link, the game's progress.
pub fn state_json(p: &HostPage) -> String {
    let Some(host) = p.screen.host() else { return "{\"stage\":\"setup\"}".into() };
    let links: Vec<serde_json::Value> = p
        .screen
        .pairing()
        .links()
        .iter()
        .map(|l| match l {
            Some(l) => serde_json::json!({ "state": l.state.name(), "link": l.url }),
            None => serde_json::Value::Null,
        })
        .collect();
    let game = host.game().map(|g| {
        serde_json::json!({
            "status": g.status().name(), "season": g.season().number, "day": g.day().number,
            "toMove": g.to_move(), "steps": g.day().steps.len(), "log": g.log().len(), "scores": g.scores(),
        })
    });
    serde_json::json!({
        "stage": if game.is_some() { "playing" } else { "pairing" },
        "links": links, "game": game, "refusals": host.refusals(), "connected": host.connected(),
        "noPath": p.screen.no_path(), "problem": p.screen.problem().map(|problem| problem_text(p.lang, problem)),
        "notSaved": p.not_saved.map(|why| why.kind()), "computerFailed": p.screen.computer_failed(), "rounds": host.rounds().len(),
        "dropped": p.screen.dropped(),
        "dealing": host.dealing().map(|r| r.number), "waitingFor": host.waiting_for(),
    })
    .to_string()
}
