//! The tablet of a relayed table: while the phones join, it gathers their keys and
//! commitments into the roster ([`TabletGathering`]); then it carries each phone's letters and
//! nonce to the others and shows the board as every phone agrees it stands
//! ([`TabletRelay`]). It holds no key of the deal and no person's seat: what it carries is
//! signed by the phones (a letter it changed is refused where it arrives) and what it shows is
//! a public view by type. A computer seat is a device of its own that the tablet's page runs
//! ([`super::computer`]): it takes and writes its messages as a phone does, through the same
//! relay.

use super::code::{commit, Commitment, Nonce};
use super::computer::{ComputerPlayer, ComputerSeat, ComputerSeats, Computers, NoComputers};
use super::phone::PhoneTableError;
use super::roster::TableRoster;
use super::wire::{FromTablet, ToTablet};
use crate::identity::PublicKey;
use crate::joint::party;
use crate::joint_table::{Roster, RosterError};
use lauzait_autoplay::pacing::SeatTable;
use lauzait_bots::Level;
use lauzait_engine::{Action, SeatView, SpectatorView};
use lauzait_joint_deal::Device;
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::computer_seats::ComputerTable;
use std::collections::VecDeque;
use std::fmt;

/// Messages for the phones, each with the seat it goes to.
pub type ToPhones = Vec<(Device, FromTablet)>;

/// The tablet while the phones join (module docs).
#[derive(Clone, Debug)]
pub struct TabletGathering {
    table: TableId,
    luminous: bool,
    throws: u32,
    joins: Vec<Option<(PublicKey, Commitment)>>,
}

/// The tablet once the roster is made (module docs), with its computer seats `C`: none
/// ([`NoComputers`], a table of persons: so a page that seats none links no device of joint
/// play) or devices of their own ([`Computers`]).
#[derive(Clone)]
pub struct TabletRelay<C = NoComputers> {
    roster: TableRoster,
    computers: C,
    /// Each phone's last public view.
    views: Vec<Option<SpectatorView>>,
    /// The last view every phone sent alike.
    shown: Option<SpectatorView>,
}

/// Why the tablet refuses a phone's message; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TabletError {
    /// The table's game cannot be played so (2 to 4 players, the throws a chain allows).
    Game(RosterError),
    /// The data channel is not of a seat at this table.
    NotASeat { from: Device },
    /// The seat has already joined with another key: another phone claims it.
    SeatTaken { seat: Device },
    /// A message of the game before every phone has joined.
    Early,
    /// A phone's nonce does not match its commitment.
    NonceMismatch { seat: Device },
    /// A letter not written by the phone on this channel to the seat it is sent to, or of
    /// another table.
    NotItsLetter { from: Device },
    /// A computer seat's device refused a message (a phone's fault or cheat, or the tablet's
    /// own page at fault), or cannot be made.
    Computer { seat: Device, error: PhoneTableError },
    /// The seat is a person's, or not the computer's whose Day it is.
    NotAComputer { seat: Device },
}

impl fmt::Display for TabletError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TabletError::Game(e) => e.fmt(f),
            TabletError::NotASeat { from } => write!(f, "seat {} is not at this table", from.index() + 1),
            TabletError::SeatTaken { seat } => {
                write!(f, "another phone already sits at seat {}: pair this phone with a free seat", seat.index() + 1)
            }
            TabletError::Early => f.write_str("a phone wrote before every phone had joined: wait for the others"),
            TabletError::NonceMismatch { seat } => {
                write!(f, "seat {}'s phone sent a part of the table's code it had not promised", seat.index() + 1)
            }
            TabletError::NotItsLetter { from } => {
                write!(f, "seat {}'s phone sent a letter that is not its own to another seat here", from.index() + 1)
            }
            TabletError::Computer { seat, error } => {
                write!(f, "the computer player at seat {}: {error}", seat.index() + 1)
            }
            TabletError::NotAComputer { seat } => {
                write!(f, "seat {} is not a computer player's to play now", seat.index() + 1)
            }
        }
    }
}

