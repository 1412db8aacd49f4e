//! The UI core's screens and intents, natively: each button's effect on the screen, the
//! game and the effects asked of the shell, and the way through a whole game's screens.

use crate::harness;

use harness::{boot, Table};
use lauzait_engine::{Action, Phase, Seat, Status};
use lauzait_ui::i18n::Lang;
use lauzait_ui::model::{Confirm, Overlay, Target};
use lauzait_ui::msg::Key;
use lauzait_ui::play::pace::Speed;
use lauzait_ui::records::{RecordsIntent, RecordsMsg, ReplayStep};
use lauzait_ui::save::{self, Broken, Loaded};
use lauzait_ui::{Effect, Intent, Model, Msg};

#[test]
fn first_visit_shows_the_new_game_form_and_start_begins_a_saved_game() {
    let mut t = Table::open(Loaded::Nothing);
    assert_eq!(t.model.overlay, Overlay::NewGame);
    t.intent(Intent::Players(3));
    assert_eq!(t.model.draft.seats, [true, true, true, false]);
    t.intent(Intent::SeatKind(Seat::Blue, lauzait_bots::Player::Computer(lauzait_bots::Level::Strong)));
    assert_eq!(t.model.draft.kinds[1], lauzait_bots::Player::Computer(lauzait_bots::Level::Strong));
    t.send(Msg::DraftName(Seat::Red, "  Ann  ".into()));
    t.intent(Intent::Start);
    let sess = t.model.table.shown().expect("a game");
    assert_eq!(sess.names()[0], "Ann", "names are trimmed");
    assert_eq!(sess.names().len(), 3);
    assert!(t.saved.is_some(), "the new game is saved at once");
    assert!(t.model.play.live.contains("A new game: 3 players"));
}

/// Start pressed again once the game began (a double tap, or a click that arrives after the
/// form closed) is a stale click: the first deal stands (found by tests/ui/any_messages.rs,
/// where it dealt a new game over the first and kept the old game's throw on screen).
#[test]
fn start_pressed_again_after_the_game_began_deals_nothing_new() {
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Players(3));
    t.intent(Intent::Start);
    let first = t.model.game().expect("a game").clone();
    t.intent(Intent::Ready);
    t.play_day_by_taps();
    let played = t.model.game().unwrap().log().to_vec();
    assert!(played.len() > first.log().len());
    t.send(Msg::DraftSeat(Seat::Yellow, true));
    t.intent(Intent::Start);
    assert_eq!(t.model.game().unwrap().log(), &played[..], "the game under way goes on");
    assert_eq!(t.model.game().unwrap().options().seats().len(), 3);
}

#[test]
fn a_form_with_one_seat_is_refused() {
    let mut t = Table::open(Loaded::Nothing);
    for &seat in &Seat::ALL[1..] {
        t.send(Msg::DraftSeat(seat, false));
    }
    t.intent(Intent::Start);
    assert!(t.model.draft.error);
    assert!(t.model.table.shown().is_none());
    assert_eq!(t.model.overlay, Overlay::NewGame);
}

#[test]
fn a_day_by_taps_with_refusals_explained_and_undo() {
    let mut t = Table::two_persons();
    t.intent(Intent::Ready);
    assert_eq!(t.model.overlay, Overlay::None);
    assert!(t.effects.contains(&Effect::FocusBoard));
    // A tap on a square before discarding is refused with the engine's reason.
    let occupied = lauzait_engine::Square::all().find(|&sq| t.model.game().unwrap().day().board.get(sq).is_some());
    t.send(Msg::Tap(Target::Square(occupied.unwrap())));
    let m = t.model.message.as_ref().expect("a refusal is explained");
    assert!(m.error && m.text.contains('R'), "{}", m.text);
    // Discard, then undo by key.
    let p = t.model.play.legal.discards[0];
    let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(p)).unwrap();
    t.send(Msg::Tap(Target::Hand(i)));
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Discarded { .. })));
    assert!(t.model.play.legal.undo);
    t.send(Msg::Key(Key::Back));
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Beginning { .. })));
    t.intent(Intent::Undo);
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Beginning { .. })), "nothing to undo: nothing happens");
    t.play_day_by_taps();
    assert_eq!(t.model.overlay, Overlay::HandOver, "the next person's Day");
    assert!(!t.model.play.last_day.is_empty(), "the hand-over says what happened");
}

