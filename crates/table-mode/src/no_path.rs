//! Why two devices found no path to each other, as far as a page can tell from the table's
//! ICE servers and the candidates the two sides exchanged, so that it says what to try:
//! without servers, only one network (or a phone's hotspot) joins them; with STUN servers
//! only, networks that let no direct path through need a TURN relay; a TURN server that gave
//! no relayed address, or whose relay still failed, needs its address and credential checked.
//! Decided here for both pages (the host's and the phone's say the same), natively tested.

use super::ice::IceServers;
use super::sdp::{CandidateKind, SessionDescription};

/// Why a connection found no path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPath {
    /// No ICE servers: the devices meet only on one network (or it keeps them apart).
    NoServers,
    /// STUN servers only: the networks let no direct path through, and there is no relay.
    NoRelayServer,
    /// A TURN server is set, but neither side got a relayed address from it (unreachable, or
    /// its credential refused).
    RelayNotReached,
    /// Relayed addresses were exchanged and still no path opened.
    RelayFailed,
}

impl NoPath {
    /// Its name, as the page's markup and the test build's state report give it.
    pub fn name(self) -> &'static str {
        match self {
            NoPath::NoServers => "NoServers",
            NoPath::NoRelayServer => "NoRelayServer",
            NoPath::RelayNotReached => "RelayNotReached",
            NoPath::RelayFailed => "RelayFailed",
        }
    }

    /// Why, from the table's `servers` and whether either side offered a relayed candidate
    /// (`relay_offered`: [`relayed`] of the offer or the answer).
    pub fn why(servers: &IceServers, relay_offered: bool) -> NoPath {
        if servers.is_empty() {
            NoPath::NoServers
        } else if !servers.has_turn() {
            NoPath::NoRelayServer
        } else if relay_offered {
            NoPath::RelayFailed
        } else {
            NoPath::RelayNotReached
        }
    }
}

/// Whether `session` offers a relayed candidate (its TURN server answered it).
pub fn relayed(session: &SessionDescription) -> bool {
    session.candidates.iter().any(|c| c.kind == CandidateKind::Relayed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_follows_from_the_servers_and_the_candidates_exchanged() {
        let local = SessionDescription::parse(include_str!("../fixtures/sdp/chromium-offer-mdns.sdp")).unwrap();
        let far = SessionDescription::parse(include_str!("../fixtures/sdp/handwritten-offer-stun-turn.sdp")).unwrap();
        let stun = IceServers::parse("stun:stun.example.org").unwrap();
        let turn = IceServers::parse("stun:stun.example.org\nturn:turn.example.org u p").unwrap();
        assert!(relayed(&far) && !relayed(&local));
        assert_eq!(NoPath::why(&IceServers::default(), relayed(&far)), NoPath::NoServers);
        assert_eq!(NoPath::why(&stun, relayed(&far)), NoPath::NoRelayServer);
        assert_eq!(NoPath::why(&turn, relayed(&local)), NoPath::RelayNotReached);
        assert_eq!(NoPath::why(&turn, relayed(&far)), NoPath::RelayFailed);
    }
}