impl std::error::Error for TabletError {}

impl TabletGathering {
    /// A table of `players` at `table` (the table's id from the shell's entropy), with the
    /// luminous rule or not and `throws` a Season.
    pub fn new(table: TableId, players: usize, luminous: bool, throws: u32) -> Result<TabletGathering, TabletError> {
        // The rules are checked now, with stand-in keys, rather than once every phone has joined.
        let trial = Roster { luminous, throws, keys: vec![[0; 32]; players] };
        trial.setup(table).map_err(TabletError::Game)?;
        Ok(TabletGathering { table, luminous, throws, joins: vec![None; players] })
    }

    /// Seats a computer player of `level` at `seat`, its device made from
    /// [`COMPUTER_ENTROPY`](super::computer::COMPUTER_ENTROPY) bytes of `entropy`: it joins at
    /// once, as a phone would; the relay runs it once started ([`TabletRelay::with_computers`]).
    pub fn seat_computer(&mut self, seat: Device, level: Level, entropy: &[u8]) -> Result<ComputerSeat, TabletError> {
        let computer = ComputerSeat::new(self.table, seat, level, entropy)
            .map_err(|error| TabletError::Computer { seat, error })?;
        self.open(seat, computer.join())?;
        Ok(computer)
    }

    pub fn table(&self) -> TableId {
        self.table
    }

    /// The seats no phone has joined yet.
    pub fn awaited(&self) -> Vec<Device> {
        (0..).zip(&self.joins).filter(|(_, j)| j.is_none()).map(|(d, _)| Device::from_byte(d)).collect()
    }

    /// Takes the message of the phone on seat `from`'s data channel: its join.
    pub fn open(&mut self, from: Device, message: ToTablet) -> Result<(), TabletError> {
        let ToTablet::Join { key, commitment } = message else { return Err(TabletError::Early) };
        let slot = self.joins.get_mut(from.index()).ok_or(TabletError::NotASeat { from })?;
        match slot {
            Some(joined) if *joined != (key, commitment) => Err(TabletError::SeatTaken { seat: from }),
            _ => {
                *slot = Some((key, commitment));
                Ok(())
            }
        }
    }

    /// Once every seat has joined: the relay, and the roster to send every seat.
    pub fn start(&self) -> Option<(TabletRelay, ToPhones)> {
        let joins: Vec<(PublicKey, Commitment)> = self.joins.iter().copied().collect::<Option<_>>()?;
        let roster = TableRoster {
            table: self.table,
            roster: Roster { luminous: self.luminous, throws: self.throws, keys: joins.iter().map(|j| j.0).collect() },
            commitments: joins.iter().map(|j| j.1).collect(),
        };
        let relay =
            TabletRelay { views: vec![None; joins.len()], shown: None, roster: roster.clone(), computers: NoComputers };
        let out = relay.seats().map(|d| (d, FromTablet::Roster(roster.clone()))).collect();
        Some((relay, out))
    }
}

impl TabletRelay {
    /// The relay with its computer seats' devices (seated in the gathering with
    /// [`TabletGathering::seat_computer`]) made from the roster, and what to send each phone
    /// of `first` (the roster [`TabletGathering::start`] gave for every seat): the roster, to
    /// the persons' phones only, and the computer seats' first messages.
    pub fn with_computers(
        self,
        seats: Vec<ComputerSeat>,
        first: ToPhones,
    ) -> Result<(TabletRelay<Computers>, ToPhones), TabletError> {
        let mut queue = VecDeque::new();
        let mut computers = Vec::new();
        for computer in &seats {
            let (table, reveal) =
                computer.sit(&self.roster).map_err(|error| TabletError::Computer { seat: computer.seat(), error })?;
            queue.push_back((computer.seat(), reveal));
            computers.push(table);
        }
        self.seated(Computers::new(computers), first, queue, Computers::outboxes)
    }

