//! The deal nobody can bias: commit, then reveal, a round before each Season. Every device
//! at the table (the host and each guest's phone) draws a secret, sends its SHA-256
//! commitment, and shows the secret only once every commitment is in; the Season's
//! randomness is the hash of all secrets of its round together. One honest device's fresh secret is enough to make the result unpredictable
//! to everyone else, and nobody can change their secret after seeing another's.
//!
//! Guests never see each other's secrets, nor the host's, while the game runs: knowing the
//! combined value would let a guest compute the hidden deal. The host publishes every
//! secret with the finished game's record, and anyone can then check the commitments, the
//! combination and the replay ([`verify_record`]). TABLE-PROTOCOL.md says what a dishonest
//! host can and cannot do.

use super::bytes::{Commitment, Secret, TableId};
use super::record_error::{CommitError, RecordError};
use lauzait_engine::{Action, Game, GameOptions};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha12Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Who contributed: the host's device, or the guest in a seat. Computer seats have no
/// device of their own; the host's secret stands for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contributor {
    Host,
    Seat(u8),
}

/// `host` or `seat 2`, for messages.
impl std::fmt::Display for Contributor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contributor::Host => f.write_str("host"),
            Contributor::Seat(n) => write!(f, "seat {n}"),
        }
    }
}

/// The commitment to `secret`: SHA-256 over a fixed label, the table, the round and the
/// contributor, then the secret, so that a commitment cannot be replayed into another
/// table, round or seat.
pub fn commit(table: TableId, round: u32, who: Contributor, secret: &Secret) -> Commitment {
    commit_at(table, round, 0, who, secret)
}

/// [`commit`] in attempt `attempt` of the round ([`Round::attempt`]): a restarted round's
/// commitments bind its attempt too, so none of an earlier attempt's is taken in a later one.
pub fn commit_at(table: TableId, round: u32, attempt: u32, who: Contributor, secret: &Secret) -> Commitment {
    let mut h = Sha256::new();
    h.update(b"lauzait-table/commit/v1");
    h.update(table.0);
    h.update(round.to_le_bytes());
    // The first attempt hashes as before attempts existed, so saves and records stay valid.
    if attempt > 0 {
        h.update(attempt.to_le_bytes());
    }
    h.update(contributor_tag(who));
    h.update(secret.0);
    Commitment::from_entropy(&h.finalize())
}

fn contributor_tag(who: Contributor) -> [u8; 2] {
    match who {
        Contributor::Host => [0, 0],
        Contributor::Seat(s) => [1, s],
    }
}

/// Why a reveal is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RevealError {
    /// The contributor sent no commitment in this round.
    NotCommitted(Contributor),
    /// The secret does not hash to the commitment.
    Mismatch(Contributor),
    /// The contributor already revealed.
    AlreadyRevealed(Contributor),
}

impl std::fmt::Display for RevealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RevealError::NotCommitted(w) => write!(f, "{w} reveals without a commitment in this round"),
            RevealError::Mismatch(w) => write!(f, "{w}'s secret does not match its commitment"),
            RevealError::AlreadyRevealed(w) => write!(f, "{w} has already revealed"),
        }
    }
}

/// One round of commit-then-reveal: who must contribute, the commitments so far, the
/// secrets revealed so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub table: TableId,
    pub number: u32,
    /// Every contributor of the round, in order: the host first, then seats ascending.
    pub contributors: Vec<Contributor>,
    pub commitments: Vec<Option<Commitment>>,
    pub secrets: Vec<Option<Secret>>,
    /// Which attempt at the round this is: 0, or one more each time the round was dealt
    /// again after a seat withheld its secret ([`crate::restart`]); every contributor draws
    /// a fresh secret for each attempt ([`round_secret_at`]).
    #[serde(default, skip_serializing_if = "is_first_attempt")]
    pub attempt: u32,
}

fn is_first_attempt(attempt: &u32) -> bool {
    *attempt == 0
}

impl Round {
    /// A round with `contributors` (sorted here; the host sorts first).
    pub fn new(table: TableId, number: u32, mut contributors: Vec<Contributor>) -> Round {
        contributors.sort();
        contributors.dedup();
        let n = contributors.len();
        Round { table, number, contributors, commitments: vec![None; n], secrets: vec![None; n], attempt: 0 }
    }

    /// The next attempt at this round: the same contributors, nothing committed yet.
    pub fn next_attempt(&self) -> Round {
        let mut next = Round::new(self.table, self.number, self.contributors.clone());
        next.attempt = self.attempt + 1;
        next
    }

    /// Whether the round is as [`Round::new`] makes it and its steps keep it: its
    /// contributors in order without repeats, and one commitment and one secret place for
    /// each (a round read from a damaged save may be anything).
    pub fn is_well_formed(&self) -> bool {
        let n = self.contributors.len();
        self.contributors.windows(2).all(|w| w[0] < w[1]) && self.commitments.len() == n && self.secrets.len() == n
    }

