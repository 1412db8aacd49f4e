//! Snapshots of every screen's HTML (crates/ui/src/html), as the page would show it for
//! models built through the harness: the browser tests find elements by these ids and
//! classes and read these texts, so any change to them shows here first, to be reviewed
//! (`INSTA_UPDATE=always cargo test` or `cargo insta review`).

use super::harness::Table;
use lauzait_bots::{Level, Player};
use lauzait_engine::Seat;
use lauzait_learn::lessons::{actions, LessonId};
use lauzait_ui::drill::{DrillAnswer, DrillMsg};
use lauzait_ui::embed::Embed;
use lauzait_ui::html;
use lauzait_ui::i18n::Lang;
use lauzait_ui::learn::LessonIntent;
use lauzait_ui::model::Overlay;
use lauzait_ui::msg::{Intent, Msg};
use lauzait_ui::records::{RecordsIntent, ReplayStep};
use lauzait_ui::review::ReviewIntent;
use lauzait_ui::save::{self, Loaded};
use lauzait_ui::stats::StatsIntent;
use lauzait_ui::Model;

/// One piece of HTML, one tag a line: every piece is built without line breaks, so the
/// snapshot is the exact text with a break before each tag that follows another.
fn lines(html: &str) -> String {
    assert!(!html.contains('\n'), "the HTML has no line breaks of its own: {html}");
    html.replace("><", ">\n<")
}

/// Every part of the page the shell fills from the model, as `shell.rs` sets them.
fn page(m: &Model) -> String {
    let overlay = match html::dialogs::overlay_html(m) {
        Some((h, opaque)) => format!("(opaque: {opaque})\n{}", lines(&h)),
        None => "(none)".into(),
    };
    format!(
        "== bar\n{}\n== actions\n{}\n== log ({})\n{}\n== lesson ({})\n{}\n== overlay {overlay}\n",
        lines(&html::controls::bar_html(m)),
        lines(&html::controls::actions_html(m)),
        html::season_log::log_box_style(m),
        lines(&html::season_log::log_html(m)),
        html::learn::lesson_box_style(m, 0.0),
        lines(&html::learn::lesson_text(m)),
    )
}

/// The page in both languages, the language switched as the menu does it.
fn both_languages(name: &str, t: &mut Table) {
    let was = t.model.overlay;
    for lang in [Lang::En, Lang::Ja] {
        t.intent(Intent::Lang(lang));
        assert_eq!(t.model.overlay, was, "switching the language keeps the screen");
        insta::assert_snapshot!(format!("{name}_{}", lang.code()), page(&t.model));
    }
}

/// Two persons and two computer players at Easy, all four seats: two rounds of Days played.
fn four_players_mid_game() -> Table {
    let mut t = Table::new_game(
        &[(Seat::Red, None), (Seat::Blue, Some(Level::Easy)), (Seat::Black, None), (Seat::Yellow, Some(Level::Easy))],
        4242,
    );
    t.intent(Intent::Speed(lauzait_ui::play::pace::Speed::Instant));
    for _ in 0..2 {
        t.let_bots_play();
        t.play_day_by_taps();
    }
    t.let_bots_play();
    if t.model.overlay == Overlay::HandOver {
        t.intent(Intent::Ready);
    }
    t
}

#[test]
fn the_first_screen_is_the_new_game_form() {
    let mut t = Table::open(Loaded::Nothing);
    assert_eq!(t.model.overlay, Overlay::NewGame);
    both_languages("first_screen", &mut t);
}

#[test]
fn the_new_game_form_escapes_the_names_typed() {
    let mut t = Table::open(Loaded::Nothing);
    for seat in Seat::ALL {
        t.send(Msg::DraftSeat(seat, true));
    }
    t.send(Msg::DraftName(Seat::Red, "Ann <b>&</b> \"Bo\" 'C'".into()));
    t.intent(Intent::SeatKind(Seat::Blue, Player::Computer(Level::Strong)));
    t.intent(Intent::SeatKind(Seat::Yellow, Player::Computer(Level::Normal)));
    both_languages("new_game_four_seats", &mut t);
    t.send(Msg::DraftSeat(Seat::Blue, false));
    t.send(Msg::DraftSeat(Seat::Black, false));
    t.send(Msg::DraftSeat(Seat::Yellow, false));
    insta::assert_snapshot!("new_game_too_few_seats_en", page(&t.model));
}