    /// The relay with `computers`, and what to send each phone of `first` (the roster, to the
    /// persons' phones only), then what the computer seats send first: `opening` and what
    /// `then` gives of them, each carried on.
    fn seated(
        self,
        computers: Computers,
        first: ToPhones,
        mut opening: VecDeque<(Device, ToTablet)>,
        then: fn(&mut Computers) -> Vec<(Device, ToTablet)>,
    ) -> Result<(TabletRelay<Computers>, ToPhones), TabletError> {
        let mut relay = TabletRelay { roster: self.roster, computers, views: self.views, shown: self.shown };
        let mut out: ToPhones = first.into_iter().filter(|(d, _)| !relay.computers.plays(*d)).collect();
        opening.extend(then(&mut relay.computers));
        out.extend(relay.carry(opening)?);
        Ok((relay, out))
    }
}

impl TabletRelay {
    /// The relay with computer seats resumed from the tablet's save (their devices already
    /// made from this roster), and what to send each phone of `first`: the roster to the
    /// persons' phones, and what each computer seat sends again, as a phone does when its
    /// channel opens again.
    pub fn with_resumed_computers(
        self,
        players: Vec<ComputerPlayer>,
        first: ToPhones,
    ) -> Result<(TabletRelay<Computers>, ToPhones), TabletError> {
        if let Some(other) = players.iter().find(|p| *p.table.roster() != self.roster) {
            return Err(TabletError::Computer { seat: other.seat, error: PhoneTableError::RosterChanged });
        }
        self.seated(Computers::new(players), first, VecDeque::new(), Computers::again)
    }
}

impl<C: ComputerSeats> TabletRelay<C> {
    pub fn roster(&self) -> &TableRoster {
        &self.roster
    }

    fn seats(&self) -> impl Iterator<Item = Device> {
        (0..self.roster.commitments.len() as u8).map(Device::from_byte)
    }

    /// Takes the message of the phone on seat `from`'s data channel; what to send to which
    /// phone (what is for a computer seat is taken by it here, and its answers carried on).
    pub fn open(&mut self, from: Device, message: ToTablet) -> Result<ToPhones, TabletError> {
        if self.computers.plays(from) {
            return Err(TabletError::NotASeat { from });
        }
        self.carry(VecDeque::from([(from, message)]))
    }

    /// Carries each message of `queue` and every answer of a computer seat to what it is sent,
    /// until only messages for phones are left.
    fn carry(&mut self, mut queue: VecDeque<(Device, ToTablet)>) -> Result<ToPhones, TabletError> {
        let mut out = Vec::new();
        while let Some((from, message)) = queue.pop_front() {
            for (to, message) in self.pass(from, message)? {
                if self.computers.plays(to) {
                    queue.extend(self.computers.open(to, message)?);
                } else {
                    out.push((to, message));
                }
            }
        }
        Ok(out)
    }

    /// One message of seat `from`'s: where it goes.
    fn pass(&mut self, from: Device, message: ToTablet) -> Result<ToPhones, TabletError> {
        let (Some(key), Some(commitment)) =
            (self.roster.roster.keys.get(from.index()), self.roster.commitments.get(from.index()))
        else {
            return Err(TabletError::NotASeat { from });
        };
        match message {
            // A phone that lost its connection joins again: it is sent the roster again.
            ToTablet::Join { key: k, commitment: c } if k == *key && c == *commitment => {
                Ok(vec![(from, FromTablet::Roster(self.roster.clone()))])
            }
            ToTablet::Join { .. } => Err(TabletError::SeatTaken { seat: from }),
            ToTablet::Reveal(nonce) => self.reveal(from, key, commitment, nonce),
            ToTablet::Letter { to, letter } => {
                let ours = letter.table == self.roster.table
                    && letter.from == party(from)
                    && letter.to == party(to)
                    && to != from
                    && to.index() < self.roster.commitments.len();
                if !ours {
                    return Err(TabletError::NotItsLetter { from });
                }
                Ok(vec![(to, FromTablet::Letter(letter))])
            }
            ToTablet::View(view) => {
                self.views[from.index()] = Some(view);
                let first = self.views.first().cloned().flatten();
                if first.is_some() && self.views.iter().all(|v| *v == first) {
                    self.shown = first;
                }
                Ok(Vec::new())
            }
        }
    }

