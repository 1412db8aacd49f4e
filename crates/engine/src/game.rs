//! A whole game: Seasons (R6–R8), Days, scores and their ledger, the end (R20).
//!
//! The game is a value: `apply` takes an action, and the entropy to draw from should the
//! action need chance, and returns what happened, or a [`RuleError`] and no change. What
//! chance decided (deals, start players, directions, sticks) is recorded as it happens
//! ([`randomness`](super::randomness)), so the recorded outcomes and the action log
//! replay to the identical game, and nothing in a game predicts a future throw or deal.

use super::day::{Action, Day, Phase, RuleError, Step};
use super::day_order::{DayMoment, DayStep};
use super::hiring::{Hire, Sticks};
use super::invariant::Invariant;
use super::notation::ActionToken;
use super::piece::{Piece, PieceCounts, PlayerCount};
use super::position::{Board, Hand};
use super::randomness::{Chance, ChanceError, Drawn, Opening, Source, Table};
use super::scoring::Patterns;
use super::seat::{Direction, OptionsError, Seat};
use super::seen::{SeenDay, SeenDays};
use super::start_rule::StartRule;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who plays and with which optional rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawOptions")]
pub struct GameOptions {
    seats: Vec<Seat>,
    luminous: bool,
}

#[derive(Deserialize)]
struct RawOptions {
    seats: Vec<Seat>,
    luminous: bool,
}

impl TryFrom<RawOptions> for GameOptions {
    type Error = OptionsError;
    fn try_from(raw: RawOptions) -> Result<GameOptions, OptionsError> {
        GameOptions::new(raw.seats, raw.luminous)
    }
}

impl GameOptions {
    /// 2–4 distinct seats; players are numbered in seat order (red, blue, black, yellow).
    pub fn new(mut seats: Vec<Seat>, luminous: bool) -> Result<GameOptions, OptionsError> {
        seats.sort();
        if !(2..=4).contains(&seats.len()) {
            return Err(OptionsError::PlayerCount { count: seats.len() });
        }
        if seats.windows(2).any(|w| w[0] == w[1]) {
            return Err(OptionsError::SharedSeat);
        }
        Ok(GameOptions { seats, luminous })
    }

    /// The first `count` seats, for tools that only care about the number of players. More
    /// players than seats is refused too (R3), not cut to the seats there are.
    pub fn for_players(count: usize, luminous: bool) -> Result<GameOptions, OptionsError> {
        if count > Seat::ALL.len() {
            return Err(OptionsError::PlayerCount { count });
        }
        GameOptions::new(Seat::ALL.iter().take(count).copied().collect(), luminous)
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn luminous(&self) -> bool {
        self.luminous
    }

    pub fn player_count(&self) -> PlayerCount {
        PlayerCount::try_from(self.seats.len() as u8).expect("checked in new")
    }

    fn table(&self) -> Table {
        Table { players: self.player_count(), seats: self.seats.len(), luminous: self.luminous }
    }
}

/// What one Season's table holds, as of the start of the current Day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Season {
    /// Counted from 1.
    pub number: u8,
    pub board: Board,
    pub hands: Vec<Hand>,
    /// Face-down pieces out of play (R6), without the luminous piece.
    pub pool: PieceCounts,
    pub luminous: Option<Piece>,
    pub start_player: usize,
    pub direction: Direction,
    /// The Day under way (or the last one, once the Season is over).
    pub day: Day,
    /// The latest committed Hiring, so that its throw can be shown.
    pub last_hire: Option<HireRecord>,
    /// What everyone saw of the Season's committed Days, in order. Public, like the board:
    /// a player who watches the table knows it, so a computer player may use it (R40).
    #[serde(default)]
    pub seen: SeenDays,
}

/// A committed Hiring and how it turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HireRecord {
    pub player: usize,
    pub hire: Hire,
    /// Thrown only when entering Water (R12.6).
    pub sticks: Option<Sticks>,
    /// The piece that went into the player's hand.
    pub taken: Piece,
    /// Whether the moving piece reached its destination (false: the Water sent it back
    /// into the hand).
    pub arrived: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Status {
    Playing,
    SeasonOver,
    GameOver { by_agreement: bool },
}

