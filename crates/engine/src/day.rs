//! A Day, one player's turn (R9–R12, R19), step by step.
//!
//! The steps come in the rulebook's order: optional Dissolve, optional Form, then either
//! Lauzait-Cep!, a Stalemate, or the Hiring (discard → mover → destination). Nothing is
//! final until the Day is committed, so every step can be undone. The engine offers only
//! steps that can still be completed into a legal Day ("A Day" in RULES.md).

use super::day_order::{DayMoment, DayStep};
use super::hiring::{can_hire, discards, may_discard, movers, stalemated, Hire};
use super::piece::{Codes, Piece, PieceCounts, PlayerCount};
use super::position::{Board, Department, Hand};
use super::randomness::ChanceError;
use super::scoring::{best_declaration, luminous_pieces, may_declare, Patterns};
use super::seen::SeenDay;
use super::sets::{readings, Reading, SetReading};
use super::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything a player (or the shell around the engine) can ask the engine to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Action {
    /// R9: make a revealed Department concealed again, paying back its bonus.
    Dissolve { department: u8 },
    /// R10: reveal three concealed pieces read as `reading`, receiving its bonus.
    Form { pieces: [Piece; 3], reading: Reading },
    /// R11: declare Lauzait-Cep!, ending the Season.
    Declare,
    /// R19: no piece can be discarded and no Dissolve would have helped.
    DeclareStalemate,
    /// R12.1: put a concealed piece on the empty square.
    Discard { piece: Piece },
    /// R12.2: choose the piece to move.
    Move { from: Square },
    /// R12.4–R12.6: choose where it goes; commits the Day (and throws the sticks on Water).
    Capture { to: Square },
    /// Take back the last step of the Day.
    Undo,
    /// Start the next Season after a Season summary (R6, R7).
    NextSeason,
    /// R20: all players agree to end the game now.
    EndGameByAgreement,
    /// All players agree to end this Season with nobody scoring. **[decision: the rules
    /// are silent on a Season nobody can finish; this lets the table move on, and the
    /// simulator uses it for its Day cap.]**
    EndSeasonByAgreement,
}

impl Action {
    /// Whether the action is the last step of the Day it is taken in: the capture that
    /// commits a Hiring (R12.5), Lauzait-Cep! (R11) or a Stalemate (R19).
    pub fn ends_day(self) -> bool {
        matches!(self, Action::Capture { .. } | Action::Declare | Action::DeclareStalemate)
    }

    /// Whether `steps` are exactly one Day: its last step ends it, and no step before does
    /// (a step after the Day's end would be played in the next seat's name).
    pub fn is_one_day(steps: &[Action]) -> bool {
        steps.iter().position(|a| a.ends_day()).is_some_and(|end| end + 1 == steps.len())
    }

    /// Whether the action ends the Season under way: a declaration (R11, R18), a Stalemate
    /// (R19) or the table's agreement.
    pub fn ends_season(self) -> bool {
        matches!(self, Action::Declare | Action::DeclareStalemate | Action::EndSeasonByAgreement)
    }

    /// Whether the action is taken only between Days, by the table rather than within a
    /// player's Day: the next Season (R6) and the endings by agreement (R20).
    pub fn is_between_days(self) -> bool {
        matches!(self, Action::NextSeason | Action::EndSeasonByAgreement | Action::EndGameByAgreement)
    }

    /// Whether no Day is under way after the action: it ended one or was taken between Days.
    /// A record's Day-by-Day stops.
    pub fn is_day_boundary(self) -> bool {
        self.ends_day() || self.is_between_days()
    }

    /// The action in one canonical form: a Form's pieces sorted (the engine accepts them in
    /// any order and records them sorted), every other action as it is. Two actions are the
    /// same step exactly when their canonical forms are equal.
    pub fn canonical(self) -> Action {
        match self {
            Action::Form { mut pieces, reading } => {
                pieces.sort();
                Action::Form { pieces, reading }
            }
            other => other,
        }
    }
}

