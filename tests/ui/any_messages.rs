//! The UI core under any sequence of messages: taps anywhere, any key, every button's intent
//! in any screen, the clock, resizes, pasted and imported text, worker replies good and bad,
//! a worker that fails, saves that fail, reloads. Whatever the order, nothing panics, the
//! game keeps every invariant (R1–R40 as the engine checks them), no concealed hand is
//! face up for the wrong person (R40, checked by the harness after every message), every
//! request to the worker is one it reads, and every save the app writes loads back to the
//! game it holds: nothing crashes, nothing leaks, nothing is lost.

use crate::harness;

use harness::Table;
use lauzait_autoplay::{answer, BotRequest};
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, Phase, Record, Seat, SeatView, Square, Status};
use lauzait_learn::lessons::LessonId;
use lauzait_ui::learn::LearnMsg;
use lauzait_ui::model::SaveTrouble;
use lauzait_ui::model::Target;
use lauzait_ui::msg::Key;
use lauzait_ui::rating::ToRater;
use lauzait_ui::records::RecordsMsg;
use lauzait_ui::report;
use lauzait_ui::save::{self, Loaded};
use lauzait_ui::stats::RecordRequest;
use lauzait_ui::storage_refusal::StorageRefusal;
use lauzait_ui::{Effect, Intent, Msg};
use proptest::prelude::*;

/// The buttons of a Day and a Season's end, pressed most often so that games go on.
const PLAY_CODES: [&str; 14] = [
    "undo",
    "form",
    "form-pick:0:0",
    "dissolve",
    "dissolve-pick:0",
    "declare",
    "declare-confirm",
    "stalemate",
    "ready",
    "scoring-done",
    "next-season",
    "close",
    "start",
    "confirm-hire",
];

/// The other buttons: the menu, the new-game form, records and the replay viewer, the
/// preferences, lessons, the drill and the review.
const OTHER_CODES: [&str; 62] = [
    "toggle-log",
    "end-game",
    "end-season",
    "new-game",
    "menu",
    "open-hands",
    "bot-retry",
    "fresh",
    "final",
    "rec-export",
    "rec-links",
    "rec-replay-own",
    "rec-open-import",
    "rec-import",
    "rp-start",
    "rp-prev-day",
    "rp-prev",
    "rp-next",
    "rp-next-day",
    "rp-end",
    "rp-close",
    "cancel-hire",
    "confirm-pref",
    "keep-this-game",
    "load-other-game",
    "form-pick:1:2",
    "form-pick:9:9",
    "dissolve-pick:2",
    "lang:en",
    "lang:ja",
    "players:2",
    "players:3",
    "players:4",
    "seat-kind:red:person",
    "seat-kind:blue:easy",
    "seat-kind:black:normal",
    "seat-kind:yellow:strong",
    "speed:instant",
    "speed:normal",
    "pref:motion",
    "pref:sound",
    "pref:turn-board",
    "rec-copy:link-record",
    "rec-copy:link-position",
    "learn",
    "lesson-next",
    "lesson-hint",
    "lesson-restart",
    "lesson-leave",
    "coach",
    "coach-hint",
    "drill",
    "drill-no",
    "drill-pts:0",
    "drill-pts:12",
    "drill-typed",
    "drill-typed:7",
    "drill-typed:?",
    "drill-next",
    "confirm",
    "speed:fast",
    "pref:vibrate",
];

/// The post-game review's buttons (it opens on a finished game's results).
const REVIEW_CODES: [&str; 9] = [
    "review:0",
    "review:1",
    "review-try:0",
    "review-try:3",
    "review-show",
    "review-next",
    "review-retry",
    "review-close",
    "review-try:1",
];

/// Every button's intent, as the DOM writes it (`data-intent`), read back by `Intent::parse`.
fn intent_codes() -> Vec<String> {
    let mut codes: Vec<String> =
        PLAY_CODES.iter().chain(&OTHER_CODES).chain(&REVIEW_CODES).map(|s| s.to_string()).collect();
    codes.extend(LessonId::ALL.iter().map(|id| format!("lesson:{}", id.code())));
    codes
}