    fn reveal(
        &self,
        from: Device,
        key: &PublicKey,
        commitment: &Commitment,
        nonce: Nonce,
    ) -> Result<ToPhones, TabletError> {
        if commit(self.roster.table, from.to_byte(), key, &nonce) != *commitment {
            return Err(TabletError::NonceMismatch { seat: from });
        }
        Ok(self.seats().filter(|&d| d != from).map(|d| (d, FromTablet::Reveal { from, nonce })).collect())
    }

    /// The board as every phone last agreed it stands: `None` until they first agree.
    pub fn shown(&self) -> Option<&SpectatorView> {
        self.shown.as_ref()
    }

    /// The phones whose last view is not the one shown (still on their way, or a phone that
    /// sees another game): the tablet says whom the board waits for.
    pub fn differing(&self) -> Vec<Device> {
        self.seats().filter(|d| self.views[d.index()].as_ref() != self.shown.as_ref()).collect()
    }
}

impl TabletRelay<Computers> {
    /// The computer seat whose Day it is, with its seat's view (R40: what the computer
    /// player plans from), once every device has taken every step before it.
    pub fn computer_to_move(&self) -> Option<(Device, SeatView)> {
        self.computers.to_move().map(|(c, view)| (c.seat, view.clone()))
    }

    /// The computer seats.
    pub fn computers(&self) -> &Computers {
        &self.computers
    }

    /// Computer seat `seat` (what its device holds is that seat's, as a phone's is).
    pub fn computer(&self, seat: Device) -> Option<&ComputerPlayer> {
        self.computers.get(seat)
    }

    /// Computer seat `seat` takes `action` (a step of its Day, or its agreement to end the
    /// Season); what to send each phone.
    pub fn computer_act(&mut self, seat: Device, action: Action) -> Result<ToPhones, TabletError> {
        let out = self.computers.act(seat, action)?;
        self.carry(out.into())
    }
}

/// The tablet's page paces its computer seats as table mode's tablet does its own
/// ([`ComputerSeats`](lauzait_table_mode::computer_seats::ComputerSeats)): each plans from
/// its own device's view of its seat.
impl ComputerTable for TabletRelay<Computers> {
    type Paced<'a> = SeatTable<'a>;
    type Out = ToPhones;
    type Error = TabletError;

    fn computer_to_move(&self) -> Option<(u8, Level)> {
        self.computers.to_move().map(|(c, _)| (c.seat.to_byte(), c.level))
    }

    fn paced(&self, playouts: u32) -> Option<SeatTable<'_>> {
        let (computer, view) = self.computers.to_move()?;
        Some(SeatTable { view, bot_seed: computer.bot_seed, playouts })
    }

    /// Every step through the computer seat's device, and what each brings carried; a step
    /// refused leaves the table as it was.
    fn apply_computer_day(&mut self, seat: u8, day: &[Action]) -> Result<ToPhones, TabletError> {
        let seat = Device::from_byte(seat);
        if !Action::is_one_day(day) || self.computers.to_move().map(|(c, _)| c.seat) != Some(seat) {
            return Err(TabletError::NotAComputer { seat });
        }
        let mut played = self.clone();
        let mut out = Vec::new();
        for &action in day {
            out.extend(played.computer_act(seat, action)?);
        }
        *self = played;
        Ok(out)
    }
}