/// A step taken and not yet committed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Step {
    Dissolve { department: u8, refund: u8 },
    Form { pieces: [Piece; 3], reading: Reading, bonus: u8 },
    Discard { piece: Piece, square: Square },
    Move { from: Square },
}

/// Where in the Day the player is, derived from the steps taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before the Hiring: Dissolve, Form, Lauzait-Cep! or a discard may come next.
    Beginning { dissolved: bool, formed: bool },
    /// A piece was discarded onto `square`; a mover must be chosen.
    Discarded { piece: Piece, square: Square },
    /// The mover on `from` was chosen; a destination must be chosen.
    Moving { piece: Piece, from: Square },
}

/// A rule that refuses an action, with the id of the rule it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    WrongPhase {
        action: DayStep,
        phase: DayMoment,
    },
    AlreadyDissolved,
    DissolveAfterForm,
    NoSuchDepartment(u8),
    AlreadyFormed,
    NotConcealed(Piece),
    NotASet {
        pieces: [Piece; 3],
        reading: Reading,
    },
    ReadingNotInPlay(Reading),
    WouldStrandTheDay,
    MayNotDeclare,
    NotAStalemate,
    NothingToMove(Piece),
    CannotMove {
        discard: Piece,
        from: Square,
    },
    NotADestination {
        from: Square,
        to: Square,
    },
    NothingToUndo,
    SeasonOver,
    GameOver,
    SeasonNotOver,
    DayUnderWay,
    NotADayStep,
    /// The action needs an outcome of chance that a replayed record does not hold.
    Chance(ChanceError),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleError::*;
        match self {
            WrongPhase { action, phase } => write!(f, "{action} is not possible now: {phase} (A Day, R9–R12)"),
            AlreadyDissolved => f.write_str("only one Department may be dissolved in a Day (R9)"),
            DissolveAfterForm => f.write_str("dissolving comes before forming in a Day (R9)"),
            NoSuchDepartment(d) => write!(f, "there is no revealed Department number {d} (R9)"),
            AlreadyFormed => f.write_str("only one Department may be formed in a Day (R10)"),
            NotConcealed(p) => write!(f, "{p} is not among your concealed pieces (R10, R12.1)"),
            NotASet { pieces, reading } => write!(
                f,
                "{} {} {} cannot be read as {} {} {} (R14)",
                pieces[0], pieces[1], pieces[2],
                reading.pieces()[0], reading.pieces()[1], reading.pieces()[2]
            ),
            ReadingNotInPlay(r) => {
                write!(f, "no Joker may stand for a 0 with fewer than four players ({}, R3, R14)", Codes(&r.pieces()))
            }
            WouldStrandTheDay => f.write_str(
                "that would leave no legal Hiring and no Lauzait-Cep! this Day (A Day; R12.3, R19)",
            ),
            MayNotDeclare => f.write_str(
                "Lauzait-Cep! needs exactly three revealed Departments, or none and nine concealed pieces that make three sets (R11)",
            ),
            NotAStalemate => f.write_str(
                "a Stalemate needs no discardable piece, even after dissolving one Department (R19)",
            ),
            NothingToMove(p) => write!(f, "discarding {p} would leave no piece to move (R12.3)"),
            CannotMove { discard, from } => write!(
                f,
                "the piece on {from} cannot be moved after discarding {discard}: it must be the same colour and ±1, or a Joker, and not the discard itself (R12.2)"
            ),
            NotADestination { from, to } => write!(f, "the piece on {from} cannot reach {to} (R12.4)"),
            NothingToUndo => f.write_str("there is nothing to undo in this Day"),
            SeasonOver => f.write_str("the Season is over: start the next Season or end the game (R20)"),
            GameOver => f.write_str("the game is over (R20)"),
            SeasonNotOver => f.write_str("the next Season starts only when this one is over (R18)"),
            DayUnderWay => f.write_str("undo this Day's steps before ending by agreement"),
            NotADayStep => f.write_str("that action is not a step within a Day"),
            Chance(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// One way to Form: three concealed pieces and every reading of them, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormOption {
    pub pieces: [Piece; 3],
    pub readings: Vec<SetReading>,
}

/// The Day of the player to move: their hand and the board as the steps so far left them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day {
    pub player: usize,
    /// Counted from 1 within the Season.
    pub number: u32,
    /// R19 holds at the start of this Day: no discard, even after one Dissolve.
    pub stalemated: bool,
    pub steps: Vec<Step>,
    pub board: Board,
    pub hand: Hand,
}

