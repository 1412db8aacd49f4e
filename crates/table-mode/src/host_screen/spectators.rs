//! The table's spectators on the host's page: a spectator is invited with a link of its own
//! (`w=…`, [`crate::link::watch_fragment`]) and pairs as a seat does — its answer read by
//! camera, paste or answer link, in its pairing slot — but its open connection is handed to
//! the host as a watcher ([`Host::watch`]), never as a seat: it is sent the public view on
//! every public change, and whatever it sends is refused and logged.

use super::{HostEffect, HostScreen};
use crate::host::Conn;
use crate::link::{watch_fragment, WatchInvite};
use crate::screen::{Bucket, Problem};
use crate::sdp::SessionDescription;

impl HostScreen {
    /// A new spectator's connection, its offer to be made.
    pub(super) fn invite_spectator(&mut self, fx: &mut Vec<HostEffect>) {
        if self.host.is_none() {
            return;
        }
        let Some((slot, conn)) = self.pairing.begin_spectator() else { return };
        let ice = self.ice.servers().clone();
        self.paths.made(conn, ice.clone());
        fx.push(HostEffect::MakeOffer { conn, ice });
        fx.push(HostEffect::Trace(format!("spectator {slot}: invited on connection {conn}")));
        self.redraw = true;
    }

    /// Connection `conn`'s offer is made: if it is a spectator's, its watching link is shown
    /// (true); false for a seat's connection.
    pub(super) fn spectator_offer_made(&mut self, conn: Conn, sdp: &str, now: f64, fx: &mut Vec<HostEffect>) -> bool {
        let Some(slot) = self.pairing.spectator_of(conn) else { return false };
        let Some(table) = self.host.as_ref().map(|h| h.table) else { return true };
        match SessionDescription::parse(sdp) {
            Ok(offer) => {
                self.paths.exchanged(conn, &offer);
                let invite = WatchInvite { table, slot, offer, ice: self.paths.servers(conn) };
                let url = format!("{}#{}", self.page_url, watch_fragment(&invite));
                self.pairing.shown(conn, url, now);
                fx.push(HostEffect::Trace(format!("spectator {slot}: link shown for connection {conn}")));
            }
            Err(why) => {
                self.problem = Some(Problem::ConnectionFailed(why.to_string()).into());
                fx.push(HostEffect::Close(conn));
            }
        }
        self.redraw = true;
        true
    }

    /// Connection `conn`'s channel opened: if it is a spectator's, it watches from now on,
    /// sent the public view at once (true); false for a seat's connection.
    pub(super) fn spectator_opened(&mut self, conn: Conn, fx: &mut Vec<HostEffect>) -> bool {
        if self.pairing.spectator_of(conn).is_none() {
            return false;
        }
        if let Some(host) = self.host.as_mut() {
            let out = host.watch(conn);
            self.send(out, fx);
        }
        true
    }

    /// A message on connection `conn`: if it is a spectator's, refused and logged by the
    /// host, within the connection's budget like any other (true); false for a seat's.
    pub(super) fn spectator_said(&mut self, conn: Conn, text: &str, now: f64, fx: &mut Vec<HostEffect>) -> bool {
        if self.pairing.spectator_of(conn).is_none() {
            return false;
        }
        if !self.budgets.entry(conn).or_insert_with(|| Bucket::new(now)).take(now) {
            self.dropped += 1;
            return true;
        }
        if let Some(host) = self.host.as_mut() {
            host.watcher_said(conn, text);
            fx.push(HostEffect::Trace(format!("connection {conn}: a spectator's message refused")));
            self.redraw = true;
        }
        true
    }

    /// Connection `conn` is gone: if it is a spectator's, it watches no more and gets no new
    /// code (true); false for a seat's.
    pub(super) fn spectator_lost(&mut self, conn: Conn, fx: &mut Vec<HostEffect>) -> bool {
        if self.pairing.spectator_of(conn).is_none() {
            return false;
        }
        if self.pairing.spectator_lost(conn) {
            if let Some(host) = self.host.as_mut() {
                host.unwatch(conn);
            }
            self.close(conn, fx);
            fx.push(HostEffect::Trace(format!("connection {conn}: a spectator left")));
            self.redraw = true;
        }
        true
    }
}
