//! The host's authority: the one device that runs the engine. It seats guests (checking
//! their links and keys), runs a commit-then-reveal deal round before each Season (the
//! first once every person is seated, each later one when the table decides the next
//! Season, which is applied only once that round is complete), checks every action a
//! guest sends with the engine, plays the computer seats, and answers each guest with its
//! own seat's view only (R40). It is pure: the shell hands it each message's text with the
//! connection it came on, and sends what it returns.

use super::bytes::{JoinToken, SeatKey, Secret, TableId};
use super::deal::{chance_for, commit_at, round_for, round_secret_at, start_game, Contributor, Round, TableRecord};
use super::protocol::{GuestMsg, HostMsg, Refusal, VERSION};
pub use super::seat::{Paired, Player, SeatState};
use super::spectator::SpectatorMsg;
use super::validate::{read_guest, Refused};
use lauzait_engine::{Action, Game, GameOptions, SeatView, Status};
use std::collections::{BTreeMap, BTreeSet};

mod computer;
mod deal_again;
mod error;
mod save;
mod watchers;

pub use error::HostError;
pub use save::{SaveError, SAVE_VERSION};

/// A connection to a guest, numbered by the shell.
pub type Conn = u32;

/// Something for the shell to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    Send(Conn, HostMsg),
    /// Send a spectator's connection the public view.
    Watch(Conn, SpectatorMsg),
    /// The connection lost its seat to a newer one of the same seat: close it.
    Close(Conn),
}

impl Out {
    /// Whether this answers a refused message, which changed nothing.
    pub fn is_refusal(&self) -> bool {
        matches!(self, Out::Send(_, HostMsg::Refused { .. }))
    }
}

/// The bytes of entropy [`Host::new`] needs.
pub const HOST_ENTROPY: usize = 8 + 32 + 8 + 4 * SEAT_ENTROPY;
/// The bytes of entropy a seat's new link needs ([`Host::release_seat`]): a token and a key.
pub const SEAT_ENTROPY: usize = 8 + 16;

/// The host's whole state; what it saves ([`Host::save`]) is enough to resume after a
/// reload.
#[derive(Clone, Debug)]
pub struct Host {
    pub table: TableId,
    options: GameOptions,
    seats: Vec<SeatState>,
    /// The host's stored secret: each round's contribution is drawn from it
    /// ([`round_secret`]) and published only with the record.
    secret: Secret,
    /// Round `n` deals Season `n`; the last one may be under way (the host not yet
    /// revealed), which holds the next Season until every person's device took part.
    rounds: Vec<Round>,
    /// The next Season's round the table ended the game during, kept for the record.
    abandoned: Option<Round>,
    /// Every attempt at a round dealt again after a seat withheld its secret, as it stood
    /// ([`Host::deal_again`]), kept for the record.
    withheld: Vec<Round>,
    game: Option<Game>,
    /// The computer players' seed (never the game's).
    bot_seed: u64,
    /// The number of the latest views sent; an action on an older one is stale.
    seq: u32,
    /// Live connections and the seat each holds; a reload starts with none.
    conns: BTreeMap<Conn, u8>,
    /// Live spectators' connections ([`Host::watch`]); a reload starts with none.
    watchers: BTreeSet<Conn>,
    /// The latest refused messages ([`MAX_REFUSALS`] at most), for the shell's log.
    refusals: Vec<String>,
}

/// How many refused messages the host's log keeps.
pub const MAX_REFUSALS: usize = 64;

