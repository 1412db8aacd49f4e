//! The game as one seat knows it (R40): the public game and that seat's own concealed pieces,
//! nothing of the other hands but what everyone saw, nothing of the pool. A device that holds
//! only its seat's hand (a deal by all the devices: DEAL-PROTOCOL.md) plays the game on this,
//! advanced by every seat's actions as everyone sees them, with what each action shows: the
//! pieces it names (a discard, a Form), a declaration's or a Stalemate's hand, a throw, the
//! next Season's opening as the seat sees it.
//!
//! It is kept as a [`SeatView`]; an action is applied to the game the view rebuilds
//! ([`SeatView::rebuild`]), whose stand-in hands are made to hold the pieces the action shows,
//! and the seat's view is taken again. So every rule is the engine's own, and the stand-ins
//! never outlive the step: what is kept is exactly what the seat may see.

use super::day::{Action, RuleError};
use super::game::{Game, GameOptions, Outcome};
use super::hiring::Sticks;
use super::piece::{Piece, PieceCounts};
use super::position::Board;
use super::randomness::{Chance, ChanceError, Drawn, Opening, Source};
use super::seat::Direction;
use super::seat_view::{RebuildError, SeatView};
use std::fmt;

/// A Season's opening as one seat sees it (R6, R7, R30, R40).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatOpening {
    /// The seat's nine.
    pub hand: PieceCounts,
    /// The 24 pieces on the board, the Mountain empty.
    pub board: Board,
    /// The piece turned face up, when the luminous rule is on (R30).
    pub luminous: Option<Piece>,
    pub start: usize,
    pub direction: Direction,
}

impl Opening {
    /// The opening as `seat` sees it: its own nine, the board, the luminous piece, who starts
    /// and which way. `None` when the hands are not known (a public record) or there is no
    /// such seat.
    pub fn seen_by(&self, seat: usize) -> Option<SeatOpening> {
        Some(SeatOpening {
            hand: *self.hands.as_ref()?.get(seat)?,
            board: self.board,
            luminous: self.luminous,
            start: self.start,
            direction: self.direction,
        })
    }
}

/// What comes with an action beyond the action itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disclosed {
    Nothing,
    /// The concealed pieces a declaration or a Stalemate shows (R11, R19): the whole hand.
    Hand(PieceCounts),
    /// The throw of a Hiring into the Water (R12.6).
    Throw(Sticks),
    /// The next Season's opening, as this seat sees it (R6, R7).
    Opening(SeatOpening),
}

/// Why an action or an opening cannot be taken into the game as the seat knows it. Nothing
/// changes on a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatGameError {
    /// The pieces the action shows cannot be in that hand, with what the seat has seen.
    Rebuild(RebuildError),
    /// The rules refuse the action (or the opening, or the throw where it fell).
    Refused(RuleError),
    /// A declaration or a Stalemate came without the hand it shows.
    HandNotShown,
    /// The hand shown is not all the concealed pieces that hand holds, with what the seat
    /// has seen (R11, R19 show the whole hand).
    HandShownDiffers,
    /// The seat is not one of the game's.
    NoSuchSeat { seat: usize },
    /// Something came with the action that it does not use.
    Unused,
    /// The opening is not one a Season could open with (R6, R7, R30).
    Opening(ChanceError),
}

impl fmt::Display for SeatGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatGameError::Rebuild(e) => write!(f, "the pieces shown cannot be in that hand: {e}"),
            SeatGameError::Refused(e) => write!(f, "the rules refuse it: {e}"),
            SeatGameError::HandNotShown => {
                f.write_str("a declaration or a Stalemate shows the hand, and it was not sent")
            }
            SeatGameError::HandShownDiffers => {
                f.write_str("the hand shown is not the whole hand, with what this seat has seen")
            }
            SeatGameError::NoSuchSeat { seat } => write!(f, "the game has no seat {}", seat + 1),
            SeatGameError::Unused => f.write_str("it came with a throw, a hand or an opening it does not use"),
            SeatGameError::Opening(e) => write!(f, "the Season cannot open so: {e}"),
        }
    }
}

impl std::error::Error for SeatGameError {}

/// The game as seat [`SeatView::seat`] knows it (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatGame {
    view: SeatView,
}

impl SeatGame {
    /// The game's first Season as `seat` sees its opening.
    pub fn begin(options: GameOptions, seat: usize, opening: SeatOpening) -> Result<SeatGame, SeatGameError> {
        let chances = [Drawn { after: 0, chance: Chance::Opening { opening: stand_ins(&options, seat, &opening)? } }];
        let game = Game::replay(options, &chances, &[]).map_err(|e| match e.error {
            RuleError::Chance(c) => SeatGameError::Opening(c),
            other => SeatGameError::Refused(other),
        })?;
        Self::seen_by(&game, seat)
    }

    /// A game as a seat's view shows it, once the view is found to be a real position.
    pub fn from_view(view: SeatView) -> Result<SeatGame, RebuildError> {
        view.rebuild()?;
        Ok(SeatGame { view })
    }