#[test]
fn keyboard_cursor_moves_and_selects() {
    let mut t = Table::two_persons();
    t.intent(Intent::Ready);
    // The first arrow puts the cursor on the first choice: the first discard offered.
    t.send(Msg::Key(Key::Right));
    assert!(t.model.show_focus);
    let first = t.model.focus.expect("the cursor is shown");
    assert_eq!(Some(first), t.model.first_choice(), "it starts on the first choice");
    // Then Right moves it on to another piece of the hand, and Left brings it back.
    t.send(Msg::Key(Key::Right));
    let second = t.model.focus.expect("still shown");
    assert_ne!(second, first, "Right moved the cursor");
    assert!(!t.model.play.live.is_empty(), "the cursor's square is read out");
    t.send(Msg::Key(Key::Left));
    assert_eq!(t.model.focus, Some(first), "Left came back to where Right left from");
    t.send(Msg::Key(Key::Right));
    assert_eq!(t.model.focus, Some(second));
    // Select takes the piece under the cursor, not the first one offered.
    let Target::Hand(i) = second else { panic!("the cursor left the hand: {second:?}") };
    let piece = t.model.device.layout.hand[i].piece.expect("a piece shown under the cursor");
    assert!(t.model.play.legal.discards.contains(&piece), "this seed offers the second piece too");
    let Target::Hand(j) = first else { panic!("the first choice is a discard: {first:?}") };
    assert_ne!(
        t.model.device.layout.hand[j].piece,
        Some(piece),
        "another piece than the first, so the test tells them apart"
    );
    t.send(Msg::Key(Key::Select));
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Discarded { .. })), "Enter discarded");
    let last = t.model.game().unwrap().day().steps.last().map(|s| s.as_action());
    assert_eq!(last, Some(Action::Discard { piece }), "the focused piece, not the first offered");
}

/// Plays first legal actions on the model's game until `want` holds at a person's Day,
/// then shows that Day (after the hand-over).
pub(super) fn reach(t: &mut Table, want: impl Fn(&Model) -> bool) -> bool {
    for _ in 0..600 {
        if t.model.overlay == Overlay::HandOver {
            t.intent(Intent::Ready);
        }
        if t.model.game().map(|g| g.status()) != Some(Status::Playing) {
            return false;
        }
        if want(&t.model) {
            return true;
        }
        t.play_day_by_taps();
    }
    false
}

#[test]
fn form_dissolve_and_declare_open_their_choosers_and_act() {
    let mut found_form = false;
    let mut found_dissolve = false;
    for seed in 1..40 {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], seed);
        if !found_form && reach(&mut t, |m| !m.play.legal.forms.is_empty()) {
            t.intent(Intent::Form);
            assert_eq!(t.model.overlay, Overlay::Form);
            t.intent(Intent::Close);
            assert_eq!(t.model.overlay, Overlay::None, "closing a chooser goes back to the table");
            t.send(Msg::Key(Key::Form));
            assert_eq!(t.model.overlay, Overlay::Form, "F opens it too");
            let steps = t.model.game().unwrap().day().steps.len();
            t.intent(Intent::FormPick(0, 0));
            assert_eq!(t.model.overlay, Overlay::None);
            assert_eq!(t.model.game().unwrap().day().steps.len(), steps + 1, "the Department is formed");
            found_form = true;
        }
        if !found_dissolve && reach(&mut t, |m| !m.play.legal.dissolvable.is_empty()) {
            t.intent(Intent::Dissolve);
            assert_eq!(t.model.overlay, Overlay::Dissolve);
            let d = t.model.play.legal.dissolvable[0];
            t.intent(Intent::DissolvePick(d));
            assert!(
                matches!(t.model.game().unwrap().day().steps.last(), Some(s) if matches!(s.as_action(), Action::Dissolve { .. }))
            );
            found_dissolve = true;
        }
        if found_form && found_dissolve {
            break;
        }
    }
    assert!(found_form && found_dissolve, "positions with a Form and a Dissolve were reached");
}

#[test]
fn stale_chooser_picks_do_nothing() {
    let mut t = Table::two_persons();
    t.intent(Intent::Ready);
    let log = t.model.game().unwrap().log().len();
    t.intent(Intent::FormPick(0, 0));
    t.intent(Intent::DissolvePick(0));
    t.intent(Intent::DeclareConfirm);
    assert_eq!(t.model.game().unwrap().log().len(), log);
    assert_eq!(t.model.overlay, Overlay::None);
}

