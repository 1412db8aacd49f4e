//! R40 for a table's spectators: what a spectator is sent ([`SpectatorView`]) is built from
//! the public view alone, so it is the same whatever any hand conceals, names no piece that
//! no seat can see, and reads back exactly; a damaged text is refused, never a panic.

use lauzait_engine::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::seat_view::{all_positions, hidden_kinds, mid_day, swap_hidden};

fn spectator_text(game: &Game) -> String {
    SpectatorView::new(&game.public()).to_text()
}

#[test]
fn r40_a_spectators_view_is_the_same_whatever_any_hand_conceals() {
    let (mut swapped, mut sampled, mut hidden_checked) = (0, 0, 0);
    for (i, game) in all_positions().iter().enumerate() {
        let text = spectator_text(game);
        let tokens: Vec<&str> = text.split(' ').collect();
        for seat in 0..game.scores().len() {
            // Another seat's concealed piece swapped with the pool's: nothing a spectator is
            // sent changes.
            if let Some(other) = swap_hidden(game, seat) {
                assert_eq!(
                    spectator_text(&other),
                    text,
                    "position {i}: a concealed piece changed the spectator's view"
                );
                swapped += 1;
            }
            // Every hand but `seat`'s dealt again from what `seat` cannot see.
            if game.status() == Status::Playing {
                let other =
                    game.view(seat).unwrap().sample_game(&mut Pcg64Mcg::seed_from_u64(i as u64 * 7 + seat as u64));
                assert_eq!(spectator_text(&other), text, "position {i}: other hands, another spectator's view");
                sampled += 1;
            }
            // A kind of piece every copy of which is concealed from `seat` (in another hand or
            // the pool, named by nothing public) is concealed from a spectator too.
            for x in hidden_kinds(game, seat) {
                assert!(!tokens.contains(&x.to_string().as_str()), "position {i}: {x} is concealed but sent");
                hidden_checked += 1;
            }
        }
        // No seat's own concealed pieces either: the counts are all that is sent of a hand.
        let view = SpectatorView::from_text(&text).unwrap();
        for (p, hand) in view.hands.iter().enumerate() {
            assert_eq!(hand.concealed, game.public().concealed_count(p), "position {i}");
        }
    }
    assert!(
        swapped > 50 && sampled > 100 && hidden_checked > 50,
        "{swapped} swaps, {sampled} samples, {hidden_checked} kinds"
    );
}

/// The text form reads back to the same view, for every position (Day starts, mid-Day,
/// Season summaries, 2–4 players, with and without the luminous rule).
#[test]
fn the_spectators_view_as_text_reads_back_exactly() {
    let positions = all_positions();
    for (i, game) in positions.iter().enumerate() {
        let view = SpectatorView::new(&game.public());
        assert_eq!(SpectatorView::from_text(&view.to_text()).as_ref(), Ok(&view), "position {i}");
    }
    assert!(positions.len() > 100, "{} positions", positions.len());
    // A seat's view is not a spectator's, nor the other way round: each form has its mark.
    let (game, _) = mid_day();
    let seat_text = SeatView::new(&game.view(0).unwrap()).to_text();
    assert!(SpectatorView::from_text(&seat_text).unwrap_err().to_string().contains("pv1"));
    assert!(SeatView::from_text(&spectator_text(&game)).is_err());
}

/// A damaged text (cut, a token dropped or replaced) is refused with the token at fault, or
/// read as some view: never a panic.
#[test]
fn a_damaged_spectators_view_never_panics() {
    let (game, _) = mid_day();
    let good = spectator_text(&game);
    let tokens: Vec<&str> = good.split(' ').collect();
    let replacements = ["0", "1", "2", "9", "24", "-1", "-", "G9", "W0", "J", "c3", "f", "99999", "ddlll"];
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut refused = 0;
    for _ in 0..3000 {
        let mut bad = tokens.clone();
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
        if let Err(e) = SpectatorView::from_text(&bad.join(" ")) {
            assert!(e.to_string().len() < 200, "{e}");
            refused += 1;
        }
    }
    assert!(refused > 1000, "{refused} refused");
}
