//! Whole games through a carrier that keeps no order: each device behind its inbox, every copy
//! of every message delivered in a random order, some twice, and devices closed and reopened
//! from their saves at any point. Every game must come out as the same game, with the same
//! record, as the one delivered in order to devices never closed (`Table`).

use super::table::{entropy, DAY_CAP, THROWS};
use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{Action, GameOptions};
use lauzait_joint_deal::Recipient;
use lauzait_joint_play::wire::{decode, encode};
use lauzait_joint_play::{GameRecord, Inbox, Outgoing, PlayDevice, PlayPhase, PlaySetup};
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha12Rng;

/// How the carrier delivers.
#[derive(Clone, Copy, Debug)]
pub struct Carrier {
    /// Every copy of every message in a random order, rather than in the order sent.
    pub scrambled: bool,
    /// One delivery in this many is made twice (the copy stays for later), when some.
    pub repeat_one_in: Option<u32>,
    /// One delivery in this many is followed by closing a device and restoring it from its
    /// save, when some.
    pub reload_one_in: Option<u32>,
}

pub struct ScrambledTable {
    pub devices: Vec<Inbox>,
    /// Deliveries not made yet: the recipient and the message's bytes.
    bag: Vec<(usize, Vec<u8>)>,
    carrier: Carrier,
    rng: ChaCha12Rng,
    pub deliveries: usize,
    pub repeats: usize,
    pub reloads: usize,
    pub held_most: usize,
}

impl ScrambledTable {
    /// The devices of `Table::new(players, luminous, seed)`, each behind its inbox.
    pub fn new(players: usize, luminous: bool, seed: &[u8], carrier: Carrier) -> ScrambledTable {
        let options = GameOptions::for_players(players, luminous).unwrap();
        let mut table_id = [0; 32];
        table_id[..seed.len().min(32)].copy_from_slice(&seed[..seed.len().min(32)]);
        let setup = PlaySetup::new(table_id, options, THROWS).unwrap();
        let mut rng_seed = [0; 32];
        rng_seed[..seed.len().min(32)].copy_from_slice(&seed[..seed.len().min(32)]);
        rng_seed[31] ^= 0x5a;
        let mut table = ScrambledTable {
            devices: Vec::new(),
            bag: Vec::new(),
            carrier,
            rng: ChaCha12Rng::from_seed(rng_seed),
            deliveries: 0,
            repeats: 0,
            reloads: 0,
            held_most: 0,
        };
        let mut greetings = Vec::new();
        for device in setup.devices() {
            let (d, out) = PlayDevice::new(setup.clone(), device, &entropy(seed, device.index())).unwrap();
            table.devices.push(Inbox::new(d));
            greetings.extend(out);
        }
        table.post(greetings);
        table
    }

    /// Puts every copy of `out` in the bag, one for each device it is for.
    fn post(&mut self, out: Vec<Outgoing>) {
        for Outgoing { to, message } in out {
            let bytes = encode(&message);
            for (i, inbox) in self.devices.iter().enumerate() {
                let me = inbox.device().me();
                if me != message.from() && (to == Recipient::Everyone || to == Recipient::Device(me)) {
                    self.bag.push((i, bytes.clone()));
                }
            }
        }
    }

    /// Delivers until the bag is empty; every device takes or holds every message (an honest
    /// game refuses none).
    pub fn run(&mut self) {
        while !self.bag.is_empty() {
            let pick = if self.carrier.scrambled { self.rng.random_range(0..self.bag.len()) } else { 0 };
            let (to, bytes) = if self.carrier.scrambled { self.bag.swap_remove(pick) } else { self.bag.remove(0) };
            if self.carrier.repeat_one_in.is_some_and(|n| self.rng.random_range(0..n) == 0) {
                self.bag.push((to, bytes.clone()));
                self.repeats += 1;
            }
            let message = decode(&bytes).expect("every message reads back");
            let out = self.devices[to].receive(message).unwrap_or_else(|e| panic!("device {to} refuses: {e}"));
            self.deliveries += 1;
            self.held_most = self.held_most.max(self.devices[to].held().len());
            self.post(out);
            if self.carrier.reload_one_in.is_some_and(|n| self.rng.random_range(0..n) == 0) {
                let reopened = self.rng.random_range(0..self.devices.len());
                self.reload(reopened);
            }
        }
    }

    /// Closes device `i` and opens it again from its save: the same device, the same save.
    pub fn reload(&mut self, i: usize) {
        let saved = self.devices[i].save();
        let restored = Inbox::restore(&saved).unwrap_or_else(|e| panic!("device {i}'s save: {e}"));
        assert_eq!(restored.save(), saved, "a restored device saves the same");
        assert_eq!(restored.device().phase(), self.devices[i].device().phase());
        assert_eq!(restored.waiting(), self.devices[i].waiting());
        self.devices[i] = restored;
        self.reloads += 1;
    }

    /// The phase every device is in, once everything is delivered (all the same).
    pub fn phase(&self) -> PlayPhase {
        let phases: Vec<PlayPhase> = self.devices.iter().map(|d| d.device().phase()).collect();
        assert!(
            phases.iter().all(|p| *p == phases[0]),
            "devices out of step: {phases:?}, {:?}",
            self.devices.iter().map(|d| (d.waiting(), d.held().to_vec())).collect::<Vec<_>>()
        );
        phases[0].clone()
    }

    fn act(&mut self, seat: usize, action: Action) {
        let out = self.devices[seat].act(action).unwrap();
        self.post(out);
        self.run();
    }

    /// Plays the game to its end as `Table::play_to_the_end` does (the same players, the same
    /// seeds), and returns its record.
    pub fn play_to_the_end(&mut self, levels: &[Level], seed: u64) -> GameRecord {
        self.run();
        for day in 0.. {
            match self.phase() {
                PlayPhase::Over => break,
                PlayPhase::Playing { to_move } => {
                    let view = self.devices[to_move].device().game().unwrap().view().clone();
                    let game = view.rebuild().unwrap();
                    if view.day > DAY_CAP && game.may_end_season_by_agreement() {
                        for seat in 0..self.devices.len() {
                            self.act(seat, Action::EndSeasonByAgreement);
                        }
                        continue;
                    }
                    let (actions, _) =
                        plan_whole_day(&game, to_move, levels[to_move], seed.wrapping_add(day), 0).unwrap();
                    for action in actions {
                        self.act(to_move, action);
                    }
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
        let record = self.devices[0].device().record().expect("a finished game's record");
        assert!(self.devices.iter().all(|d| d.device().record().as_ref() == Some(&record)));
        record
    }
}