/// One thing that happens to the page.
#[derive(Clone, Debug)]
enum Step {
    Send(Msg),
    /// Lets this much time pass (a timer went off).
    Wait(f64),
    /// The address's fragment changed (a record link, `#learn`, rubbish), as the shell
    /// reports on `hashchange`.
    Fragment(String),
    /// Taps the `n`-th (wrapping) of what the screen offers now, as a person playing
    /// would: a piece to discard, a piece to move, a destination.
    Offered(usize),
    /// The worker answers what it was asked, as the real worker does (with few playouts).
    Answer,
    Reload,
}

fn any_key() -> impl Strategy<Value = Key> {
    use Key::*;
    proptest::sample::select(vec![
        Up, Down, Left, Right, Select, Back, Form, Dissolve, Declare, ReadHand, ReadScores, ReadLog, PageUp, PageDown,
        Home, End,
    ])
}

fn any_target() -> impl Strategy<Value = Target> {
    prop_oneof![
        (0usize..25).prop_map(|i| Target::Square(Square::all().nth(i).expect("25 squares"))),
        (0usize..14).prop_map(Target::Hand),
        (0u8..4).prop_map(Target::Dept),
    ]
}

/// The record of another game: two players, 40 actions, each the first the rules allow
/// (a Season over is followed by the next).
fn another_games_record() -> String {
    let mut chance = seeded(7);
    let mut game = Game::new(GameOptions::for_players(2, true).expect("two players"), &mut chance);
    for _ in 0..40 {
        let action = match game.status() {
            Status::Playing => game.day().legal_actions(game.players())[0],
            Status::SeasonOver => Action::NextSeason,
            Status::GameOver { .. } => break,
        };
        game.apply(action, &mut chance).expect("a legal action");
    }
    Record::of(&game).to_string()
}

/// Texts a person might paste or import: a real record of another game, a cut one, rubbish.
fn any_import() -> impl Strategy<Value = String> {
    let record = another_games_record();
    let cut: String = record.chars().take(record.len() / 2).collect();
    prop_oneof![Just(String::new()), Just("LZR2".to_string()), "[ -~]{0,80}", Just(record), Just(cut)]
}

fn intent(code: &str) -> Intent {
    Intent::parse(code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn any_step() -> impl Strategy<Value = Step> {
    let codes = intent_codes();
    prop_oneof![
        3 => any_target().prop_map(|t| Step::Send(Msg::Tap(t))),
        3 => any_key().prop_map(|k| Step::Send(Msg::Key(k))),
        3 => proptest::sample::select(codes).prop_map(|c| Step::Send(Msg::Intent(intent(&c)))),
        6 => proptest::sample::select(PLAY_CODES.to_vec()).prop_map(|c| Step::Send(Msg::Intent(intent(c)))),
        2 => proptest::sample::select(REVIEW_CODES.to_vec()).prop_map(|c| Step::Send(Msg::Intent(intent(c)))),
        1 => Just(Step::Send(Msg::DialogEscape)),
        1 => (0usize..4, any::<bool>()).prop_map(|(i, on)| Step::Send(Msg::DraftSeat(Seat::ALL[i], on))),
        1 => (0usize..4, "[a-zA-Z ]{0,30}").prop_map(|(i, n)| Step::Send(Msg::DraftName(Seat::ALL[i], n))),
        1 => any::<bool>().prop_map(|on| Step::Send(Msg::OpenHands(on))),
        1 => any_import().prop_map(|t| Step::Send(Msg::Records(RecordsMsg::Import(t)))),
        1 => "[ -~]{0,60}".prop_map(|t| Step::Send(Msg::WorkerText(t))),
        1 => Just(Step::Send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "the worker stopped".into() }))),
        1 => Just(Step::Send(Msg::SaveFailed(StorageRefusal::Full))),
        1 => Just(Step::Send(Msg::SaveWritten)),
        1 => Just(Step::Send(Msg::Records(RecordsMsg::ImportTooLarge(3 << 20)))),
        1 => "[ -~]{0,40}".prop_map(|t| Step::Send(Msg::Learn(LearnMsg::Progress(t)))),
        1 => Just(Step::Send(Msg::Learn(LearnMsg::ProgressFailed(StorageRefusal::Unavailable)))),
        1 => prop_oneof![
            Just(Msg::SaveConverted(Err(save::Broken::Damaged("not a game".into())))),
            "[ -~]{0,40}".prop_map(|t| Msg::SaveConverted(Ok(t))),
        ]
        .prop_map(Step::Send),
        1 => "[ -~]{0,40}".prop_map(|t| Step::Send(Msg::SavedElsewhere(t))),
        1 => (200.0f64..2000.0, 300.0f64..1400.0).prop_map(|(w, h)| Step::Send(Msg::Resize { width: w, height: h, dpr: 2.0 })),
        20 => any::<usize>().prop_map(Step::Offered),
        4 => (0.0f64..3000.0).prop_map(Step::Wait),
        4 => Just(Step::Answer),
        1 => Just(Step::Reload),
        1 => prop_oneof![
            Just("#learn".to_string()),
            "#[ -~]{0,40}",
            any_import().prop_map(|r| format!("#record={}", lauzait_ui::uri::encode_component(&r))),
        ]
        .prop_map(Step::Fragment),
    ]
}