    /// What the seat sees.
    pub fn view(&self) -> &SeatView {
        &self.view
    }

    /// Applies `action` of whoever's Day it is, with what it `disclosed`.
    ///
    /// Whether a Dissolve or a Form leaves the Day a legal end (R12.3, R19: "A Day") depends
    /// on the rest of the hand, which another seat cannot see: such an action of another seat
    /// is taken when some piece its hand may hold, with what this seat has seen, lets the
    /// Day end. (The whole Season's replay checks it again once its deal is known.)
    pub fn apply(&mut self, action: Action, disclosed: Disclosed) -> Result<Outcome, SeatGameError> {
        let also = self.shown(action, &disclosed)?;
        let (outcome, game) = match self.apply_holding(action, &disclosed, &also) {
            Err(SeatGameError::Refused(RuleError::WouldStrandTheDay)) if self.view.to_move != self.view.seat => {
                let mut with_one_more = Piece::all().filter_map(|piece| {
                    let mut more = also;
                    more.add(piece);
                    self.apply_holding(action, &disclosed, &more).ok()
                });
                with_one_more.next().ok_or(SeatGameError::Refused(RuleError::WouldStrandTheDay))?
            }
            applied => applied?,
        };
        *self = Self::seen_by(&game, self.view.seat)?;
        Ok(outcome)
    }

    /// The concealed pieces `action` shows leaving another seat's hand (none of this seat's
    /// own, which it sees).
    fn shown(&self, action: Action, disclosed: &Disclosed) -> Result<PieceCounts, SeatGameError> {
        let shown = match (action, disclosed) {
            (Action::Discard { piece }, _) => [piece].into_iter().collect(),
            (Action::Form { pieces, .. }, _) => pieces.into_iter().collect(),
            (Action::Declare | Action::DeclareStalemate, Disclosed::Hand(hand)) => *hand,
            (Action::Declare | Action::DeclareStalemate, _) => return Err(SeatGameError::HandNotShown),
            _ => PieceCounts::new(),
        };
        Ok(if self.view.to_move == self.view.seat { PieceCounts::new() } else { shown })
    }

    /// `action` applied to the game the view rebuilds, the hand whose Day it is holding `also`
    /// beyond what its steps show: its outcome and the game after it.
    fn apply_holding(
        &self,
        action: Action,
        disclosed: &Disclosed,
        also: &PieceCounts,
    ) -> Result<(Outcome, Game), SeatGameError> {
        let mut game = self.view.rebuild_holding(also).map_err(SeatGameError::Rebuild)?;
        let after = game.log().len() + 1;
        let chances = match disclosed {
            Disclosed::Nothing => Vec::new(),
            Disclosed::Hand(hand) => {
                // The stand-in must be the hand shown, no more: a hand shown short of the
                // hand's count is no hand.
                if game.hand_now(self.view.to_move).map(|h| h.concealed) != Some(*hand) {
                    return Err(SeatGameError::HandShownDiffers);
                }
                Vec::new()
            }
            Disclosed::Throw(sticks) => vec![Drawn { after, chance: Chance::Throw { sticks: *sticks } }],
            Disclosed::Opening(opening) => {
                let opening = stand_ins(game.options(), self.view.seat, opening)?;
                vec![Drawn { after, chance: Chance::Opening { opening } }]
            }
        };
        let mut source: Source = Source::Recorded(chances.iter());
        let outcome = game.apply_from(action, &mut source).map_err(SeatGameError::Refused)?;
        if !source.exhausted() {
            return Err(SeatGameError::Unused);
        }
        Ok((outcome, game))
    }

    fn seen_by(game: &Game, seat: usize) -> Result<SeatGame, SeatGameError> {
        let view = game.view(seat).ok_or(SeatGameError::NoSuchSeat { seat })?;
        Ok(SeatGame { view: SeatView::new(&view) })
    }
}

/// A whole opening with `opening`'s hand for `seat` and stand-ins for the others: the pieces
/// the seat cannot see, in kind order. Only the engine's check of a Season's opening sees
/// them; the game is viewed from `seat` at once.
fn stand_ins(options: &GameOptions, seat: usize, opening: &SeatOpening) -> Result<Opening, SeatGameError> {
    let mut unseen = PieceCounts::full_set(options.player_count());
    let mut seen = opening.board.pieces();
    seen.add_all(&opening.hand);
    opening.luminous.iter().for_each(|&x| seen.add(x));
    if !unseen.contains_all(&seen) {
        let why = "the pieces in sight are more than the game has (R1, R3)".to_string();
        return Err(SeatGameError::Opening(ChanceError::Impossible(why)));
    }
    unseen.remove_all(&seen);
    let mut hands = Vec::new();
    for p in 0..options.seats().len() {
        if p == seat {
            hands.push(opening.hand);
        } else {
            let stand_in: PieceCounts = unseen.pieces().take(9).collect();
            unseen.remove_all(&stand_in);
            hands.push(stand_in);
        }
    }
    Ok(Opening {
        board: opening.board,
        hands: Some(hands),
        luminous: opening.luminous,
        start: opening.start,
        direction: opening.direction,
    })
}
