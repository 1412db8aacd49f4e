//! Chance at the table, taken when it happens and kept as data.
//!
//! Three things in the game are left to chance: how a Season is dealt (R6), who starts it
//! and in which direction when the rules leave it open (R7: the first Season, and ties),
//! and what the sticks show on a Hiring into the Water (R5, R12.6). None of them is decided
//! ahead: the engine draws each from the entropy its caller passes in at that moment (the
//! page's fresh randomness, or a tool's own generator), and records the outcome in the
//! game's log ([`Drawn`]). A game, a save or a record therefore holds what chance did,
//! never anything that predicts what it will do; replaying takes the recorded outcomes
//! back in order ([`Source::Recorded`]) and checks each is one chance could have given.

use super::deal_layout::DealLayout;
use super::hiring::Sticks;
use super::piece::{Piece, PieceCounts, PlayerCount};
use super::position::Board;
use super::seat::Direction;
use super::square::Square;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A generator for tools and tests whose runs must repeat: the same seed, the same chance.
/// (The page draws fresh entropy for every action instead.)
pub fn seeded(seed: u64) -> rand_pcg::Pcg64Mcg {
    rand::SeedableRng::seed_from_u64(seed)
}

/// How chance opened a Season: the deal (R6) and the start player and direction (R7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    /// 24 pieces, the Mountain empty.
    pub board: Board,
    /// Each player's nine concealed pieces, in seat order; `None` in a record that keeps
    /// them hidden (one made while the game is under way: NOTATION.md, "Public records").
    pub hands: Option<Vec<PieceCounts>>,
    /// The piece turned face up (R30), when the rule is on.
    pub luminous: Option<Piece>,
    pub start: usize,
    pub direction: Direction,
}

/// One outcome of chance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Chance {
    Opening { opening: Opening },
    Throw { sticks: Sticks },
}

/// An outcome and where it fell: after the first `after` actions of the log (0: as the
/// game began; a Hiring's throw comes after its capture, a Season's opening after `n`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    pub after: usize,
    pub chance: Chance,
}

/// Why a recorded outcome cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceError {
    /// The record holds no outcome here: a throw nobody made yet is never predicted.
    Missing { wanted: &'static str },
    /// The record holds another kind of outcome, or holds it at another place.
    Misplaced { wanted: &'static str },
    /// The hands of this opening are not in the record (a record of a game under way).
    HandsHidden,
    /// The deal or the start is not one chance could have given, and why.
    Impossible(String),
}

impl fmt::Display for ChanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceError::Missing { wanted } => write!(f, "the record holds no {wanted} here (R5, R6)"),
            ChanceError::Misplaced { wanted } => write!(f, "the record's next outcome is not the {wanted} due here"),
            ChanceError::HandsHidden => f.write_str("the record keeps the hands hidden (a game under way)"),
            ChanceError::Impossible(why) => f.write_str(why),
        }
    }
}

/// Where the randomness an action needs comes from. `R` is the caller's generator: behind a
/// `dyn RngCore` everywhere (one copy of the engine's code in the browser's module) but in
/// [`Game::dealt_by`](super::Game::dealt_by), where a tool dealing a million games draws
/// without an indirect call per draw.
pub(super) enum Source<'a, R: RngCore + ?Sized = dyn RngCore + 'a> {
    /// Drawn now from the caller's entropy.
    Fresh(&'a mut R),
    /// Taken back from a record, in order.
    Recorded(std::slice::Iter<'a, Drawn>),
}

/// What R7 leaves to chance about a Season's start: who may start, and the direction when
/// the start player's neighbours decide it (`None`: either way).
pub(super) struct OpeningRule<'a> {
    /// The first Season: anyone may start, drawn as a number below the player count (the
    /// draw the engine has always made, so that seeded records replay).
    pub first: bool,
    pub starts: &'a [usize],
    pub direction: &'a dyn Fn(usize) -> Option<Direction>,
}

impl<R: RngCore + ?Sized> Source<'_, R> {
    /// The throw of the sticks due after `after` actions.
    pub fn throw(&mut self, after: usize) -> Result<Sticks, ChanceError> {
        match self {
            Source::Fresh(rng) => Ok(Sticks::throw(rng)),
            Source::Recorded(next) => match next.next() {
                Some(Drawn { after: a, chance: Chance::Throw { sticks } }) if *a == after => Ok(*sticks),
                Some(_) => Err(ChanceError::Misplaced { wanted: "throw of the sticks" }),
                None => Err(ChanceError::Missing { wanted: "throw of the sticks" }),
            },
        }
    }