/// Where a sequence starts: the first screen, two persons at one table, a person against
/// three computer players, an unreadable save, or a finished game's results (where the
/// review opens).
fn start(which: u8) -> Table {
    match which {
        0 => Table::open(Loaded::Nothing),
        4 => Table::finished_against_easy(),
        3 => Table::open(save::parse("{\"format\": 3, \"game\": [")),
        1 => Table::two_persons(),
        _ => Table::new_game(
            &[
                (Seat::Red, None),
                (Seat::Blue, Some(Level::Easy)),
                (Seat::Black, Some(Level::Normal)),
                (Seat::Yellow, Some(Level::Easy)),
            ],
            31,
        ),
    }
}

/// The worker's answers to every request posted, computed as the worker does but with at
/// most 4 playouts (the search's depth does not change what the page must cope with).
fn answer_all(t: &mut Table) {
    t.rate_all();
    for text in std::mem::take(&mut t.posted) {
        let mut request = BotRequest::from_text(&text)
            .unwrap_or_else(|e| panic!("the page posted a request the worker refuses: {e}\n{text}"));
        request.playouts = request.playouts.min(4);
        t.send(Msg::WorkerText(answer(&request.to_text(), || 0.0)));
    }
}

fn tap_offered(t: &mut Table, n: usize) {
    let l = &t.model.play.legal;
    let target = match l.phase {
        Some(Phase::Beginning { .. }) if !l.discards.is_empty() => {
            let piece = l.discards[n % l.discards.len()];
            t.model.device.layout.hand.iter().position(|h| h.piece == Some(piece)).map(Target::Hand)
        }
        Some(Phase::Discarded { .. }) if !l.movers.is_empty() => Some(Target::Square(l.movers[n % l.movers.len()])),
        Some(Phase::Moving { .. }) if !l.destinations.is_empty() => {
            Some(Target::Square(l.destinations[n % l.destinations.len()]))
        }
        _ => None,
    };
    match target {
        Some(target) => t.send(Msg::Tap(target)),
        None => t.send(Msg::Intent(Intent::Ready)),
    };
}

/// R40 at the worker's boundary: a request to plan a Day (not the review's judging of a
/// Day past, nor the rating of a finished game) carries exactly one seat's view of the game on the table, at the Day's start
/// or now, and that seat is a computer player's or the person's own whose hand is shown
/// (the coach's Hint).
fn requests_r40(t: &Table, from: usize) {
    let m = &t.model;
    for effect in t.effects.iter().skip(from) {
        let (Effect::PostToWorker(text) | Effect::AskRater(text)) = effect else { continue };
        if RecordRequest::is_one(text) {
            // Your record's games: a few numbers a game, no hand (docs/history.md).
            assert!(RecordRequest::from_text(text).is_ok(), "{text}");
            continue;
        }
        if lauzait_ui::puzzles::PuzzleRequest::is_one(text) {
            // The puzzles': a puzzle's number, a Day played on it, or the player's own
            // mistakes' queue as this device stored it (docs/puzzles.md).
            assert!(lauzait_ui::puzzles::PuzzleRequest::from_text(text).is_ok(), "{text}");
            continue;
        }
        if ToRater::is_one(text) {
            // The rating carries the full record, and only of a game that is over.
            let ToRater::Rate(request) = ToRater::from_text(text).expect("the rater reads it") else { continue };
            let over = lauzait_engine::Record::parse(&request.record.to_string()).ok().and_then(|r| r.replay().ok());
            assert!(
                over.is_some_and(|g| matches!(g.status(), lauzait_engine::Status::GameOver { .. })),
                "a rating of a game under way"
            );
            continue;
        }
        let request = BotRequest::from_text(text).expect("the worker reads it");
        if request.judge.is_some() {
            continue;
        }
        let seat = request.view.seat;
        let session = m.table.shown().expect("a request is about the game on the table");
        let game = session.game();
        let mut day_start = game.clone();
        day_start.undo_day();
        let seen = |g: &Game| g.view(seat).map(|v| SeatView::new(&v));
        assert!(
            seen(game).as_ref() == Some(&request.view) || seen(&day_start).as_ref() == Some(&request.view),
            "a request carries more or other than seat {seat}'s view of the table"
        );
        let own_hint = m.hand_face_up() && m.hand_owner() == Some(seat);
        assert!(session.bot(seat).is_some() || own_hint, "seat {seat}'s view went to the worker unasked");
    }
}

