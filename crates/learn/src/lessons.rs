//! The lessons: each a table written as a position (`LZP1`, read by [`super::setup`]),
//! a goal the engine's outcome decides, the rule it teaches, and — for the tests and the
//! browser test — a move that reaches the goal and one that does not. Their words (title,
//! task, hint) are in `ui::i18n::learn`, in English and Japanese.

use super::setup::LessonSetupError;
use lauzait_bots::Level;
use lauzait_engine::notation::NotationError;
use lauzait_engine::{Action, Game, Outcome, Piece, SeasonEnd, Square};

/// Which lesson (also the order they are offered in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LessonId {
    Board,
    Discard,
    Colour,
    Joker,
    Mountain,
    Water,
    Capture,
    Sets,
    Readings,
    Dissolve,
    Declare,
    Stalemate,
    Luminous,
    WholeDay,
}

impl LessonId {
    pub const ALL: [LessonId; 14] = [
        LessonId::Board,
        LessonId::Discard,
        LessonId::Colour,
        LessonId::Joker,
        LessonId::Mountain,
        LessonId::Water,
        LessonId::Capture,
        LessonId::Sets,
        LessonId::Readings,
        LessonId::Dissolve,
        LessonId::Declare,
        LessonId::Stalemate,
        LessonId::Luminous,
        LessonId::WholeDay,
    ];

    /// Its place in [`Self::ALL`].
    pub fn index(self) -> usize {
        LessonId::ALL.iter().position(|&l| l == self).unwrap_or(0)
    }

    /// The short code kept in the progress and in `data-intent`.
    pub fn code(self) -> &'static str {
        match self {
            LessonId::Board => "board",
            LessonId::Discard => "discard",
            LessonId::Colour => "colour",
            LessonId::Joker => "joker",
            LessonId::Mountain => "mountain",
            LessonId::Water => "water",
            LessonId::Capture => "capture",
            LessonId::Sets => "sets",
            LessonId::Readings => "readings",
            LessonId::Dissolve => "dissolve",
            LessonId::Declare => "declare",
            LessonId::Stalemate => "stalemate",
            LessonId::Luminous => "luminous",
            LessonId::WholeDay => "whole-day",
        }
    }

    pub fn from_code(code: &str) -> Option<LessonId> {
        LessonId::ALL.into_iter().find(|l| l.code() == code)
    }

    pub fn lesson(self) -> Lesson {
        lesson(self)
    }

    pub fn next(self) -> Option<LessonId> {
        LessonId::ALL.get(self.index() + 1).copied()
    }
}

/// What the learner must do; the engine's outcome of their action decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The Hiring brings this piece into the hand (R12.5).
    Take(Piece),
    /// The Hiring moves the piece on `from` onto `to` (R12.2, R12.4).
    Hire { from: Square, to: Square },
    /// The Hiring enters Water, whatever the sticks say (R12.6).
    EnterWater,
    /// Form a Department earning at least this bonus (R10, R15).
    Form { bonus: u8 },
    /// Dissolve a Department (R9).
    Dissolve,
    /// Declare Lauzait-Cep! scoring at least this (R11, R17, R30).
    Declare { points: u32 },
    /// Declare the Stalemate (R19).
    Stalemate,
    /// Play a whole Day; the lesson ends when the other player has played theirs.
    PlayDay,
}

/// How an action left the lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided yet: the Day goes on.
    Continue,
    Reached,
    /// The goal can no longer be reached this way: the hint is shown and the table reset.
    Wrong,
}