impl Status {
    /// Its name (`SeasonOver`), as table mode's state report gives it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "Playing",
            Status::SeasonOver => "SeasonOver",
            Status::GameOver { .. } => "GameOver",
        }
    }
}

/// One change of a score, so that scores can always be explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    pub season: u8,
    pub player: usize,
    pub points: i32,
    pub reason: LedgerReason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LedgerReason {
    /// R15: bonus for forming a Department.
    Bonus,
    /// R9: the bonus paid back on dissolving.
    Refund,
    /// R17–R19, R30: a declaration's formation score.
    Formation { patterns: Patterns },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonResult {
    pub season: u8,
    /// Days played, counting the one that ended the Season.
    pub days: u32,
    pub end: SeasonEnd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeasonEnd {
    /// R11: `concealed` for a declaration with no revealed Department (R11b).
    Declared {
        player: usize,
        concealed: bool,
        patterns: Patterns,
    },
    /// R19.
    Stalemate {
        player: usize,
        patterns: Patterns,
    },
    ByAgreement,
}

/// What an applied action did, for the shell to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    Stepped,
    Undone,
    Hired { record: HireRecord },
    SeasonEnded { result: SeasonResult, game_over: bool },
    NextSeasonBegan,
    GameEnded,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    options: GameOptions,
    /// What chance decided so far, in order (never anything about what it will decide).
    chances: Vec<Drawn>,
    scores: Vec<i32>,
    ledger: Vec<LedgerEntry>,
    results: Vec<SeasonResult>,
    season: Season,
    status: Status,
    log: Vec<Action>,
}

impl Game {
    /// A new game: the first Season is dealt and its start player and direction drawn
    /// (R6, R7) from `entropy`, now.
    pub fn new(options: GameOptions, entropy: &mut impl RngCore) -> Game {
        Game::dealt_by::<dyn RngCore>(options, entropy)
    }

    /// The game [`Game::new`] deals from the same generator, its draws made through `R`
    /// itself: for the tools that deal a million games (`deal-stats`), where a draw through
    /// `dyn RngCore` cost a third of their speed (BENCHMARKS.md).
    pub fn dealt_by<R: RngCore + ?Sized>(options: GameOptions, entropy: &mut R) -> Game {
        Game::begin(options, &mut Source::Fresh(entropy)).expect("fresh entropy always opens a Season")
    }

    pub(super) fn begin<R: RngCore + ?Sized>(
        options: GameOptions,
        source: &mut Source<'_, R>,
    ) -> Result<Game, ChanceError> {
        let n = options.seats.len();
        let opening = source.open(0, options.table(), &StartRule::first_season(n))?;
        let season = Season::open(&options, 1, &opening)?;
        Ok(Game {
            scores: vec![0; n],
            options,
            chances: vec![Drawn { after: 0, chance: Chance::Opening { opening } }],
            ledger: Vec::new(),
            results: Vec::new(),
            season,
            status: Status::Playing,
            log: Vec::new(),
        })
    }

    /// A game assembled from its parts, for determinization (see
    /// [`PlayerView::sample_game`](super::view::PlayerView::sample_game)). Its log is
    /// empty: it is a hypothetical position, not a replayable record.
    pub(super) fn from_parts(
        options: GameOptions,
        scores: Vec<i32>,
        ledger: Vec<LedgerEntry>,
        results: Vec<SeasonResult>,
        season: Season,
        status: Status,
    ) -> Game {
        Game { options, chances: Vec::new(), scores, ledger, results, season, status, log: Vec::new() }
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }
    pub fn players(&self) -> PlayerCount {
        self.options.player_count()
    }
    /// What chance decided so far, in order, each where it fell in the log.
    pub fn chances(&self) -> &[Drawn] {
        &self.chances
    }
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }
    pub fn ledger(&self) -> &[LedgerEntry] {
        &self.ledger
    }
    pub fn results(&self) -> &[SeasonResult] {
        &self.results
    }
    pub fn season(&self) -> &Season {
        &self.season
    }
    pub fn day(&self) -> &Day {
        &self.season.day
    }
    pub fn status(&self) -> Status {
        self.status
    }
    /// Every action that shaped the game, undone steps left out.
    pub fn log(&self) -> &[Action] {
        &self.log
    }

    /// The player whose Day it is.
    pub fn to_move(&self) -> usize {
        self.season.day.player
    }

    /// Takes back every step of the Day under way, as [`Action::Undo`] repeated would: the
    /// Day is back at [`Game::day_start`] and its steps leave the log. Nothing happens
    /// unless a Day is being played.
    pub fn undo_day(&mut self) {
        if self.status == Status::Playing {
            self.log.truncate(self.log.len() - self.season.day.steps.len());
            self.season.day = self.day_start();
        }
    }

    /// R20: the players with the highest score.
    pub fn leaders(&self) -> Vec<usize> {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        (0..self.scores.len()).filter(|&p| self.scores[p] == best).collect()
    }

    /// Applies `action`; on a refusal nothing changes. Should the action need chance (a
    /// Hiring into the Water throws the sticks, R12.6; the next Season is dealt, R6, R7),
    /// it is drawn from `entropy` now and recorded.
    pub fn apply(&mut self, action: Action, entropy: &mut impl RngCore) -> Result<Outcome, RuleError> {
        self.apply_from(action, &mut Source::Fresh(entropy))
    }

    pub(super) fn apply_from(&mut self, action: Action, source: &mut Source) -> Result<Outcome, RuleError> {
        let outcome = self.dispatch(action, source)?;
        if action == Action::Undo {
            self.log.pop();
        } else {
            self.log.push(action);
        }
        Ok(outcome)
    }

    fn dispatch(&mut self, action: Action, source: &mut Source) -> Result<Outcome, RuleError> {
        let players = self.players();
        match self.status {
            Status::GameOver { .. } => return Err(RuleError::GameOver),
            Status::SeasonOver => {
                return match action {
                    Action::NextSeason => {
                        self.begin_next_season(source)?;
                        Ok(Outcome::NextSeasonBegan)
                    }
                    Action::EndGameByAgreement => Ok(self.end_game(true)),
                    _ => Err(RuleError::SeasonOver),
                };
            }
            Status::Playing => {}
        }
        let may_end = self.may_end_season_by_agreement();
        let day = &self.season.day;
        match action {
            Action::NextSeason => Err(RuleError::SeasonNotOver),
            Action::EndGameByAgreement | Action::EndSeasonByAgreement if !may_end => Err(RuleError::DayUnderWay),
            Action::EndGameByAgreement => Ok(self.end_game(true)),
            Action::EndSeasonByAgreement => Ok(self.end_season(SeasonEnd::ByAgreement)),
            Action::Undo => {
                let p = day.player;
                self.season.day = day.undone(self.season.board, self.season.hands[p].clone(), players)?;
                Ok(Outcome::Undone)
            }
            Action::Declare => {
                let patterns = self.declaration_preview(action).ok_or(RuleError::MayNotDeclare)?;
                let day = &self.season.day;
                let (player, concealed) = (day.player, day.hand.departments.is_empty());
                self.commit_day_points();
                self.credit(player, patterns.total() as i32, LedgerReason::Formation { patterns });
                Ok(self.end_season(SeasonEnd::Declared { player, concealed, patterns }))
            }
            Action::DeclareStalemate => {
                let patterns = self.declaration_preview(action).ok_or(RuleError::NotAStalemate)?;
                let player = self.season.day.player;
                self.commit_day_points();
                self.credit(player, patterns.total() as i32, LedgerReason::Formation { patterns });
                Ok(self.end_season(SeasonEnd::Stalemate { player, patterns }))
            }
            Action::Capture { to } => {
                let Phase::Moving { from, .. } = day.phase() else {
                    return Err(RuleError::WrongPhase {
                        action: DayStep::Capturing,
                        phase: DayMoment::ChooseMoveFirst,
                    });
                };
                if !from.destinations().contains(&to) {
                    return Err(RuleError::NotADestination { from, to });
                }
                let hire = day.hire_to(to).expect("phase is Moving");
                // Thrown only when entering Water (R12.6), after the capture is chosen.
                let sticks = match hire.needs_throw() {
                    true => Some(source.throw(self.log.len() + 1).map_err(RuleError::Chance)?),
                    false => None,
                };
                if let Some(sticks) = sticks {
                    self.chances.push(Drawn { after: self.log.len() + 1, chance: Chance::Throw { sticks } });
                }
                Ok(Outcome::Hired { record: self.commit_hire(hire, sticks) })
            }
            Action::Dissolve { .. } | Action::Form { .. } | Action::Discard { .. } | Action::Move { .. } => {
                self.season.day.step(action, players)?;
                Ok(Outcome::Stepped)
            }
        }
    }

    fn credit(&mut self, player: usize, points: i32, reason: LedgerReason) {
        self.scores[player] += points;
        self.ledger.push(LedgerEntry { season: self.season.number, player, points, reason });
    }

    /// Bonuses and refunds of the Day's Dissolve and Form become final.
    fn commit_day_points(&mut self) {
        let player = self.season.day.player;
        // Taken out and put back rather than cloned: this runs every Day.
        let steps = std::mem::take(&mut self.season.day.steps);
        for step in &steps {
            match *step {
                Step::Dissolve { refund, .. } => self.credit(player, -(refund as i32), LedgerReason::Refund),
                Step::Form { bonus, .. } => self.credit(player, bonus as i32, LedgerReason::Bonus),
                Step::Discard { .. } | Step::Move { .. } => {}
            }
        }
        self.season.day.steps = steps;
    }

    /// R12.5–R12.6: resolve the capture, throwing the sticks on Water, and pass the turn.
    fn commit_hire(&mut self, hire: Hire, sticks: Option<Sticks>) -> HireRecord {
        self.commit_day_points();
        let day = &mut self.season.day;
        let mover = day.board.get(hire.from).expect("the mover stands on its square");
        let arrived = sticks.is_none_or(|s| s.lets_piece_arrive());
        let taken = if arrived {
            let captured = day.board.get(hire.to).expect("the board is full after the discard");
            day.board.set(hire.to, Some(mover));
            captured
        } else {
            mover
        };
        day.board.set(hire.from, None);
        day.hand.concealed.add(taken);

        let player = day.player;
        self.season.seen.push(SeenDay { taken: Some(taken), ..day.seen(&self.season.hands[player]) });
        self.season.board = day.board;
        // Moved, not cloned: the Day is replaced below.
        self.season.hands[player] = std::mem::take(&mut day.hand);
        let record = HireRecord { player, hire, sticks, taken, arrived };
        self.season.last_hire = Some(record);
        let next = self.season.direction.next(player, self.scores.len());
        let number = day.number + 1;
        self.season.day = Day::begin(next, number, self.season.board, self.season.hands[next].clone());
        record
    }

    fn end_season(&mut self, end: SeasonEnd) -> Outcome {
        // A Season ended by agreement ends before its current Day is played.
        let days = match end {
            SeasonEnd::ByAgreement => self.season.day.number - 1,
            _ => self.season.day.number,
        };
        let result = SeasonResult { season: self.season.number, days, end };
        self.results.push(result);
        let game_over = self.season.number as usize >= self.scores.len();
        if game_over {
            self.end_game(false);
        } else {
            self.status = Status::SeasonOver;
        }
        Outcome::SeasonEnded { result, game_over }
    }

    fn end_game(&mut self, by_agreement: bool) -> Outcome {
        self.status = Status::GameOver { by_agreement };
        Outcome::GameEnded
    }

    /// R7: the player with the fewest points starts, towards the neighbour with fewer
    /// points; chance settles ties, and deals the Season (R6).
    fn begin_next_season(&mut self, source: &mut Source) -> Result<(), RuleError> {
        let rule = self.next_start_rule();
        let after = self.log.len() + 1;
        let opening = source.open(after, self.options.table(), &rule).map_err(RuleError::Chance)?;
        self.season = Season::open(&self.options, self.season.number + 1, &opening).map_err(RuleError::Chance)?;
        self.chances.push(Drawn { after, chance: Chance::Opening { opening } });
        self.status = Status::Playing;
        Ok(())
    }

    /// Who may start the next Season and which way (R7), from the scores as they stand.
    pub fn next_start_rule(&self) -> StartRule {
        StartRule::after(&self.scores)
    }

    /// The first broken invariant, if any: pieces conserved, 24 on the board and one empty
    /// square between Days, hands of nine, scores equal to the ledger.
    pub fn invariant_violation(&self) -> Option<Invariant> {
        let players = self.players();
        let s = &self.season;
        let on_board = s.board.pieces();
        let mut all = on_board;
        s.hands.iter().for_each(|h| all.add_all(&h.all_pieces()));
        all.add_all(&s.pool);
        if let Some(l) = s.luminous {
            all.add(l);
        }
        if all != PieceCounts::full_set(players) {
            return Some(Invariant::PiecesNotConserved { season: s.number, counted: all });
        }
        if s.board.the_empty_square().is_none() || on_board.total() != 24 {
            return Some(Invariant::BoardNotFull { board: s.board });
        }
        if let Some((p, h)) = s.hands.iter().enumerate().find(|(_, h)| h.total() != 9) {
            return Some(Invariant::HandSize { player: p, pieces: h.total() });
        }
        for (p, hand) in s.hands.iter().enumerate() {
            let known = s.known(p);
            if !hand.concealed.contains_all(&known) {
                return Some(Invariant::KnownNotConcealed { player: p, known });
            }
        }
        for p in 0..self.scores.len() {
            // Summed wide: a ledger read from outside (a seat's view) may hold any i32 points.
            let sum: i64 = self.ledger.iter().filter(|e| e.player == p).map(|e| i64::from(e.points)).sum();
            if sum != i64::from(self.scores[p]) {
                return Some(Invariant::ScoreOffLedger { player: p, score: self.scores[p], ledger: sum });
            }
        }
        None
    }
}

