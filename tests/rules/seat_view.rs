//! R40 at the boundary to the computer players' worker: the page posts a seat's view
//! ([`SeatView`]), never the game. The game the worker rebuilds from it shows that seat the
//! same view, so every level plans the same Day; the text posted is the same whatever is
//! hidden and names nothing hidden; a seat view that is no real position is refused with
//! a reason, never a panic.

use lauzait_autoplay::{answer, plan_whole_day, BotReply, BotRequest, RequestId};
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};

use crate::common;
use common::{assert_same_view, positions};

/// Playouts for the Strong player in tests: enough to search, quick to run.
const TEST_PLAYOUTS: u32 = 24;

/// Positions of games from random seeds, 2–4 players, played by Easy and Normal computer
/// players (quick): the start of each Day, the position before each later step of it, and
/// the Season summaries.
fn random_positions() -> Vec<Game> {
    let mut out = Vec::new();
    let mut rng = Pcg64Mcg::seed_from_u64(40);
    for g in 0..6 {
        let players = 2 + g % 3;
        let options = GameOptions::for_players(players, rng.random()).unwrap();
        let mut chance = seeded(rng.random());
        let mut game = Game::new(options, &mut chance);
        let levels: Vec<Level> =
            (0..players).map(|_| *[Level::Easy, Level::Normal].choose(&mut rng).unwrap()).collect();
        for _ in 0..30 {
            match game.status() {
                Status::GameOver { .. } => break,
                Status::SeasonOver => {
                    out.push(game.clone());
                    game.apply(Action::NextSeason, &mut chance).unwrap();
                    continue;
                }
                Status::Playing => {}
            }
            let seat = game.to_move();
            let (actions, _) = plan_whole_day(&game, seat, levels[seat], rng.random(), 0).unwrap();
            for a in actions {
                if !a.ends_day() || rng.random_bool(0.5) {
                    out.push(game.clone());
                }
                game.apply(a, &mut chance).unwrap();
            }
        }
    }
    out
}

pub(crate) fn all_positions() -> Vec<Game> {
    let mut out = positions();
    out.extend(random_positions());
    out
}

/// The text the page posts to ask for `seat`'s Day in `game`.
fn request_text(game: &Game, seat: usize) -> String {
    BotRequest::new(game, seat, Level::Strong, 7, 300, RequestId::ComputerDay(1)).unwrap().to_text()
}

#[test]
fn r40_a_rebuilt_game_shows_each_seat_what_the_real_game_shows() {
    let positions = all_positions();
    assert!(positions.iter().any(|g| g.status() == Status::SeasonOver));
    for (i, game) in positions.iter().enumerate() {
        for seat in 0..game.scores().len() {
            let view = game.view(seat).unwrap();
            let text = serde_json::to_string(&SeatView::new(&view)).unwrap();
            let sent: SeatView = serde_json::from_str(&text).unwrap();
            assert_eq!(sent, SeatView::new(&view), "position {i}: the text reads back");
            let rebuilt = sent.rebuild().unwrap_or_else(|e| panic!("position {i}, seat {seat}: {e}"));
            assert_eq!(rebuilt.invariant_violation(), None);
            assert_same_view(&view, &rebuilt.view(seat).unwrap());
        }
    }
}

/// The text form reads back to the same view, for every seat of every position (Day
/// starts, mid-Day, Season summaries, 2–4 players, with and without the luminous rule).
#[test]
fn the_view_as_text_reads_back_exactly() {
    let mut read = 0;
    for (i, game) in all_positions().iter().enumerate() {
        for seat in 0..game.scores().len() {
            let view = SeatView::new(&game.view(seat).unwrap());
            let text = view.to_text();
            assert_eq!(SeatView::from_text(&text).as_ref(), Ok(&view), "position {i}, seat {seat}: {text}");
            read += 1;
        }
    }
    assert!(read > 300, "{read} views");
}

/// A damaged text is refused with the token at fault, or read as a view that the rebuild
/// then checks: never a panic.
#[test]
fn a_damaged_view_text_never_panics() {
    let (game, _) = mid_day();
    let good = SeatView::new(&game.view(game.to_move()).unwrap()).to_text();
    let tokens: Vec<&str> = good.split(' ').collect();
    let replacements = ["0", "1", "2", "9", "24", "-1", "-", "G9", "W0", "J", "c3", "f", "x", "99999", "ddlll"];
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let (mut refused_count, mut read) = (0, 0);
    for _ in 0..3000 {
        let mut bad: Vec<&str> = tokens.clone();
        match rng.random_range(0..3) {
            0 => bad.truncate(rng.random_range(0..tokens.len())),
            1 => _ = bad.remove(rng.random_range(0..bad.len())),
            _ => {
                for _ in 0..rng.random_range(1..4) {
                    let k = rng.random_range(0..bad.len());
                    bad[k] = replacements.choose(&mut rng).unwrap();
                }
            }
        }
        match SeatView::from_text(&bad.join(" ")) {
            Err(e) => {
                let e = e.to_string();
                assert!(e.starts_with("seat view") && e.len() < 200, "{e}");
                refused_count += 1;
            }
            Ok(view) => {
                if let Ok(rebuilt) = view.rebuild() {
                    assert_eq!(rebuilt.invariant_violation(), None);
                }
                read += 1;
            }
        }
    }
    assert!(refused_count > 1000 && read > 0, "{refused_count} refused, {read} read");
}

