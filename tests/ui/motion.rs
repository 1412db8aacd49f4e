//! How the table feels (issue "A first game that feels right on every screen"): the board
//! turned toward the player whose Day it is, with taps mapped back through the same turn;
//! the Hiring animated as data (starts, interpolates, ends, ended by a tap, skipped under
//! reduced motion); sound and vibration asked for only when turned on; all four switches
//! saved with the other preferences.

use crate::harness;

use harness::{boot, Table};
use lauzait_bots::Level;
use lauzait_engine::{Phase, Seat, Square};
use lauzait_ui::feel::Pref;
use lauzait_ui::hit::hit;
use lauzait_ui::layout::{Layout, TableShape};
use lauzait_ui::model::{Overlay, Target};
use lauzait_ui::msg::Key;
use lauzait_ui::nav;
use lauzait_ui::play::animation::MOVE_MS;
use lauzait_ui::play::turn::{facing, BoardTurn, Side};
use lauzait_ui::save::{self, Loaded};
use lauzait_ui::{Effect, Intent, Model, Msg};
use std::collections::HashSet;

// A move is shown briefly.
const _: () = assert!(MOVE_MS <= 250.0);

const TURNS: [BoardTurn; 4] = [BoardTurn::Upright, BoardTurn::Quarter, BoardTurn::Half, BoardTurn::ThreeQuarters];