impl Season {
    /// The Season that `opening` deals (R6, R7), its first Day begun; refused when the deal
    /// holds more copies of a piece than the game has (R1, R3).
    pub fn open(options: &GameOptions, number: u8, opening: &Opening) -> Result<Season, ChanceError> {
        let players = options.player_count();
        let hands: Vec<Hand> = match &opening.hands {
            Some(hands) => hands.iter().map(|&concealed| Hand { concealed, departments: Vec::new() }).collect(),
            None => vec![Hand::default(); options.seats.len()],
        };
        let start = opening.start;
        let pool = opening.pool(players).ok_or_else(|| {
            ChanceError::Impossible("the deal holds more copies of a piece than the game has (R1, R3)".into())
        })?;
        let day = Day::begin(start, 1, opening.board, hands[start].clone());
        Ok(Season {
            number,
            board: opening.board,
            hands,
            pool,
            luminous: opening.luminous,
            start_player: start,
            direction: opening.direction,
            day,
            last_hire: None,
            seen: SeenDays::default(),
        })
    }

    /// Pieces everyone saw enter `player`'s concealed pieces this Season and not leave, as of
    /// the start of the current Day ([`SeenDays::known`]).
    pub fn known(&self, player: usize) -> PieceCounts {
        self.seen.known(player)
    }
}

/// Why a log does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The index of the action refused (of the action after which chance failed).
    pub index: usize,
    /// `None` when a recorded outcome of chance is at fault, not an action.
    pub action: Option<Action>,
    pub error: RuleError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Some(action) => write!(f, "action {} ({}) is refused: {}", self.index + 1, ActionToken(action), self.error),
            None => write!(f, "after {} actions: {}", self.index, self.error),
        }
    }
}

impl std::error::Error for ReplayError {}