#[test]
fn a_new_game_of_two_persons_opens_on_the_hand_over() {
    let mut t = Table::two_persons();
    assert_eq!(t.model.overlay, Overlay::HandOver);
    both_languages("new_game_hand_over", &mut t);
    t.intent(Intent::Ready);
    both_languages("new_game_first_day", &mut t);
}

#[test]
fn a_game_in_the_middle_of_a_day() {
    let mut t = Table::two_persons_mid_day();
    both_languages("mid_day_two_persons", &mut t);
    let mut t = four_players_mid_game();
    both_languages("mid_day_four_players", &mut t);
}

#[test]
fn the_menu_over_a_game_and_its_confirmations() {
    let mut t = Table::two_persons_mid_day();
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::Menu);
    both_languages("menu_mid_day", &mut t);
    // No computer player at this table: no speed to set for one.
    assert!(!lauzait_ui::html::menu::menu(&t.model).contains("btn-speed-"));
    let mut t = four_players_mid_game();
    t.intent(Intent::Menu);
    // Two computer players: their speed is offered.
    assert!(lauzait_ui::html::menu::menu(&t.model).contains("btn-speed-instant"));
    t.intent(Intent::EndSeason);
    both_languages("confirm_end_season", &mut t);
    t.intent(Intent::Confirm);
    assert_eq!(t.model.overlay, Overlay::SeasonSummary);
    both_languages("season_summary", &mut t);
}

#[test]
fn the_choosers_when_the_day_offers_them() {
    // The first Days of a seeded game until a Form is offered: its chooser.
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], 12105);
    for _ in 0..40 {
        if t.model.overlay == Overlay::HandOver {
            t.intent(Intent::Ready);
        }
        if !t.model.play.legal.forms.is_empty() {
            break;
        }
        t.play_day_by_taps();
    }
    assert!(!t.model.play.legal.forms.is_empty(), "a Form is offered within 40 Days");
    t.intent(Intent::Form);
    assert_eq!(t.model.overlay, Overlay::Form);
    both_languages("form_chooser", &mut t);
}

#[test]
fn the_dissolve_chooser() {
    for seed in 1..40 {
        // A Department formed first, then the Days played on until one may be dissolved.
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], seed);
        if !super::screens::reach(&mut t, |m| !m.play.legal.forms.is_empty()) {
            continue;
        }
        t.intent(Intent::Form);
        t.intent(Intent::FormPick(0, 0));
        if !super::screens::reach(&mut t, |m| !m.play.legal.dissolvable.is_empty()) {
            continue;
        }
        t.intent(Intent::Dissolve);
        assert_eq!(t.model.overlay, Overlay::Dissolve);
        both_languages("dissolve_chooser", &mut t);
        return;
    }
    panic!("no game offered a Dissolve");
}

#[test]
fn the_declaration_preview_and_the_scoring_of_a_declared_season() {
    for seed in 1..400 {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], seed);
        if !super::screens::reach(&mut t, |m| m.play.legal.declare) {
            continue;
        }
        t.intent(Intent::Declare);
        assert_eq!(t.model.overlay, Overlay::Declare);
        both_languages("declare_preview", &mut t);
        t.intent(Intent::DeclareConfirm);
        assert_eq!(t.model.overlay, Overlay::Scoring);
        both_languages("scoring_declared", &mut t);
        return;
    }
    panic!("no game reached a declaration");
}

#[test]
fn the_hand_over_after_a_water_throw() {
    let mut t = super::screens::thrown_into_water();
    // The throw is shown on the table, then the hand-over says what it decided.
    t.wait(2000.0);
    assert_eq!(t.model.overlay, Overlay::HandOver);
    both_languages("hand_over_after_water", &mut t);
}

#[test]
fn a_lesson_done() {
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Learn(LessonIntent::Open));
    t.intent(Intent::Learn(LessonIntent::Start(LessonId::Board)));
    for action in actions(LessonId::Board.lesson().solution).unwrap() {
        super::learn::by_hand(&mut t, action);
    }
    assert_eq!(t.model.overlay, Overlay::LessonDone);
    both_languages("lesson_done", &mut t);
}

