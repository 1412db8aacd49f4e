//! Table mode's host page (the tablet): its HTML (crates/ui/src/html/table/) kept as
//! snapshots of each screen the simulated browser (tests/common/table_sim.rs) reaches —
//! the setup, the pairing cards with their links as text, the game mid-Day with its
//! narration and Season log, and the final scores — and its board scene, built from the
//! public view only, checked against what the engine offers.

use super::table_sim::Sim;
use lauzait_engine::{Action, Phase, Square, Status};
use lauzait_table_mode::controls::{HostControl, SetupButton};
use lauzait_table_mode::host_screen::{HostEvent, COMPUTER_PAUSE_MS, REVEAL_PATIENCE_MS};
use lauzait_table_mode::validate::write;
use lauzait_table_mode::verify::Verdict;
use lauzait_ui::html::table::{page, HostPage};
use lauzait_ui::i18n::Lang;
use lauzait_ui::tablet;

/// A stand-in for the shell's QR code: its text's length, under its accessible name.
fn qr(text: &str, label: &str) -> String {
    format!("<svg class=\"qr\" role=\"img\" aria-label=\"{label}\" data-chars=\"{}\"></svg>", text.len())
}

/// The page, one tag a line (every piece is built without line breaks).
fn html(sim: &Sim, lang: Lang, can_share: bool) -> String {
    let p = HostPage { screen: &sim.screen, lang, not_saved: None, can_share, qr: &qr };
    let html = page(&p);
    assert!(!html.contains('\n'), "the HTML has no line breaks of its own: {html}");
    html.replace("><", ">\n<")
}

fn both_languages(name: &str, sim: &Sim) {
    for lang in [Lang::En, Lang::Ja] {
        insta::assert_snapshot!(format!("table_{name}_{}", lang.code()), html(sim, lang, true));
    }
}

/// The phone whose Day it is presses the first choice `pick` finds among its buttons.
fn press(sim: &mut Sim, pick: impl Fn(&Action) -> bool) -> bool {
    let to_move = sim.screen.host().unwrap().game().unwrap().to_move();
    let Some((&conn, phone)) = sim.phones.iter_mut().find(|(_, g)| usize::from(g.seat) == to_move) else {
        return false;
    };
    let Some(action) = phone.choices().into_iter().find(|a| pick(a)) else { return false };
    let msg = phone.press(action).unwrap();
    sim.event(HostEvent::Message { conn, text: write(&msg) });
    sim.advance(20.0);
    true
}

/// One Day of whoever's it is: the computer's thought out, a phone's as a simple player
/// plays it (a Form when it can, then the first discard, mover and destination).
fn play_day(sim: &mut Sim) {
    if sim.screen.host().unwrap().computer_to_move().is_some() {
        sim.advance(f64::from(COMPUTER_PAUSE_MS) + 10.0);
        sim.think();
        sim.advance(20.0);
        return;
    }
    press(sim, |a| matches!(a, Action::Form { .. }));
    for step in [0, 1, 2] {
        press(sim, |a| match step {
            0 => matches!(a, Action::Discard { .. }),
            1 => matches!(a, Action::Move { .. }),
            _ => matches!(a, Action::Capture { .. }),
        });
    }
}

/// A table of three phones and a computer, its Days played until a phone's Day begins
/// after at least one computer Day and a few of the phones'.
fn mid_season() -> Sim {
    let (mut sim, _) = Sim::seated();
    let mut computer_days = 0;
    for _ in 0..40 {
        let game = sim.screen.host().unwrap().game().unwrap();
        assert_eq!(game.status(), Status::Playing, "the Season goes on");
        let computer = sim.screen.host().unwrap().computer_to_move().is_some();
        if computer_days >= 1 && game.day().number >= 6 && !computer && game.day().steps.is_empty() {
            return sim;
        }
        computer_days += usize::from(computer);
        play_day(&mut sim);
    }
    panic!("no phone's Day after a computer's");
}

#[test]
fn the_setup_says_who_plays_each_seat_and_what_its_button_does() {
    let mut sim = Sim::new();
    both_languages("setup", &sim);
    sim.event(HostEvent::Control(HostControl::Setup(SetupButton::Players(3))));
    sim.event(HostEvent::Control(HostControl::Setup(SetupButton::ToggleComputer(1))));
    insta::assert_snapshot!("table_setup_three_en", html(&sim, Lang::En, false));
}

