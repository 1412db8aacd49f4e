//! One seat's view as owned data (R40), for a computer player that thinks elsewhere (the
//! browser's bot worker): exactly what [`PlayerView`] shows that seat — never another
//! hand's concealed pieces, the pool, or the game's seed and generator, so what is sent
//! cannot leak them. The other side rebuilds a whole game from it ([`SeatView::rebuild`])
//! whose view of that seat answers every question as the real game's did; a computer
//! player, which decides from the view only, plans the same Day there.
//!
//! The Day under way is kept as it began plus its steps (all of them taken in the open):
//! the rebuild replays the steps through the engine, which derives the board, the hands
//! and the phase as they are now, rather than a second copy of those rules here.

use super::day::{Day, RuleError, Step};
use super::game::{Game, GameOptions, HireRecord, LedgerEntry, Season, SeasonResult, Status};
use super::invariant::Invariant;
use super::piece::{Codes, Piece, PieceCounts, PlayerCount};
use super::position::{Board, Department, Hand};
use super::seat::Direction;
use super::seen::{SeenDay, SeenDays};
use super::sets::{readings, SetReading};
use super::view::PlayerView;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest Day number a seat's view is read with: no Season is played for a million
/// Days, and the counter must not reach its end while a game is played on from the view.
pub const MAX_DAY: u32 = 1_000_000;
/// The most points, either way, a score or a ledger entry of a seat's view may hold: a
/// game's points are in the hundreds, and playouts add to them.
pub const MAX_POINTS: u32 = 100_000_000;

/// A Day's number read from outside (a seat's view, a position) is at most [`MAX_DAY`].
pub(crate) fn check_day(day: u32) -> Result<(), LimitError> {
    if day > MAX_DAY {
        return Err(LimitError::Day { day });
    }
    Ok(())
}

/// Points read from outside (a score, a ledger entry) are at most [`MAX_POINTS`] either way.
pub(crate) fn check_points(points: i32) -> Result<(), LimitError> {
    if points.unsigned_abs() > MAX_POINTS {
        return Err(LimitError::Points { points });
    }
    Ok(())
}

/// What one seat sees of a game (see the module's documentation). Each field is something
/// R40 shows everyone, except [`Self::concealed`], which is the seat's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatView {
    /// Whose view this is (0-based, in seat order).
    pub seat: usize,
    /// Who plays and whether the luminous rule is on.
    pub options: GameOptions,
    pub status: Status,
    pub scores: Vec<i32>,
    /// Every change of a score and why; scores are public, and so are their reasons.
    pub ledger: Vec<LedgerEntry>,
    pub results: Vec<SeasonResult>,
    pub season: u8,
    pub start_player: usize,
    pub direction: Direction,
    /// The luminous piece (R30), face up for everyone.
    pub luminous: Option<Piece>,
    pub last_hire: Option<HireRecord>,
    /// What everyone saw of this Season's committed Days.
    pub seen_days: Vec<SeenDay>,
    /// Whose Day is under way.
    pub to_move: usize,
    /// The Day's number within the Season.
    pub day: u32,
    /// The board as the Day began.
    pub board: Board,
    /// Every hand as the Day began, in seat order: what the others see of it.
    pub hands: Vec<OpenHand>,
    /// This seat's own concealed pieces as the Day began.
    pub concealed: PieceCounts,
    /// The steps of the Day so far.
    pub steps: Vec<Step>,
}

/// A hand as everyone sees it: its revealed Departments and how many pieces it conceals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenHand {
    pub departments: Vec<Department>,
    pub concealed: usize,
}

impl SeatView {
    /// The seat view of `view`.
    pub fn new(view: &PlayerView) -> SeatView {
        let players = 0..view.scores().len();
        SeatView {
            seat: view.me(),
            options: view.options().clone(),
            status: view.status(),
            scores: view.scores().to_vec(),
            ledger: view.ledger().to_vec(),
            results: view.results().to_vec(),
            season: view.season_number(),
            start_player: view.start_player(),
            direction: view.direction(),
            luminous: view.luminous(),
            last_hire: view.last_hire(),
            seen_days: view.seen_days().to_vec(),
            to_move: view.to_move(),
            day: view.day_number(),
            board: view.day_start_board(),
            hands: players
                .map(|p| OpenHand {
                    departments: view.day_start_departments(p).to_vec(),
                    concealed: view.day_start_concealed_count(p),
                })
                .collect(),
            concealed: view.my_day_start_concealed(),
            steps: view.day_steps().to_vec(),
        }
    }