impl Goal {
    /// What `action`, taken by `player` with `outcome`, means for the goal of the learner
    /// `learner`. Only the engine's outcome is read: the goal decides nothing about rules.
    pub fn judge(self, learner: usize, player: usize, action: Action, outcome: &Outcome) -> Verdict {
        use Verdict::*;
        if player != learner {
            return match (self, outcome) {
                (Goal::PlayDay, Outcome::Hired { .. } | Outcome::SeasonEnded { .. }) => Reached,
                _ => Continue,
            };
        }
        let ok = |yes: bool| if yes { Reached } else { Wrong };
        match (self, outcome) {
            (Goal::Take(piece), Outcome::Hired { record }) => ok(record.taken == piece),
            (Goal::Hire { from, to }, Outcome::Hired { record }) => {
                ok(record.hire.from == from && record.hire.to == to)
            }
            (Goal::EnterWater, Outcome::Hired { record }) => ok(record.sticks.is_some()),
            (Goal::PlayDay, Outcome::Hired { .. }) => Continue,
            (Goal::Form { bonus }, Outcome::Stepped) => match action {
                Action::Form { pieces, reading } => ok(reading.bonus_for(pieces) >= bonus),
                _ => Continue,
            },
            (Goal::Dissolve, Outcome::Stepped) => match action {
                Action::Dissolve { .. } => Reached,
                // Forming first rules the Dissolve out for the Day (R9).
                Action::Form { .. } => Wrong,
                _ => Continue,
            },
            (Goal::Declare { points }, Outcome::SeasonEnded { result, .. }) => match result.end {
                SeasonEnd::Declared { patterns, .. } => ok(patterns.total() >= points),
                _ => Wrong,
            },
            (Goal::Stalemate, Outcome::SeasonEnded { result, .. }) => {
                ok(matches!(result.end, SeasonEnd::Stalemate { .. }))
            }
            (_, Outcome::Stepped | Outcome::Undone) => Continue,
            _ => Wrong,
        }
    }
}

/// One lesson.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    pub id: LessonId,
    /// The table (NOTATION.md `LZP1`), the learner's hand shown.
    pub position: &'static str,
    pub goal: Goal,
    /// The rule it teaches (docs/rules.md), shown with the hint.
    pub rule: &'static str,
    /// Action tokens (NOTATION.md) that reach the goal, and a try that does not (empty
    /// when every legal Day reaches it).
    pub solution: &'static str,
    pub wrong: &'static str,
    /// Who plays the other seat's Days, when the lesson goes on past the learner's.
    pub opponent: Option<Level>,
}

impl Lesson {
    /// A fresh table for the lesson.
    pub fn game(&self) -> Result<Game, LessonSetupError> {
        super::setup::game_of_position(self.position)
    }
}

/// The board most lessons share: every number of both colours, the Mountain empty.
macro_rules! base {
    ($hand:literal) => {
        concat!(
            "LZP1 W1G2W7G8W3/G4W5G1W2G6/W9G3-W4G7/G5W6G2W8G1/W2G9W3G4W1 red:0:",
            $hand,
            ",black:0:9 red+ s1d1 lum=off"
        )
    };
}

/// A square of the lessons' own data (every one is read in the tests).
fn sq(code: &str) -> Square {
    code.parse().unwrap_or(Square::MOUNTAIN)
}

fn piece(code: &str) -> Piece {
    code.parse().unwrap_or(Piece::JOKER)
}