impl Host {
    /// A new table for `options` with one `(name, player)` per seat; `entropy` (at least
    /// [`HOST_ENTROPY`] bytes from the shell's generator) makes its id, its secret, the
    /// bot seed and each seat's link token and key.
    pub fn new(options: GameOptions, seats: Vec<(String, Player)>, entropy: &[u8]) -> Result<Host, HostError> {
        let Some(bot_seed) = entropy.get(40..48).filter(|_| entropy.len() >= HOST_ENTROPY) else {
            return Err(HostError::NoEntropy { needed: HOST_ENTROPY, got: entropy.len() });
        };
        if seats.len() != options.seats().len() {
            return Err(HostError::SeatCount { described: seats.len(), players: options.seats().len() });
        }
        let table = TableId::from_entropy(&entropy[0..]);
        let secret = Secret::from_entropy(&entropy[8..]);
        let bot_seed = u64::from_le_bytes(bot_seed.try_into().unwrap_or_default());
        let seats: Vec<SeatState> = seats
            .into_iter()
            .enumerate()
            .map(|(i, (name, player))| SeatState {
                name,
                player,
                token: JoinToken::from_entropy(&entropy[48 + 24 * i..]),
                key: SeatKey::from_entropy(&entropy[56 + 24 * i..]),
                claimed: false,
            })
            .collect();
        let mut host = Host {
            table,
            options,
            seats,
            secret,
            rounds: Vec::new(),
            abandoned: None,
            withheld: Vec::new(),
            game: None,
            bot_seed,
            seq: 0,
            conns: BTreeMap::new(),
            watchers: BTreeSet::new(),
            refusals: Vec::new(),
        };
        host.open_round(1);
        host.try_deal()?;
        Ok(host)
    }

    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }
    pub fn options(&self) -> &GameOptions {
        &self.options
    }
    /// Every deal round so far, round `n` for Season `n`.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }
    /// The deal round under way, if any: the seats it waits for have not committed or
    /// revealed yet.
    pub fn dealing(&self) -> Option<&Round> {
        self.rounds.last().filter(|r| r.secrets.first().is_some_and(Option::is_none))
    }
    /// The person's seats the round under way waits for (to commit, or to reveal).
    pub fn waiting_for(&self) -> Vec<u8> {
        let Some(r) = self.dealing() else { return Vec::new() };
        let committed = r.all_committed();
        r.contributors
            .iter()
            .zip(r.commitments.iter().zip(&r.secrets))
            .filter_map(|(&c, (cm, s))| match c {
                Contributor::Seat(seat) if cm.is_none() || (committed && s.is_none()) => Some(seat),
                _ => None,
            })
            .collect()
    }
    /// The latest refused messages, newest last.
    pub fn refusals(&self) -> &[String] {
        &self.refusals
    }
    /// The seats with a live connection.
    pub fn connected(&self) -> Vec<u8> {
        self.conns.values().copied().collect()
    }

    /// Whether `conn` holds a seat (its device joined or rejoined).
    pub fn is_seated(&self, conn: Conn) -> bool {
        self.conns.contains_key(&conn)
    }

    /// The connection closed (the shell saw its channel close).
    pub fn disconnected(&mut self, conn: Conn) {
        self.conns.remove(&conn);
    }

    /// A new link for `seat` (its holder's device is lost): a fresh token and key, so the
    /// old link and the old key no longer work. `entropy`: at least 24 bytes.
    pub fn release_seat(&mut self, seat: u8, entropy: &[u8]) -> Vec<Out> {
        let Some(s) = self.seats.get_mut(seat as usize) else { return Vec::new() };
        s.token = JoinToken::from_entropy(entropy);
        s.key = SeatKey::from_entropy(entropy.get(8..).unwrap_or_default());
        s.claimed = false;
        // The lost phone's commitment to a round under way goes while nobody has been shown
        // the round's list (the new phone has a secret of its own, and could not reveal the
        // lost one's); once the list is shown it stays, as every phone keeps it.
        if self.dealing().is_some_and(|r| !r.all_committed()) {
            if let Some(r) = self.rounds.last_mut() {
                let at = r.contributors.iter().position(|&c| c == Contributor::Seat(seat));
                if let Some(c) = at.and_then(|i| r.commitments.get_mut(i)) {
                    *c = None;
                }
            }
        }
        let dropped: Vec<Conn> = self.conns.iter().filter(|(_, &s)| s == seat).map(|(&c, _)| c).collect();
        dropped.iter().for_each(|c| {
            self.conns.remove(c);
        });
        dropped.into_iter().map(Out::Close).collect()
    }

    /// Handles one message from a connection. A refused message is answered with the reason
    /// and logged; nothing on any input panics or changes the table.
    pub fn receive(&mut self, from: Paired, text: &str) -> Vec<Out> {
        self.receive_read(from, read_guest(text))
    }

    /// [`Self::receive`] of a message already read ([`read_guest`]), for a shell that
    /// looks at it too.
    pub fn receive_read(&mut self, from: Paired, read: Result<GuestMsg, Refused>) -> Vec<Out> {
        let conn = from.conn;
        // A refused step names the step it refuses.
        let n = match &read {
            Ok(GuestMsg::Act { n, .. }) => Some(*n),
            _ => None,
        };
        match read.and_then(|msg| self.handle(from, msg)) {
            Ok(out) => out,
            Err(refused) => {
                let seat = self.conns.get(&conn).map_or("no seat".to_string(), |s| format!("seat {s}"));
                self.log_refusal(format!("connection {conn} ({seat}): {}: {}", refused.reason, refused.detail));
                let msg = HostMsg::Refused { v: VERSION, reason: refused.reason, n, detail: refused.detail };
                vec![Out::Send(conn, msg)]
            }
        }
    }

    /// Logs a refused message. Only the latest are kept: a peer sending nonsense without end
    /// must not grow the log, and the page that shows it, without end.
    fn log_refusal(&mut self, line: String) {
        if self.refusals.len() == MAX_REFUSALS {
            self.refusals.remove(0);
        }
        self.refusals.push(line);
    }

    fn handle(&mut self, from: Paired, msg: GuestMsg) -> Result<Vec<Out>, Refused> {
        let conn = from.conn;
        match msg {
            GuestMsg::Join { table, seat, token, .. } => {
                let s = self.person_seat(table, seat)?;
                from.check_seat(seat)?;
                // The same join again on the connection it seated: the device sent it again
                // because no answer had come yet (a first message can be lost as the channel
                // opens). Answered as the first was, not refused as a stranger's.
                if self.conns.get(&conn) == Some(&seat) && s.token == token {
                    return Ok(self.seat_conn(conn, seat));
                }
                if s.claimed || s.token != token {
                    return Err(Refused::new(
                        Refusal::SeatHeld,
                        format!("seat {seat} is held; ask the host for a new link"),
                    ));
                }
                self.seats[seat as usize].claimed = true;
                Ok(self.seat_conn(conn, seat))
            }
            GuestMsg::Rejoin { table, seat, key, .. } => {
                let s = self.person_seat(table, seat)?;
                from.check_seat(seat)?;
                if !s.claimed || s.key != key {
                    return Err(Refused::new(Refusal::BadKey, format!("this device does not hold seat {seat}")));
                }
                Ok(self.seat_conn(conn, seat))
            }
            GuestMsg::Commit { round, attempt, commitment, .. } => {
                let seat = self.seat_of(conn)?;
                let r = self.round_under_way(round, attempt)?;
                let before = r.all_committed();
                r.commit(Contributor::Seat(seat), commitment)
                    .map_err(|e| Refused::new(Refusal::Deal, e.to_string()))?;
                // Only the commitment that completes the list asks everyone to reveal; a
                // repeated one (after a reconnection) was already answered by the catch-up.
                let all = !before && r.all_committed();
                Ok(if all { self.broadcast(|h, _| h.reveal_now().into_iter().collect()) } else { Vec::new() })
            }
            GuestMsg::Reveal { round, attempt, secret, .. } => {
                let seat = self.seat_of(conn)?;
                let r = self.round_under_way(round, attempt)?;
                if !r.all_committed() {
                    return Err(Refused::new(Refusal::Deal, "secrets are shown only once every commitment is in"));
                }
                r.reveal(Contributor::Seat(seat), secret).map_err(|e| Refused::new(Refusal::Deal, e.to_string()))?;
                let dealt = self.try_deal().map_err(|e| Refused::new(Refusal::Deal, e.to_string()))?;
                Ok(if dealt { self.views() } else { Vec::new() })
            }
            GuestMsg::Act { n, seq, action, .. } => {
                let seat = self.seat_of(conn)?;
                self.act(seat, seq, action)?;
                let mut out = vec![Out::Send(conn, HostMsg::Ack { v: VERSION, n })];
                out.extend(self.views());
                Ok(out)
            }
            GuestMsg::Resync { .. } => {
                let seat = self.seat_of(conn)?;
                Ok(self.catch_up(seat).into_iter().map(|m| Out::Send(conn, m)).collect())
            }
        }
    }

    /// Checks a guest's action (turn, view, kind, then the engine) and applies it.
    fn act(&mut self, seat: u8, seq: u32, action: Action) -> Result<(), Refused> {
        let game = self.game.as_mut().ok_or(Refused::new(Refusal::NotYourTurn, "the game has not begun"))?;
        if game.status() != Status::Playing || game.to_move() != seat as usize {
            return Err(Refused::new(Refusal::NotYourTurn, format!("it is not seat {seat}'s Day")));
        }
        if action.is_between_days() {
            return Err(Refused::new(Refusal::NotAllowed, "the table decides that on the host's screen"));
        }
        if seq != self.seq {
            return Err(Refused::new(
                Refusal::Stale,
                format!("taken on view {seq}; the table is at view {}", self.seq),
            ));
        }
        let combined = combined_for(&self.rounds, game, action)
            .ok_or(Refused::new(Refusal::NotYourTurn, "the deal is not complete"))?;
        let mut chance = chance_for(&combined, game);
        game.apply(action, &mut chance).map_err(|e| Refused::new(Refusal::Rule, e.to_string()))?;
        Ok(())
    }

    /// An action taken on the host's own screen: only the table's decisions between Days.
    /// The next Season opens its deal round (every person's device commits, then reveals)
    /// and begins once that round is complete; ending the game drops a round under way,
    /// which dealt nothing.
    pub fn table_action(&mut self, action: Action) -> Result<Vec<Out>, HostError> {
        let game = self.game.as_ref().ok_or(HostError::NotBegun)?;
        if !action.is_between_days() {
            return Err(HostError::OnPlayersPhone);
        }
        if action == Action::NextSeason {
            if self.dealing().is_some() {
                return Err(HostError::DealUnderWay);
            }
            if game.status() != Status::SeasonOver {
                return Err(HostError::Rule(lauzait_engine::RuleError::SeasonNotOver));
            }
            let n = round_for(game, action);
            self.open_round(n);
            if self.try_deal()? {
                return Ok(self.views());
            }
            // The round begins: every connected person's device is asked to commit.
            return Ok(self.broadcast(|h, _| h.round_messages()));
        }
        let season = usize::from(game.season().number);
        let dropped = self.rounds.get(season..).map(<[Round]>::to_vec).unwrap_or_default();
        self.rounds.truncate(season);
        let game = self.game.as_mut().ok_or(HostError::NotBegun)?;
        let applied = match combined_for(&self.rounds, game, action) {
            Some(combined) => game.apply(action, &mut chance_for(&combined, game)).map_err(HostError::Rule),
            None => Err(HostError::DealIncomplete),
        };
        if let Err(e) = applied {
            self.rounds.extend(dropped);
            return Err(e);
        }
        // The round under way dealt nothing; it goes into the record as it stands, the host's
        // secret shown, so that a device that revealed in it sees it was never used.
        self.abandoned = dropped.into_iter().next().map(|mut round| {
            let _ = round.reveal(Contributor::Host, round_secret_at(&self.secret, round.number, round.attempt));
            round
        });
        Ok(self.views())
    }

    fn person_seat(&self, table: TableId, seat: u8) -> Result<&SeatState, Refused> {
        if table != self.table {
            return Err(Refused::new(Refusal::WrongTable, "this link belongs to another table"));
        }
        match self.seats.get(seat as usize) {
            Some(s) if s.player == Player::Person => Ok(s),
            _ => Err(Refused::new(Refusal::NoSuchSeat, format!("seat {seat} is not a person's seat at this table"))),
        }
    }

    fn seat_of(&self, conn: Conn) -> Result<u8, Refused> {
        self.conns.get(&conn).copied().ok_or(Refused::new(Refusal::NotJoined, "join a seat first"))
    }

    /// The round under way, if it is attempt `attempt` at round `round` (a message of an
    /// attempt dealt again since is refused) and every person is seated.
    fn round_under_way(&mut self, round: u32, attempt: u32) -> Result<&mut Round, Refused> {
        let open = self.dealing().is_some_and(|r| r.number == round && r.attempt == attempt) && self.all_seated();
        match self.rounds.last_mut() {
            Some(r) if open => Ok(r),
            _ => Err(Refused::new(Refusal::Deal, format!("deal round {round} (attempt {attempt}) is not under way"))),
        }
    }

    /// Opens round `number` for the host and every person's seat, the host's commitment in.
    fn open_round(&mut self, number: u32) {
        let people = (0..self.seats.len())
            .filter(|&s| self.seats[s].player == Player::Person)
            .map(|s| Contributor::Seat(s as u8));
        let round = Round::new(self.table, number, std::iter::once(Contributor::Host).chain(people).collect());
        self.rounds.push(self.host_committed(round));
    }

    /// `round` with the host's commitment to its secret for the round's attempt in: the host
    /// commits first, before any phone.
    fn host_committed(&self, mut round: Round) -> Round {
        let mine = round_secret_at(&self.secret, round.number, round.attempt);
        let mine = commit_at(self.table, round.number, round.attempt, Contributor::Host, &mine);
        // The host is a contributor of every round it opens: this cannot be refused.
        let _ = round.commit(Contributor::Host, mine);
        round
    }

    /// Binds `conn` to `seat` (closing an older connection of the seat), welcomes it and
    /// catches it up; the join that seats the last person starts the deal for everyone.
    fn seat_conn(&mut self, conn: Conn, seat: u8) -> Vec<Out> {
        let old: Vec<Conn> = self.conns.iter().filter(|(&c, &s)| s == seat && c != conn).map(|(&c, _)| c).collect();
        let mut out: Vec<Out> = old.into_iter().map(Out::Close).collect();
        for c in out.iter().filter_map(|o| if let Out::Close(c) = o { Some(*c) } else { None }) {
            self.conns.remove(&c);
        }
        self.conns.insert(conn, seat);
        let names = self.seats.iter().map(|s| s.name.clone()).collect();
        let key = self.seats[seat as usize].key;
        out.push(Out::Send(conn, HostMsg::Welcome { v: VERSION, table: self.table, seat, key, names }));
        let begins = self.all_seated()
            && self.dealing().is_some_and(|r| r.commitments.iter().filter(|c| c.is_some()).count() == 1);
        if begins && self.game.is_none() {
            // The deal begins now: every seated guest (this one included) is asked to commit.
            out.extend(self.broadcast(|h, s| h.catch_up(s)));
        } else {
            out.extend(self.catch_up(seat).into_iter().map(|m| Out::Send(conn, m)));
            // A later round held until this seat was taken (its phone lost, or the round dealt
            // again after it withheld) begins now for the others too.
            if begins {
                let others = self.broadcast(|h, s| if s == seat { Vec::new() } else { h.round_messages() });
                out.extend(others);
            }
        }
        out
    }

    fn all_seated(&self) -> bool {
        self.seats.iter().all(|s| s.player != Player::Person || s.claimed)
    }

    /// What a guest of `seat` needs to be where the table is: its view (none before the
    /// first deal), the round under way, the record once the game is over.
    fn catch_up(&self, seat: u8) -> Vec<HostMsg> {
        let mut out: Vec<HostMsg> = self.game.as_ref().and_then(|g| self.view_of(g, seat)).into_iter().collect();
        out.extend(self.round_messages());
        out.extend(self.record());
        out
    }

    /// The round under way as a guest must hear it: `commit-now`, then `reveal-now` once
    /// every commitment is in. Nothing until every person is seated.
    fn round_messages(&self) -> Vec<HostMsg> {
        let Some(r) = self.dealing().filter(|_| self.all_seated()) else { return Vec::new() };
        let Some(host) = r.commitments.first().copied().flatten() else { return Vec::new() };
        let mut out = vec![HostMsg::CommitNow { v: VERSION, round: r.number, attempt: r.attempt, host }];
        out.extend(self.reveal_now());
        out
    }

    fn reveal_now(&self) -> Option<HostMsg> {
        let r = self.dealing().filter(|r| r.all_committed())?;
        let commitments = r.commitments.iter().flatten().copied().collect();
        Some(HostMsg::RevealNow { v: VERSION, round: r.number, attempt: r.attempt, commitments })
    }

    /// Completes the round under way once every guest's secret is in (at once when no
    /// person plays): the host reveals, and round 1 starts the game, a later round the
    /// next Season. True if it dealt now.
    fn try_deal(&mut self) -> Result<bool, HostError> {
        let Some(r) = self.rounds.last_mut() else { return Ok(false) };
        let others_in = r.secrets.iter().zip(&r.contributors).all(|(s, &c)| s.is_some() || c == Contributor::Host);
        if r.secrets[0].is_some() || !r.all_committed() || !others_in {
            return Ok(false);
        }
        r.reveal(Contributor::Host, round_secret_at(&self.secret, r.number, r.attempt))
            .map_err(HostError::HostSecret)?;
        let combined = r.combined().ok_or(HostError::DealIncomplete)?;
        match self.game.as_mut() {
            None => self.game = Some(start_game(self.options.clone(), &combined)),
            Some(game) => {
                let mut chance = chance_for(&combined, game);
                game.apply(Action::NextSeason, &mut chance).map_err(HostError::Rule)?;
            }
        }
        Ok(true)
    }

    fn view_of(&self, game: &Game, seat: u8) -> Option<HostMsg> {
        let view = game.view(seat as usize)?;
        Some(HostMsg::View { v: VERSION, seq: self.seq, view: Box::new(SeatView::new(&view)) })
    }

    /// The record, once the game is over (the secrets are published only then).
    pub fn record(&self) -> Option<HostMsg> {
        let game = self.game.as_ref().filter(|g| matches!(g.status(), Status::GameOver { .. }))?;
        let record = TableRecord {
            rounds: self.rounds.clone(),
            options: self.options.clone(),
            log: game.log().to_vec(),
            abandoned: self.abandoned.clone(),
            withheld: self.withheld.clone(),
        };
        Some(HostMsg::Record { v: VERSION, record: Box::new(record) })
    }

    /// A new view number, each connected guest's view, and the public view for every
    /// spectator.
    fn views(&mut self) -> Vec<Out> {
        self.seq += 1;
        let mut out = self.broadcast(|h, s| h.catch_up(s));
        out.extend(self.to_watchers());
        out
    }

    fn broadcast(&self, each: impl Fn(&Host, u8) -> Vec<HostMsg>) -> Vec<Out> {
        let conns: Vec<(Conn, u8)> = self.conns.iter().map(|(&c, &s)| (c, s)).collect();
        conns.into_iter().flat_map(|(c, s)| each(self, s).into_iter().map(move |m| Out::Send(c, m))).collect()
    }
}

/// The combined value of the round that draws `action`'s chance in `game`, once complete.
fn combined_for(rounds: &[Round], game: &Game, action: Action) -> Option<[u8; 32]> {
    rounds.get((round_for(game, action) as usize).checked_sub(1)?)?.combined()
}