fn layout(w: f64, h: f64, players: usize, turn: BoardTurn) -> Layout {
    let hand = vec![None; 5];
    Layout::compute(
        w,
        h,
        &TableShape { players, concealed: &hand, departments: 0, open_hands: false, turn, lesson: false },
    )
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

#[test]
fn every_turn_is_a_bijection_of_the_grid_and_reads_back() {
    for turn in TURNS {
        let cells: HashSet<(u8, u8)> = Square::all().map(|s| turn.cell(s)).collect();
        assert_eq!(cells.len(), 25, "{turn:?}: every square has its own cell");
        for s in Square::all() {
            let (c, r) = turn.cell(s);
            assert!(c < 5 && r < 5);
            assert_eq!(turn.square(c, r), s, "{turn:?} {s}");
        }
    }
    // Which corner goes where (columns from the left, rows from the top).
    assert_eq!(BoardTurn::Upright.cell(sq("a1")), (0, 4), "red reads a1 at its bottom left");
    assert_eq!(BoardTurn::Half.cell(sq("a1")), (4, 0), "black sees a1 at the far right");
    assert_eq!(BoardTurn::Quarter.cell(sq("e1")), (0, 4), "yellow, on the right, has e1 at its bottom left");
    assert_eq!(BoardTurn::ThreeQuarters.cell(sq("a5")), (0, 4), "blue, on the left, has a5 at its bottom left");
}

#[test]
fn each_seat_of_every_table_size_reads_the_board_from_the_bottom() {
    for players in 2..=4 {
        let seats = lauzait_engine::GameOptions::for_players(players, true).unwrap().seats().to_vec();
        for &me in &seats {
            let turn = BoardTurn::toward(me);
            assert_eq!(turn.side(me), Side::Bottom, "{players} players: {me}'s edge at the bottom");
            let sides: HashSet<_> = seats.iter().map(|&s| format!("{:?}", turn.side(s))).collect();
            assert_eq!(sides.len(), seats.len(), "every seat keeps its own side");
            // The seat opposite stays opposite, the neighbours stay neighbours.
            for &other in &seats {
                let home = (Side::home(me), Side::home(other));
                let opposite = |a: Side, b: Side| {
                    matches!(
                        (a, b),
                        (Side::Bottom, Side::Top)
                            | (Side::Top, Side::Bottom)
                            | (Side::Left, Side::Right)
                            | (Side::Right, Side::Left)
                    )
                };
                assert_eq!(opposite(home.0, home.1), opposite(turn.side(me), turn.side(other)));
            }
        }
    }
}

#[test]
fn a_tap_on_a_turned_board_finds_the_square_drawn_there() {
    for (w, h) in [(1280.0, 800.0), (390.0, 844.0), (844.0, 390.0), (1024.0, 768.0)] {
        for players in 2..=4 {
            for turn in TURNS {
                let l = layout(w, h, players, turn);
                for s in Square::all() {
                    let r = l.square(s);
                    for (x, y) in [(r.cx(), r.cy()), (r.x + 1.0, r.y + 1.0), (r.right() - 1.0, r.bottom() - 1.0)] {
                        assert_eq!(hit(&l, x, y), Some(Target::Square(s)), "{w}×{h} {turn:?} {s}");
                    }
                }
            }
        }
    }
    // Turned half-way, the top-left corner of the grid is e1.
    let l = layout(1280.0, 800.0, 2, BoardTurn::Half);
    assert_eq!(l.square_at(l.grid.x + 2.0, l.grid.y + 2.0), Some(sq("e1")));
}

#[test]
fn arrow_keys_move_on_screen_on_a_turned_board() {
    let l = layout(1280.0, 800.0, 2, BoardTurn::Half);
    // Black reads the board upside down: up on screen is toward rank 1.
    assert_eq!(nav::step(&l, Target::Square(sq("c3")), Key::Up), Target::Square(sq("c2")));
    assert_eq!(nav::step(&l, Target::Square(sq("c3")), Key::Left), Target::Square(sq("d3")));
    let l = layout(1280.0, 800.0, 4, BoardTurn::Quarter);
    let from = l.square(sq("c3"));
    let to = l.square(match nav::step(&l, Target::Square(sq("c3")), Key::Up) {
        Target::Square(s) => s,
        t => panic!("{t:?}"),
    });
    assert!(to.cy() < from.cy() && (to.cx() - from.cx()).abs() < 1.0, "up is up on screen");
}

#[test]
fn computer_players_days_keep_the_board_toward_the_next_person() {
    use lauzait_engine::Direction::*;
    assert_eq!(facing(1, Clockwise, &[true, false, true]), 2);
    assert_eq!(facing(1, Counterclockwise, &[true, false, true]), 0);
    assert_eq!(facing(2, Clockwise, &[true, true, true, true]), 2);
    assert_eq!(facing(3, Clockwise, &[false, false, false, false]), 3, "nobody to face: the player to move");
}

/// A person and a computer player's Day in between, at the model: all through the computer's
/// Day the board faces the person who plays next, never the computer's seat, so it turns
/// once per change of person (right after a person's Day, as between two persons) and not
/// away and back for each computer Day.
#[test]
fn during_a_computer_players_day_the_board_faces_the_next_person() {
    let seats = [(Seat::Red, None), (Seat::Blue, Some(Level::Easy)), (Seat::Black, None)];
    let mut t = Table::new_game(&seats, 12105);
    with(&mut t, Pref::TurnBoard, true);
    let mut bot_days = 0;
    for _ in 0..8 {
        if t.status() != lauzait_engine::Status::Playing {
            break;
        }
        if t.model.bot_day() {
            let g = t.model.game().unwrap();
            let next = g.season().direction.next(g.to_move(), 3);
            let next_seat = g.options().seats()[next];
            assert_ne!(next_seat, Seat::Blue, "the seat after the computer's is a person's");
            assert_eq!(
                t.model.device.layout.turn,
                BoardTurn::toward(next_seat),
                "the computer's Day faces the next person"
            );
            // Half-way through the computer's Day (its plan arrived, a step shown).
            t.answer_worker();
            t.wait(300.0);
            if t.model.bot_day() {
                assert_eq!(t.model.device.layout.turn, BoardTurn::toward(next_seat), "and keeps facing them");
            }
            t.let_bots_play();
            bot_days += 1;
        } else {
            let me = seat_to_move(&t.model);
            t.play_day_by_taps();
            if t.model.bot_day() {
                assert_ne!(
                    t.model.device.layout.turn,
                    BoardTurn::toward(Seat::Blue),
                    "{me}'s Day ended: never toward the computer"
                );
            }
        }
    }
    assert!(bot_days >= 2, "the computer played {bot_days} Days");
}

fn with(t: &mut Table, pref: Pref, on: bool) {
    if t.model.prefs.feel.get(pref) != on {
        t.intent(Intent::Pref(pref));
    }
    assert_eq!(t.model.prefs.feel.get(pref), on);
}

fn seat_to_move(m: &Model) -> Seat {
    let g = m.game().unwrap();
    g.options().seats()[g.to_move()]
}

#[test]
fn the_board_turns_toward_each_person_in_turn_with_the_preference_on() {
    for seats in [
        vec![(Seat::Red, None), (Seat::Black, None)],
        vec![(Seat::Red, None), (Seat::Blue, None), (Seat::Black, None)],
        vec![(Seat::Red, None), (Seat::Blue, None), (Seat::Black, None), (Seat::Yellow, None)],
    ] {
        let mut t = Table::new_game(&seats, 12105);
        assert_eq!(t.model.device.layout.turn, BoardTurn::Upright, "off by default");
        with(&mut t, Pref::TurnBoard, true);
        for _ in 0..seats.len() + 1 {
            if t.status() != lauzait_engine::Status::Playing {
                break;
            }
            let me = seat_to_move(&t.model);
            assert_eq!(t.model.device.layout.turn, BoardTurn::toward(me), "{} players, {me}'s Day", seats.len());
            t.play_day_by_taps();
        }
        with(&mut t, Pref::TurnBoard, false);
        assert_eq!(t.model.device.layout.turn, BoardTurn::Upright);
    }
}

#[test]
fn a_tap_through_the_turned_layout_chooses_that_square() {
    let mut t = Table::two_persons();
    with(&mut t, Pref::TurnBoard, true);
    // Into black's Day (whoever started).
    while seat_to_move(&t.model) != Seat::Black {
        t.play_day_by_taps();
    }
    if t.model.overlay == Overlay::HandOver {
        t.intent(Intent::Ready);
    }
    assert_eq!(t.model.device.layout.turn, BoardTurn::Half);
    let p = t.model.play.legal.discards[0];
    let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(p)).unwrap();
    t.send(Msg::Tap(Target::Hand(i)));
    // The shell turns a pointer position into a target with the model's layout.
    let mover = t.model.play.legal.movers[0];
    let r = t.model.device.layout.square(mover);
    let target = hit(&t.model.device.layout, r.cx(), r.cy()).expect("a square");
    assert_eq!(target, Target::Square(mover));
    t.send(Msg::Tap(target));
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Moving { from, .. }) if from == mover));
}

