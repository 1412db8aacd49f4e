//! One device's part in a deal, as a pure state machine: messages in, messages out, typed
//! errors; no I/O, no clock, no generator (its secrets come from the entropy it is given).
//!
//! Flow (DEAL-PROTOCOL.md): every device greets; device 1, then 2, … shuffles the whole list
//! under its global secret; device 1, then 2, … takes its global secret off again and puts a
//! key of its own on each position; then every device sends its keys for the board and the
//! luminous piece to everyone and its keys for each other seat's nine, sealed, to that seat.
//! At the Season's end every device publishes its secrets and every device checks every step.

use super::copies::PieceCopies;
use super::error::{Cheat, DealError, Fault, Step};
use super::ids::Device;
use super::message::{Hello, Lock, Message, Outgoing, Publish, Recipient, Reveal, Sealed, Shuffle, ThrowValue};
use super::seal;
use super::secrets::{commit_global, commit_key, identity_public, DeviceEntropy, DeviceSecrets};
use super::setup::DealSetup;
use super::sticks::{HashChain, Throws};
use super::transcript::{Greeting, LockStep, PointList, Transcript};
use super::unmask::unmask;
use super::verify::{verify, FullDeal};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::Identity;
use lauzait_engine::{Board, Direction, Piece, Square, StartRule, Sticks};

mod showing;

/// Where a deal stands, as one device sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for these devices' greetings.
    Greeting { awaited: Vec<Device> },
    /// Waiting for this device's shuffle.
    Shuffling { next: Device },
    /// Waiting for this device's lock step.
    Locking { next: Device },
    /// Waiting for these devices' keys to open this device's positions.
    Opening { awaited: Vec<Device> },
    /// This device knows its hand, the board and the luminous piece: the Season can be played.
    Dealt,
    /// Every key is in, but `position` opened to no piece, or to a piece already opened: a
    /// device cheated, and publishing every secret names it.
    Broken { position: usize },
    /// Some devices have published their secrets; waiting for these.
    Publishing { awaited: Vec<Device> },
    /// Every secret is published and every step checked.
    Verified,
    /// Every secret is published and the check failed: a cheat, or a deal given up unfinished.
    Failed(DealError),
}

/// What this device's seat knows of the deal (R40): its own nine, the board, the luminous
/// piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatDeal {
    pub hand: Vec<Piece>,
    pub board: Board,
    pub luminous: Option<Piece>,
}

/// One device of the deal.
#[derive(Clone)]
pub struct DealDevice {
    setup: DealSetup,
    context: [u8; 32],
    copies: PieceCopies,
    me: Device,
    secrets: DeviceSecrets,
    chain: HashChain,
    transcript: Transcript,
    /// `keys[d][j]`: device `d`'s key for position `j`, where this device knows it.
    keys: Vec<Vec<Option<Scalar>>>,
    /// The copy each position opened to, where this device opened it.
    opened: Vec<Option<usize>>,
    /// The positions of seats' hands whose pieces were shown in play (`showing`).
    shown: Vec<bool>,
    sent_openings: bool,
    throws: Option<Throws>,
    /// The check of every step, once every device has published.
    verdict: Option<Result<FullDeal, DealError>>,
}

impl DealDevice {
    /// `me`'s device for the deal `setup`, its secrets drawn from `entropy`; with its greeting
    /// to send.
    pub fn new(
        setup: DealSetup,
        me: Device,
        entropy: &DeviceEntropy,
    ) -> Result<(DealDevice, Vec<Outgoing>), DealError> {
        if me.index() >= setup.devices() {
            return Err(DealError::NotAtTable { from: me.byte() });
        }
        let secrets = DeviceSecrets::draw(&setup, me, entropy);
        let n = setup.layout().pieces();
        let devices = setup.devices();
        let mut keys = vec![vec![None; n]; devices];
        keys[me.index()] = secrets.keys.iter().copied().map(Some).collect();
        let mut device = DealDevice {
            context: setup.context(),
            copies: PieceCopies::new(setup.layout().players()),
            chain: HashChain::new(secrets.chain_seed, setup.throws()),
            transcript: Transcript::new(devices),
            opened: vec![None; n],
            shown: vec![false; n],
            sent_openings: false,
            throws: None,
            verdict: None,
            setup,
            me,
            secrets,
            keys,
        };
        let hello = Hello {
            from: me,
            identity: identity_public(&device.secrets.identity).compress(),
            global_commitment: commit_global(&device.setup, me, &device.secrets.global),
            chain_head: device.chain.head(),
        };
        let mut out = Vec::new();
        device.take(Message::Hello(hello), &mut out)?;
        Ok((device, out))
    }