impl Day {
    pub fn begin(player: usize, number: u32, board: Board, hand: Hand) -> Day {
        let stalemated = stalemated(&board, &hand.concealed, hand.departments.iter().map(|d| d.pieces));
        Day { player, number, stalemated, steps: Vec::new(), board, hand }
    }

    pub fn phase(&self) -> Phase {
        let mut phase = Phase::Beginning { dissolved: false, formed: false };
        for step in &self.steps {
            phase = match (*step, phase) {
                (Step::Dissolve { .. }, Phase::Beginning { formed, .. }) => {
                    Phase::Beginning { dissolved: true, formed }
                }
                (Step::Form { .. }, Phase::Beginning { dissolved, .. }) => Phase::Beginning { dissolved, formed: true },
                (Step::Discard { piece, square }, _) => Phase::Discarded { piece, square },
                (Step::Move { from }, Phase::Discarded { piece, .. }) => Phase::Moving { piece, from },
                (_, p) => p,
            };
        }
        phase
    }

    /// Points this Day has gained or paid back so far (bonus − refund); committed with the Day.
    pub fn pending_points(&self) -> i32 {
        self.steps
            .iter()
            .map(|s| match s {
                Step::Dissolve { refund, .. } => -(*refund as i32),
                Step::Form { bonus, .. } => *bonus as i32,
                _ => 0,
            })
            .sum()
    }

    pub fn may_declare(&self, players: PlayerCount) -> bool {
        matches!(self.phase(), Phase::Beginning { .. })
            && may_declare(&self.hand.concealed, self.hand.departments.len(), players)
    }

    pub fn may_declare_stalemate(&self) -> bool {
        matches!(self.phase(), Phase::Beginning { .. })
            && self.stalemated
            && !can_hire(&self.board, &self.hand.concealed)
    }

    /// What ending the Day now with `ending` would score: [`Action::Declare`] (R11, R16–R18)
    /// or [`Action::DeclareStalemate`] (R19), with `luminous` the luminous piece that scores
    /// (R30; `None` when the rule is off). `None` when that ending is not allowed now.
    pub fn declaration(&self, ending: Action, luminous: Option<Piece>, players: PlayerCount) -> Option<Patterns> {
        match ending {
            Action::Declare if self.may_declare(players) => {
                best_declaration(&self.hand.concealed, &self.hand.department_pieces(), luminous, players)
            }
            Action::DeclareStalemate if self.may_declare_stalemate() => {
                Some(Patterns::stalemate(luminous_pieces(&self.hand.all_pieces(), luminous)))
            }
            _ => None,
        }
    }

    /// Whether the Day can still end legally from here (RULES.md, "A Day").
    fn completable(&self, hand: &Hand, formed: bool, players: PlayerCount) -> bool {
        self.stalemated
            || may_declare(&hand.concealed, hand.departments.len(), players)
            || can_hire(&self.board, &hand.concealed)
            // A last Form may complete three revealed Departments (R11a).
            || (!formed
                && hand.departments.len() == 2
                && hand.concealed.total() == 3
                && !readings(pieces_of(&hand.concealed), players).is_empty())
    }

    /// The Departments that may be dissolved now (R9).
    pub fn dissolvable(&self, players: PlayerCount) -> Vec<u8> {
        (0..self.hand.departments.len() as u8).filter(|&d| self.check_dissolve(d, players).is_ok()).collect()
    }