    fn index(&self, who: Contributor) -> Option<usize> {
        self.contributors.iter().position(|&c| c == who)
    }

    /// Records `who`'s commitment. A second, different commitment is refused: a contributor
    /// who could change its commitment could wait to see others'.
    pub fn commit(&mut self, who: Contributor, c: Commitment) -> Result<(), CommitError> {
        let i = self.index(who).ok_or(CommitError::NotAContributor(who))?;
        match self.commitments[i] {
            Some(old) if old != c => Err(CommitError::Changed(who)),
            _ => {
                self.commitments[i] = Some(c);
                Ok(())
            }
        }
    }

    /// Whether every contributor has committed: only then may secrets be shown.
    pub fn all_committed(&self) -> bool {
        self.commitments.iter().all(Option::is_some)
    }

    /// Records `who`'s secret if it matches its commitment.
    pub fn reveal(&mut self, who: Contributor, secret: Secret) -> Result<(), RevealError> {
        let i = self.index(who).ok_or(RevealError::NotCommitted(who))?;
        let c = self.commitments[i].ok_or(RevealError::NotCommitted(who))?;
        if commit_at(self.table, self.number, self.attempt, who, &secret) != c {
            return Err(RevealError::Mismatch(who));
        }
        match self.secrets[i] {
            Some(s) if s == secret => Ok(()),
            Some(_) => Err(RevealError::AlreadyRevealed(who)),
            None => {
                self.secrets[i] = Some(secret);
                Ok(())
            }
        }
    }

    /// The combined value once every secret is in and checked.
    pub fn combined(&self) -> Option<[u8; 32]> {
        let secrets: Option<Vec<Secret>> = self.secrets.iter().copied().collect();
        Some(combine_at(self.table, self.number, self.attempt, &self.contributors, &secrets?))
    }
}

/// The hash of every secret with its contributor, in the round's order.
pub fn combine(table: TableId, round: u32, contributors: &[Contributor], secrets: &[Secret]) -> [u8; 32] {
    combine_at(table, round, 0, contributors, secrets)
}

/// [`combine`] for attempt `attempt` of the round.
fn combine_at(table: TableId, number: u32, attempt: u32, contributors: &[Contributor], secrets: &[Secret]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"lauzait-table/deal/v1");
    h.update(table.0);
    h.update(number.to_le_bytes());
    if attempt > 0 {
        h.update(attempt.to_le_bytes());
    }
    h.update((contributors.len() as u32).to_le_bytes());
    for (who, s) in contributors.iter().zip(secrets) {
        h.update(contributor_tag(*who));
        h.update(s.0);
    }
    h.finalize().into()
}

/// The game round 1's combined value deals. **The one place table mode opens the engine's
/// randomness**, with [`chance_for`]: the engine draws chance when an action needs it, from
/// the entropy its caller passes; at the table that entropy comes from the combined value
/// of the Season's own round ([`round_for`]), so every deal and throw follows from the
/// rounds and a checker replays the same draws.
pub fn start_game(options: GameOptions, combined: &[u8; 32]) -> Game {
    Game::new(options, &mut chance_at(combined, 0))
}

/// The deal round whose combined value draws the chance `action` needs in `game`: the
/// next Season's round for [`Action::NextSeason`] (its opening is that Season's deal), the
/// Season's own round for anything else (its throws).
pub fn round_for(game: &Game, action: Action) -> u32 {
    let season = u32::from(game.season().number);
    if action == Action::NextSeason {
        season + 1
    } else {
        season
    }
}

/// A device's secret for round `round`, drawn from its one stored secret: revealing one
/// round's secret tells nothing of another's, and a reload reveals what it committed to.
pub fn round_secret(master: &Secret, round: u32) -> Secret {
    round_secret_at(master, round, 0)
}

/// [`round_secret`] for attempt `attempt` of the round: a round dealt again is dealt from
/// fresh secrets, none of which anybody saw in the attempt before.
pub fn round_secret_at(master: &Secret, round: u32, attempt: u32) -> Secret {
    let mut h = Sha256::new();
    h.update(b"lauzait-table/round-secret/v1");
    h.update(master.0);
    h.update(round.to_le_bytes());
    if attempt > 0 {
        h.update(attempt.to_le_bytes());
    }
    Secret::from_entropy(&h.finalize())
}

/// The entropy for the next outcome of chance `game` draws (a Season's opening, a throw):
/// a generator seeded from the round's combined value and how many outcomes the game holds,
/// so the host keeps no generator in its state and a reload draws exactly as before.
pub fn chance_for(combined: &[u8; 32], game: &Game) -> ChaCha12Rng {
    chance_at(combined, game.chances().len())
}