    pub fn me(&self) -> Device {
        self.me
    }

    pub fn setup(&self) -> &DealSetup {
        &self.setup
    }

    /// Everything public this device has taken so far.
    pub fn transcript(&self) -> &Transcript {
        &self.transcript
    }

    /// Takes a message from another device (or a repeat of one already taken, which changes
    /// nothing) and returns what this device sends in turn. The transport authenticates who
    /// sent what, so a message in this device's own name is its own relayed back: ignored.
    pub fn receive(&mut self, message: Message) -> Result<Vec<Outgoing>, DealError> {
        let from = message.from();
        if from.index() >= self.setup.devices() {
            return Err(DealError::NotAtTable { from: from.byte() });
        }
        if from == self.me {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        self.take(message, &mut out)?;
        Ok(out)
    }

    /// Where the deal stands.
    pub fn phase(&self) -> Phase {
        let t = &self.transcript;
        let devices = self.setup.devices();
        match &self.verdict {
            Some(Ok(_)) => return Phase::Verified,
            Some(Err(error)) => return Phase::Failed(error.clone()),
            None => {}
        }
        if t.published.iter().any(Option::is_some) {
            return Phase::Publishing { awaited: t.devices_where(|d| t.published[d].is_none()) };
        }
        if t.greetings.iter().any(Option::is_none) {
            return Phase::Greeting { awaited: t.devices_where(|d| t.greetings[d].is_none()) };
        }
        if t.shuffles.len() < devices {
            return Phase::Shuffling { next: Device(t.shuffles.len() as u8) };
        }
        if t.locks.len() < devices {
            return Phase::Locking { next: Device(t.locks.len() as u8) };
        }
        let awaited = t.devices_where(|d| self.entitled().any(|j| self.keys[d][j].is_none()));
        if !awaited.is_empty() {
            return Phase::Opening { awaited };
        }
        match self.entitled().find(|&j| self.opened[j].is_none()) {
            Some(position) => Phase::Broken { position },
            None => Phase::Dealt,
        }
    }

    /// The positions this device's seat may open (R40): its nine, the board, the luminous.
    pub fn entitled(&self) -> impl Iterator<Item = usize> + '_ {
        self.setup.layout().hand(self.me.index()).chain(self.setup.public_positions())
    }

    /// The positions this device can open by the keys it holds though its seat may not see
    /// them (R40): neither its nine, the board, the luminous piece, nor a piece shown in play.
    /// None on an honest table, publication included (the published deal is read from the
    /// secrets, [`Self::verified`]); what a page's test reads of each device after every
    /// letter it opens.
    pub fn opens_beyond_its_seat(&self) -> Vec<usize> {
        let entitled: Vec<usize> = self.entitled().collect();
        (0..self.setup.layout().pieces())
            .filter(|&p| !entitled.contains(&p) && !self.is_shown(p) && self.try_open(p).is_ok())
            .collect()
    }

    /// The piece at `position`, if every device's key for it is known here; otherwise the
    /// devices whose keys are missing.
    pub fn try_open(&self, position: usize) -> Result<Piece, DealError> {
        let list =
            self.transcript.final_list().ok_or_else(|| DealError::KeysMissing { position, awaited: self.awaited() })?;
        let masked = list.points.get(position).ok_or(DealError::Unopenable { position })?;
        let keys: Option<Vec<Scalar>> = self.keys.iter().map(|row| row[position]).collect();
        let keys = keys.ok_or_else(|| DealError::KeysMissing {
            position,
            awaited: self.transcript.devices_where(|d| self.keys[d][position].is_none()),
        })?;
        unmask(&self.copies, masked, keys)
            .and_then(|copy| self.copies.piece(copy))
            .ok_or(DealError::Unopenable { position })
    }

