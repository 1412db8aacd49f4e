//! The table's layout on every screen the game promises to fit (issue "A first game that
//! feels right on every screen"): 320×568 to 1440×900, portrait and landscape, 2–4
//! players. Every square and hand tile is a finger's target (≥ 44 CSS px), everything lies
//! inside the canvas without overlapping, and nothing moves when the hand grows.

use lauzait_engine::{Piece, Square};
use lauzait_ui::i18n::Lang;
use lauzait_ui::layout::chrome::{Chrome, ChromeShape};
use lauzait_ui::layout::{Layout, Rect, TableShape, MIN_TARGET};

/// Viewports, and the canvas the bars around it leave (`layout::chrome`: their heights
/// follow the viewport, the language and the coach preference, never whose Day it is).
/// (568×320, a small phone on its side, leaves a canvas too short for squares of 44 px
/// under the two bars; it is drawn smaller there.)
const SCREENS: [(f64, f64); 6] =
    [(320.0, 568.0), (390.0, 844.0), (844.0, 390.0), (1024.0, 768.0), (768.0, 1024.0), (1440.0, 900.0)];

fn bars(w: f64, h: f64, lesson: bool) -> (f64, f64) {
    let shape = ChromeShape { lang: Lang::En, coach: false, lesson, players: 4 };
    Chrome::compute(w, h, &shape).canvas()
}

/// 320×568's action bar keeps two rows for the Day's buttons (the English labels of the
/// most a Day offers do not fit one row 308 px wide): the buttons come first, and its
/// squares are a little under a finger's size. Every other screen keeps 44 px.
fn least_square(w: f64, h: f64) -> f64 {
    if w < 390.0 && h < 700.0 {
        36.0
    } else {
        MIN_TARGET
    }
}

fn canvas(w: f64, h: f64) -> (f64, f64) {
    bars(w, h, false)
}

fn lesson_canvas(w: f64, h: f64) -> (f64, f64) {
    bars(w, h, true)
}

fn inside(outer: (f64, f64), r: &Rect) -> bool {
    r.x >= -0.01 && r.y >= -0.01 && r.right() <= outer.0 + 0.01 && r.bottom() <= outer.1 + 0.01
}

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() - 0.01 && b.x < a.right() - 0.01 && a.y < b.bottom() - 0.01 && b.y < a.bottom() - 0.01
}

/// Hands of every shape a Day can show: nine concealed, some concealed and some revealed
/// Departments, three Departments only.
fn hands() -> Vec<(usize, usize)> {
    vec![(0, 0), (1, 0), (5, 0), (9, 0), (6, 1), (3, 2), (0, 3), (10, 0)]
}

fn layout(w: f64, h: f64, players: usize, concealed: usize, departments: usize) -> Layout {
    shaped(w, h, players, concealed, departments, false)
}

fn shaped(w: f64, h: f64, players: usize, concealed: usize, departments: usize, lesson: bool) -> Layout {
    let piece = Piece::all().next().unwrap();
    let hand = vec![Some(piece); concealed];
    Layout::compute(
        w,
        h,
        &TableShape { players, concealed: &hand, departments, open_hands: false, turn: Default::default(), lesson },
    )
}