    /// The pieces everyone saw `seat` take into its concealed ones and keep, up to now (R40):
    /// those of its committed Days this Season ([`Season::known`]) and, when the Day under way
    /// is its own, what its steps so far showed (a dissolved Department's pieces come in, a
    /// formed or discarded piece leaves). A device that holds only its seat's deal shows every
    /// other concealed piece it plays from that deal (DEAL-PROTOCOL.md); these need no showing.
    pub fn known(&self, seat: usize) -> PieceCounts {
        let known = self.seen_days.iter().copied().collect::<SeenDays>().known(seat);
        if seat != self.to_move {
            return known;
        }
        let departments = self.hands.get(seat).map(|h| h.departments.clone()).unwrap_or_default();
        let start = Hand { concealed: PieceCounts::new(), departments };
        let day = Day { steps: self.steps.clone(), ..Day::begin(seat, self.day, self.board, start.clone()) };
        day.seen(&start).known_after(known)
    }

    /// A whole game whose view of [`Self::seat`] is this one. The pieces the seat cannot see
    /// are filled in a fixed order: each other hand first gets the pieces it was seen to
    /// take and keep ([`Season::known`]) and, for the Day under way, those its steps show
    /// leaving the hand; the rest of its count and the pool come from the unseen pieces in
    /// kind order. A seat view that is no real position (too many pieces of a kind, a hand
    /// that is not nine, a step the rules refuse, …) is refused with the reason.
    ///
    /// Whether a Dissolve or a Form already taken in another seat's Day leaves that Day a
    /// legal end depends on the rest of its hand, which this seat cannot see (R12.3, R19: "A
    /// Day"): when the stand-ins in kind order would strand the Day, the hand is filled again
    /// holding one unseen piece of each kind in turn, as [`crate::SeatGame`] takes such an
    /// action; the real hand was one with which the step stood.
    pub fn rebuild(&self) -> Result<Game, RebuildError> {
        match self.rebuild_holding(&PieceCounts::new()) {
            Err(e @ RebuildError::StepRefused { error: RuleError::WouldStrandTheDay, .. })
                if self.to_move != self.seat =>
            {
                let with_one_more = Piece::all().find_map(|piece| {
                    let also: PieceCounts = [piece].into_iter().collect();
                    self.rebuild_holding(&also).ok()
                });
                with_one_more.ok_or(e)
            }
            other => other,
        }
    }

    /// [`Self::rebuild`], the hand of the seat whose Day it is holding `also` as well, beyond
    /// what its steps so far show: pieces the next action shows leaving it (a discard, a
    /// Form, a hand shown at a declaration), as [`crate::SeatGame`] applies another seat's
    /// action.
    pub(crate) fn rebuild_holding(&self, also: &PieceCounts) -> Result<Game, RebuildError> {
        let players = self.options.player_count();
        let n = self.options.seats().len();
        self.check_seats(n)?;
        self.check_counts().map_err(RebuildError::Limit)?;
        if self.luminous.is_some() != self.options.luminous() {
            return Err(RebuildError::Luminous);
        }
        let seen = self.seen_at_start(players)?;
        let mut unseen = PieceCounts::full_set(players);
        if let Some(x) = Piece::all().find(|&x| seen.get(x) > unseen.get(x)) {
            return Err(RebuildError::InSight { piece: x, count: seen.get(x), copies: unseen.get(x), players: n });
        }
        unseen.remove_all(&seen);

        let mut hands: Vec<Hand> = self
            .hands
            .iter()
            .map(|h| Hand { concealed: PieceCounts::new(), departments: h.departments.clone() })
            .collect();
        hands[self.seat].concealed = self.concealed;
        let mut season = Season {
            number: self.season,
            board: self.board,
            hands,
            pool: PieceCounts::new(),
            luminous: self.luminous,
            start_player: self.start_player,
            direction: self.direction,
            day: Day::begin(self.to_move, self.day, self.board, Hand::default()),
            last_hire: self.last_hire,
            seen: self.seen_days.iter().cloned().collect(),
        };
        let others: Vec<usize> = (0..n).filter(|&p| p != self.seat).collect();
        for &p in &others {
            let required = self.required(&season, p, also);
            if required.total() > self.hands[p].concealed || !unseen.contains_all(&required) {
                return Err(RebuildError::SeenTaking { seat: p, required });
            }
            unseen.remove_all(&required);
            season.hands[p].concealed = required;
        }
        for &p in &others {
            let missing = self.hands[p].concealed - season.hands[p].concealed.total();
            let dealt: PieceCounts = unseen.pieces().take(missing).collect();
            if dealt.total() < missing {
                return Err(RebuildError::TooFewUnseen { seat: p });
            }
            unseen.remove_all(&dealt);
            season.hands[p].concealed.add_all(&dealt);
        }
        season.pool = unseen;
        season.day = Day::begin(self.to_move, self.day, self.board, season.hands[self.to_move].clone());

        // The position as the Day began must be a real one before the steps are replayed on
        // it (a discard needs the one empty square, for one).
        let game = |season| {
            let (scores, ledger, results) = (self.scores.clone(), self.ledger.clone(), self.results.clone());
            Game::from_parts(self.options.clone(), scores, ledger, results, season, self.status)
        };
        if let Some(why) = game(season.clone()).invariant_violation() {
            return Err(RebuildError::NotARealPosition { why });
        }
        for (i, step) in self.steps.iter().enumerate() {
            season
                .day
                .step(step.as_action(), players)
                .map_err(|error| RebuildError::StepRefused { step: i + 1, error })?;
        }
        if season.day.steps != self.steps {
            return Err(RebuildError::StepsDiffer);
        }
        let game = game(season);
        // Whatever the checks above missed shows here: the rebuilt game must show the same.
        match game.view(self.seat) {
            Some(view) if SeatView::new(&view) == *self => Ok(game),
            _ => Err(RebuildError::NotOnePosition),
        }
    }

