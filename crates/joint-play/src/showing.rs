//! Which concealed pieces an action shows, and which of them its seat's device must show from
//! the deal (DEAL-PROTOCOL.md, "Showing a piece in play"): a discard's piece (R12.1), a
//! Form's three (R10), a declaration's or a Stalemate's whole hand (R11, R19); less the
//! pieces everyone saw the seat take and keep (a capture, a dissolved Department:
//! [`SeatView::known`]), which the deal knows nothing of. The seat's device and every other
//! device compute the same list from the public game, so a shown piece needs no name.

use super::error::PlayFault;
use lauzait_engine::{Action, Piece, PieceCounts, SeatView};

/// The concealed pieces `action` plays; `hand` is the hand a declaration or a Stalemate shows,
/// and comes with nothing else.
pub fn played(action: Action, hand: Option<&PieceCounts>) -> Result<PieceCounts, PlayFault> {
    match (action, hand) {
        (Action::Declare | Action::DeclareStalemate, Some(hand)) => Ok(*hand),
        (Action::Declare | Action::DeclareStalemate, None) => Err(PlayFault::HandMissing),
        (_, Some(_)) => Err(PlayFault::HandUnused),
        (Action::Discard { piece }, None) => Ok([piece].into_iter().collect()),
        (Action::Form { pieces, .. }, None) => Ok(pieces.into_iter().collect()),
        (_, None) => Ok(PieceCounts::new()),
    }
}

/// Of the pieces `seat` plays, those it must show from its deal, in kind order: every one
/// beyond the pieces everyone saw it take and keep.
pub fn to_show(view: &SeatView, seat: usize, played: &PieceCounts) -> Vec<Piece> {
    let mut known = view.known(seat);
    played.pieces().filter(|&piece| !known.remove(piece)).collect()
}