    fn check_dissolve(&self, department: u8, players: PlayerCount) -> Result<Hand, RuleError> {
        match self.phase() {
            Phase::Beginning { dissolved: true, .. } => return Err(RuleError::AlreadyDissolved),
            Phase::Beginning { formed: true, .. } => return Err(RuleError::DissolveAfterForm),
            Phase::Beginning { .. } => {}
            _ => return Err(RuleError::WrongPhase { action: DayStep::Dissolving, phase: DayMoment::HiringBegun }),
        }
        let mut hand = self.hand.clone();
        let d = department as usize;
        if d >= hand.departments.len() {
            return Err(RuleError::NoSuchDepartment(department));
        }
        let dept = hand.departments.remove(d);
        dept.pieces.iter().for_each(|&p| hand.concealed.add(p));
        if !self.completable(&hand, false, players) {
            return Err(RuleError::WouldStrandTheDay);
        }
        Ok(hand)
    }

    /// Every Form possible now (R10, R14, R15), each with every reading, best first.
    pub fn forms(&self, players: PlayerCount) -> Vec<FormOption> {
        if !matches!(self.phase(), Phase::Beginning { formed: false, .. }) {
            return Vec::new();
        }
        let mut options: Vec<FormOption> = Vec::new();
        for pieces in concealed_triples(&self.hand.concealed) {
            let readings = readings(pieces, players);
            let completable = readings
                .first()
                .and_then(|r| self.hand_after_form(pieces, r.reading))
                .is_some_and(|(h, _)| self.completable(&h, true, players));
            if completable {
                options.push(FormOption { pieces, readings });
            }
        }
        options
    }

    /// The hand with `pieces` revealed as a Department read as `reading`, and its bonus;
    /// `None` when the pieces are not all concealed.
    fn hand_after_form(&self, pieces: [Piece; 3], reading: Reading) -> Option<(Hand, u8)> {
        let mut hand = self.hand.clone();
        if !pieces.iter().all(|&p| hand.concealed.remove(p)) {
            return None;
        }
        let bonus = reading.bonus_for(pieces);
        hand.departments.push(Department { pieces, reading, bonus });
        Some((hand, bonus))
    }

    fn check_form(&self, pieces: [Piece; 3], reading: Reading, players: PlayerCount) -> Result<(Hand, u8), RuleError> {
        match self.phase() {
            Phase::Beginning { formed: true, .. } => return Err(RuleError::AlreadyFormed),
            Phase::Beginning { .. } => {}
            _ => return Err(RuleError::WrongPhase { action: DayStep::Forming, phase: DayMoment::HiringBegun }),
        }
        let mut sorted = pieces;
        sorted.sort();
        if !reading.is_in_play(players) {
            return Err(RuleError::ReadingNotInPlay(reading));
        }
        if !reading.fits(sorted) {
            return Err(RuleError::NotASet { pieces: sorted, reading });
        }
        let (hand, bonus) = self.hand_after_form(sorted, reading).ok_or_else(|| {
            let missing = sorted
                .iter()
                .find(|&&p| sorted.iter().filter(|&&q| q == p).count() > self.hand.concealed.get(p) as usize);
            RuleError::NotConcealed(*missing.unwrap_or(&sorted[0]))
        })?;
        if !self.completable(&hand, true, players) {
            return Err(RuleError::WouldStrandTheDay);
        }
        Ok((hand, bonus))
    }

    /// The concealed kinds that may be discarded now (R12.1, R12.3).
    pub fn discards(&self) -> Vec<Piece> {
        match self.phase() {
            Phase::Beginning { .. } => discards(&self.board, &self.hand.concealed).collect(),
            _ => Vec::new(),
        }
    }

    /// The squares whose piece may move after the discard (R12.2).
    pub fn movers(&self) -> Vec<Square> {
        match self.phase() {
            Phase::Discarded { piece, square } => movers(&self.board, piece).filter(|&s| s != square).collect(),
            _ => Vec::new(),
        }
    }