#[test]
fn season_and_game_ends_by_agreement_walk_the_end_screens() {
    let mut t = Table::two_persons();
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::Menu);
    t.intent(Intent::EndSeason);
    assert_eq!(t.model.overlay, Overlay::Confirm(Confirm::EndSeason));
    t.intent(Intent::Close);
    assert_eq!(t.model.overlay, Overlay::HandOver, "cancel goes back to what the game calls for");
    t.intent(Intent::EndSeason);
    t.intent(Intent::Confirm);
    assert_eq!(t.model.overlay, Overlay::SeasonSummary);
    assert_eq!(t.status(), Status::SeasonOver);
    t.intent(Intent::NextSeason);
    assert_eq!(t.status(), Status::Playing);
    assert_eq!(t.model.overlay, Overlay::HandOver);
    t.intent(Intent::EndGame);
    t.intent(Intent::Confirm);
    assert!(matches!(t.status(), Status::GameOver { .. }));
    assert_eq!(t.model.overlay, Overlay::Final);
    t.intent(Intent::NewGame);
    assert_eq!(t.model.overlay, Overlay::NewGame, "after the game no confirmation is needed");
    t.intent(Intent::Close);
    assert_eq!(t.model.overlay, Overlay::Final);
}

/// R20: the table agrees to end the Season or the game only between Days; mid-Day the
/// menu offers neither, and a stale button of a menu drawn before asks nothing.
#[test]
fn mid_day_the_table_may_not_agree_to_end_and_a_stale_button_asks_nothing() {
    let t = Table::two_persons();
    let end = t.model.may_end_by_agreement();
    assert!(end.season && end.game && !end.day_under_way, "between Days both are offered");
    let mut t = Table::two_persons_mid_day();
    let end = t.model.may_end_by_agreement();
    assert!(!end.season && !end.game && end.day_under_way, "mid-Day neither, and the menu says why: {end:?}");
    let log = t.model.game().unwrap().log().len();
    for intent in [Intent::EndSeason, Intent::EndGame] {
        t.intent(intent);
        assert_ne!(t.model.overlay, Overlay::Confirm(Confirm::EndSeason));
        assert_ne!(t.model.overlay, Overlay::Confirm(Confirm::EndGame));
    }
    assert_eq!(t.model.game().unwrap().log().len(), log, "the Day goes on");
}

#[test]
fn new_game_mid_game_asks_first() {
    let mut t = Table::two_persons();
    t.intent(Intent::NewGame);
    assert_eq!(t.model.overlay, Overlay::Confirm(Confirm::NewGame));
    t.intent(Intent::Confirm);
    assert_eq!(t.model.overlay, Overlay::NewGame);
}

#[test]
fn preferences_are_saved() {
    // Before a game: open hands is then free (ui::open_hands; mid-game in ui_faults.rs).
    let mut t = Table::open(Loaded::Nothing);
    let before = t.saves();
    t.intent(Intent::Lang(Lang::Ja));
    assert_eq!(t.model.lang, Lang::Ja);
    t.intent(Intent::Speed(Speed::Fast));
    t.intent(Intent::OpenHands);
    assert!(t.model.prefs.open_hands);
    assert_eq!(t.saves(), before + 3);
    let reloaded = t.reload();
    assert_eq!(reloaded.model.lang, Lang::Ja);
    assert_eq!(reloaded.model.prefs.speed, Speed::Fast);
    assert!(reloaded.model.prefs.open_hands);
}

#[test]
fn an_unreadable_save_is_left_alone_until_start_fresh() {
    let mut t = Table::open(save::parse("{not json"));
    assert_eq!(t.model.overlay, Overlay::LoadError);
    assert!(matches!(t.model.saving.broken, Some(Broken::NotJson(_))));
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::LoadError, "no menu over the message");
    t.send(Msg::OpenHands(true));
    assert_eq!(t.saves(), 0, "nothing overwrites the unreadable save");
    t.intent(Intent::Fresh);
    assert!(t.effects.contains(&Effect::ClearSave));
    assert_eq!(t.model.overlay, Overlay::NewGame);
}

