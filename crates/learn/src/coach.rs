//! The coach: for the seat whose Day it is, from that seat's view only (R40), how far its
//! hand is from declaring, which pieces would help and how many of each it has not seen,
//! what each legal discard allows and how it changes the distance, and a hint — what the
//! Strong player would do, with one plain reason. Everything here is a function of the
//! [`PlayerView`] (and a fixed seed), so two games that look the same to the seat get the
//! same advice.

use super::distance::{distance, helpful, Distance};
use lauzait_autoplay::{plan_whole_day, BotRequest, RequestId};
use lauzait_bots::Level;
use lauzait_engine::hiring::legal_hires;
use lauzait_engine::{Action, Piece, PlayerView, SeatView, Square, Step, Sticks};

/// The hint's Strong player always searches with this seed: the same view, the same hint.
pub const HINT_SEED: u64 = 0x1ea2_c0ac;

/// A piece that would bring the hand closer, and how many this seat has not seen (in
/// other hands or the pool, R40) and how many lie on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Helper {
    pub piece: Piece,
    pub unseen: u8,
    pub on_board: u8,
}

/// What one legal discard allows (R12.1–R12.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscardAdvice {
    pub piece: Piece,
    /// The pieces it lets move (R12.2).
    pub movers: Vec<Square>,
    /// Every (mover, destination) it allows.
    pub moves: usize,
    /// How many of those land in Water and need a throw (R12.6).
    pub water_moves: usize,
    /// The nearest the hand can get with this discard, the captured piece arriving.
    pub best: Distance,
    /// A capture that reaches [`Self::best`].
    pub best_capture: Option<(Square, Square)>,
}

/// Everything the coach shows for the seat of a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    pub seat: usize,
    pub distance: Distance,
    pub helpers: Vec<Helper>,
    /// Empty once the Day's discard is made.
    pub discards: Vec<DiscardAdvice>,
}

/// The chance, out of 32 equally likely throws of the five sticks, that a piece entering
/// Water arrives (R5, R12.6), counted with the engine's own rule for a throw.
pub fn water_odds() -> (u32, u32) {
    let arrive = (0u32..32).filter(|m| Sticks(std::array::from_fn(|i| m >> i & 1 == 1)).lets_piece_arrive()).count();
    (arrive as u32, 32)
}

/// The coach's numbers for the seat of `view`; `None` when it is not that seat's Day.
pub fn advise(view: &PlayerView) -> Option<Advice> {
    let day = view.my_day()?;
    let players = view.players();
    let concealed = view.my_concealed();
    let revealed = view.departments(view.me()).len();
    let unseen = view.unseen();
    let board = view.board().pieces();
    let helpers = helpful(&concealed, revealed, players)
        .into_iter()
        .map(|piece| Helper { piece, unseen: unseen.get(piece), on_board: board.get(piece) })
        .collect();
    let hires = if day.steps.iter().any(|s| matches!(s, Step::Discard { .. })) {
        Vec::new()
    } else {
        legal_hires(&day.board, &day.hand.concealed)
    };
    let mut discards: Vec<DiscardAdvice> = Vec::new();
    for hire in hires {
        let mut after = day.hand.concealed;
        after.remove(hire.discard);
        if let Some(taken) = day.board.get(hire.to) {
            after.add(taken);
        }
        let d = distance(&after, revealed, players);
        let entry = match discards.iter_mut().find(|a| a.piece == hire.discard) {
            Some(e) => e,
            None => {
                discards.push(DiscardAdvice {
                    piece: hire.discard,
                    movers: Vec::new(),
                    moves: 0,
                    water_moves: 0,
                    best: d,
                    best_capture: None,
                });
                discards.last_mut().expect("just pushed")
            }
        };
        if !entry.movers.contains(&hire.from) {
            entry.movers.push(hire.from);
        }
        entry.moves += 1;
        entry.water_moves += usize::from(hire.needs_throw());
        if entry.best_capture.is_none() || d < entry.best {
            entry.best = d;
            entry.best_capture = Some((hire.from, hire.to));
        }
    }
    Some(Advice { seat: view.me(), distance: distance(&concealed, revealed, players), helpers, discards })
}