    /// Every piece the seat saw as the Day began: the board, the Departments, its own
    /// concealed pieces and the luminous piece. The hands are checked first (nine pieces,
    /// real Departments), which also keeps the counts small.
    fn seen_at_start(&self, players: PlayerCount) -> Result<PieceCounts, RebuildError> {
        let mut seen = self.board.pieces();
        for (p, hand) in self.hands.iter().enumerate() {
            let revealed = hand.departments.len();
            if revealed > 3 || hand.concealed != 9 - 3 * revealed {
                return Err(RebuildError::HandShape { seat: p, departments: revealed, concealed: hand.concealed });
            }
            for d in &hand.departments {
                let reading = SetReading { reading: d.reading, bonus: d.bonus };
                if !readings(d.pieces, players).contains(&reading) {
                    return Err(RebuildError::NotADepartment { seat: p, department: *d });
                }
                d.pieces.iter().for_each(|&x| seen.add(x));
            }
        }
        if self.concealed.total() != self.hands[self.seat].concealed {
            let (shown, counted) = (self.concealed.total(), self.hands[self.seat].concealed);
            return Err(RebuildError::ConcealedCount { shown, counted });
        }
        seen.add_all(&self.concealed);
        self.luminous.iter().for_each(|&x| seen.add(x));
        Ok(seen)
    }

    /// Every seat number refers to a player of the game.
    fn check_seats(&self, n: usize) -> Result<(), RebuildError> {
        let mut seats = vec![("this seat", self.seat), ("the seat to move", self.to_move)];
        seats.push(("the start player", self.start_player));
        seats.extend(self.last_hire.map(|h| ("the last hire's player", h.player)));
        seats.extend(self.ledger.iter().map(|e| ("a ledger entry's player", e.player)));
        seats.extend(self.seen_days.iter().map(|d| ("a seen Day's player", d.player)));
        if let Some((what, p)) = seats.into_iter().find(|&(_, p)| p >= n) {
            return Err(RebuildError::NoSuchSeat { what, seat: p, players: n });
        }
        if self.scores.len() != n || self.hands.len() != n {
            return Err(RebuildError::Lengths { scores: self.scores.len(), hands: self.hands.len(), players: n });
        }
        Ok(())
    }

    /// The Day's number and the points are far from the ends of their counters, as in any
    /// game played: playing on from a view (the computer players' playouts, a phone's game)
    /// adds to them, which must never overflow.
    fn check_counts(&self) -> Result<(), LimitError> {
        check_day(self.day)?;
        self.scores.iter().chain(self.ledger.iter().map(|e| &e.points)).try_for_each(|&p| check_points(p))
    }

    /// The pieces another seat's hand must have held as the Day began: those it was seen
    /// to take and keep and, when the Day under way is its own, those its steps show
    /// leaving the hand (a formed Department, the discard) and `also`, unless a dissolved
    /// Department brought them in.
    fn required(&self, season: &Season, p: usize, also: &PieceCounts) -> PieceCounts {
        let mut required = season.known(p);
        if p == self.to_move {
            let day = Day { steps: self.steps.clone(), ..season.day.clone() };
            let shown = day.seen(&season.hands[p]);
            let mut leaving: PieceCounts = shown.formed.iter().flatten().chain(&shown.discarded).copied().collect();
            leaving.add_all(also);
            // Pieces a dissolved Department brought in, or known to be held, cover as many.
            shown.dissolved.iter().flatten().copied().chain(required.pieces()).for_each(|x| {
                leaving.remove(x);
            });
            required.add_all(&leaving);
        }
        required
    }
}