#[test]
fn records_export_links_and_the_replay_viewer() {
    let mut t = Table::two_persons();
    t.play_day_by_taps();
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::Export));
    assert!(t.effects.iter().any(|e| matches!(e, Effect::Download { file_name, text }
        if file_name == "lauzait-under-way.lzr.txt" && text.starts_with("LZR2 red,black lum=on : deal ")
            && text.contains(" hidden "))));
    t.intent(Intent::Records(RecordsIntent::Links));
    assert_eq!(t.model.overlay, Overlay::Records);
    t.intent(Intent::Records(RecordsIntent::OpenImport));
    t.send(Msg::Records(RecordsMsg::Import("LZR1 red,black lum=on seed=1 : Z9".into())));
    let m = t.model.message.as_ref().expect("a malformed record is explained");
    assert!(m.error && m.text.contains("token 6"), "{}", m.text);
    assert!(!t.model.table.is_replay());
    let record = t.model.record_text().unwrap();
    t.send(Msg::Records(RecordsMsg::Import(record)));
    let len = t.model.table.replay().unwrap().len();
    assert_eq!(t.model.table.replay().unwrap().at, len, "the viewer opens at the end");
    t.intent(Intent::Records(RecordsIntent::Replay(ReplayStep::Start)));
    assert_eq!(t.model.table.replay().unwrap().at, 0);
    t.intent(Intent::Records(RecordsIntent::Replay(ReplayStep::NextDay)));
    assert_eq!(t.model.table.replay().unwrap().at, 3, "a Day is three steps here");
    t.send(Msg::Key(Key::End));
    assert_eq!(t.model.table.replay().unwrap().at, len);
    t.send(Msg::Key(Key::Back));
    assert!(!t.model.table.is_replay(), "Escape closes the viewer");
}

#[test]
fn a_record_link_opens_the_viewer_and_a_damaged_one_says_where() {
    let (mut m, _) = Model::new(boot(Loaded::Nothing));
    m.open_fragment("#record=LZR1%20red%2Cblack%20lum%3Don%20seed%3D3%20%3A", 0.0);
    assert!(m.table.is_replay());
    let (mut m, _) = Model::new(boot(Loaded::Nothing));
    m.open_fragment("#record=LZR1%2", 0.0);
    assert_eq!(m.overlay, Overlay::Records);
    assert!(m.message.as_ref().unwrap().text.contains("character 5"));
}

/// The first two-player game (by seed) whose first Hiring can end in Water, just after the
/// person's mover was tapped onto a Water square: the throw is under way on the table.
pub(super) fn thrown_into_water() -> Table {
    for seed in 1..60 {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], seed);
        t.intent(Intent::Ready);
        let p = t.model.play.legal.discards[0];
        let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(p)).unwrap();
        t.send(Msg::Tap(Target::Hand(i)));
        let Some(mover) = t.model.play.legal.movers.first().copied() else { continue };
        t.send(Msg::Tap(Target::Square(mover)));
        let Some(water) = t.model.play.legal.destinations.iter().find(|d| d.is_water()).copied() else { continue };
        t.tap_destination(water);
        return t;
    }
    panic!("no Water destination found");
}

#[test]
fn the_sticks_animation_ends_with_time() {
    let mut t = thrown_into_water();
    assert!(t.model.animating(), "a throw is shown");
    assert_eq!(t.model.overlay, Overlay::None, "on the table, before the hand-over");
    t.wait(1000.0);
    assert!(t.model.animating());
    t.wait(700.0);
    assert!(!t.model.animating());
    assert_eq!(t.model.overlay, Overlay::HandOver);
}

#[test]
fn r11_declare_opens_the_preview_and_confirm_scores_the_season() {
    // The tap policy of the harness reaches a declarable hand in some of these games.
    for seed in 1..400 {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], seed);
        if !reach(&mut t, |m| m.play.legal.declare) {
            continue;
        }
        t.send(Msg::Key(Key::Declare));
        assert_eq!(t.model.overlay, Overlay::Declare, "L opens the preview");
        t.intent(Intent::Close);
        assert_eq!(t.model.overlay, Overlay::None);
        t.intent(Intent::Declare);
        t.intent(Intent::DeclareConfirm);
        assert_eq!(t.status(), Status::SeasonOver);
        assert_eq!(t.model.overlay, Overlay::Scoring);
        assert!(t.model.hand_face_up(), "the declarer shows the hand (R11)");
        t.intent(Intent::ScoringDone);
        assert_eq!(t.model.overlay, Overlay::SeasonSummary);
        let reloaded = t.reload();
        assert_eq!(reloaded.model.overlay, Overlay::SeasonSummary, "a reload comes back to the Season's summary");
        return;
    }
    panic!("no game reached a declaration");
}

