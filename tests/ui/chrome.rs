//! The bars around the canvas (issue #36, "nothing a player needs is ever out of sight"):
//! on every viewport from a small phone to a wide screen, coach on or off, English or
//! Japanese, the action bar keeps a row for each row its buttons can need, every button
//! fits the bar's width in at most two lines, the table keeps room below the bars, the
//! coach is docked only where the table keeps a finger's squares beside it and folded
//! elsewhere, and the table's layout is the same on a person's Day and a computer's Day.

use lauzait_engine::Piece;
use lauzait_ui::i18n::Lang;
use lauzait_ui::layout::chrome::{Chrome, ChromeShape, CoachPlace, COACH_DOCK, MIN_TABLE_SHARE};
use lauzait_ui::layout::{Layout, TableShape, MIN_TARGET};
use proptest::prelude::*;

const SIZES: [(f64, f64); 5] = [(320.0, 568.0), (390.0, 844.0), (844.0, 390.0), (1024.0, 768.0), (1440.0, 900.0)];

fn shapes() -> Vec<ChromeShape> {
    let mut out = Vec::new();
    for lang in [Lang::En, Lang::Ja] {
        for coach in [false, true] {
            for lesson in [false, true] {
                for players in 2..=4 {
                    out.push(ChromeShape { lang, coach, lesson, players });
                }
            }
        }
    }
    out
}

fn table(c: &Chrome, players: usize, concealed: usize) -> Layout {
    let (w, h) = c.canvas();
    let hand = vec![Some(Piece::all().next().unwrap()); concealed];
    let shape = TableShape {
        players,
        concealed: &hand,
        departments: 0,
        open_hands: false,
        turn: Default::default(),
        lesson: false,
    };
    Layout::compute(w, h, &shape)
}

/// What the rule promises on one viewport and shape.
fn check(w: f64, h: f64, shape: &ChromeShape) {
    let c = Chrome::compute(w, h, shape);
    let what = format!("{w}×{h} {shape:?} → {c:?}");
    // The rows kept hold the buttons (a row is a finger's height at least).
    assert!(c.row >= MIN_TARGET, "{what}");
    let buttons = 12.0 + c.rows as f64 * c.row + (c.rows - 1) as f64 * 6.0;
    let coach = if c.coach == CoachPlace::Docked { COACH_DOCK + 6.0 } else { 0.0 };
    assert!((c.actions - buttons - coach).abs() < 0.01, "{what}");
    // Each label wraps onto two lines at most: a row's height holds it.
    assert!(c.most_lines(shape.lang) <= 2 || !c.is_small(), "{what}: {} lines", c.most_lines(shape.lang));
    // The bars leave the table room: half the viewport at least where it is taller than wide.
    let (_, ch) = c.canvas();
    assert!(ch >= h * MIN_TABLE_SHARE, "{what}: canvas {ch}");
    // The coach: docked only with a finger's squares and tiles beside it; never in a lesson
    // (the lesson's text holds it); none without it.
    match c.coach {
        CoachPlace::Docked => {
            assert!(shape.coach && !shape.lesson, "{what}");
            let l = table(&c, shape.players, 9);
            assert!(l.cell >= MIN_TARGET && l.tile >= MIN_TARGET, "{what}: {} {}", l.cell, l.tile);
        }
        CoachPlace::Folded => assert!(shape.coach && !shape.lesson, "{what}"),
        CoachPlace::None => assert!(!shape.coach || shape.lesson, "{what}"),
    }
}

/// Found by the property below: a short landscape window where the docked coach left the
/// table 305 of 679 px.
#[test]
fn a_short_window_folds_the_coach_rather_than_squeeze_the_table() {
    check(544.0, 679.0, &ChromeShape { lang: Lang::Ja, coach: true, lesson: false, players: 2 });
}

#[test]
fn the_five_screens_keep_the_message_and_every_button_in_sight() {
    for (w, h) in SIZES {
        for shape in shapes() {
            check(w, h, &shape);
        }
    }
}

#[test]
fn a_phone_held_upright_docks_the_coach_only_when_tall() {
    let on = |lang| ChromeShape { lang, coach: true, lesson: false, players: 4 };
    for lang in [Lang::En, Lang::Ja] {
        assert_eq!(Chrome::compute(320.0, 568.0, &on(lang)).coach, CoachPlace::Folded);
        assert_eq!(Chrome::compute(844.0, 390.0, &on(lang)).coach, CoachPlace::Folded);
        assert_eq!(Chrome::compute(1440.0, 900.0, &on(lang)).coach, CoachPlace::Docked);
    }
}

#[test]
fn the_estimate_is_wider_than_the_measured_labels() {
    // Widths measured in headless Chromium at 14 px (the page's system font), text only.
    for (label, measured) in
        [("Stalemate — end this Day", 183.2f64), ("Lauzait-Cep!", 88.5), ("Dissolve", 58.7), ("Not this one", 85.1)]
    {
        let (w, _) = Chrome::estimate(label, false, true);
        assert!(w - 24.0 >= measured.min(116.0), "{label}: {w}");
    }
}