/// The table's ICE servers in its settings: the field (its id the browser tests drive), a
/// kept entry said as kept, and a wrong one refused with which entry, why and an example.
#[test]
fn the_setup_offers_ice_servers_and_says_why_one_is_refused() {
    let mut sim = Sim::new();
    let setup = html(&sim, Lang::En, false);
    for id in ["id=\"ice-servers\"", "id=\"save-ice-servers\"", "No servers: this network only."] {
        assert!(setup.contains(id), "{id} in {setup}");
    }
    sim.event(HostEvent::IceServersEntered("stun:stun.example.org:3478".into()));
    let kept = html(&sim, Lang::En, false);
    assert!(
        kept.contains("id=\"ice-servers-saved\"") && kept.contains(">stun:stun.example.org:3478</textarea>"),
        "{kept}"
    );
    sim.event(HostEvent::IceServersEntered("stun:stun.example.org:3478\nturn:relay.example <b>".into()));
    for lang in [Lang::En, Lang::Ja] {
        let refused = html(&sim, lang, false);
        let error = refused.lines().find(|l| l.contains("id=\"ice-servers-error\"")).unwrap_or_default().to_string();
        insta::assert_snapshot!(format!("table_ice_refused_{}", lang.code()), error);
        assert!(refused.contains("&lt;b&gt;") && !refused.contains("<b>\n"), "what was typed is escaped: {refused}");
    }
}

#[test]
fn each_pairing_card_offers_its_link_as_text_to_copy_or_share() {
    let mut sim = Sim::new();
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    for seat in 0..3 {
        sim.invite(seat);
    }
    both_languages("pairing", &sim);
    // No share sheet in this browser: Copy alone. Once copied, the card says so.
    sim.event(HostEvent::Control(HostControl::CopyLink(1)));
    sim.event(HostEvent::LinkCopied(1));
    let text = html(&sim, Lang::En, false);
    assert!(!text.contains("share-"), "no Share without a share sheet");
    insta::assert_snapshot!("table_pairing_copied_en", text);
}

#[test]
fn mid_day_the_tablet_narrates_each_step_and_the_last_day() {
    let mut sim = mid_season();
    both_languages("day_begins", &sim);
    // Said aloud as the Day begins: the last Day (the computer's, in this game) and what
    // the next player chooses.
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec();
    let said = |sim: &Sim| tablet::said(Lang::En, &sim.screen.host().unwrap().game().unwrap().public(), &names);
    let begins = said(&sim);
    assert!(begins.starts_with("Day 6 — Computer (Yellow) discarded"), "{begins}");
    assert!(begins.ends_with("then discards a piece onto the empty square."), "{begins}");
    assert!(press(&mut sim, |a| matches!(a, Action::Discard { .. })));
    both_languages("discarded", &sim);
    let discarded = said(&sim);
    assert!(discarded.starts_with("Ann (Red) discards ") && discarded.contains("can move"), "{discarded}");
    assert!(press(&mut sim, |a| matches!(a, Action::Move { .. })));
    both_languages("moving", &sim);
}

#[test]
fn a_deal_held_back_names_the_seat_and_offers_to_deal_again() {
    let mut sim = Sim::new();
    sim.withholding = vec![1];
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    for seat in 0..3 {
        let phone = sim.new_phone(seat);
        sim.pair(seat, phone);
    }
    assert_eq!(sim.screen.host().unwrap().withholding(), vec![1]);
    // Not offered while an honest phone could still be revealing.
    let text = html(&sim, Lang::En, true);
    assert!(!text.contains("id=\"deal-again\""), "{text}");
    sim.advance(f64::from(REVEAL_PATIENCE_MS));
    let text = html(&sim, Lang::En, true);
    assert!(text.contains("id=\"deal-again\"") && text.contains("data-seat=\"1\""), "{text}");
    both_languages("deal_withheld", &sim);
}

