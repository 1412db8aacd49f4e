//! The scoring drill's state as plain data (changed by [`super::Drill::update`]): the hand
//! asked about, the totals offered, the learner's answer and the running tally; and the
//! drill's messages with their `data-intent` texts.

use lauzait_engine::scoring::luminous_pieces;
use lauzait_engine::{Pattern, PlayerCount};
use lauzait_learn::drill::Drill;

/// The most a hand of nine can score: every pattern of a complete hand and nine luminous
/// pieces (R17, R30). A typed total above it is refused as a typing slip, not judged.
pub const MAX_TYPED: u32 = 99;

/// How many totals are offered as buttons.
pub const OFFERED: usize = 4;

/// The drill under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrillRun {
    pub drill: Drill,
    /// The totals offered for "it declares and scores N", in increasing order (the right one
    /// among them whenever the hand may declare).
    pub offered: Vec<u32>,
    pub answer: Option<Judged>,
    /// Hands answered, and answered right, since the drill was opened.
    pub asked: u32,
    pub right: u32,
    /// The typed total could not be read: the learner is told, nothing is judged.
    pub typo: bool,
}

/// What the learner said about the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillAnswer {
    /// The hand may not declare.
    No,
    /// The hand declares and scores this.
    Points(u32),
}

/// The learner's answer, judged by the engine's scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub said: DrillAnswer,
    pub right: bool,
}

impl DrillRun {
    /// The question drawn from `seed` (fresh entropy from the shell): the player count and
    /// the hand both come from it.
    pub fn new(seed: u64, asked: u32, right: u32) -> DrillRun {
        let players = match seed % 3 {
            0 => PlayerCount::Two,
            1 => PlayerCount::Three,
            _ => PlayerCount::Four,
        };
        let drill = Drill::generate(seed, players);
        let offered = offered_totals(&drill, seed);
        DrillRun { drill, offered, answer: None, asked, right, typo: false }
    }

    /// The engine's total when the hand may declare.
    pub fn total(&self) -> Option<u32> {
        self.drill.answer().map(|p| p.total())
    }
}

/// Four plausible totals: the right one (when there is one) and the totals of the usual
/// slips — a pattern missed or counted twice, the luminous bonus forgotten — so that no
/// button gives the answer away by standing apart.
fn offered_totals(drill: &Drill, seed: u64) -> Vec<u32> {
    let lit = luminous_pieces(drill.hand(), drill.luminous());
    // For a hand that may not declare: the 3 points a declaration always scores and its
    // luminous pieces (what a learner who missed that the sets do not split would say).
    let base = drill.answer().map_or(Pattern::LauzaitCep.points() + lit, |p| p.total());
    let mut candidates = vec![base];
    if lit > 0 {
        candidates.push(base - lit.min(base));
    }
    // Slips by one pattern's worth (R17), in an order that varies with the hand.
    let steps: [i64; 6] = [3, -3, 2, 10, -2, 6];
    let turn = (seed / 3) as usize % steps.len();
    for k in 0..steps.len() {
        let t = base as i64 + steps[(k + turn) % steps.len()];
        if t >= 3 {
            candidates.push(t as u32);
        }
    }
    let mut out: Vec<u32> = Vec::new();
    for c in candidates {
        if !out.contains(&c) && out.len() < OFFERED {
            out.push(c);
        }
    }
    out.sort_unstable();
    out
}

/// What the drill is sent: its buttons (carried by [`crate::msg::Intent::Drill`]) and the
/// typed total the shell read from the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillMsg {
    /// Open the drill (a fresh hand).
    Open,
    Answer(DrillAnswer),
    /// The typed total: the shell reads the field and sends [`DrillMsg::Typed`].
    ReadTyped,
    /// The total typed in the field, as the shell read it.
    Typed(Option<u32>),
    /// The next hand.
    Next,
}

impl DrillMsg {
    pub fn code(self) -> String {
        match self {
            DrillMsg::Open => "drill".into(),
            DrillMsg::Answer(DrillAnswer::No) => "drill-no".into(),
            DrillMsg::Answer(DrillAnswer::Points(n)) => format!("drill-pts:{n}"),
            DrillMsg::ReadTyped => "drill-typed".into(),
            DrillMsg::Typed(Some(n)) => format!("drill-typed:{n}"),
            DrillMsg::Typed(None) => "drill-typed:?".into(),
            DrillMsg::Next => "drill-next".into(),
        }
    }

    pub fn parse(text: &str) -> Option<DrillMsg> {
        Some(match text.split_once(':') {
            Some(("drill-pts", n)) => DrillMsg::Answer(DrillAnswer::Points(n.parse().ok()?)),
            Some(("drill-typed", "?")) => DrillMsg::Typed(None),
            Some(("drill-typed", n)) => DrillMsg::Typed(Some(n.parse().ok()?)),
            Some(_) => return None,
            None => match text {
                "drill" => DrillMsg::Open,
                "drill-no" => DrillMsg::Answer(DrillAnswer::No),
                "drill-typed" => DrillMsg::ReadTyped,
                "drill-next" => DrillMsg::Next,
                _ => return None,
            },
        })
    }

    /// A typed total as the field holds it: digits only, at most [`MAX_TYPED`].
    pub fn typed(text: &str) -> DrillMsg {
        let t = text.trim();
        let n = (!t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u32>().ok())
            .flatten()
            .filter(|&n| n <= MAX_TYPED);
        DrillMsg::Typed(n)
    }
}
