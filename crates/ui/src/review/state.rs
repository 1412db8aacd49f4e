//! The post-game review's state as plain data (changed by `review.rs`): the record under
//! review, the reviewed seat, the Days judged so far (by the worker), and the moment on screen with the
//! person's try. Kept apart from the file whose `impl Model` changes it, so that the model
//! imports no file that imports it back.

use lauzait_engine::Record;
use lauzait_engine::{Action, Board, Game, Piece, Square};
use lauzait_learn::coach::Why;
use lauzait_learn::review::{Moment, Scale};

/// Playouts per Day for the review's estimates: enough that the costliest Days stand out,
/// few enough that the worker judges a game's Days in seconds (BENCHMARKS.md, "In the browser").
pub const REVIEW_PLAYOUTS: u32 = 60;

/// How many moments the review walks through at most.
pub const REVIEW_MOMENTS: usize = 5;

/// A review under way.
#[derive(Clone, Debug)]
pub struct Review {
    /// The full record of the finished game (never a public one).
    pub record: Record,
    pub seat: usize,
    /// The reviewed seat's Days (where each starts, what was played), in order.
    pub days: Vec<(usize, Vec<Action>)>,
    /// The Days judged so far, in order.
    pub judged: Vec<Moment>,
    /// The costliest moments, chosen once every Day is judged.
    pub picked: Vec<Moment>,
    pub stage: Stage,
    /// Opened from the replay viewer (closing goes back to it), else from the results.
    pub from_replay: bool,
    /// Every person's hand as it ended the game, shown at the end only (empty before).
    pub finals: Vec<FinalHand>,
    /// The reviewed person's final score and margin, read once from the record: what a
    /// moment's points given up weigh in this game (`None` when there is nothing to compare).
    pub scale: Option<Scale>,
}

/// A person's hand as it ended the game (the review's closing summary).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalHand {
    pub player: usize,
    pub concealed: Vec<Piece>,
    pub departments: Vec<[Piece; 3]>,
}

/// Where the review is.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Judging the Days in the computer players' worker, one request at a time: Day `next`
    /// is asked as request `id` (a reply with another id is an old one, dropped); `start` is
    /// the game at that Day's start, replayed once for the request and kept for the reply.
    Working { next: usize, id: u32, start: Box<Game> },
    /// The worker failed while judging Day `next`: the person may ask again or close.
    Failed { next: usize, error: String },
    /// A moment on screen.
    Moment(Shown),
    /// Every moment seen (or none to see): the other hands are shown now.
    End,
}

/// A moment on screen: the position as the person saw it and their try.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub index: usize,
    /// The person's own concealed pieces at the Day's start (R40: no other hand).
    pub hand: Vec<Piece>,
    /// The person's revealed Departments then (public).
    pub departments: Vec<[Piece; 3]>,
    /// The board and the scores at the Day's start (both public).
    pub board: Board,
    pub scores: Vec<i32>,
    /// The first steps the Day allowed, offered to try again.
    pub choices: Vec<Action>,
    /// Why the better choice is better: the coach's reason, read from the person's view at
    /// the Day's start.
    pub why: Option<Why>,
    pub answer: Answer,
}

/// The person's try at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Not tried yet.
    Asking,
    /// Tried: the same first step as the Strong player's (`found`) or another.
    Tried { action: Action, found: bool },
    /// The better choice shown without a try.
    Shown,
}

impl Review {
    /// How far the judging is, as (done, all).
    pub fn progress(&self) -> (usize, usize) {
        let done = match self.stage {
            Stage::Working { next, .. } | Stage::Failed { next, .. } => next,
            _ => self.days.len(),
        };
        (done, self.days.len())
    }

    /// The moment on screen.
    pub fn moment(&self) -> Option<(&Moment, &Shown)> {
        match &self.stage {
            Stage::Moment(s) => self.picked.get(s.index).map(|m| (m, s)),
            _ => None,
        }
    }
}

/// What a plan does that a picture can show: the piece discarded (from the hand), the move
/// (the mover's square and where it went) and whether it declares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlanMarks {
    pub discard: Option<Piece>,
    pub hire: Option<(Square, Square)>,
    pub declares: bool,
}

impl PlanMarks {
    /// The marks of a Day's plan, read from its actions.
    pub fn of(plan: &[Action]) -> PlanMarks {
        let mut marks = PlanMarks::default();
        let mut from = None;
        for &a in plan {
            match a {
                Action::Discard { piece } => marks.discard = Some(piece),
                Action::Move { from: f } => from = Some(f),
                Action::Capture { to } => marks.hire = from.map(|f| (f, to)),
                Action::Declare | Action::DeclareStalemate => marks.declares = true,
                _ => {}
            }
        }
        marks
    }
}

/// What a review button asks for (carried by [`crate::msg::Intent::Review`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewIntent {
    /// Review this seat's game.
    Open(u8),
    /// Try the n-th choice offered.
    Try(u8),
    /// Show the better choice without trying.
    Show,
    Next,
    /// Ask the worker again after it failed.
    Retry,
    Close,
}

impl ReviewIntent {
    pub fn code(self) -> String {
        match self {
            ReviewIntent::Open(seat) => format!("review:{seat}"),
            ReviewIntent::Try(i) => format!("review-try:{i}"),
            ReviewIntent::Show => "review-show".into(),
            ReviewIntent::Next => "review-next".into(),
            ReviewIntent::Retry => "review-retry".into(),
            ReviewIntent::Close => "review-close".into(),
        }
    }

    pub fn parse(text: &str) -> Option<ReviewIntent> {
        Some(match text.split_once(':') {
            Some(("review", n)) => ReviewIntent::Open(n.parse().ok()?),
            Some(("review-try", n)) => ReviewIntent::Try(n.parse().ok()?),
            Some(_) => return None,
            None => match text {
                "review-show" => ReviewIntent::Show,
                "review-next" => ReviewIntent::Next,
                "review-retry" => ReviewIntent::Retry,
                "review-close" => ReviewIntent::Close,
                _ => return None,
            },
        })
    }
}