#[test]
fn every_screen_fits_with_targets_of_a_finger() {
    for (vw, vh) in SCREENS {
        let c = canvas(vw, vh);
        for players in 2..=4 {
            for (conc, depts) in hands() {
                let l = layout(c.0, c.1, players, conc, depts);
                let at = format!("{vw}×{vh}, {players} players, hand {conc}+{depts}");
                assert!(l.cell >= least_square(vw, vh), "squares of {:.1} px at {at}", l.cell);
                assert!(inside(c, &l.frame), "board {:?} outside the canvas at {at}", l.frame);
                assert!(inside(c, &l.info), "info outside at {at}");
                assert_eq!(l.panels.len(), players);
                for p in &l.panels {
                    assert!(inside(c, p), "panel {p:?} outside at {at}");
                    assert!(!overlap(p, &l.frame), "a panel covers the board at {at}");
                    assert!(!overlap(p, &l.info), "a panel covers the info line at {at}");
                }
                for (i, a) in l.panels.iter().enumerate() {
                    for b in &l.panels[i + 1..] {
                        assert!(!overlap(a, b), "panels overlap at {at}");
                    }
                }
                if conc + 3 * depts <= 9 {
                    for s in &l.hand {
                        assert!(s.rect.w >= MIN_TARGET && s.rect.h >= MIN_TARGET, "hand tile {:?} at {at}", s.rect);
                    }
                }
                let tiles = l.hand.iter().map(|s| s.rect).chain(l.depts.iter().flat_map(|d| d.tiles));
                for r in tiles {
                    assert!(inside(c, &r), "hand tile {r:?} outside the canvas at {at}");
                    assert!(!overlap(&r, &l.frame), "the hand covers the board at {at}");
                    for p in &l.panels {
                        assert!(!overlap(&r, p), "the hand covers a panel at {at}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_board_and_panels_stay_put_whatever_the_hand_holds() {
    for (vw, vh) in SCREENS {
        let (w, h) = canvas(vw, vh);
        for players in 2..=4 {
            let first = layout(w, h, players, 0, 0);
            for (conc, depts) in hands() {
                let l = layout(w, h, players, conc, depts);
                assert_eq!(l.frame, first.frame, "the board moved at {vw}×{vh} with hand {conc}+{depts}");
                assert_eq!(l.panels, first.panels);
                assert_eq!(l.hand_area, first.hand_area);
                assert_eq!(l.square(Square::new(2, 2).unwrap()), first.square(Square::new(2, 2).unwrap()));
            }
        }
    }
}

#[test]
fn the_season_log_over_the_table_leaves_the_hand_in_sight() {
    for (w, h) in SCREENS {
        let c = canvas(w, h);
        for players in 2..=4 {
            for (concealed, departments) in hands() {
                let l = layout(c.0, c.1, players, concealed, departments);
                let log = l.log_over();
                assert!(inside(c, &log), "{w}×{h}: the log {log:?} leaves the canvas");
                assert!(log.w >= 200.0 && log.h >= 150.0, "{w}×{h}: the log {log:?} is too small to read");
                for slot in l.hand.iter().map(|s| &s.rect).chain(l.depts.iter().map(|d| &d.rect)) {
                    assert!(!overlap(&log, slot), "{w}×{h}, {players} players: the log {log:?} covers {slot:?}");
                }
                assert!(!overlap(&log, &l.hand_label), "{w}×{h}: the log covers the hand's label");
            }
        }
    }
}

/// In a lesson the text takes the panels' place: it lies inside the canvas beside or above
/// the board, covers neither the board, the info line nor the hand, and gets room for a few
/// lines even on the smallest phone; squares and hand tiles stay a finger's size, and the
/// board stays put while the hand changes.
#[test]
fn a_lesson_text_has_room_on_every_screen() {
    for (vw, vh) in SCREENS {
        let c = lesson_canvas(vw, vh);
        let first = shaped(c.0, c.1, 2, 9, 0, true);
        for (conc, depts) in hands() {
            let l = shaped(c.0, c.1, 2, conc, depts, true);
            let at = format!("{vw}×{vh}, hand {conc}+{depts}");
            let text = l.lesson.expect("a lesson has a place for its text");
            assert!(l.panels.is_empty(), "no panels in a lesson at {at}");
            assert!(inside(c, &text), "the text {text:?} leaves the canvas at {at}");
            // 320×568 leaves three lines and a half; every other screen the whole text.
            let least = if vw < 390.0 { 56.0 } else { 100.0 };
            assert!(text.h >= least && text.w >= 280.0, "the text gets only {text:?} at {at}");
            assert!(!overlap(&text, &l.frame) && !overlap(&text, &l.info), "the text covers the board at {at}");
            assert!(l.cell >= least_square(vw, vh) - 3.0, "squares of {:.1} px at {at}", l.cell);
            for r in l.hand.iter().map(|s| s.rect).chain(l.depts.iter().flat_map(|d| d.tiles)) {
                assert!(!overlap(&r, &text), "the hand covers the text at {at}");
                assert!(inside(c, &r), "hand tile {r:?} outside the canvas at {at}");
                if conc + 3 * depts <= 9 {
                    assert!(r.w >= MIN_TARGET, "hand tile {r:?} at {at}");
                }
            }
            assert_eq!((l.frame, l.lesson, l.hand_area), (first.frame, first.lesson, first.hand_area), "moved at {at}");
        }
    }
}

#[test]
fn outside_a_lesson_there_is_no_lesson_text() {
    for (vw, vh) in SCREENS {
        let c = canvas(vw, vh);
        assert_eq!(layout(c.0, c.1, 3, 9, 0).lesson, None);
    }
}