#[test]
fn whose_day_it_is_does_not_move_the_board() {
    // A person's Day shows the hand face up, a computer's face down, and buttons or none:
    // none of it reaches the bars or the table's layout, which take only the viewport and
    // the game's shape.
    for (w, h) in SIZES {
        for shape in shapes().into_iter().filter(|s| !s.lesson) {
            let c = Chrome::compute(w, h, &shape);
            let person = table(&c, shape.players, 9);
            let computer = table(&c, shape.players, 0);
            assert_eq!(person.frame, computer.frame, "{w}×{h} {shape:?}");
            assert_eq!(person.panels, computer.panels, "{w}×{h} {shape:?}");
        }
    }
}

proptest! {
    #[test]
    fn any_screen_keeps_the_message_and_every_button_in_sight(
        w in 320.0f64..1600.0,
        h in 360.0f64..1100.0,
        ja in any::<bool>(),
        coach in any::<bool>(),
        lesson in any::<bool>(),
        players in 2usize..=4,
    ) {
        let lang = if ja { Lang::Ja } else { Lang::En };
        check(w.floor(), h.floor(), &ChromeShape { lang, coach, lesson, players });
    }
}

/// Whether two rectangles share more than an edge.
fn overlap(a: &lauzait_ui::layout::Rect, b: &lauzait_ui::layout::Rect) -> bool {
    a.x < b.right() - 0.5 && b.x < a.right() - 0.5 && a.y < b.bottom() - 0.5 && b.y < a.bottom() - 0.5
}

#[test]
fn revealed_departments_stay_in_the_hand_below_the_panels() {
    // A hand of nine (R4): its concealed pieces and its revealed Departments of three (R9),
    // on every screen, with every number of players.
    for (w, h) in SIZES {
        for shape in shapes().into_iter().filter(|s| !s.lesson) {
            let c = Chrome::compute(w, h, &shape);
            let (cw, ch) = c.canvas();
            for departments in 0..=3 {
                let hand = vec![Some(Piece::all().next().unwrap()); 9 - 3 * departments];
                let table = TableShape {
                    players: shape.players,
                    concealed: &hand,
                    departments,
                    open_hands: false,
                    turn: Default::default(),
                    lesson: false,
                };
                let l = Layout::compute(cw, ch, &table);
                let what = format!("{w}×{h} {shape:?} {departments} Departments");
                assert_eq!(l.depts.len(), departments, "{what}");
                for d in &l.depts {
                    for t in &d.tiles {
                        let a = l.hand_area;
                        assert!(
                            t.x >= a.x - 0.5
                                && t.right() <= a.right() + 0.5
                                && t.y >= a.y - 0.5
                                && t.bottom() <= ch + 0.5,
                            "{what}: tile {t:?} leaves the hand {a:?} or the canvas ({ch})"
                        );
                        for p in &l.panels {
                            assert!(!overlap(t, p), "{what}: tile {t:?} covers the panel {p:?}");
                        }
                        assert!(!overlap(t, &l.frame), "{what}: tile {t:?} covers the board {:?}", l.frame);
                        for s in &l.hand {
                            assert!(!overlap(t, &s.rect), "{what}: tile {t:?} covers the hand's {:?}", s.rect);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_panels_tiles_stay_inside_it_whatever_the_hand_holds() {
    // Each player's panel on every screen and shape: its concealed pieces, their count and
    // its revealed Departments (R4 a hand of nine, R9 three to a Department; after a
    // discard, eight) lie inside the panel and over no other panel.
    for (w, h) in SIZES {
        for shape in shapes().into_iter().filter(|s| !s.lesson) {
            let c = Chrome::compute(w, h, &shape);
            let l = table(&c, shape.players, 9);
            for player in 0..shape.players {
                for departments in 0..=3 {
                    for concealed in [9 - 3 * departments, 8usize.saturating_sub(3 * departments)] {
                        for counted in [false, true] {
                            let what = format!("{w}×{h} {shape:?} panel {player}: {concealed} + {departments}");
                            let Some(tiles) = l.panel_tiles(player, concealed, departments, counted) else {
                                assert_eq!(l.mini, 0.0, "{what}");
                                continue;
                            };
                            let p = l.panels[player];
                            let all = tiles
                                .concealed
                                .iter()
                                .chain(tiles.count.iter())
                                .chain(tiles.departments.iter().flatten());
                            for t in all {
                                assert!(
                                    t.x >= p.x
                                        && t.right() <= p.right() + 0.01
                                        && t.y >= p.y
                                        && t.bottom() <= p.bottom() + 0.01,
                                    "{what}: {t:?} leaves the panel {p:?}"
                                );
                                for (other, q) in l.panels.iter().enumerate().filter(|&(o, _)| o != player) {
                                    assert!(!overlap(t, q), "{what}: {t:?} covers panel {other} {q:?}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