    /// What the seat knows once its positions are open: its hand, the board, the luminous piece.
    pub fn seat_deal(&self) -> Option<SeatDeal> {
        let layout = self.setup.layout();
        let piece = |p: usize| self.opened[p].and_then(|c| self.copies.piece(c));
        let hand: Option<Vec<Piece>> = layout.hand(self.me.index()).map(piece).collect();
        let mut squares = [None; Square::COUNT];
        for (position, square) in layout.board() {
            squares[square.index()] = Some(piece(position)?);
        }
        let luminous = match layout.luminous() {
            Some(p) => Some(piece(p)?),
            None => None,
        };
        let board = Board::from_squares(squares).ok()?;
        Some(SeatDeal { hand: hand?, board, luminous })
    }

    /// Every secret scalar this device holds: its global secret, its identity secret, then
    /// every key it knows, its own and those it was sent, device by device. (What it could use
    /// to open a position; the tests try them all on every position it may not open, R40.)
    pub fn held_scalars(&self) -> Vec<Scalar> {
        let mut held = vec![self.secrets.global, self.secrets.identity];
        held.extend(self.keys.iter().flatten().flatten());
        held
    }

    /// `device`'s key for `position`, if this device knows it (its own, or one it was sent).
    pub fn known_key(&self, device: Device, position: usize) -> Option<Scalar> {
        self.keys.get(device.index())?.get(position).copied().flatten()
    }

    /// The whole deal, once every device has published and every step is checked.
    pub fn verified(&self) -> Option<&FullDeal> {
        self.verdict.as_ref()?.as_ref().ok()
    }

    /// Publishes this device's secrets: at the Season's end, or to abandon a deal found broken
    /// (every hand is then readable by all; never while the Season is played). Its message goes
    /// out even when it completes the publication and the check then fails: [`Self::phase`]
    /// says how the check ended.
    pub fn publish(&mut self) -> Vec<Outgoing> {
        let publish = Publish {
            from: self.me,
            global: self.secrets.global,
            identity: self.secrets.identity,
            keys: self.secrets.keys.clone(),
            permutation: self.secrets.permutation.clone(),
        };
        let mut out = Vec::new();
        // Its own publication is refused only by the check it may complete, whose verdict is
        // kept (the phase): the message goes out either way.
        let _verdict = self.take(Message::Publish(publish), &mut out);
        out
    }

    /// This device's value for the throw under way, to send once the move that needs it is
    /// fixed (R12.6).
    pub fn reveal_throw(&mut self) -> Result<Vec<Outgoing>, DealError> {
        let throws = self.throws.as_ref().filter(|_| self.phase() == Phase::Dealt).ok_or(DealError::NotDealt)?;
        let throw = throws.current();
        let value = self.chain.value(throw).ok_or(DealError::ChainSpent { throws: self.setup.throws() })?;
        let mut out = Vec::new();
        self.take(Message::ThrowValue(ThrowValue { from: self.me, throw, value }), &mut out)?;
        Ok(out)
    }

    /// The throw under way, once every device's value is in; the next throw begins.
    pub fn decide_throw(&mut self) -> Result<Sticks, DealError> {
        self.throws.as_mut().ok_or(DealError::NotDealt)?.decide()
    }

    /// R7's draw of the Season's start and direction under `rule`, from the value under way
    /// (every device revealed it with [`Self::reveal_throw`]) instead of a throw.
    pub fn decide_start(&mut self, rule: &StartRule) -> Result<(usize, Direction), DealError> {
        self.throws.as_mut().ok_or(DealError::NotDealt)?.decide_start(rule)
    }

    /// The devices the step under way waits for.
    pub fn awaited(&self) -> Vec<Device> {
        match self.phase() {
            Phase::Greeting { awaited } | Phase::Opening { awaited } | Phase::Publishing { awaited } => awaited,
            Phase::Shuffling { next } | Phase::Locking { next } => vec![next],
            Phase::Dealt | Phase::Broken { .. } | Phase::Verified | Phase::Failed(_) => Vec::new(),
        }
    }

