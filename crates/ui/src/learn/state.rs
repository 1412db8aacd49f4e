//! The learning feature's state as plain data: the lessons' progress and the lesson under
//! way (it is on the table, `on_table.rs`), the coach's numbers and hint (changed by
//! `coach.rs`), and the lesson buttons' intent with their `data-intent` texts.

use lauzait_engine::{Action, Board, PieceCounts};
use lauzait_learn::coach::{Advice, Hint};
use lauzait_learn::lessons::LessonId;
use serde::{Deserialize, Serialize};

/// The storage key of the lessons' progress and the coach switch (never the save's).
pub const PROGRESS_KEY: &str = "lauzait-cep/learn/v1";

/// The longest progress text read: a few hundred bytes are enough for every lesson.
const MAX_PROGRESS_BYTES: usize = 4096;

/// The lessons' progress and the coach switch, as stored.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// Lessons completed, in lesson order.
    pub done: Vec<LessonId>,
    /// The coach is shown at the table (it is always on in a lesson).
    pub coach: bool,
}

/// A lesson under way.
#[derive(Clone, Debug)]
pub struct LessonRun {
    pub id: LessonId,
    /// The goal was reached.
    pub reached: bool,
}

/// The progress as stored.
#[derive(Serialize, Deserialize)]
struct Stored {
    format: String,
    version: u32,
    done: Vec<String>,
    #[serde(default)]
    coach: bool,
}

const FORMAT: &str = "lauzait-cep-learn";

impl Progress {
    /// The stored progress text; anything unreadable is the progress of a new learner
    /// (it holds nothing that cannot be earned again).
    pub fn parse(text: &str) -> Progress {
        if text.len() > MAX_PROGRESS_BYTES {
            return Progress::default();
        }
        // Through a `Value`, as the save is read (`save::parse`): one JSON reader of typed
        // fields on the page instead of one per stored struct.
        let stored = serde_json::from_str::<serde_json::Value>(text).ok().and_then(|v| Stored::deserialize(&v).ok());
        match stored {
            Some(s) if s.format == FORMAT && s.version == 1 => {
                let done = LessonId::ALL.into_iter().filter(|l| s.done.iter().any(|d| d == l.code())).collect();
                Progress { done, coach: s.coach }
            }
            _ => Progress::default(),
        }
    }

    pub fn encode(&self) -> String {
        let done = self.done.iter().map(|l| l.code().to_string()).collect();
        let stored = Stored { format: FORMAT.into(), version: 1, done, coach: self.coach };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    pub fn is_done(&self, id: LessonId) -> bool {
        self.done.contains(&id)
    }
}

/// Which moment of which Day the coach's numbers are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoachKey {
    pub(crate) season: u8,
    pub(crate) day: u32,
    pub(crate) seat: usize,
    pub(crate) steps: usize,
    /// The table and the hand themselves: two games (a lesson after another, say) can be
    /// at the same Day and step.
    pub(crate) board: Board,
    pub(crate) concealed: PieceCounts,
}

/// The hint: not asked, asked (the Strong player is thinking), or shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum HintState {
    #[default]
    None,
    Asked {
        key: CoachKey,
        id: u32,
    },
    Shown {
        key: CoachKey,
        hint: Hint,
        /// The rest of the Day as the Strong player plans it.
        plan: Vec<Action>,
    },
}

/// What the coach shows now.
#[derive(Clone, Debug, Default)]
pub struct Coach {
    pub advice: Option<(CoachKey, Advice)>,
    pub hint: HintState,
    pub(crate) next_id: u32,
}

impl Coach {
    /// The advice for the moment shown (`None` when the coach is off or nobody's hand is
    /// on the table).
    pub fn advice(&self) -> Option<&Advice> {
        self.advice.as_ref().map(|(_, a)| a)
    }
}

/// What a lesson button asks for (carried by [`crate::msg::Intent::Learn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonIntent {
    /// The lessons list.
    Open,
    Start(LessonId),
    Next,
    Hint,
    Restart,
    /// Back to the table's own game (or the first screen).
    Leave,
    /// The coach switch.
    Coach,
    /// The coach's Hint: what the Strong player would do.
    CoachHint,
}

impl LessonIntent {
    pub fn code(self) -> String {
        match self {
            LessonIntent::Open => "learn".into(),
            LessonIntent::Start(id) => format!("lesson:{}", id.code()),
            LessonIntent::Next => "lesson-next".into(),
            LessonIntent::Hint => "lesson-hint".into(),
            LessonIntent::Restart => "lesson-restart".into(),
            LessonIntent::Leave => "lesson-leave".into(),
            LessonIntent::Coach => "coach".into(),
            LessonIntent::CoachHint => "coach-hint".into(),
        }
    }

    pub fn parse(text: &str) -> Option<LessonIntent> {
        Some(match text {
            "learn" => LessonIntent::Open,
            "lesson-next" => LessonIntent::Next,
            "lesson-hint" => LessonIntent::Hint,
            "lesson-restart" => LessonIntent::Restart,
            "lesson-leave" => LessonIntent::Leave,
            "coach" => LessonIntent::Coach,
            "coach-hint" => LessonIntent::CoachHint,
            other => LessonIntent::Start(LessonId::from_code(other.strip_prefix("lesson:")?)?),
        })
    }
}