#[test]
fn a_hiring_is_animated_then_ends_and_a_tap_ends_it_at_once() {
    let mut t = Table::two_persons();
    assert!(t.model.prefs.feel.motion, "motion on by default");
    t.play_day_by_taps();
    let m = t.model.play.motion.expect("the Hiring is being shown");
    assert!(t.model.animating(), "frames keep coming");
    let record = t.model.game().unwrap().season().last_hire.unwrap();
    let start = m.start;
    assert_eq!(m.taken.0, record.taken);
    assert_eq!(m.taken.2, record.player, "the taken piece flies to its new owner");
    if record.arrived {
        let (_, from, to) = m.slide.expect("the mover slides");
        assert_eq!((from, to), (record.hire.from, record.hire.to));
        assert_eq!(m.covers(), Some(to), "the board leaves the destination to the animation");
        let l = &t.model.device.layout;
        let (_, at0) = m.slide_at(l, start).unwrap();
        let (_, mid) = m.slide_at(l, start + MOVE_MS / 2.0).unwrap();
        let (_, end) = m.slide_at(l, start + MOVE_MS).unwrap();
        let (a, b) = (l.square_tile(from), l.square_tile(to));
        assert_eq!((at0.x, at0.y), (a.x, a.y), "starts on its square");
        assert_eq!((end.x, end.y), (b.x, b.y), "ends on its destination");
        let between = |v: f64, p: f64, q: f64| v >= p.min(q) && v <= p.max(q);
        assert!(between(mid.x, a.x, b.x) && between(mid.y, a.y, b.y) && (mid.x, mid.y) != (a.x, a.y));
    }
    assert!(m.progress(start + MOVE_MS / 2.0) > 0.5, "eased: most of the way by half time");
    // The page's frames move it on (a frame ticks while the model animates).
    t.wait(MOVE_MS / 2.0);
    assert!(t.model.play.motion.is_some(), "still under way");
    t.wait(MOVE_MS);
    assert!(t.model.play.motion.is_none(), "ended when its time is up");
    assert!(!t.model.animating());

    // A tap during it ends it at once, and the tap is handled as usual.
    let mut t = Table::two_persons();
    t.play_day_by_taps();
    assert!(t.model.play.motion.is_some());
    t.intent(Intent::Ready);
    assert!(t.model.play.motion.is_none(), "never in the way");
    assert_eq!(t.model.overlay, Overlay::None, "the tap did what it does");
}