    /// Takes `message` (another device's, or this device's own before it goes out), then sends
    /// whatever has become this device's turn.
    fn take(&mut self, message: Message, out: &mut Vec<Outgoing>) -> Result<(), DealError> {
        if message.from() == self.me {
            out.push(outgoing(&message));
        }
        match message {
            Message::Hello(m) => self.take_hello(m)?,
            Message::Shuffle(m) => self.take_shuffle(m)?,
            Message::Lock(m) => self.take_lock(m)?,
            Message::Reveal(m) => self.take_reveal(m)?,
            Message::Sealed(m) => self.take_sealed(m)?,
            Message::Publish(m) => return self.take_publish(m),
            Message::ThrowValue(m) => {
                let throws = self.throws.as_mut().ok_or(DealError::NotDealt)?;
                return throws.receive(m.from, m.throw, m.value);
            }
        }
        self.send_due(out)
    }

    fn take_hello(&mut self, hello: Hello) -> Result<(), DealError> {
        let from = hello.from;
        let cheat = |fault| Cheat { device: from, step: Step::Greeting, fault };
        if let Some(known) = &self.transcript.greetings[from.index()] {
            return if known.hello == hello { Ok(()) } else { Err(cheat(Fault::Changed).into()) };
        }
        let identity = hello
            .identity
            .decompress()
            .filter(|p| *p != RistrettoPoint::identity())
            .ok_or(cheat(Fault::NotAPoint { position: 0 }))?;
        self.transcript.greetings[from.index()] = Some(Greeting { hello, identity });
        let heads: Option<Vec<_>> =
            self.transcript.greetings.iter().map(|g| g.as_ref().map(|g| g.hello.chain_head)).collect();
        if let Some(heads) = heads {
            self.throws = Some(Throws::new(self.context, self.setup.throws(), heads));
        }
        Ok(())
    }

    /// A repeat of a step already taken is no change; anything but the step due is refused.
    fn in_turn<T>(&self, from: Device, done: &[T], same: impl Fn(&T) -> bool, step: Step) -> Result<bool, DealError> {
        if let Some(earlier) = done.get(from.index()) {
            return if same(earlier) {
                Ok(false)
            } else {
                Err(Cheat { device: from, step, fault: Fault::Changed }.into())
            };
        }
        if self.awaited() != [from] {
            return Err(DealError::OutOfTurn { from, awaited: self.awaited() });
        }
        Ok(true)
    }

    fn take_shuffle(&mut self, shuffle: Shuffle) -> Result<(), DealError> {
        let from = shuffle.from;
        if !matches!(self.phase(), Phase::Shuffling { .. }) && self.transcript.shuffles.get(from.index()).is_none() {
            return Err(DealError::OutOfTurn { from, awaited: self.awaited() });
        }
        if self.in_turn(from, &self.transcript.shuffles, |l| l.compressed == shuffle.list, Step::Shuffle)? {
            let list = PointList::read(from, |_| Step::Shuffle, self.copies.len(), &shuffle.list)?;
            self.transcript.shuffles.push(list);
        }
        Ok(())
    }

    fn take_lock(&mut self, lock: Lock) -> Result<(), DealError> {
        let from = lock.from;
        if !matches!(self.phase(), Phase::Locking { .. }) && self.transcript.locks.get(from.index()).is_none() {
            return Err(DealError::OutOfTurn { from, awaited: self.awaited() });
        }
        let same = |l: &LockStep| l.list.compressed == lock.list && l.commitments == lock.key_commitments;
        if self.in_turn(from, &self.transcript.locks, same, Step::Lock { position: 0 })? {
            let n = self.copies.len();
            let commitments = lock.key_commitments.len();
            if commitments != n {
                let fault = Fault::WrongLength { expected: n, got: commitments };
                return Err(Cheat { device: from, step: Step::Lock { position: 0 }, fault }.into());
            }
            let list = PointList::read(from, |position| Step::Lock { position }, n, &lock.list)?;
            self.transcript.locks.push(LockStep { list, commitments: lock.key_commitments });
        }
        Ok(())
    }