/// Why the hint's step is good, in one plain sentence (the words are in `ui::i18n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The hand is complete: declaring now scores this (R11, R17).
    Declare { points: u32 },
    /// No piece can be discarded (R19).
    Stalemate,
    /// Forming now earns this bonus (R10, R15).
    Form { bonus: u8 },
    /// Taking the pieces back first opens a better Day (R9).
    Dissolve,
    /// The Hiring this discard begins brings the hand this close.
    Closer { taken: Piece, to: Distance },
    /// No Hiring brings the hand closer; this one keeps the most useful pieces.
    Keeps { discard: Piece },
}

/// The Strong player's next step and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    pub action: Action,
    pub why: Why,
}

/// The request that asks the Strong player for the hint: exactly the computer players'
/// request (only the seat's view goes in, R40), with the hint's own seed, so the browser's
/// worker answers it as it plans a computer player's Day.
pub fn hint_request(view: &PlayerView, playouts: u32, id: RequestId) -> BotRequest {
    BotRequest { id, view: SeatView::new(view), level: Level::Strong, seed: HINT_SEED, playouts, judge: None }
}

/// What the Strong player would do now, searching with `playouts` from a fixed seed;
/// `None` when it is not this seat's Day. The same as the worker answers
/// [`hint_request`] with (natively, for tests and tools).
pub fn hint(view: &PlayerView, playouts: u32) -> Option<Hint> {
    let game = SeatView::new(view).rebuild().ok()?;
    let (plan, _) = plan_whole_day(&game, view.me(), Level::Strong, HINT_SEED, playouts).ok()?;
    hint_of_plan(view, &plan)
}

/// The hint a plan for the rest of the Day gives: its first step, and why.
pub fn hint_of_plan(view: &PlayerView, plan: &[Action]) -> Option<Hint> {
    let action = *plan.first()?;
    let day = view.my_day()?;
    let players = view.players();
    let revealed = view.departments(view.me()).len();
    let why = match action {
        Action::Declare => Why::Declare { points: view_preview(view, action).unwrap_or(0) },
        Action::DeclareStalemate => Why::Stalemate,
        Action::Form { pieces, reading } => Why::Form { bonus: reading.bonus_for(pieces) },
        Action::Dissolve { .. } => Why::Dissolve,
        _ => {
            // The Hiring the plan ends with: what it takes and how close that brings the hand.
            let capture = plan.iter().rev().find_map(|a| match a {
                Action::Capture { to } => Some(*to),
                _ => None,
            });
            let discard = plan.iter().find_map(|a| match a {
                Action::Discard { piece } => Some(*piece),
                _ => None,
            });
            let taken = capture.and_then(|to| day.board.get(to));
            // The hand as it was before the Day's discard, whether the plan or a step made it.
            let made = day.steps.iter().find_map(|s| match s {
                Step::Discard { piece, .. } => Some(*piece),
                _ => None,
            });
            let mut before = day.hand.concealed;
            made.into_iter().for_each(|p| before.add(p));
            match (discard.or(made), taken) {
                (Some(discard), Some(taken)) => {
                    let mut after = before;
                    after.remove(discard);
                    after.add(taken);
                    let to = distance(&after, revealed, players);
                    if to.pieces_away < distance(&before, revealed, players).pieces_away {
                        Why::Closer { taken, to }
                    } else {
                        Why::Keeps { discard }
                    }
                }
                (Some(discard), None) => Why::Keeps { discard },
                _ => Why::Keeps { discard: action_piece(action).unwrap_or(Piece::JOKER) },
            }
        }
    };
    Some(Hint { action, why })
}

fn action_piece(action: Action) -> Option<Piece> {
    match action {
        Action::Discard { piece } => Some(piece),
        _ => None,
    }
}

/// The points ending the Day with `ending` would score, as the engine previews it (R11,
/// R16–R19, R30).
fn view_preview(view: &PlayerView, ending: Action) -> Option<u32> {
    let day = view.my_day()?;
    day.declaration(ending, view.scoring_luminous(), view.players()).map(|p| p.total())
}