#[test]
fn no_animation_under_reduced_motion_or_with_motion_off() {
    let mut b = boot(Loaded::Nothing);
    b.reduced_motion = true;
    let mut t = Table::two_persons();
    t.model = Model::new(b).0;
    t.send(Msg::Resize { width: 1280.0, height: 800.0, dpr: 1.0 });
    for (i, &seat) in Seat::ALL.iter().enumerate() {
        t.send(Msg::DraftSeat(seat, i % 2 == 0));
    }
    t.intent(Intent::Start);
    assert!(!t.model.motion_on());
    t.play_day_by_taps();
    assert!(t.model.play.motion.is_none() && t.model.play.anim.is_none(), "reduced motion: nothing moves");

    let mut t = Table::two_persons();
    with(&mut t, Pref::Motion, false);
    t.play_day_by_taps();
    assert!(t.model.play.motion.is_none() && t.model.play.anim.is_none(), "motion turned off");
}

fn sounds(effects: &[Effect]) -> usize {
    effects.iter().filter(|e| matches!(e, Effect::Sound(_))).count()
}

fn pulses(effects: &[Effect]) -> usize {
    effects.iter().filter(|e| matches!(e, Effect::Vibrate(_))).count()
}

#[test]
fn sound_and_vibration_only_when_turned_on() {
    let mut t = Table::two_persons();
    assert!(!t.model.prefs.feel.sound && !t.model.prefs.feel.vibrate, "off by default");
    t.play_day_by_taps();
    assert_eq!((sounds(&t.effects), pulses(&t.effects)), (0, 0), "silent and still by default");

    let mut t = Table::two_persons();
    with(&mut t, Pref::Sound, true);
    t.effects.clear();
    t.play_day_by_taps();
    assert_eq!(sounds(&t.effects), 3, "a discard, a move and a capture (or a throw)");
    assert_eq!(pulses(&t.effects), 0);

    let mut t = Table::two_persons();
    with(&mut t, Pref::Vibrate, true);
    t.effects.clear();
    t.play_day_by_taps();
    assert_eq!((sounds(&t.effects), pulses(&t.effects)), (0, 3));

    // A computer player's Day sounds but does not vibrate the person's device.
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 12105);
    with(&mut t, Pref::Sound, true);
    with(&mut t, Pref::Vibrate, true);
    t.let_bots_play();
    t.play_day_by_taps();
    t.effects.clear();
    t.let_bots_play();
    assert!(sounds(&t.effects) >= 3, "the computer's Day is heard");
    assert_eq!(pulses(&t.effects), 0, "only one's own acts vibrate");
}

#[test]
fn the_switches_are_saved_with_the_other_preferences() {
    let mut t = Table::two_persons();
    t.intent(Intent::Pref(Pref::Motion));
    t.intent(Intent::Pref(Pref::Motion));
    let text = t.saved.clone().unwrap();
    for field in ["turn_board", "motion", "sound", "vibrate"] {
        assert!(!text.contains(field), "defaults are left out: {text}");
    }
    for pref in Pref::ALL {
        t.intent(Intent::Pref(pref));
    }
    let text = t.saved.clone().unwrap();
    let Loaded::Save(s) = save::parse(&text) else { panic!("the save reads: {text}") };
    assert!(s.feel.turn_board && !s.feel.motion && s.feel.sound && s.feel.vibrate, "{text}");
    let again = t.reload();
    assert_eq!(again.model.prefs.feel, t.model.prefs.feel, "kept over a reload");
    assert_eq!(again.model.device.layout.turn, t.model.device.layout.turn);
    // A save written before the switches existed reads with the defaults.
    let old = text.replace(",\"turn_board\":true", "").replace(",\"motion\":false", "");
    let Loaded::Save(s) = save::parse(&old) else { panic!("{old}") };
    assert!(!s.feel.turn_board && s.feel.motion);
}

#[test]
fn the_switches_round_trip_through_their_button_codes() {
    for pref in Pref::ALL {
        assert_eq!(Intent::parse(&Intent::Pref(pref).code()), Ok(Intent::Pref(pref)));
    }
    assert!(Intent::parse("pref:").is_err());
}