#[test]
fn r40_every_level_plans_the_same_day_from_the_posted_request() {
    let playing: Vec<Game> = all_positions().into_iter().filter(|g| g.status() == Status::Playing).collect();
    // Every other position, to keep the Strong player's searches to a few seconds.
    for (i, game) in playing.iter().enumerate().step_by(2) {
        let seat = game.to_move();
        for level in Level::ALL {
            let seed = 1000 + i as u64;
            let real = plan_whole_day(game, seat, level, seed, TEST_PLAYOUTS).unwrap();
            let request =
                BotRequest::new(game, seat, level, seed, TEST_PLAYOUTS, RequestId::ComputerDay(i as u32 + 1)).unwrap();
            let reply = BotReply::from_text(&answer(&request.to_text(), || 0.0)).unwrap();
            assert_eq!(reply.error, None, "{level} at position {i}");
            assert_eq!((reply.actions, reply.plans), real, "{level} at position {i} planned otherwise");
        }
    }
}

/// `game` with one of another seat's concealed pieces (one nobody saw it take) swapped with
/// a pool piece of another kind: a game that differs from it in hidden pieces only.
pub(crate) fn swap_hidden(game: &Game, seat: usize) -> Option<Game> {
    let view = game.view(seat).unwrap();
    let other = (0..game.scores().len()).find(|&p| p != seat && p != game.to_move())?;
    let hand = game.season().hands[other].concealed;
    let known = view.known_concealed(other);
    let x = hand.kinds().find(|&x| hand.get(x) > known.get(x))?;
    let y = game.season().pool.kinds().find(|&y| y != x)?;
    let mut value = serde_json::to_value(game).unwrap();
    let (mut hand, mut pool) = (hand, game.season().pool);
    hand.remove(x);
    hand.add(y);
    pool.remove(y);
    pool.add(x);
    value["season"]["hands"][other]["concealed"] = json!(hand);
    value["season"]["pool"] = json!(pool);
    let swapped: Game = serde_json::from_value(value).unwrap();
    assert_eq!(swapped.invariant_violation(), None);
    Some(swapped)
}

/// Kinds of piece that `seat` cannot see at all: every copy is in another hand's concealed
/// pieces or the pool, and nothing in the open (a step, a seen Day, a Department's reading,
/// the last hire) names it.
pub(crate) fn hidden_kinds(game: &Game, seat: usize) -> Vec<Piece> {
    let view = game.view(seat).unwrap();
    let mut named: Vec<Piece> = view.last_hire().map(|h| h.taken).into_iter().collect();
    for d in view.seen_days() {
        named.extend(d.dissolved.into_iter().flatten().chain(d.formed.into_iter().flatten()));
        named.extend(d.discarded.into_iter().chain(d.taken));
    }
    for p in 0..game.scores().len() {
        for d in view.departments(p).iter().chain(view.day_start_departments(p)) {
            named.extend(d.pieces.into_iter().chain(d.reading.pieces()));
        }
    }
    for step in view.day_steps() {
        match *step {
            Step::Form { pieces, reading, .. } => named.extend(pieces.into_iter().chain(reading.pieces())),
            Step::Discard { piece, .. } => named.push(piece),
            Step::Dissolve { .. } | Step::Move { .. } => {}
        }
    }
    let full = PieceCounts::full_set(game.players());
    Piece::all().filter(|&x| full.get(x) > 0 && view.unseen().get(x) == full.get(x) && !named.contains(&x)).collect()
}

