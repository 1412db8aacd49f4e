//! The Easy player: legal and plausible, not clever. It declares whenever it may, forms the
//! best-paying Department whenever it can, and otherwise makes a random legal Hiring.
//! `lauzait simulate` uses it to play whole games.

use lauzait_engine::{Action, Phase, PlayerView};
use rand::seq::IndexedRandom;
use rand::Rng;

/// The next action for the seat of `view`, or `None` when it is not this seat's Day.
pub fn choose(view: &PlayerView, rng: &mut impl Rng) -> Option<Action> {
    let day = view.my_day()?;
    let players = view.players();
    match day.phase() {
        Phase::Beginning { formed, .. } => {
            if day.may_declare(players) {
                return Some(Action::Declare);
            }
            if day.may_declare_stalemate() {
                return Some(Action::DeclareStalemate);
            }
            if !formed {
                let best = day
                    .forms(players)
                    .into_iter()
                    .filter_map(|f| f.readings.first().map(|r| (r.bonus, f.pieces, r.reading)))
                    .max_by_key(|(bonus, ..)| *bonus);
                if let Some((_, pieces, reading)) = best {
                    return Some(Action::Form { pieces, reading });
                }
            }
            match day.discards().choose(rng) {
                Some(&piece) => Some(Action::Discard { piece }),
                // Only a Dissolve opens a Hiring today.
                None => day.dissolvable(players).first().map(|&department| Action::Dissolve { department }),
            }
        }
        Phase::Discarded { .. } => day.movers().choose(rng).map(|&from| Action::Move { from }),
        Phase::Moving { .. } => day.destinations().choose(rng).map(|&to| Action::Capture { to }),
    }
}
