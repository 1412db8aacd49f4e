//! A table of simulated devices playing a whole game together: every message goes through the
//! wire form, each device's seat is played by a computer player planning on the game as its
//! seat knows it, and a test may stand between one device and the others to change or drop
//! what it sends, as a cheating device would.

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{Action, GameOptions, SeatView, Status};
use lauzait_joint_deal::{DealError, Device, DeviceEntropy, Phase, Recipient};
use lauzait_joint_play::wire::{decode, encode};
use lauzait_joint_play::{public_state, Outgoing, PlayDevice, PlayError, PlayMessage, PlayPhase, PlaySetup};
use sha2::{Digest as _, Sha512};
use std::collections::VecDeque;

/// Throws (and starts) each Season's chains allow.
pub const THROWS: u32 = 512;
/// A Season still running after this many Days ends by every device's agreement, as the
/// engine's game loop ends one (`Game::turn`), to keep the simulation quick.
pub const DAY_CAP: u32 = 60;

/// What a cheating device does to a message of its own before it leaves: changes it, or
/// keeps it to itself (`false`).
pub type Tamper = Box<dyn FnMut(&[PlayDevice], &mut PlayMessage) -> bool>;

pub struct Table {
    pub setup: PlaySetup,
    pub devices: Vec<PlayDevice>,
    queue: VecDeque<Outgoing>,
    /// The cheating device and what it does to its messages.
    pub cheat: Option<(Device, Tamper)>,
    /// Every refusal, with the device that refused.
    pub refused: Vec<(Device, PlayError)>,
    /// Bytes each device sent (a message to everyone counted once).
    pub sent: Vec<usize>,
    /// Every message's bytes, when kept (`keep_bytes`).
    pub bytes: Vec<Vec<u8>>,
    pub keep_bytes: bool,
    /// Actions taken, and the Seasons begun.
    pub actions: usize,
    pub seasons: usize,
    /// The positions each device was found to open this Season (each opened once: a
    /// multiplication each).
    opened: Vec<Vec<bool>>,
}

/// Fresh entropy for device `device` from a test's seed.
pub fn entropy(seed: &[u8], device: usize) -> DeviceEntropy {
    let mut h = Sha512::new();
    h.update(seed);
    h.update([device as u8]);
    DeviceEntropy(h.finalize().into())
}

impl Table {
    pub fn new(players: usize, luminous: bool, seed: &[u8]) -> Table {
        let options = GameOptions::for_players(players, luminous).unwrap();
        let mut table_id = [0; 32];
        table_id[..seed.len().min(32)].copy_from_slice(&seed[..seed.len().min(32)]);
        let setup = PlaySetup::new(table_id, options, THROWS).unwrap();
        let mut devices = Vec::new();
        let mut queue = VecDeque::new();
        for device in setup.devices() {
            let (d, out) = PlayDevice::new(setup.clone(), device, &entropy(seed, device.index())).unwrap();
            devices.push(d);
            queue.extend(out);
        }
        Table {
            setup,
            devices,
            queue,
            cheat: None,
            refused: Vec::new(),
            sent: vec![0; players],
            bytes: Vec::new(),
            keep_bytes: false,
            actions: 0,
            seasons: 0,
            opened: vec![Vec::new(); players],
        }
    }

    pub fn device(&self, seat: u8) -> Device {
        self.setup.device(seat).unwrap()
    }

    /// Queues messages as if a device had sent them.
    pub fn send(&mut self, out: Vec<Outgoing>) {
        self.queue.extend(out);
    }

    /// Delivers every queued message, and every message sent in reply, until none is left.
    pub fn run(&mut self) {
        while let Some(outgoing) = self.queue.pop_front() {
            self.deliver(outgoing);
        }
    }

    /// One message, through the wire form, to every device it is for; their replies queued,
    /// their refusals kept.
    fn deliver(&mut self, outgoing: Outgoing) {
        let Outgoing { to, mut message } = outgoing;
        let from = message.from();
        if let Some((cheater, tamper)) = &mut self.cheat {
            if *cheater == from && !tamper(&self.devices, &mut message) {
                return;
            }
        }
        let bytes = encode(&message);
        self.sent[from.index()] += bytes.len();
        assert_eq!(decode(&bytes).as_ref(), Ok(&message), "every message reads back as itself");
        if self.keep_bytes {
            self.bytes.push(bytes.clone());
        }
        for i in 0..self.devices.len() {
            let me = self.devices[i].me();
            if me == from || !(to == Recipient::Everyone || to == Recipient::Device(me)) {
                continue;
            }
            let received = decode(&bytes).expect("every message a device sends reads back");
            match self.devices[i].receive(received) {
                Ok(out) => self.queue.extend(out),
                Err(e) => self.refused.push((me, e)),
            }
        }
    }

    /// The phase every honest device is in (all the same, or the test fails).
    pub fn phase(&self) -> PlayPhase {
        let honest: Vec<PlayPhase> = self.honest().map(|d| d.phase()).collect();
        assert!(honest.iter().all(|p| *p == honest[0]), "devices out of step: {honest:?}");
        honest[0].clone()
    }

