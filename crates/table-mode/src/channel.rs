//! A phone's data channel to the host, as far as the phone's page cares: whether it is
//! open, whether it was lost, and when to say hello again. Pure: the page reports the
//! channel's events and runs the retry timer; this decides.
//!
//! Why the hello is repeated: a message sent the moment the channel opens can be lost before
//! the host's end of it is open (seen in Chromium), and the host answers a repeated join or
//! rejoin on the same connection as the first. So the phone says hello again every
//! [`HELLO_RETRY_MS`] until the host has answered anything, at most [`HELLO_TRIES`] times.

/// How long to wait for the host's first answer before sending the hello again (ms).
pub const HELLO_RETRY_MS: u32 = 1500;
/// How many times the hello is sent again on one opening of the channel.
pub const HELLO_TRIES: u32 = 4;

/// One opening of the channel: a retry timer started for an earlier one asks with its own,
/// and is told to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChannelOpening(u32);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum State {
    /// Not yet open (the answer's code shown, the host not yet connected).
    #[default]
    Waiting,
    /// Open: whether the host has answered anything, and how many hellos were sent again.
    Open { heard: bool, resent: u32 },
    /// Was open, and closed: the seat's new code brings the phone back.
    Lost,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuestChannel {
    state: State,
    openings: u32,
}

impl GuestChannel {
    /// The channel opened: the hello is sent now, and the retries of this opening begin.
    pub fn opened(&mut self) -> ChannelOpening {
        self.openings = self.openings.wrapping_add(1);
        self.state = State::Open { heard: false, resent: 0 };
        ChannelOpening(self.openings)
    }

    /// The host sent something: no more hellos on this opening.
    pub fn heard(&mut self) {
        if let State::Open { heard, .. } = &mut self.state {
            *heard = true;
        }
    }

    /// The channel closed.
    pub fn closed(&mut self) {
        if matches!(self.state, State::Open { .. }) {
            self.state = State::Lost;
        }
    }

    /// A retry timer of `opening` went off: whether to send the hello again now. `false`
    /// also tells that timer to stop (the host answered, the channel closed or opened again,
    /// or the tries are spent).
    pub fn hello_again(&mut self, opening: ChannelOpening) -> bool {
        if opening != ChannelOpening(self.openings) {
            return false;
        }
        match &mut self.state {
            State::Open { heard: false, resent } if *resent < HELLO_TRIES => {
                *resent += 1;
                true
            }
            _ => false,
        }
    }

    pub fn connected(&self) -> bool {
        matches!(self.state, State::Open { .. })
    }

    /// Whether the channel was open and closed since (and has not opened again).
    pub fn lost(&self) -> bool {
        self.state == State::Lost
    }
}
