//! Setting the table on the host's page: the table made or resumed from its save, each
//! person's seat given a connection and its code (a new one whenever the seat's phone is
//! lost), and the answer read back for the seat (by camera, paste or answer link).

use super::{HostEffect, HostScreen, SCREEN_ENTROPY};
use crate::host::{Conn, Host, Player};
use crate::link::{invite_fragment, Invite};
use crate::pairing::Pairing;
use crate::screen::{HostProblem, Problem};
use crate::sdp::SessionDescription;

impl HostScreen {
    pub(super) fn create(&mut self, names: &[String], entropy: &[u8], fx: &mut Vec<HostEffect>) {
        if self.host.is_some() {
            return;
        }
        if entropy.len() < SCREEN_ENTROPY {
            return self.say(Problem::NoEntropy);
        }
        let seats = self.setup.seats();
        let name = |seat| seats.iter().position(|&s| s == seat).and_then(|i| names.get(i)).cloned().unwrap_or_default();
        let (options, players) = match self.setup.table(name) {
            Ok(table) => table,
            Err(why) => return self.say(HostProblem::Setup(why)),
        };
        match Host::new(options, players, entropy) {
            Ok(host) => self.seat_table(host, fx),
            Err(why) => self.say(HostProblem::Host(why)),
        }
    }

    pub(super) fn resume(&mut self, fx: &mut Vec<HostEffect>) {
        let Some(text) = self.saved.clone() else { return };
        match Host::resume(&text) {
            Ok(host) => {
                self.stored = Some(text);
                self.seat_table(host, fx);
            }
            Err(why) => self.say(HostProblem::Save(why)),
        }
    }

    /// The table is set (made or resumed): every person's seat gets a code.
    pub(super) fn seat_table(&mut self, host: Host, fx: &mut Vec<HostEffect>) {
        self.pairing = Pairing::new(host.seats().len());
        let persons: Vec<u8> = (host.seats().iter().enumerate())
            .filter(|(_, s)| s.player == Player::Person)
            .filter_map(|(i, _)| u8::try_from(i).ok())
            .collect();
        self.host = Some(host);
        (self.redraw, self.touched) = (true, true);
        for seat in self.pairing.seats_to_offer(persons) {
            self.offer(seat, fx);
        }
    }

    /// A new connection for `seat`'s code; its earlier one, if any, is closed.
    pub(super) fn offer(&mut self, seat: u8, fx: &mut Vec<HostEffect>) {
        let Some((conn, earlier)) = self.pairing.begin(seat) else { return };
        // "Link copied" spoke of the link being replaced.
        self.copied = self.copied.filter(|&s| s != seat);
        if let Some(earlier) = earlier {
            self.close(earlier, fx);
        }
        let ice = self.ice.servers().clone();
        self.paths.made(conn, ice.clone());
        fx.push(HostEffect::MakeOffer { conn, ice });
        self.redraw = true;
    }

    /// Connection `conn`'s offer is made: its seat's link is shown as a code, unless the
    /// seat has moved on to a newer code meanwhile, or the offer does not read.
    pub(super) fn offer_made(&mut self, conn: Conn, sdp: &str, now: f64, fx: &mut Vec<HostEffect>) {
        if self.spectator_offer_made(conn, sdp, now, fx) {
            return;
        }
        let shown = (|| {
            let seat = self.pairing.seat_of(conn)?;
            let host = self.host.as_ref()?;
            let token = host.seats().get(usize::from(seat))?.token;
            let offer = SessionDescription::parse(sdp)
                .map_err(|why| self.problem = Some(Problem::ConnectionFailed(why.to_string()).into()))
                .ok()?;
            self.paths.exchanged(conn, &offer);
            let invite = Invite { table: host.table, seat, token, offer, ice: self.paths.servers(conn) };
            let url = format!("{}#{}", self.page_url, invite_fragment(&invite));
            self.pairing.shown(conn, url, now).then_some(seat)
        })();
        self.redraw = true;
        match shown {
            Some(seat) => fx.push(HostEffect::Trace(format!("seat {seat}: code shown for connection {conn}"))),
            None => fx.push(HostEffect::Close(conn)),
        }
    }

    pub(super) fn answer(&mut self, seat: u8, code: &str, fx: &mut Vec<HostEffect>) {
        match Pairing::check_answer(seat, code) {
            Ok(answer) => {
                self.problem = None;
                self.redraw = true;
                if let Some(conn) = self.pairing.answered(seat) {
                    self.paths.exchanged(conn, &answer.answer);
                    fx.push(HostEffect::Accept { conn, sdp: answer.answer.to_sdp() });
                }
            }
            Err(problem) => self.say(Problem::from(problem)),
        }
    }

    pub(super) fn stop_camera(&mut self, fx: &mut Vec<HostEffect>) {
        self.scanning = None;
        fx.push(HostEffect::StopCamera);
        self.redraw = true;
    }
}
