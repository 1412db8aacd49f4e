//! The running table on the host's page: what a seat's phone says, within its budget,
//! handed to the [`crate::host::Host`]; what the host answers sent; the table's own
//! decisions; and a connection lost or given up on, its seat given a new code soon.

use super::{HostEffect, HostScreen, Timer};
use crate::host::{Conn, Out};
use crate::pairing::NEW_CODE_PAUSE_MS;
use crate::protocol::GuestMsg;
use crate::screen::{Bucket, HostProblem};
use crate::validate::{read_guest, write};
use lauzait_engine::Action;

impl HostScreen {
    pub(super) fn table_action(&mut self, action: Action, fx: &mut Vec<HostEffect>) {
        let Some(host) = self.host.as_mut() else { return };
        match host.table_action(action) {
            Ok(out) => self.deliver(out, fx),
            Err(why) => self.say(HostProblem::Host(why)),
        }
    }

    /// A message from connection `conn`: within its budget, handed to the host with the
    /// seat whose code opened the connection; a connection no seat holds any more is not
    /// listened to.
    pub(super) fn message(&mut self, conn: Conn, text: &str, now: f64, fx: &mut Vec<HostEffect>) {
        if self.spectator_said(conn, text, now, fx) {
            return;
        }
        let Some(from) = self.pairing.paired(conn) else {
            // A connection no seat holds any more (closed, its seat moved on): nothing it
            // says counts, but a step dropped here would otherwise leave no trace.
            fx.push(HostEffect::Trace(format!("connection {conn}: not a seat's, message dropped")));
            return;
        };
        if !self.budgets.entry(conn).or_insert_with(|| Bucket::new(now)).take(now) {
            self.dropped += 1;
            return;
        }
        let Some(host) = self.host.as_mut() else {
            fx.push(HostEffect::Trace(format!("connection {conn}: no table yet, message dropped")));
            return;
        };
        let read = read_guest(text);
        // Every message but a step: enough to see a pairing and a deal in order.
        if !matches!(read, Ok(GuestMsg::Act { .. })) {
            fx.push(HostEffect::Trace(format!(
                "connection {conn}: received {}",
                text.chars().take(40).collect::<String>()
            )));
        }
        // A resync asks for what is, and a refused message changed nothing (Host::receive):
        // neither costs the next frame a save to compare, nor a redraw.
        let asks_only = matches!(read, Ok(GuestMsg::Resync { .. }));
        let out = host.receive_read(from, read);
        // A refusal is answered alone; a step taken may be answered by nothing (a commitment).
        let refused = matches!(out.as_slice(), [only] if only.is_refusal());
        let changed = !asks_only && !refused;
        self.touched |= changed;
        self.send(out, fx);
    }

    /// Sends what the host answered; the host may have changed with it.
    pub(super) fn deliver(&mut self, out: Vec<Out>, fx: &mut Vec<HostEffect>) {
        self.touched = true;
        self.send(out, fx);
    }

    pub(super) fn send(&mut self, out: Vec<Out>, fx: &mut Vec<HostEffect>) {
        for o in out {
            match o {
                Out::Send(conn, msg) => fx.push(HostEffect::Send { conn, text: write(&msg) }),
                Out::Watch(conn, msg) => fx.push(HostEffect::Send { conn, text: write(&msg) }),
                Out::Close(conn) => self.close(conn, fx),
            }
        }
    }

    pub(super) fn close(&mut self, conn: Conn, fx: &mut Vec<HostEffect>) {
        self.budgets.remove(&conn);
        fx.push(HostEffect::Close(conn));
    }

    /// The connection is gone, or given up on (no join, no path): it is closed, so its
    /// phone sees it end and nothing of it lingers, and its seat gets a new code soon.
    pub(super) fn lost(&mut self, conn: Conn, fx: &mut Vec<HostEffect>) {
        if self.spectator_lost(conn, fx) {
            return;
        }
        if let Some(h) = self.host.as_mut() {
            h.disconnected(conn);
            self.touched = true;
        }
        // Once only: a channel closing and its connection failing both report the loss.
        let seat = self.pairing.lost(conn);
        self.close(conn, fx);
        if let Some(seat) = seat {
            fx.push(HostEffect::Trace(format!("seat {seat}: connection {conn} lost, a new code follows")));
            self.redraw = true;
            fx.push(HostEffect::WakeAfter { ms: NEW_CODE_PAUSE_MS, timer: Timer::NewCode(seat) });
        }
    }
}