#[test]
fn a_season_nobody_finishes_is_ended_from_the_tablet_and_the_next_one_dealt() {
    let mut sim = mid_season();
    let text = html(&sim, Lang::En, true);
    assert!(text.contains("id=\"end-season\"") && text.contains("End this Season"), "{text}");
    let season = sim.screen.host().unwrap().game().unwrap().season().number;
    sim.event(HostEvent::Control(HostControl::EndSeason));
    let game = sim.screen.host().unwrap().game().unwrap();
    assert_eq!(game.status(), Status::SeasonOver);
    assert_eq!(game.log().last(), Some(&Action::EndSeasonByAgreement));
    // Every phone sees it: no Day of its own, no button to press.
    for phone in sim.phones.values() {
        assert_eq!(phone.game().unwrap().status(), Status::SeasonOver, "seat {}", phone.seat);
        assert!(phone.choices().is_empty(), "seat {}", phone.seat);
    }
    let text = html(&sim, Lang::En, true);
    assert!(text.contains("id=\"next-season\"") && !text.contains("id=\"end-season\""), "{text}");
    sim.event(HostEvent::Control(HostControl::NextSeason));
    let game = sim.screen.host().unwrap().game().unwrap();
    assert_eq!((game.status(), game.season().number), (Status::Playing, season + 1));
    // The record holds the agreement, and every phone verifies it at the game's end.
    sim.event(HostEvent::Control(HostControl::EndGame));
    for phone in sim.phones.values() {
        assert_eq!(phone.verdict, Some(Verdict::Verified), "seat {}", phone.seat);
    }
}

#[test]
fn the_game_over_shows_the_final_scores() {
    let mut sim = mid_season();
    sim.event(HostEvent::Control(HostControl::EndGame));
    let game = sim.screen.host().unwrap().game().unwrap();
    assert!(matches!(game.status(), Status::GameOver { .. }));
    both_languages("game_over", &sim);
}

/// A table dealt on the phones draws its tablet's board from the view the phones agreed on
/// after a Day: between Days it is the board table mode's tablet draws from the game itself —
/// the pieces, each seat's name and score, the seat to move raised, the last Hiring.
#[test]
fn between_days_the_board_from_the_agreed_view_is_the_tablets_own() {
    let mut sim = mid_season();
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec();
    for _ in 0..2 {
        let game = sim.screen.host().unwrap().game().unwrap();
        assert!(matches!(game.day().phase(), Phase::Beginning { .. }) && game.public().day_steps().is_empty());
        let agreed = lauzait_engine::SpectatorView::new(&game.public());
        let from_agreed = tablet::spectator_scene(Lang::En, &agreed, &names);
        assert_eq!(from_agreed, tablet::scene(Lang::En, &game.public(), &names));
        assert!(from_agreed.last_hire.is_some() && from_agreed.edges.iter().any(|e| e.raised));
        // The next Day played: the next seat raised, its Hiring drawn.
        play_day(&mut sim);
    }
}

#[test]
fn the_tablet_scene_lights_what_the_engine_offers_and_keeps_the_last_hire() {
    let mut sim = mid_season();
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec();
    let lit = |sim: &Sim| {
        let game = sim.screen.host().unwrap().game().unwrap();
        let scene = tablet::scene(Lang::En, &game.public(), &names);
        let lit: Vec<Square> = Square::all().filter(|&q| scene.cell(q).tile.lit).collect();
        let marked: Vec<Square> = Square::all().filter(|&q| scene.cell(q).destination.is_some()).collect();
        (scene, lit, marked)
    };
    // Between Days: the last Hiring drawn, nothing lit.
    let (scene, l, m) = lit(&sim);
    let game = sim.screen.host().unwrap().game().unwrap();
    assert_eq!(scene.last_hire, game.season().last_hire.map(|h| (h.hire.from, h.hire.to)));
    assert!(scene.last_hire.is_some() && l.is_empty() && m.is_empty());
    let label = scene.edges.iter().find(|e| e.raised).and_then(|e| e.label.clone()).unwrap();
    assert!(label.text.starts_with('▶'), "the seat to move: {}", label.text);
    // After the discard: the engine's movers lit, the last Hiring gone.
    press(&mut sim, |a| matches!(a, Action::Discard { .. }));
    let (scene, l, m) = lit(&sim);
    let game = sim.screen.host().unwrap().game().unwrap();
    assert!(matches!(game.day().phase(), Phase::Discarded { .. }));
    assert_eq!(l, game.day().movers());
    assert!(m.is_empty() && scene.last_hire.is_none());
    // The mover chosen: its destinations marked, Water ones badged.
    press(&mut sim, |a| matches!(a, Action::Move { .. }));
    let (scene, _, mut m) = lit(&sim);
    let game = sim.screen.host().unwrap().game().unwrap();
    let mut offered = game.day().destinations().to_vec();
    offered.sort();
    m.sort();
    assert_eq!(m, offered);
    for q in m {
        assert_eq!(scene.cell(q).destination.unwrap().water, q.is_water());
    }
}