    /// The devices that follow the protocol.
    pub fn honest(&self) -> impl Iterator<Item = &PlayDevice> {
        let cheater = self.cheat.as_ref().map(|(d, _)| *d);
        self.devices.iter().filter(move |d| Some(d.me()) != cheater)
    }

    /// Device `seat` takes `action`, and everything it leads to is delivered.
    pub fn act(&mut self, seat: usize, action: Action) -> Result<(), PlayError> {
        let out = self.devices[seat].act(action)?;
        self.send(out);
        self.run();
        self.actions += 1;
        Ok(())
    }

    /// One Day (or the table's agreement to end a Season past the Day cap) planned by the
    /// computer player of the seat whose Day it is, on the game as that seat knows it.
    pub fn play_day(&mut self, level: Level, seed: u64) {
        let PlayPhase::Playing { to_move } = self.phase() else { panic!("no Day to play: {:?}", self.phase()) };
        let view = self.devices[to_move].game().unwrap().view().clone();
        let game = view.rebuild().unwrap();
        if view.day > DAY_CAP && game.may_end_season_by_agreement() {
            for seat in 0..self.devices.len() {
                self.act(seat, Action::EndSeasonByAgreement).unwrap();
            }
            return;
        }
        let (day, _) = plan_whole_day(&game, to_move, level, seed, 0).unwrap();
        for action in day {
            self.act(to_move, action).unwrap();
            assert_eq!(self.refused, vec![], "after {action:?}");
            self.check_in_step();
            if let PlayPhase::Playing { .. } = self.phase() {
                self.check_secrecy(false);
            }
        }
    }

    /// Every honest device sees the same public game.
    pub fn check_in_step(&self) {
        let states: Vec<_> = self.honest().filter_map(|d| d.game().map(|g| public_state(g.view()))).collect();
        assert!(states.iter().all(|s| *s == states[0]), "the devices' public games differ");
    }

    /// R40: every device can open exactly its seat's nine, the board, the luminous piece and
    /// the pieces shown in play so far, and nothing else. The positions it may not open are
    /// tried every time (cheap: they lack keys), those it may open once a Season each (a
    /// multiplication each); with `full` (as a Season begins), its game's hand and board are
    /// found to be the deal's.
    pub fn check_secrecy(&mut self, full: bool) {
        for (device, opened_before) in self.devices.iter().zip(&mut self.opened) {
            if full {
                *opened_before = Vec::new();
            }
            let deal = device.deal();
            assert_eq!(deal.phase(), Phase::Dealt);
            let entitled: Vec<usize> = deal.entitled().collect();
            opened_before.resize(deal.setup().layout().pieces(), false);
            for (position, opened_before) in opened_before.iter_mut().enumerate() {
                let may = entitled.contains(&position) || deal.is_shown(position);
                if may && *opened_before {
                    continue;
                }
                let opened = deal.try_open(position);
                if !may {
                    assert!(
                        matches!(opened, Err(DealError::KeysMissing { .. })),
                        "{} opens position {position}: {opened:?}",
                        device.me()
                    );
                } else {
                    assert!(opened.is_ok(), "{} cannot open position {position}: {opened:?}", device.me());
                    *opened_before = true;
                }
            }
            if full {
                let seat_deal = deal.seat_deal().unwrap();
                let view = device.game().unwrap().view();
                assert_eq!(view.luminous, seat_deal.luminous);
                if view.day == 1 && view.steps.is_empty() {
                    assert_eq!(view.concealed, seat_deal.hand.iter().copied().collect());
                    assert_eq!(view.board, seat_deal.board);
                }
            }
        }
    }

    /// Plays the game to its end with every device honest: `levels[seat]` plans each seat.
    pub fn play_to_the_end(&mut self, levels: &[Level], seed: u64) {
        self.run();
        let mut season = 0;
        for day in 0.. {
            assert_eq!(self.refused, vec![]);
            match self.phase() {
                PlayPhase::Over => return,
                PlayPhase::Playing { to_move } => {
                    if self.devices[0].season() != season {
                        season = self.devices[0].season();
                        self.seasons += 1;
                        self.check_secrecy(true);
                    }
                    self.play_day(levels[to_move], seed.wrapping_add(day));
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
    }

    /// The finished game replayed by the plain engine: every device's record is the same, and
    /// every device's game is the replayed game as its seat sees it.
    pub fn check_record(&self) {
        let record = self.devices[0].record().expect("a finished game's record");
        assert!(self.devices.iter().all(|d| d.record().as_ref() == Some(&record)));
        let replayed = record.replay().expect("the record replays");
        assert!(matches!(replayed.status(), Status::GameOver { .. }));
        for device in &self.devices {
            let seat = device.me().index();
            assert_eq!(device.game().unwrap().view(), &SeatView::new(&replayed.view(seat).unwrap()));
        }
    }
}