/// Every key of every object in `value`.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(k.clone());
            keys(v, out);
        }),
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn r40_the_posted_text_is_the_same_whatever_is_hidden_and_names_nothing_hidden() {
    let (mut swapped, mut hidden_checked) = (0, 0);
    for (i, game) in all_positions().iter().enumerate().filter(|(_, g)| g.status() == Status::Playing) {
        let seat = game.to_move();
        let text = request_text(game, seat);
        if let Some(other) = swap_hidden(game, seat) {
            assert_eq!(request_text(&other, seat), text, "position {i}: a hidden piece changed what is posted");
            swapped += 1;
        }
        // The same view over other hidden pieces (and no record of chance).
        let sampled = game.view(seat).unwrap().sample_game(&mut Pcg64Mcg::seed_from_u64(i as u64));
        assert!(sampled.chances().is_empty());
        assert_eq!(request_text(&sampled, seat), text, "position {i}: the sampled game posts the same");

        // The view goes as its text form: exactly the seat's view, nothing else beside it.
        let view_text = text.lines().find_map(|l| l.strip_prefix("view ")).expect("the view as its text");
        assert_eq!(view_text, SeatView::new(&game.view(seat).unwrap()).to_text());
        let fields: Vec<&str> = text.lines().skip(1).map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(fields, ["id", "level", "seed", "playouts", "view"], "position {i}");
        let tokens: Vec<&str> = view_text.split(' ').collect();
        for x in hidden_kinds(game, seat) {
            assert!(
                !tokens.contains(&x.to_string().as_str()),
                "position {i}: {x} is hidden from seat {seat} but posted"
            );
            hidden_checked += 1;
        }
        // Neither the game's deals nor its record of chance, under any name (a game holds
        // no seed or generator at all), in the view's own fields either.
        let mut names = Vec::new();
        keys(&serde_json::to_value(SeatView::new(&game.view(seat).unwrap())).unwrap(), &mut names);
        for bad in ["game", "seed", "rng", "pool", "log", "chances", "opening"] {
            assert!(!names.iter().any(|k| k == bad), "position {i}: the view has a field {bad}");
        }
        let game_value = serde_json::to_value(game).unwrap();
        assert!(game_value.get("seed").is_none() && game_value.get("rng").is_none(), "a game holds no generator");
    }
    assert!(swapped > 50 && hidden_checked > 50, "{swapped} swaps, {hidden_checked} hidden kinds checked");
}

/// A position in the middle of the mover's Day: a seat view with steps.
pub(crate) fn mid_day() -> (Game, Value) {
    let game = all_positions()
        .into_iter()
        .find(|g| g.status() == Status::Playing && matches!(g.day().steps.first(), Some(Step::Discard { .. })))
        .unwrap();
    let value = serde_json::to_value(SeatView::new(&game.view(game.to_move()).unwrap())).unwrap();
    (game, value)
}

/// Why `value` is refused as a seat view.
fn refused(value: &Value) -> String {
    match serde_json::from_value::<SeatView>(value.clone()) {
        Err(e) => format!("unreadable: {e}"),
        Ok(view) => view.rebuild().err().map(|e| e.to_string()).unwrap_or_else(|| panic!("accepted: {value}")),
    }
}

/// A change that makes a seat view no real position.
type Spoil = Box<dyn Fn(&mut Value)>;

#[test]
fn r40_a_seat_view_that_is_no_real_position_is_refused_with_the_reason() {
    let (game, good) = mid_day();
    let seat = game.to_move();
    assert!(serde_json::from_value::<SeatView>(good.clone()).unwrap().rebuild().is_ok());
    let other = (seat + 1) % game.scores().len();
    let start = game.season().hands[seat].concealed;
    let absent = Piece::all().find(|&x| start.get(x) == 0 && x.is_in_play(game.players())).unwrap();
    let on_board = game.season().board.squares().iter().position(|x| x.is_some()).unwrap();
    let cases: Vec<(&str, Spoil)> = vec![
        ("this seat is seat 7, but the game has", Box::new(|v| v["seat"] = json!(7))),
        ("a seen Day's player is seat 9", Box::new(|v| v["seen_days"] = json!([{"player": 9}]))),
        ("unreadable", Box::new(|v| v["pool"] = json!([]))),
        ("not nine pieces (R6)", Box::new(move |v| v["hands"][other]["concealed"] = json!(10))),
        ("this seat conceals", Box::new(|v| _ = v["concealed"].as_array_mut().unwrap().pop())),
        ("pieces G9 are in sight, but a game of", Box::new(move |v| v["concealed"] = json!(vec!["G9"; start.total()]))),
        (
            "exactly when the luminous rule is on (R30)",
            Box::new(|v| v["luminous"] = if v["luminous"].is_null() { json!("G1") } else { json!(null) }),
        ),
        (
            "is not a set read as",
            Box::new(move |v| {
                v["hands"][other]["departments"] =
                    json!([{"pieces": ["G1", "G5", "W7"], "reading": ["G1", "G2", "G3"], "bonus": 1}]);
                v["hands"][other]["concealed"] = json!(6);
            }),
        ),
        (
            "step 1 of the Day is refused",
            Box::new(move |v| v["steps"] = json!([{"type": "discard", "piece": absent, "square": "c3"}])),
        ),
        ("the Day's steps replay differently", Box::new(|v| v["steps"][0]["square"] = json!("a1"))),
        ("not a real position: score of player", Box::new(|v| v["scores"][0] = json!(99))),
        ("not a real position: board", Box::new(move |v| v["board"][on_board] = json!(null))),
        // Counters that playing on from the view would overflow.
        ("Day 4294967295 is past the", Box::new(|v| v["day"] = json!(u32::MAX))),
        ("2147483647 points is more than a game can score", Box::new(|v| v["scores"][0] = json!(i32::MAX))),
        ("-2147483648 points is more than", Box::new(|v| v["scores"][1] = json!(i32::MIN))),
    ];
    for (why, spoil) in cases {
        let mut bad = good.clone();
        spoil(&mut bad);
        let reason = refused(&bad);
        assert!(reason.contains(why), "expected “{why}”, got “{reason}”");
    }
    // The old request, which carried the whole game, is refused as unreadable.
    let old = json!({"id": 1, "game": game, "seat": seat, "level": "normal", "seed": 1, "playouts": 8});
    let refused = BotReply::from_text(&answer(&old.to_string(), || 0.0));
    assert!(refused.unwrap_err().to_string().starts_with("unreadable request"));
}