/// What must hold after every step.
fn check(t: &Table) {
    if let Some(game) = t.model.game() {
        assert_eq!(game.invariant_violation(), None);
    }
    for text in &t.posted {
        let read = if RecordRequest::is_one(text) {
            RecordRequest::from_text(text).is_ok()
        } else if ToRater::is_one(text) {
            ToRater::from_text(text).is_ok()
        } else {
            BotRequest::from_text(text).is_ok()
        };
        assert!(read, "the page posted a request the worker refuses: {text}");
    }
    let m = &t.model;
    // Where the model saves (not in a replay or a lesson, whose games are not the table's,
    // nor over an unreadable save or another tab's): the last save holds the table's game.
    let saving = !m.table.is_replay()
        && !m.table.is_lesson()
        && m.saving.broken.is_none()
        && m.saving.save_trouble != Some(SaveTrouble::OtherTab);
    if let Some(text) = &t.saved {
        match save::parse(text) {
            Loaded::Save(file) => {
                if let (true, Some(session)) = (saving, m.table.shown()) {
                    let saved = file.game.as_ref().map(|g| g.log());
                    assert_eq!(saved, Some(session.game().log()), "the last save lags the game on the table");
                }
            }
            other => panic!("the app wrote a save it cannot read back: {other:?}"),
        }
    }
}

/// Plays `steps` from start `which`, checking after every step when `checked`: the effects
/// the page was asked for, in order (a reload's boot included), and what it reports at the end.
fn play(which: u8, steps: &[Step], checked: bool) -> (Vec<Effect>, serde_json::Value) {
    let mut t = start(which);
    if checked {
        check(&t);
    }
    let mut transcript = t.effects.clone();
    for step in steps {
        let from = t.effects.len();
        match step.clone() {
            Step::Send(msg) => {
                t.send(msg);
            }
            Step::Wait(ms) => t.wait(ms),
            Step::Offered(n) => tap_offered(&mut t, n),
            Step::Answer => answer_all(&mut t),
            Step::Reload => t = t.reload(),
            Step::Fragment(f) => t.open_fragment(&f),
        }
        let from = if matches!(step, Step::Reload) { 0 } else { from };
        transcript.extend(t.effects[from..].iter().cloned());
        if checked {
            check(&t);
            requests_r40(&t, from);
        }
    }
    (transcript, report::state(&t.model, serde_json::Value::Null))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Also: the same messages give the same effects and the same screen again (the core
    /// holds no clock, no global generator, no order of a hash map's keys).
    #[test]
    fn any_sequence_of_messages_keeps_the_rules_the_hands_r40_and_the_save(
        which in 0u8..5,
        steps in proptest::collection::vec(any_step(), 1..300),
    ) {
        prop_assert_eq!(start(which).model.saving.broken.is_some(), which == 3, "only the damaged save starts broken");
        let (effects, screen) = play(which, &steps, true);
        let (again, screen_again) = play(which, &steps, false);
        prop_assert!(effects == again, "the same messages asked for other effects");
        prop_assert_eq!(screen, screen_again, "the same messages left another screen");
    }
}
