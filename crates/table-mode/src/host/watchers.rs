//! The table's spectators on the host: connections that watch (each opened with a
//! spectator's invite, none holding a seat). Each is sent the public view at once and on
//! every public change, as [`SpectatorMsg`] built from the engine's public view only
//! ([`public_msg`]); whatever a spectator sends is refused and logged, and changes nothing.

use super::{Conn, Host, Out};
use crate::spectator::{public_msg, SpectatorMsg};
use lauzait_engine::piece::excerpt;

impl Host {
    /// Connection `conn` (opened with a spectator's invite) watches from now on: the public
    /// view as it stands, none before the first deal.
    pub fn watch(&mut self, conn: Conn) -> Vec<Out> {
        self.watchers.insert(conn);
        self.public_msg().map(|m| Out::Watch(conn, m)).into_iter().collect()
    }

    /// The spectator's connection closed.
    pub fn unwatch(&mut self, conn: Conn) {
        self.watchers.remove(&conn);
    }

    /// The connections watching.
    pub fn watchers(&self) -> Vec<Conn> {
        self.watchers.iter().copied().collect()
    }

    /// A message on a spectator's connection: a spectator takes no seat and no part, so it is
    /// refused whatever it says (a join with a seat's token read off the board, a rejoin, an
    /// action) and logged; it is not answered, and nothing changes.
    pub fn watcher_said(&mut self, conn: Conn, text: &str) {
        self.log_refusal(format!(
            "connection {conn} (spectator): spectator: a spectator's message changes nothing: {}",
            excerpt(text)
        ));
    }

    /// The public view for every spectator.
    pub(super) fn to_watchers(&self) -> Vec<Out> {
        let Some(msg) = self.public_msg() else { return Vec::new() };
        self.watchers.iter().map(|&c| Out::Watch(c, msg.clone())).collect()
    }

    /// The spectators' message of the table as it stands (none before the first deal): for
    /// a spectator's link by turns, too.
    pub fn spectator_msg(&self) -> Option<SpectatorMsg> {
        self.public_msg()
    }

    fn public_msg(&self) -> Option<SpectatorMsg> {
        let names = self.seats.iter().map(|s| s.name.clone()).collect();
        self.game.as_ref().map(|g| public_msg(&g.public(), self.seq, names))
    }
}