/// Every leaf of `value`, by JSON pointer.
fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => map.iter().for_each(|(k, v)| leaves(v, format!("{at}/{k}"), out)),
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| leaves(v, format!("{at}/{i}"), out)),
        _ => out.push(at),
    }
}

#[test]
fn r40_a_damaged_seat_view_never_panics() {
    let (_, good) = mid_day();
    let mut paths = Vec::new();
    leaves(&good, String::new(), &mut paths);
    let replacements =
        [json!(0), json!(1), json!(2), json!(3), json!(9), json!(24), json!(-1), json!("J"), json!("G9"), json!("W0")];
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let (mut accepted, mut refused_count) = (0, 0);
    for _ in 0..2000 {
        let mut bad = good.clone();
        for _ in 0..rng.random_range(1..4) {
            // An earlier change may have removed the leaf.
            if let Some(leaf) = bad.pointer_mut(paths.choose(&mut rng).unwrap()) {
                *leaf = replacements.choose(&mut rng).unwrap().clone();
            }
        }
        match serde_json::from_value::<SeatView>(bad).map(|v| v.rebuild()) {
            Ok(Ok(game)) => {
                assert_eq!(game.invariant_violation(), None);
                accepted += 1;
            }
            Ok(Err(reason)) => {
                assert!(!reason.to_string().is_empty());
                refused_count += 1;
            }
            Err(_) => {}
        }
    }
    assert!(refused_count > 100, "{accepted} accepted, {refused_count} refused after reading");
}

/// R12.3, R19 ("A Day"), R40: before every step of every Day of 100 games (2–4 players,
/// Easy players), every seat's view rebuilds into a game that shows it the same. A Dissolve or
/// a Form another seat took mid-Day must stand on the rebuilt hand, whose unseen pieces are
/// stand-ins: in game 35 (four players) the stand-ins in kind order stranded the Day, and a
/// guest by turns refused the host's letter with that view (`SeatView::rebuild` now tries the
/// hand holding one more unseen piece, as `SeatGame::apply` does).
#[test]
fn r12_3_r40_every_seats_view_rebuilds_before_every_step_of_every_day() {
    let mut rng = Pcg64Mcg::seed_from_u64(4040);
    let mut checked = 0;
    for g in 0..100 {
        let players = 2 + g % 3;
        let options = GameOptions::for_players(players, rng.random()).unwrap();
        let mut chance = seeded(rng.random());
        let mut game = Game::new(options, &mut chance);
        for _ in 0..200 {
            match game.status() {
                Status::GameOver { .. } => break,
                Status::SeasonOver => {
                    game.apply(Action::NextSeason, &mut chance).unwrap();
                    continue;
                }
                Status::Playing => {}
            }
            let seat = game.to_move();
            let (actions, _) = plan_whole_day(&game, seat, Level::Easy, rng.random(), 0).unwrap();
            for a in actions {
                for s in 0..players {
                    let real = game.view(s).unwrap();
                    let view = SeatView::new(&real);
                    let rebuilt = view
                        .rebuild()
                        .unwrap_or_else(|e| panic!("game {g}, seat {s} (to move {seat}): {e}\n{}", view.to_text()));
                    assert_same_view(&real, &rebuilt.view(s).unwrap());
                    checked += 1;
                }
                game.apply(a, &mut chance).unwrap();
            }
        }
    }
    assert!(checked > 100_000, "{checked} views");
}