fn lesson(id: LessonId) -> Lesson {
    let all = [
    Lesson {
        id: LessonId::Board,
        position: base!("G3G5G7W4W5W6W8W9J"),
        goal: Goal::Take(piece("G8")),
        rule: "R12",
        solution: "G5 e4 >d5",
        wrong: "G5 e4 >e5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Discard,
        position: base!("G7G7G8W5W5W6W6W7W7"),
        goal: Goal::Hire { from: sq("b1"), to: sq("b2") },
        rule: "R12.1",
        solution: "G8 b1 >b2",
        wrong: "G7 e4 >d5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Colour,
        position: base!("G5G5G6G6G9W1W1W6W9"),
        goal: Goal::Hire { from: sq("c5"), to: sq("d4") },
        rule: "R12.2",
        solution: "W6 c5 >d4",
        wrong: "G6 e3 >d4",
        opponent: None,
    },
    Lesson {
        id: LessonId::Joker,
        position: base!("G3G3G5G5W1W1W5W5J"),
        goal: Goal::Hire { from: sq("d5"), to: sq("e5") },
        rule: "R12.2",
        solution: "J d5 >e5",
        wrong: "G5 a4 >b5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Mountain,
        position: "LZP1 W1G2W7G8W3/G4W5G1W2G6/W9-G3W4G7/G5W6G2W8G1/W2G9W3G4W1 red:0:G4G6G6G9W1W1W6W6W9,black:0:9 red+ s1d1 lum=off",
        goal: Goal::Hire { from: sq("c3"), to: sq("c5") },
        rule: "R12.4",
        solution: "G4 c3 >c5",
        wrong: "G4 c3 >d4",
        opponent: None,
    },
    Lesson {
        id: LessonId::Water,
        position: base!("G3G5G7W4W5W6W8W9J"),
        goal: Goal::EnterWater,
        rule: "R12.6",
        solution: "G5 e4 >e3",
        wrong: "G5 e4 >d5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Capture,
        position: "LZP1 W1G2W7G8W3/G4W5G1W2G6/W9G3-W4G7/G5W6G2W8G1/W2G9W3G4J red:0:G3G3G7W5W5W6W6W9G9,black:0:9 red+ s1d1 lum=off",
        goal: Goal::Take(Piece::JOKER),
        rule: "R12.5",
        solution: "G3 d1 >e1",
        wrong: "G3 c2 >b1",
        opponent: None,
    },
    Lesson {
        id: LessonId::Sets,
        position: base!("G1G2G3G9W1W4W5W6W9"),
        goal: Goal::Form { bonus: 2 },
        rule: "R15",
        solution: "fW4W5W6=W4W5W6",
        wrong: "fG1G2G3=G1G2G3",
        opponent: None,
    },
    Lesson {
        id: LessonId::Readings,
        position: base!("G1G3G6G7JW1W2W4W7"),
        goal: Goal::Form { bonus: 2 },
        rule: "R14",
        solution: "fG6G7J=G6G7G8",
        wrong: "fG6G7J=G5G6G7",
        opponent: None,
    },
    Lesson {
        id: LessonId::Dissolve,
        position: base!("G5G5G9W6W6W9:G1G2G3=G1G2G3"),
        goal: Goal::Dissolve,
        rule: "R9",
        solution: "x0",
        wrong: "G5 e4 >d5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Declare,
        position: base!("G1G2G3G4G5G6W1W2W3"),
        goal: Goal::Declare { points: 5 },
        rule: "R17",
        solution: "!",
        wrong: "G5 e4 >d5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Stalemate,
        position: "LZP1 G1G2G3W1W2/W3G7G1G2G3/W1W2-W3G7/G1G2G3W1W2/W3W7W7G7G1 red:0:G5G5G5G9G9W5W5W5W9,black:0:9 red+ s1d1 lum=off",
        goal: Goal::Stalemate,
        rule: "R19",
        solution: "#",
        wrong: "G5",
        opponent: None,
    },
    Lesson {
        id: LessonId::Luminous,
        position: "LZP1 W1G2W7G8W3/G4W5G1W2G6/W9G3-W4G7/G5W6G2W8G1/W2G9W3G4W1 red:0:G1G1G2G2G3G3W4W5W6,black:0:9 red+ s1d1 lum=G3",
        goal: Goal::Declare { points: 7 },
        rule: "R30",
        solution: "!",
        wrong: "G1 c2 >b1",
        opponent: None,
    },
    Lesson {
        id: LessonId::WholeDay,
        // The other hand is dealt from the unseen pieces in kind order (setup.rs): with
        // these in the learner's hand it is no complete hand, so the computer player's
        // Day is a Hiring, as the lesson says.
        position: base!("G1G1G2G5JW4W5W6W9"),
        goal: Goal::PlayDay,
        rule: "R12",
        solution: "G5 e4 >d5",
        wrong: "",
        opponent: Some(Level::Easy),
    },
    ];
    all[id.index()]
}

/// The actions of a lesson's `solution` or `wrong` tokens (NOTATION.md), read by the
/// engine's notation reader.
pub fn actions(tokens: &str) -> Result<Vec<Action>, NotationError> {
    lauzait_engine::notation::parse_actions(tokens)
}