    /// Checks `from`'s key for `position` against its commitment and keeps it.
    fn take_key(&mut self, from: Device, position: usize, key: Scalar, step: Step) -> Result<(), Cheat> {
        let committed = self.transcript.locks[from.index()].commitments[position];
        if commit_key(&self.context, from, position, &key) != committed {
            return Err(Cheat { device: from, step, fault: Fault::KeyNotCommitted });
        }
        self.keys[from.index()][position] = Some(key);
        Ok(())
    }

    fn take_reveal(&mut self, reveal: Reveal) -> Result<(), DealError> {
        let from = reveal.from;
        if self.transcript.final_list().is_none() {
            return Err(DealError::OutOfTurn { from, awaited: self.awaited() });
        }
        if let Some(known) = &self.transcript.reveals[from.index()] {
            return if *known == reveal.keys { Ok(()) } else { Err(opening_changed(from, None)) };
        }
        let public = self.setup.public_positions();
        if reveal.keys.len() != public.len() {
            let fault = Fault::WrongLength { expected: public.len(), got: reveal.keys.len() };
            return Err(Cheat { device: from, step: Step::PublicOpening { position: public[0] }, fault }.into());
        }
        for (&position, &key) in public.iter().zip(&reveal.keys) {
            self.take_key(from, position, key, Step::PublicOpening { position })?;
        }
        self.transcript.reveals[from.index()] = Some(reveal.keys);
        self.open_what_can_be(public)
    }

    fn take_sealed(&mut self, sealed: Sealed) -> Result<(), DealError> {
        let (from, to) = (sealed.from, sealed.to);
        if self.transcript.final_list().is_none() {
            return Err(DealError::OutOfTurn { from, awaited: self.awaited() });
        }
        if to == from || to.index() >= self.setup.devices() {
            let step = Step::PrivateOpening { to, position: None };
            return Err(Cheat { device: from, step, fault: Fault::Misaddressed }.into());
        }
        if let Some(known) = self.transcript.sealed.iter().find(|s| s.from == from && s.to == to) {
            return if *known == sealed { Ok(()) } else { Err(opening_changed(from, Some(to))) };
        }
        if to == self.me && from != self.me {
            let other = self.identity_of(from);
            let keys = seal::open(&self.context, from, to, &self.secrets.identity, &other, &sealed.sealed);
            let step = Step::PrivateOpening { to, position: None };
            let keys = keys.ok_or(Cheat { device: from, step, fault: Fault::Undecryptable })?;
            let hand = self.setup.layout().hand(to.index());
            if keys.len() != hand.len() {
                let fault = Fault::WrongLength { expected: hand.len(), got: keys.len() };
                return Err(Cheat { device: from, step, fault }.into());
            }
            for (position, key) in hand.clone().zip(keys) {
                self.take_key(from, position, key, Step::PrivateOpening { to, position: Some(position) })?;
            }
            self.transcript.sealed.push(sealed);
            return self.open_what_can_be(hand.collect());
        }
        self.transcript.sealed.push(sealed);
        Ok(())
    }

    fn take_publish(&mut self, publish: Publish) -> Result<(), DealError> {
        let from = publish.from;
        if let Some(known) = &self.transcript.published[from.index()] {
            let fault = Fault::Changed;
            return if *known == publish {
                Ok(())
            } else {
                Err(Cheat { device: from, step: Step::Publication, fault }.into())
            };
        }
        let n = self.copies.len();
        for got in [publish.keys.len(), publish.permutation.len()] {
            if got != n {
                let fault = Fault::WrongLength { expected: n, got };
                return Err(Cheat { device: from, step: Step::Publication, fault }.into());
            }
        }
        self.transcript.published[from.index()] = Some(publish);
        if self.transcript.published.iter().all(Option::is_some) {
            let verdict = verify(&self.setup, &self.copies, &self.transcript);
            self.verdict = Some(verdict.clone());
            verdict?;
        }
        Ok(())
    }