/// The results while the rater rates the game ("Rating…" and how far), then with each
/// person's figures (docs/rating.md) once every item is rated.
#[test]
fn the_results_while_the_game_is_rated() {
    let mut t = Table::finished_against_easy_unrated();
    assert_eq!(t.posted.len(), 1, "the rating posts the game once");
    // The rater answers at once with how many items there are to rate.
    assert!(t.rater_reads());
    both_languages("final_results_rating_under_way", &mut t);
    t.rate_all();
    let page = page(&t.model);
    assert!(page.contains("id=\"rating-figures-0\"") && page.contains("id=\"rating-luck-0\""), "{page}");
    assert!(!page.contains("rating-figures-1"), "only persons are rated");
}

#[test]
fn the_results_of_a_finished_game_and_its_review() {
    let mut t = Table::finished_against_easy();
    both_languages("final_results", &mut t);
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    both_languages("review_working", &mut t);
    for _ in 0..200 {
        if !t.model.review_working() {
            break;
        }
        t.answer_worker();
    }
    both_languages("review_first", &mut t);
    if t.model.review().is_some_and(|r| r.moment().is_some()) {
        t.intent(Intent::Review(ReviewIntent::Try(0)));
        both_languages("review_tried", &mut t);
    }
}

#[test]
fn the_records_dialogs_and_the_replay_bar() {
    let mut t = Table::two_persons_mid_day();
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::Links));
    both_languages("records_links", &mut t);
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Records(RecordsIntent::OpenImport));
    both_languages("records_import", &mut t);
    let mut t = Table::finished_against_easy();
    t.intent(Intent::Records(RecordsIntent::ReplayOwn));
    t.intent(Intent::Records(RecordsIntent::Replay(ReplayStep::Start)));
    for _ in 0..5 {
        t.intent(Intent::Records(RecordsIntent::Replay(ReplayStep::Next)));
    }
    both_languages("replay_bar", &mut t);
}

#[test]
fn a_lesson_and_the_lessons_list() {
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Learn(LessonIntent::Open));
    assert_eq!(t.model.overlay, Overlay::Lessons);
    both_languages("lessons_list", &mut t);
    t.intent(Intent::Learn(LessonIntent::Start(LessonId::Discard)));
    both_languages("lesson_discard", &mut t);
}

#[test]
fn the_scoring_drill_asked_and_answered() {
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Drill(DrillMsg::Open));
    assert_eq!(t.model.overlay, Overlay::Drill);
    both_languages("drill_asked", &mut t);
    t.intent(Intent::Drill(DrillMsg::Answer(DrillAnswer::No)));
    both_languages("drill_answered", &mut t);
}

/// Your record: empty on a fresh visit; after a game against Easy, rated; asking to delete.
#[test]
fn your_record_empty_then_after_a_game() {
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Stats(StatsIntent::Open));
    assert_eq!(t.model.overlay, Overlay::Stats);
    both_languages("stats_empty", &mut t);
    let mut t = Table::finished_against_easy();
    t.intent(Intent::Menu);
    t.intent(Intent::Stats(StatsIntent::Open));
    both_languages("stats_working", &mut t);
    // The figures as the rater built them, shown in either language.
    assert!(t.rater_reads());
    both_languages("stats_one_game", &mut t);
    t.intent(Intent::Stats(StatsIntent::Delete));
    both_languages("stats_delete_question", &mut t);
}

#[test]
fn an_unreadable_save() {
    let mut t = Table::open(save::parse("{not json"));
    assert_eq!(t.model.overlay, Overlay::LoadError);
    both_languages("load_error", &mut t);
}

#[test]
fn the_embeds_captions() {
    for (name, hash) in [
        ("mountain", "#embed=&demo=mountain"),
        ("throw", "#embed&demo=throw&seed=9"),
        ("readings", "#embed&demo=readings&pieces=JG3G5"),
        ("scoring", "#embed&demo=scoring&hand=G1G2G3R4R5R6B7B8B9&lum=G1"),
        ("broken", "#embed=nonsense"),
    ] {
        for tag in ["en", "ja"] {
            let e = Embed::new(hash, tag);
            insta::assert_snapshot!(
                format!("embed_{name}_{tag}"),
                lines(&html::embed::caption_html(e.lang, &e.caption()))
            );
        }
    }
}

#[test]
fn the_page_that_cannot_run() {
    insta::assert_snapshot!("last_resort_fatal", lines(&html::last_resort::fatal_card("boom <script>")));
    insta::assert_snapshot!(
        "last_resort_framed_ja",
        lines(&html::last_resort::framed_card(Lang::Ja, "https://example.org/?a=1&b=\"2\""))
    );
}