    /// Where the chosen piece may go (R12.4).
    pub fn destinations(&self) -> &'static [Square] {
        match self.phase() {
            Phase::Moving { from, .. } => from.destinations(),
            _ => &[],
        }
    }

    /// The Hiring being built, once its destination is known.
    pub fn hire_to(&self, to: Square) -> Option<Hire> {
        match self.phase() {
            Phase::Moving { piece, from } => Some(Hire { discard: piece, from, to }),
            _ => None,
        }
    }

    /// Every action the engine offers now, each with a legal completion: Dissolve, Form
    /// (every reading), Lauzait-Cep!, Stalemate and the Hiring steps. Undo is not listed.
    pub fn legal_actions(&self, players: PlayerCount) -> Vec<Action> {
        let mut out: Vec<Action> = Vec::new();
        out.extend(self.dissolvable(players).into_iter().map(|department| Action::Dissolve { department }));
        for form in self.forms(players) {
            out.extend(form.readings.iter().map(|r| Action::Form { pieces: form.pieces, reading: r.reading }));
        }
        if self.may_declare(players) {
            out.push(Action::Declare);
        }
        if self.may_declare_stalemate() {
            out.push(Action::DeclareStalemate);
        }
        out.extend(self.discards().into_iter().map(|piece| Action::Discard { piece }));
        out.extend(self.movers().into_iter().map(|from| Action::Move { from }));
        out.extend(self.destinations().iter().map(|&to| Action::Capture { to }));
        out
    }

    /// Applies a step of the Day (not the committing actions, which the game resolves).
    pub fn step(&mut self, action: Action, players: PlayerCount) -> Result<(), RuleError> {
        match action {
            Action::Dissolve { department } => {
                let hand = self.check_dissolve(department, players)?;
                let refund = self.hand.departments[department as usize].bonus;
                self.hand = hand;
                self.steps.push(Step::Dissolve { department, refund });
            }
            Action::Form { pieces, reading } => {
                let (hand, bonus) = self.check_form(pieces, reading, players)?;
                let pieces = hand.departments.last().expect("just formed").pieces;
                self.hand = hand;
                self.steps.push(Step::Form { pieces, reading, bonus });
            }
            Action::Discard { piece } => {
                if !matches!(self.phase(), Phase::Beginning { .. }) {
                    return Err(RuleError::WrongPhase {
                        action: DayStep::Discarding,
                        phase: DayMoment::AlreadyDiscarded,
                    });
                }
                if !self.hand.concealed.contains(piece) {
                    return Err(RuleError::NotConcealed(piece));
                }
                if !may_discard(&self.board, piece) {
                    return Err(RuleError::NothingToMove(piece));
                }
                let square = self.board.the_empty_square().expect("one empty square before the discard");
                self.hand.concealed.remove(piece);
                self.board.set(square, Some(piece));
                self.steps.push(Step::Discard { piece, square });
            }
            Action::Move { from } => {
                let Phase::Discarded { piece, square } = self.phase() else {
                    return Err(RuleError::WrongPhase {
                        action: DayStep::ChoosingAMove,
                        phase: DayMoment::DiscardFirst,
                    });
                };
                let movable = from != square && self.board.get(from).is_some_and(|p| piece.lets_move(p));
                if !movable {
                    return Err(RuleError::CannotMove { discard: piece, from });
                }
                self.steps.push(Step::Move { from });
            }
            _ => return Err(RuleError::NotADayStep),
        }
        Ok(())
    }

    /// What everyone has seen of this Day so far (its taken piece is not known yet). `start`
    /// is the hand the Day began with, whose Departments were all revealed.
    pub fn seen(&self, start: &Hand) -> SeenDay {
        let mut seen = SeenDay { player: self.player, dissolved: None, formed: None, discarded: None, taken: None };
        for step in &self.steps {
            match *step {
                Step::Dissolve { department, .. } => {
                    seen.dissolved = start.departments.get(department as usize).map(|d| d.pieces)
                }
                Step::Form { pieces, .. } => seen.formed = Some(pieces),
                Step::Discard { piece, .. } => seen.discarded = Some(piece),
                Step::Move { .. } => {}
            }
        }
        seen
    }

    /// The Day rebuilt from its start without its last step.
    pub fn undone(&self, start_board: Board, start_hand: Hand, players: PlayerCount) -> Result<Day, RuleError> {
        let Some((_, kept)) = self.steps.split_last() else {
            return Err(RuleError::NothingToUndo);
        };
        Ok(Day { steps: Vec::new(), board: start_board, hand: start_hand, ..self.clone() }.retaken(kept, players))
    }

    /// This Day with `steps` taken again, each of which was legal when it was first taken.
    pub fn retaken(mut self, steps: &[Step], players: PlayerCount) -> Day {
        for step in steps {
            self.step(step.as_action(), players).expect("a step that was legal stays legal on replay");
        }
        self
    }

    /// The Day as it stood before its Hiring began: its discard taken back onto the hand and
    /// off the board, with the Dissolve and Form before it kept. Itself before a discard.
    pub fn before_hiring(&self) -> Day {
        let mut day = self.clone();
        if let Some(i) = day.steps.iter().position(|s| matches!(s, Step::Discard { .. })) {
            if let Step::Discard { piece, square } = day.steps[i] {
                day.board.set(square, None);
                day.hand.concealed.add(piece);
            }
            day.steps.truncate(i);
        }
        day
    }

    /// The board and hand this Day began with, recovered by taking its steps back, for one
    /// who cannot read them from [`Season::hands`](super::game::Season::hands) (a player's
    /// view of another's Day, see [`Game::day_start`](super::game::Game::day_start)):
    /// `concealed` stands for the hand's concealed pieces now, `departments` are the
    /// Departments it began with.
    pub fn rewound(&self, concealed: PieceCounts, departments: &[Department]) -> (Board, Hand) {
        let now = Day { hand: Hand { concealed, departments: Vec::new() }, ..self.clone() }.before_hiring();
        let mut hand = Hand { concealed: now.hand.concealed, departments: departments.to_vec() };
        for step in now.steps.iter().rev() {
            match *step {
                Step::Form { pieces, .. } => pieces.iter().for_each(|&p| hand.concealed.add(p)),
                Step::Dissolve { department, .. } => {
                    if let Some(dept) = departments.get(department as usize) {
                        dept.pieces.iter().for_each(|&p| {
                            hand.concealed.remove(p);
                        });
                    }
                }
                Step::Discard { .. } | Step::Move { .. } => {}
            }
        }
        (now.board, hand)
    }
}

