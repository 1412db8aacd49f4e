//! Whether the host's page says a connection found no path, and why ([`NoPath`]): it
//! remembers which connections exchanged a relayed candidate (in the offer or the answer)
//! to tell a TURN server never reached from a relay that failed.

use crate::host::Conn;
use crate::ice::IceServers;
use crate::no_path::{relayed, NoPath};
use crate::sdp::SessionDescription;
use std::collections::BTreeSet;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paths {
    /// The connections whose offer or answer held a relayed candidate.
    relayed: BTreeSet<Conn>,
    /// Why the last connection given up on found no path, until a seat pairs.
    no_path: Option<NoPath>,
}

impl Paths {
    /// Connection `conn` sent or took `session`.
    pub fn exchanged(&mut self, conn: Conn, session: &SessionDescription) {
        if relayed(session) {
            self.relayed.insert(conn);
        }
    }

    /// Connection `conn`, answered, found no path through `servers`.
    pub fn failed(&mut self, conn: Conn, servers: &IceServers) {
        self.no_path = Some(NoPath::why(servers, self.relayed.contains(&conn)));
    }

    /// A seat paired: the devices have a path.
    pub fn found(&mut self) {
        self.no_path = None;
    }

    pub fn no_path(&self) -> Option<NoPath> {
        self.no_path
    }
}