    fn identity_of(&self, device: Device) -> RistrettoPoint {
        self.transcript.greetings[device.index()].as_ref().map_or(RistrettoPoint::identity(), |g| g.identity)
    }

    /// Opens every position of `positions` whose keys are all in and which is not open yet.
    fn open_what_can_be(&mut self, positions: Vec<usize>) -> Result<(), DealError> {
        for position in positions {
            if self.opened[position].is_some() || self.keys.iter().any(|row| row[position].is_none()) {
                continue;
            }
            let Some(list) = self.transcript.final_list() else { return Ok(()) };
            let keys = self.keys.iter().filter_map(|row| row[position]);
            let copy = unmask(&self.copies, &list.points[position], keys).ok_or(DealError::Unopenable { position })?;
            if let Some(earlier) = self.opened.iter().position(|&c| c == Some(copy)) {
                return Err(DealError::CopyTwice { position, earlier });
            }
            self.opened[position] = Some(copy);
        }
        Ok(())
    }

    /// Sends every step that has become this device's: its shuffle, its lock, its openings.
    fn send_due(&mut self, out: &mut Vec<Outgoing>) -> Result<(), DealError> {
        match self.phase() {
            Phase::Shuffling { next } if next == self.me => {
                let list = self.shuffled();
                self.take(Message::Shuffle(Shuffle { from: self.me, list }), out)
            }
            Phase::Locking { next } if next == self.me => {
                let lock = self.locked();
                self.take(Message::Lock(lock), out)
            }
            Phase::Opening { .. } | Phase::Dealt if !self.sent_openings => {
                self.sent_openings = true;
                for message in self.openings() {
                    self.take(message, out)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The previous list (the copies' elements for the first device) under this device's
    /// global secret, in the order of a permutation drawn from its entropy.
    fn shuffled(&self) -> Vec<CompressedRistretto> {
        let previous = self.transcript.shuffles.last().map_or(self.copies.points(), |l| l.points.as_slice());
        self.secrets.permutation.iter().map(|&i| (self.secrets.global * previous[usize::from(i)]).compress()).collect()
    }

    /// The previous list (the last shuffle's for the first device) with this device's global
    /// secret taken off and its key for each position put on.
    fn locked(&self) -> Lock {
        let previous = self.transcript.locks.last().map_or_else(
            || self.transcript.shuffles.last().map_or(&[][..], |l| l.points.as_slice()),
            |l| l.list.points.as_slice(),
        );
        let unglobal = self.secrets.global.invert();
        let keys = &self.secrets.keys;
        Lock {
            from: self.me,
            list: previous.iter().zip(keys).map(|(m, k)| (k * unglobal * m).compress()).collect(),
            key_commitments: keys.iter().enumerate().map(|(j, k)| commit_key(&self.context, self.me, j, k)).collect(),
        }
    }

    /// This device's keys for the public positions, and for each other seat's nine sealed to it.
    fn openings(&self) -> Vec<Message> {
        let keys = &self.secrets.keys;
        let public = self.setup.public_positions().iter().map(|&p| keys[p]).collect();
        let mut messages = vec![Message::Reveal(Reveal { from: self.me, keys: public })];
        for to in self.setup.all_devices().filter(|&d| d != self.me) {
            let hand: Vec<Scalar> = self.setup.layout().hand(to.index()).map(|p| keys[p]).collect();
            let sealed = seal::seal(&self.context, self.me, to, &self.secrets.identity, &self.identity_of(to), &hand);
            messages.push(Message::Sealed(Sealed { from: self.me, to, sealed }));
        }
        messages
    }
}

fn opening_changed(from: Device, to: Option<Device>) -> DealError {
    let step = match to {
        Some(to) => Step::PrivateOpening { to, position: None },
        None => Step::PublicOpening { position: 0 },
    };
    Cheat { device: from, step, fault: Fault::Changed }.into()
}

/// Where this device sends its own message: a sealed box to its seat, everything else to all.
fn outgoing(message: &Message) -> Outgoing {
    let to = match message {
        Message::Sealed(s) => Recipient::Device(s.to),
        _ => Recipient::Everyone,
    };
    Outgoing { to, message: message.clone() }
}