/// could overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitError {
    /// A Day number past [`MAX_DAY`].
    Day { day: u32 },
    /// A score or ledger entry past [`MAX_POINTS`] either way.
    Points { points: i32 },
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::Day { day } => {
                write!(f, "Day {day} is past the {MAX_DAY} Days a Season can be played for here")
            }
            LimitError::Points { points } => {
                write!(f, "{points} points is more than a game can score (at most {MAX_POINTS} either way)")
            }
        }
    }
}

impl std::error::Error for LimitError {}
/// Why a seat's view is refused by [`SeatView::rebuild`]: it describes no real position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RebuildError {
    /// A seat number (`what` names whose) past the game's players.
    NoSuchSeat { what: &'static str, seat: usize, players: usize },
    /// Not a score and a hand for each player.
    Lengths { scores: usize, hands: usize, players: usize },
    /// A Day number or points past what a game reaches.
    Limit(LimitError),
    /// A luminous piece without the rule, or the rule without one (R30).
    Luminous,
    /// More of a piece in sight than the game has (R1, R3).
    InSight { piece: Piece, count: u8, copies: u8, players: usize },
    /// A hand that is not nine pieces (R6).
    HandShape { seat: usize, departments: usize, concealed: usize },
    /// A Department that is no set read that way, or not with that bonus (R14, R15).
    NotADepartment { seat: usize, department: Department },
    /// The seat's own concealed pieces are not as many as its hand counts.
    ConcealedCount { shown: usize, counted: usize },
    /// Another seat was seen to take pieces its hand cannot hold.
    SeenTaking { seat: usize, required: PieceCounts },
    /// The unseen pieces do not fill another seat's hand.
    TooFewUnseen { seat: usize },
    /// The position as the Day began breaks an invariant of the game.
    NotARealPosition { why: Invariant },
    /// A step of the Day under way is refused by the rules (its number, from 1).
    StepRefused { step: usize, error: RuleError },
    /// The steps replay with another refund, bonus or square than recorded.
    StepsDiffer,
    /// The rebuilt game shows its seat something other than this view.
    NotOnePosition,
}

impl fmt::Display for RebuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RebuildError as E;
        match self {
            E::NoSuchSeat { what, seat, players } => {
                write!(f, "{what} is seat {seat}, but the game has {players} players (0 to {})", players - 1)
            }
            E::Lengths { scores, hands, players } => write!(f, "{scores} scores and {hands} hands for {players} players"),
            E::Limit(e) => e.fmt(f),
            E::Luminous => f.write_str("a luminous piece is turned up exactly when the luminous rule is on (R30)"),
            E::InSight { piece, count, copies, players } => {
                write!(f, "{count} pieces {piece} are in sight, but a game of {players} has {copies} (R1, R3)")
            }
            E::HandShape { seat, departments, concealed } => write!(
                f,
                "seat {seat}'s hand holds {departments} Departments and {concealed} concealed pieces, not nine pieces (R6)"
            ),
            E::NotADepartment { seat, department: d } => write!(
                f,
                "seat {seat}'s Department {} is not a set read as {} with bonus {} (R14, R15)",
                Codes(&d.pieces),
                Codes(&d.reading.pieces()),
                d.bonus
            ),
            E::ConcealedCount { shown, counted } => {
                write!(f, "this seat conceals {shown} pieces but its hand counts {counted}")
            }
            E::SeenTaking { seat, required } => {
                write!(f, "seat {seat} was seen to take {required}, which its hand cannot hold")
            }
            E::TooFewUnseen { seat } => write!(f, "too few unseen pieces are left for seat {seat}'s hand"),
            E::NotARealPosition { why } => write!(f, "the seat view is not a real position: {why}"),
            E::StepRefused { step, error } => write!(f, "step {step} of the Day is refused: {error}"),
            E::StepsDiffer => f.write_str(
                "the Day's steps replay differently (a refund, bonus or square is not what was recorded)",
            ),
            E::NotOnePosition => {
                f.write_str("the seat view does not describe one position: its rebuilt game shows something else")
            }
        }
    }
}

impl std::error::Error for RebuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RebuildError::Limit(e) => Some(e),
            RebuildError::StepRefused { error, .. } => Some(error),
            _ => None,
        }
    }
}
