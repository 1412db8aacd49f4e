//! A remote table played by turns, through letters only: the host's device (which also
//! plays seat 0) and each guest's device never share anything but the links they write.
mod game;
mod joint;
mod joint_device;
mod joint_table;
mod reader;
mod refusals;
mod relayed;

use lauzait_bots::Level;
use lauzait_engine::{GameOptions, Seat};
use lauzait_remote::host_device::Applied;
use lauzait_remote::turn::Awaited;
use lauzait_remote::{GuestDevice, HostDevice, Party};
use lauzait_table_mode::host::{Player, HOST_ENTROPY};

/// A table of `players` persons: the host's device plays seat 0, a guest's device each other.
pub struct Table {
    pub host: HostDevice,
    pub guests: Vec<GuestDevice>,
}

pub fn entropy(seed: u8, len: usize) -> Vec<u8> {
    (0..len).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed.wrapping_mul(97))).collect()
}

/// The key entropy of guest `seat` at the table of `seed`, so a test can sign as it.
pub fn guest_key_entropy(seed: u8, seat: u8) -> Vec<u8> {
    entropy(seed.wrapping_add(50 + seat), 32)
}

impl Table {
    pub fn new(seed: u8, players: usize) -> Table {
        let options = GameOptions::new(Seat::ALL[..players].to_vec(), true).unwrap();
        let seats = (0..players).map(|s| (format!("seat {s}"), Player::Person)).collect();
        let host = HostDevice::new(
            options,
            seats,
            &entropy(seed, HOST_ENTROPY),
            &entropy(seed.wrapping_add(1), 32),
            Some((0, &entropy(seed.wrapping_add(2), 32))),
        )
        .unwrap();
        let guests = (1..players as u8)
            .map(|seat| {
                let invite = host.invite(seat).unwrap().fragment();
                let secret = entropy(seed.wrapping_add(10 + seat), 32);
                GuestDevice::from_invite(&format!("#{invite}"), &secret, &guest_key_entropy(seed, seat)).unwrap()
            })
            .collect();
        Table { host, guests }
    }

    /// A letter from guest `seat`, opened on the host; its length.
    pub fn guest_to_host(&mut self, seat: u8) -> usize {
        let link = self.guests[seat as usize - 1].write().fragment();
        assert_eq!(
            self.host.open(&link),
            Ok(Applied::Applied { from: Party::Seat(seat) }),
            "the host opens seat {seat}'s letter"
        );
        link.len()
    }

    /// A letter from the host to guest `seat`, opened there; its length.
    pub fn host_to_guest(&mut self, seat: u8) -> usize {
        let link = self.host.write_to(seat).unwrap().fragment();
        assert_eq!(
            self.guests[seat as usize - 1].open(&link),
            Ok(Applied::Applied { from: Party::Host }),
            "seat {seat} opens it"
        );
        link.len()
    }

    /// Every guest's join and the first deal round: welcome and commit-now, commit,
    /// reveal-now, reveal, the deal.
    pub fn seat_everyone(&mut self) {
        for seat in 1..=self.guests.len() as u8 {
            self.guest_to_host(seat);
        }
        for _ in 0..2 {
            for seat in 1..=self.guests.len() as u8 {
                self.host_to_guest(seat);
                self.guest_to_host(seat);
            }
        }
        assert!(matches!(self.host.turn(), Awaited::Day { .. }), "dealt: {:?}", self.host.turn());
    }

    /// The host's player plays seat 0's whole Day with the Easy planner.
    pub fn host_day(&mut self) {
        let game = self.host.local().unwrap().game().unwrap().clone();
        let hg = self.host.host().game().unwrap();
        let (plan, _) = lauzait_autoplay::plan_whole_day(&game, 0, Level::Normal, 17 + game.day().number as u64, 8)
            .unwrap_or_else(|e| {
                panic!(
                    "{e}: local {:?} s{} d{} / host {:?} s{} d{} refused {:?}",
                    game.status(),
                    game.season().number,
                    game.day().number,
                    hg.status(),
                    hg.season().number,
                    hg.day().number,
                    self.host.local().unwrap().refused
                )
            });
        for step in plan {
            self.host.press(step).unwrap();
        }
    }

    /// Guest `seat` plays its whole Day on its own device; it goes in its next letter.
    pub fn guest_day(&mut self, seat: u8) {
        let device = &mut self.guests[seat as usize - 1];
        let game = device.game().unwrap();
        let (plan, _) =
            lauzait_autoplay::plan_whole_day(&game, seat as usize, Level::Normal, 17 + game.day().number as u64, 8)
                .unwrap();
        for step in plan {
            device.press(step).unwrap();
        }
    }
}
