//! Each connection's ICE servers, and whether the host's page says a connection found no
//! path, and why ([`NoPath`]): it remembers the servers each connection was made with (the
//! settings may change while an offer gathers: its link must carry the servers its
//! connection uses) and which connections exchanged a relayed candidate (in the offer or
//! the answer), to tell a TURN server never reached from a relay that failed.

use crate::host::Conn;
use crate::ice::IceServers;
use crate::no_path::{relayed, NoPath};
use crate::sdp::SessionDescription;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paths {
    /// The servers each connection was made with.
    servers: BTreeMap<Conn, IceServers>,
    /// The connections whose offer or answer held a relayed candidate.
    relayed: BTreeSet<Conn>,
    /// Why the last connection given up on found no path, until a seat pairs.
    no_path: Option<NoPath>,
}

impl Paths {
    /// Connection `conn` is made with `servers`.
    pub fn made(&mut self, conn: Conn, servers: IceServers) {
        self.servers.insert(conn, servers);
    }

    /// The servers connection `conn` was made with (none for one this page never made).
    pub fn servers(&self, conn: Conn) -> IceServers {
        self.servers.get(&conn).cloned().unwrap_or_default()
    }

    /// Connection `conn` sent or took `session`.
    pub fn exchanged(&mut self, conn: Conn, session: &SessionDescription) {
        if relayed(session) {
            self.relayed.insert(conn);
        }
    }

    /// Connection `conn`, answered, found no path through its servers.
    pub fn failed(&mut self, conn: Conn) {
        self.no_path = Some(NoPath::why(&self.servers(conn), self.relayed.contains(&conn)));
    }

    /// A seat paired: the devices have a path.
    pub fn found(&mut self) {
        self.no_path = None;
    }

    pub fn no_path(&self) -> Option<NoPath> {
        self.no_path
    }
}