/// The puzzles: the screen (its stored progress refused, said), a puzzle's table as the
/// seat saw it, the Day being judged, then judged with the rater's explanation.
#[test]
fn the_puzzle_screen_its_table_and_its_verdict() {
    use lauzait_ui::puzzles::rater::{answer, PuzzleSet};
    use lauzait_ui::puzzles::{Level, PuzzleIntent, PuzzleMsg};
    let set = PuzzleSet::read(include_str!("../../crates/learn/data/puzzles.txt")).unwrap();
    let mut t = Table::open(Loaded::Nothing);
    t.intent(Intent::Puzzles(PuzzleIntent::Open));
    t.send(Msg::Puzzles(PuzzleMsg::Stored(Some("LZQ1\nsolved 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\nfailed x".into()))));
    both_languages("puzzles_unreadable", &mut t);
    t.send(Msg::Puzzles(PuzzleMsg::Stored(Some("LZQ1\nsolved 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\nfailed".into()))));
    t.intent(Intent::Puzzles(PuzzleIntent::Ask(Level::Any)));
    both_languages("puzzles_asking", &mut t);
    let reply = |t: &mut Table| {
        let asked = t.posted.pop().expect("asked of the rater");
        t.send(Msg::RaterText(answer(&asked, Some(&set))));
    };
    reply(&mut t);
    // Puzzle 16, a plain Hiring: its task in sight, its themes not.
    both_languages("puzzle_table", &mut t);
    t.play_day_by_taps();
    both_languages("puzzle_judging", &mut t);
    reply(&mut t);
    both_languages("puzzle_judged", &mut t);
}

/// The player's own mistakes (docs/puzzles.md, "Your mistakes"): the picker with how many
/// are due, a mistake's table, its verdict explained with the Day played in the game, and
/// the picker once none is due, saying when the next is.
#[test]
fn the_mistakes_queue_its_table_and_its_verdict() {
    use lauzait_learn::puzzles::{Difficulty, Margin};
    use lauzait_ui::puzzles::mine::rater::answer;
    use lauzait_ui::puzzles::mine::{schedule::Schedule, Mistake, Queue};
    use lauzait_ui::puzzles::{Level, PuzzleIntent, PuzzleMsg};
    const NOW: u64 = 1_800_000_000_000;
    let set = lauzait_learn::puzzles::text::from_text(include_str!("../../crates/learn/data/puzzles.txt")).unwrap();
    let p = set.into_iter().find(|p| p.difficulty == Difficulty::Hard).unwrap();
    let game = p.view.rebuild().unwrap();
    let (played, _) = lauzait_autoplay::plan_whole_day(&game, p.view.seat, lauzait_bots::Level::Easy, 1, 8).unwrap();
    let m = Mistake {
        schedule: Schedule::NEW,
        cost: Margin { tenths: 43 },
        played,
        best: p.solution.clone(),
        view: p.view,
    };
    let mut waiting = m.clone();
    waiting.schedule = Schedule { due: NOW + 30 * 60 * 60 * 1000, solves: 1 };
    let waiting = Queue { mistakes: vec![waiting] };
    let mut t = Table::open(Loaded::Nothing);
    let reply = |t: &mut Table| {
        let asked = t.posted.pop().expect("asked of the rater");
        for reply in answer(&asked, NOW, &mut Vec::new()).expect("a mistakes' request") {
            t.send(Msg::RaterText(reply));
        }
    };
    // The screen reads the stored progress and queue, then asks the rater how it stands.
    t.intent(Intent::Puzzles(PuzzleIntent::Open));
    t.send(Msg::Puzzles(PuzzleMsg::Stored(None)));
    let queue = Queue { mistakes: vec![m, waiting.mistakes[0].clone()] };
    t.send(Msg::Puzzles(PuzzleMsg::MineStored(Some(queue.to_text()))));
    reply(&mut t);
    both_languages("mistakes_picker", &mut t);
    t.intent(Intent::Puzzles(PuzzleIntent::Ask(Level::Mine)));
    reply(&mut t);
    both_languages("mistake_table", &mut t);
    t.play_day_by_taps();
    reply(&mut t);
    both_languages("mistake_judged", &mut t);
    // Only the one solved once is left, due tomorrow.
    t.send(Msg::Puzzles(PuzzleMsg::MineStored(Some(waiting.to_text()))));
    t.intent(Intent::Puzzles(PuzzleIntent::Next));
    reply(&mut t);
    both_languages("mistakes_none_due", &mut t);
}