/// A score during a Day (the panels, table mode's board and a phone): what a Form or
/// Dissolve will commit with the Day is shown beside the committed points (R9, R10).
#[test]
fn a_score_during_a_day_shows_what_its_form_or_dissolve_will_commit() {
    use lauzait_ui::i18n::score_now;
    assert_eq!(score_now(Lang::En, 3, 0), "3 pts");
    assert_eq!(score_now(Lang::En, 3, 1), "3 pts (+1 pt)");
    assert_eq!(score_now(Lang::En, 0, -2), "0 pts (-2 pts)");
    assert_eq!(score_now(Lang::Ja, 5, 3), "5点 (+3点)");
}

/// R12: while the discard is chosen the hand lights the pieces it may be and fades the
/// others; when any piece may be, none is lit (lighting all would say nothing) and the
/// prompt says so; at the Day's other points, and only in an interactive Day, the hand
/// is faded.
#[test]
fn r12_the_hand_lights_the_discards_offered_unless_every_piece_is() {
    use lauzait_ui::layout::{HandSlot, Rect};
    use lauzait_ui::model::Legal;
    let piece = |code: &str| code.parse::<lauzait_engine::Piece>().unwrap();
    let hand: Vec<HandSlot> = ["G3", "W5", "J"]
        .iter()
        .map(|c| HandSlot { rect: Rect::new(0.0, 0.0, 1.0, 1.0), piece: Some(piece(c)) })
        .collect();
    let beginning = Some(Phase::Beginning { dissolved: false, formed: false });
    let some = Legal { phase: beginning, discards: vec![piece("G3"), piece("J")], ..Legal::default() };
    let marks = |legal: &Legal, interactive: bool| -> Vec<(bool, bool)> {
        legal.hand_styles(&hand, interactive).iter().map(|s| (s.lit, s.dim)).collect()
    };
    assert_eq!(marks(&some, true), [(true, false), (false, true), (true, false)]);
    assert_eq!(marks(&some, false), [(false, false); 3], "nothing is marked outside an interactive Day");
    let all = Legal { discards: hand.iter().filter_map(|h| h.piece).collect(), ..some.clone() };
    assert!(all.discards_whole_hand(&hand) && !some.discards_whole_hand(&hand));
    assert_eq!(marks(&all, true), [(false, false); 3]);
    let moving = Legal { phase: Some(Phase::Discarded { piece: piece("G3"), square: "c3".parse().unwrap() }), ..all };
    assert_eq!(marks(&moving, true), [(false, true); 3], "after the discard the hand is out of play");
}

/// The new-game form's inputs are named by one typed list, read back to the message
/// each makes; any other id is no field of the form.
#[test]
fn every_new_game_field_reads_back_from_its_id_to_its_message() {
    use lauzait_ui::form_field::FormField;
    let fields: Vec<FormField> = FormField::all().collect();
    assert_eq!(fields.len(), 10, "a box and a name per seat, the luminous rule, open hands");
    for field in fields {
        assert_eq!(FormField::parse(&field.id()), Some(field));
    }
    for id in ["ng-seat-green", "ng-name-", "ng-open2", "btn-start", ""] {
        assert_eq!(FormField::parse(id), None, "{id}");
    }
    let mut t = Table::open(Loaded::Nothing);
    let name = FormField::parse("ng-name-black").unwrap().message(false, "Cy".into());
    t.send(name);
    assert_eq!(t.model.draft.names[Seat::Black.index()], "Cy");
    t.send(FormField::Plays(Seat::Yellow).message(false, String::new()));
    assert!(!t.model.draft.seats[Seat::Yellow.index()]);
}

#[test]
fn the_hand_over_tells_every_day_since_that_persons_previous_one() {
    use lauzait_engine::Seat;
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Blue, None), (Seat::Black, None)], 7);
    t.intent(Intent::Ready);
    t.play_day_by_taps();
    let first = lauzait_ui::html::hand_over::hand_over(&t.model);
    t.intent(Intent::Ready);
    t.play_day_by_taps();
    let second = lauzait_ui::html::hand_over::hand_over(&t.model);
    t.intent(Intent::Ready);
    t.play_day_by_taps();
    // The first person's turn again: the two other persons' Days, not only the last.
    let third = lauzait_ui::html::hand_over::hand_over(&t.model);
    // One paragraph per line told (the note below them has a class).
    let lines = |html: &str| html.matches("<p>").count();
    assert!(lines(&first) >= 1, "{first}");
    assert!(lines(&second) >= 2, "the second person is told of the first's Day and the Season's start: {second}");
    assert!(lines(&third) >= 2, "the third hand-over tells both other persons' Days: {third}");
}