/// ChaCha12 seeded with all 256 bits of SHA-256(label ‖ combined ‖ drawn): a stream cipher's
/// output reveals neither its seed nor its other outputs, so a phone that sees its own hand
/// and every throw learns nothing of the hands it does not see or of the pool (a 64-bit seed
/// of a statistical generator could be searched for from what a phone sees).
fn chance_at(combined: &[u8; 32], drawn: usize) -> ChaCha12Rng {
    let mut h = Sha256::new();
    h.update(b"lauzait-table/chance/v2");
    h.update(combined);
    h.update((drawn as u64).to_le_bytes());
    ChaCha12Rng::from_seed(h.finalize().into())
}

/// A finished (or abandoned) table game as anyone can check it afterwards: every Season's
/// round (round `n` dealt Season `n`) with every commitment and secret, the options and
/// every action taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    pub rounds: Vec<Round>,
    pub options: GameOptions,
    pub log: Vec<Action>,
    /// The next Season's round the table ended the game during, as it stood (the host's
    /// secret shown): it dealt nothing. Published so that a device that revealed in it sees
    /// what became of its round; an honest host deals as soon as the last device reveals, so
    /// an abandoned round with every secret in means the host saw that deal and walked away
    /// ([`crate::verify`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandoned: Option<Round>,
    /// Every attempt at a round that was dealt again because a seat withheld its secret, as
    /// it stood (the host's secret shown, the withholding seat's missing), in order
    /// ([`crate::restart`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withheld: Vec<Round>,
}

/// Checks one round of a record: its contributors in order, every secret matching its
/// commitment; returns it rebuilt.
pub(crate) fn check_round(r: &Round) -> Result<Round, RecordError> {
    let n = r.number;
    let mut check = Round::new(r.table, n, r.contributors.clone());
    check.attempt = r.attempt;
    if check.contributors != r.contributors
        || r.commitments.len() != r.contributors.len()
        || r.secrets.len() != r.contributors.len()
    {
        return Err(RecordError::Contributors { round: n });
    }
    for ((&who, c), s) in r.contributors.iter().zip(&r.commitments).zip(&r.secrets) {
        let c = c.ok_or(RecordError::NoCommitment { round: n, who })?;
        let s = s.ok_or(RecordError::NoSecret { round: n, who })?;
        check.commit(who, c).map_err(|error| RecordError::Commit { round: n, error })?;
        check.reveal(who, s).map_err(|error| RecordError::Reveal { round: n, error })?;
    }
    Ok(check)
}

/// Checks a record: one round per Season played, numbered from 1, of this table; every
/// secret matches its commitment; and the log replays through the engine, each Season from
/// its own round's deal. `mine`, when given, is the checker's own contributor and stored
/// secret ([`round_secret`] makes each round's), which every round must show (so a host
/// cannot swap it).
pub fn verify_record(record: &TableRecord, mine: Option<(Contributor, Secret)>) -> Result<Game, RecordError> {
    verify_record_visiting(record, mine, |_| {})
}

/// [`verify_record`], calling `visit` with the game as dealt and after each action of the
/// log, so that a checker can compare every position with what it was shown.
pub fn verify_record_visiting(
    record: &TableRecord,
    mine: Option<(Contributor, Secret)>,
    mut visit: impl FnMut(&Game),
) -> Result<Game, RecordError> {
    let first = record.rounds.first().ok_or(RecordError::NoRound)?;
    let mut combined = Vec::with_capacity(record.rounds.len());
    for (i, r) in record.rounds.iter().enumerate() {
        if r.number as usize != i + 1 || r.table != first.table {
            return Err(RecordError::RoundOutOfPlace { number: r.number, expected: i + 1 });
        }
        let check = check_round(r)?;
        if let Some((who, master)) = mine {
            let at = check.index(who).ok_or(RecordError::LeavesOut { round: r.number, who })?;
            if check.secrets[at] != Some(round_secret_at(&master, r.number, r.attempt)) {
                return Err(RecordError::OtherSecret { round: r.number, who });
            }
        }
        combined.push(check.combined().ok_or(RecordError::SecretMissing { round: r.number })?);
    }
    crate::restart::check_withheld(record).map_err(RecordError::Withheld)?;
    let mut game = start_game(record.options.clone(), &combined[0]);
    visit(&game);
    for (i, &action) in record.log.iter().enumerate() {
        let n = round_for(&game, action);
        let value = combined.get(n as usize - 1).ok_or(RecordError::NoRoundForSeason { season: n })?;
        let mut chance = chance_for(value, &game);
        game.apply(action, &mut chance).map_err(|error| RecordError::DoesNotReplay { index: i + 1, action, error })?;
        visit(&game);
    }
    if combined.len() != usize::from(game.season().number) {
        return Err(RecordError::RoundCount { rounds: combined.len(), seasons: game.season().number });
    }
    Ok(game)
}