impl Step {
    pub fn as_action(&self) -> Action {
        match *self {
            Step::Dissolve { department, .. } => Action::Dissolve { department },
            Step::Form { pieces, reading, .. } => Action::Form { pieces, reading },
            Step::Discard { piece, .. } => Action::Discard { piece },
            Step::Move { from } => Action::Move { from },
        }
    }
}

fn pieces_of(three: &PieceCounts) -> [Piece; 3] {
    let mut it = three.pieces();
    std::array::from_fn(|_| it.next().expect("three pieces"))
}

/// Every distinct multiset of three concealed pieces, sorted.
fn concealed_triples(concealed: &PieceCounts) -> Vec<[Piece; 3]> {
    // Both sized up front (k kinds make at most C(k + 2, 3) triples): grown one push at a
    // time they were reallocated several times, and this runs for every Day's Form offers.
    let mut kinds: Vec<Piece> = Vec::with_capacity(concealed.total());
    kinds.extend(concealed.kinds());
    let k = kinds.len();
    let mut out = Vec::with_capacity(k * (k + 1) * (k + 2) / 6);
    for (i, &a) in kinds.iter().enumerate() {
        for (j, &b) in kinds.iter().enumerate().skip(i) {
            for &c in kinds.iter().skip(j) {
                let triple: PieceCounts = [a, b, c].into_iter().collect();
                if concealed.contains_all(&triple) {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}