    /// The opening of a Season due after `after` actions. The draws come in the order the
    /// engine has always made them (start, direction, shuffle), so that a record of the
    /// first format, which kept only a seed, replays to the same game (NOTATION.md).
    pub fn open(&mut self, after: usize, options: Table, rule: OpeningRule) -> Result<Opening, ChanceError> {
        match self {
            Source::Fresh(rng) => {
                let start = if rule.first {
                    rule.starts[rng.random_range(0..rule.starts.len())]
                } else {
                    *rule.starts.choose(rng).expect("someone may start")
                };
                let direction = match (rule.direction)(start) {
                    Some(d) => d,
                    None if rng.random() => Direction::Clockwise,
                    None => Direction::Counterclockwise,
                };
                Ok(deal(options, &mut **rng, start, direction))
            }
            Source::Recorded(next) => match next.next() {
                Some(Drawn { after: a, chance: Chance::Opening { opening } }) if *a == after => {
                    check_opening(opening, options, &rule)?;
                    Ok(opening.clone())
                }
                Some(_) => Err(ChanceError::Misplaced { wanted: "Season's opening" }),
                None => Err(ChanceError::Missing { wanted: "Season's opening" }),
            },
        }
    }

    /// Whether every recorded outcome was used.
    pub fn exhausted(&self) -> bool {
        match self {
            Source::Fresh(_) => true,
            Source::Recorded(next) => next.len() == 0,
        }
    }
}

/// What a deal depends on: how many play and whether a piece is turned up (R30).
#[derive(Clone, Copy)]
pub(super) struct Table {
    pub players: PlayerCount,
    pub seats: usize,
    pub luminous: bool,
}

/// R6: shuffle, then deal by the Season's layout ([`DealLayout`]): nine each, every square
/// but the Mountain, the rest face down; R30: one of those face up when the rule is on.
fn deal<R: RngCore + ?Sized>(table: Table, rng: &mut R, start: usize, direction: Direction) -> Opening {
    let full_set = PieceCounts::full_set(table.players);
    let mut pieces: Vec<Piece> = Vec::with_capacity(full_set.total());
    pieces.extend(full_set.pieces());
    pieces.shuffle(rng);
    DealLayout::new(table.players, table.luminous).opening(&pieces, start, direction).expect("the full set's length")
}

/// A recorded opening is one the rules and a shuffle could have given.
fn check_opening(opening: &Opening, table: Table, rule: &OpeningRule) -> Result<(), ChanceError> {
    let bad = |why: String| Err(ChanceError::Impossible(why));
    if !rule.starts.contains(&opening.start) {
        return bad(format!("player {} may not start this Season (R7)", opening.start + 1));
    }
    if (rule.direction)(opening.start).is_some_and(|d| d != opening.direction) {
        return bad("the Season turns the other way (R7)".into());
    }
    if opening.luminous.is_some() != table.luminous {
        return bad("a piece is turned face up exactly when the luminous rule is on (R30)".into());
    }
    let on_board = opening.board.pieces();
    if on_board.total() != 24 || !Square::all().all(|s| s.is_mountain() == opening.board.get(s).is_none()) {
        return bad("a Season opens with 24 pieces on the board and the Mountain empty (R6)".into());
    }
    let hands = opening.hands.as_ref().ok_or(ChanceError::HandsHidden)?;
    if hands.len() != table.seats || hands.iter().any(|h| h.total() != 9) {
        return bad("a Season opens with nine pieces in each hand (R6)".into());
    }
    let mut dealt = on_board;
    hands.iter().for_each(|h| dealt.add_all(h));
    opening.luminous.into_iter().for_each(|l| dealt.add(l));
    if !PieceCounts::full_set(table.players).contains_all(&dealt) {
        return bad("the deal holds more copies of a piece than the game has (R1, R3)".into());
    }
    Ok(())
}

impl Opening {
    /// The pieces left face down, out of play (R6): the full set less the deal (its hands
    /// when known). `None` when the deal shows more copies of a piece than the game has
    /// (R1, R3), which no chance can give.
    pub fn pool(&self, players: PlayerCount) -> Option<PieceCounts> {
        let mut dealt = self.board.pieces();
        self.hands.iter().flatten().for_each(|h| dealt.add_all(h));
        self.luminous.into_iter().for_each(|l| dealt.add(l));
        PieceCounts::full_set(players).without(&dealt)
    }

    /// The same opening as everyone saw it: the board, the luminous piece, who starts and
    /// which way; the hands hidden.
    pub fn public(&self) -> Opening {
        Opening { hands: None, ..self.clone() }
    }
}
