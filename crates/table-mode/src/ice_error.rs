//! Why an ICE server typed in the table's settings ([`crate::ice`]) is refused: which entry,
//! what is wrong with it, and an example of a right one, so that a person can fix it. The
//! page says it in its language (`lauzait_ui::i18n::ice`); this English form is for logs
//! and tests.

use std::fmt;

/// What is wrong with one entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IceFault {
    Empty,
    /// No `stun:`, `turn:` or `turns:` before the address.
    NoScheme,
    /// A scheme other than those three.
    UnknownScheme,
    /// The host is not a name, an IPv4 address or a bracketed IPv6 address.
    Host,
    /// The port is not a number from 1 to 65535.
    Port,
    /// A STUN address with `?…` (only TURN has a transport).
    StunQuery,
    /// A STUN server given a username or credential (only TURN has them).
    StunLogin,
    /// A TURN server without exactly a username and a credential after its address.
    TurnLogin,
    /// A `?…` other than `?transport=udp` or `?transport=tcp`.
    Transport,
    /// A username or credential with spaces or characters other than printable ASCII, or too long.
    Login,
    /// More servers than a table may have ([`crate::ice::MAX_SERVERS`]).
    TooMany,
    /// The servers together are too long for an invite link
    /// ([`crate::ice_wire::MAX_LIST_BYTES`]); named at the last one.
    TooLong,
}

impl IceFault {
    /// A right entry of the kind this fault is about.
    pub fn example(self) -> &'static str {
        match self {
            IceFault::Empty
            | IceFault::NoScheme
            | IceFault::UnknownScheme
            | IceFault::Host
            | IceFault::Port
            | IceFault::StunQuery
            | IceFault::StunLogin
            | IceFault::TooMany
            | IceFault::TooLong => "stun:stun.example.org:3478",
            IceFault::TurnLogin | IceFault::Transport | IceFault::Login => {
                "turn:turn.example.org:3478?transport=tcp alice s3cret"
            }
        }
    }
}

/// An entry of the ICE servers' field that is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceEntryError {
    /// Which entry, counted from 1 (blank lines not counted).
    pub number: usize,
    /// The entry as typed.
    pub entry: String,
    pub fault: IceFault,
}

impl fmt::Display for IceEntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.fault {
            IceFault::Empty => "it is empty",
            IceFault::NoScheme => "it does not start with stun:, turn: or turns:",
            IceFault::UnknownScheme => "only stun:, turn: and turns: servers are used",
            IceFault::Host => "its host is not a name or an address",
            IceFault::Port => "its port is not a number from 1 to 65535",
            IceFault::StunQuery => "a STUN server takes no ?transport (only TURN does)",
            IceFault::StunLogin => "a STUN server takes no username or credential",
            IceFault::TurnLogin => "a TURN server needs a username and a credential after its address",
            IceFault::Transport => "the transport is ?transport=udp or ?transport=tcp",
            IceFault::Login => "the username and credential are letters, digits and signs, without spaces",
            IceFault::TooMany => "a table takes at most 4 servers",
            IceFault::TooLong => "the servers together are too long for an invite link: shorten names or credentials",
        };
        write!(f, "server {} ({}): {what}; for example {}", self.number, self.entry, self.fault.example())
    }
}

impl std::error::Error for IceEntryError {}
