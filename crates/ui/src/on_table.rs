//! What is on the table: nothing yet, the player's own game, a record in the replay viewer,
//! a lesson or a puzzle. A replay, a lesson or a puzzle sets the player's own game aside inside itself, so
//! whatever closes them gives that game back: the rule is the type's, not each entry
//! point's.

use super::learn::state::LessonRun;
use super::play::session::Session;
use super::records::replay::Replay;

#[derive(Clone, Debug, Default)]
pub enum OnTable {
    /// No game (the first screen, or after starting fresh).
    #[default]
    Empty,
    /// The player's own game.
    Own(Session),
    /// The replay viewer on a record.
    Replay {
        viewer: Box<Replay>,
        /// The recorded game at the viewer's position (`None` only if it could not be set up).
        shown: Option<Session>,
        /// The player's own game, set aside while the viewer is open.
        own: Option<Box<Session>>,
    },
    /// A lesson's table.
    Lesson {
        lesson: LessonRun,
        game: Session,
        /// The player's own game, set aside while the lesson is played.
        own: Option<Box<Session>>,
    },
    /// A puzzle's table (`crate::puzzles`): its position as the seat saw it, the Day to play.
    Puzzle {
        game: Session,
        /// The game's log's length when the puzzle began: what follows is the Day played.
        start: usize,
        /// The player's own game, set aside while the puzzle is played.
        own: Option<Box<Session>>,
    },
}

impl OnTable {
    /// The game on screen: the player's own, the record's or the lesson's.
    pub fn shown(&self) -> Option<&Session> {
        match self {
            OnTable::Empty => None,
            OnTable::Own(game) | OnTable::Lesson { game, .. } | OnTable::Puzzle { game, .. } => Some(game),
            OnTable::Replay { shown, .. } => shown.as_ref(),
        }
    }

    pub fn shown_mut(&mut self) -> Option<&mut Session> {
        match self {
            OnTable::Empty => None,
            OnTable::Own(game) | OnTable::Lesson { game, .. } | OnTable::Puzzle { game, .. } => Some(game),
            OnTable::Replay { shown, .. } => shown.as_mut(),
        }
    }

    /// The player's own game, on screen or set aside.
    pub fn own(&self) -> Option<&Session> {
        match self {
            OnTable::Empty => None,
            OnTable::Own(game) => Some(game),
            OnTable::Replay { own, .. } | OnTable::Lesson { own, .. } | OnTable::Puzzle { own, .. } => own.as_deref(),
        }
    }

    /// Takes the player's own game off the table (to set it aside in what replaces it),
    /// leaving the table empty.
    pub fn take_own(&mut self) -> Option<Box<Session>> {
        match std::mem::take(self) {
            OnTable::Empty => None,
            OnTable::Own(game) => Some(Box::new(game)),
            OnTable::Replay { own, .. } | OnTable::Lesson { own, .. } | OnTable::Puzzle { own, .. } => own,
        }
    }

    /// The player's own game comes back (a replay or a lesson closes).
    pub fn give_back_own(&mut self) {
        *self = match self.take_own() {
            Some(game) => OnTable::Own(*game),
            None => OnTable::Empty,
        };
    }

    /// A game (a save taken up) becomes the player's own: on screen, or set aside where
    /// the own game is while a replay or a lesson holds the table.
    pub fn set_own(&mut self, game: Session) {
        match self {
            OnTable::Empty | OnTable::Own(_) => *self = OnTable::Own(game),
            OnTable::Replay { own, .. } | OnTable::Lesson { own, .. } | OnTable::Puzzle { own, .. } => {
                *own = Some(Box::new(game))
            }
        }
    }

    pub fn replay(&self) -> Option<&Replay> {
        match self {
            OnTable::Replay { viewer, .. } => Some(viewer),
            _ => None,
        }
    }

    pub fn lesson(&self) -> Option<&LessonRun> {
        match self {
            OnTable::Lesson { lesson, .. } => Some(lesson),
            _ => None,
        }
    }

    pub fn lesson_mut(&mut self) -> Option<&mut LessonRun> {
        match self {
            OnTable::Lesson { lesson, .. } => Some(lesson),
            _ => None,
        }
    }

    pub fn is_replay(&self) -> bool {
        matches!(self, OnTable::Replay { .. })
    }

    pub fn is_lesson(&self) -> bool {
        matches!(self, OnTable::Lesson { .. })
    }

    pub fn is_puzzle(&self) -> bool {
        matches!(self, OnTable::Puzzle { .. })
    }

    /// The actions played since the puzzle on the table began.
    pub fn puzzle_day(&self) -> Option<&[lauzait_engine::Action]> {
        match self {
            OnTable::Puzzle { game, start, .. } => game.game().log().get(*start..),
            _ => None,
        }
    }

    /// A replay, a lesson or a puzzle holds the table: the game on screen is not the
    /// player's own (nothing is saved, the board stays upright, nothing is ended by
    /// agreement, nothing is kept in your record).
    pub fn own_set_aside(&self) -> bool {
        self.is_replay() || self.is_lesson() || self.is_puzzle()
    }
}
