//! Which page a link opens on this device: an invite makes (or goes back to) its seat's
//! device; a letter goes to the device saved for its table and recipient, else to the
//! device opened last (which refuses it with the reason: another table, another seat);
//! no link goes back to the device opened last, or sets a new table; a spectator's link
//! shows the public view it carries, on no device.

use super::guest::GuestScreen;
use super::host::{HostEvent, HostScreen, Phase};
use super::joint::{joint_key, JointEvent, JointScreen, JOINT_ENTROPY};
use super::watch::WatchScreen;
use super::{guest_key, host_key, Effect, Problem, CURRENT_KEY};
use crate::invite::{Invite, INVITE_PREFIX};
use crate::joint_table::{read_invite, INVITE_PREFIX as JOINT_INVITE_PREFIX};
use crate::letter::Letter;
use crate::party::Party;
use crate::spectator::{read_spectator_link, SPECTATOR_PREFIX};

/// The page a boot opens.
#[derive(Clone, Debug)]
pub enum Screen {
    Host(Box<HostScreen>),
    Guest(Box<GuestScreen>),
    /// A spectator's link: the public view it carries, nothing more.
    Watch(Box<WatchScreen>),
    /// A table of joint play: no device holds another seat's hand.
    Joint(Box<JointScreen>),
}

/// The entropy a boot needs: enough for a new seat of either kind of table.
pub const BOOT_ENTROPY: usize =
    if JOINT_ENTROPY > super::guest::GUEST_ENTROPY { JOINT_ENTROPY } else { super::guest::GUEST_ENTROPY };

/// The entropy a boot of the address's `fragment_text` needs: a seat of joint play's
/// ([`JOINT_ENTROPY`]) for its invite, else a guest's. The page draws no more than it uses,
/// so that the browser tests' seeded entropy gives the same games as before joint play.
pub fn entropy_needed(fragment_text: &str) -> usize {
    if fragment(fragment_text).starts_with(JOINT_INVITE_PREFIX) {
        JOINT_ENTROPY
    } else {
        super::guest::GUEST_ENTROPY
    }
}

impl Screen {
    /// Opens `link` on this page's device, at `now` (ms, the page's clock).
    pub fn open(&mut self, link: &str, now: f64) -> Vec<Effect> {
        match self {
            Screen::Host(s) => s.update(HostEvent::Open(link.to_string()), now),
            Screen::Guest(s) => s.update(super::guest::GuestEvent::Open(link.to_string())),
            Screen::Joint(s) => s.update(JointEvent::Open(link.to_string())),
            // A spectator's page is no device: another link is opened by loading it.
            Screen::Watch(_) => Vec::new(),
        }
    }

    /// The host's setup made into a table of joint play, with [`JOINT_ENTROPY`] bytes: its
    /// number of seats and its luminous rule (every seat a person's device). Nothing on
    /// another page.
    pub fn create_joint(&mut self, entropy: &[u8]) -> Vec<Effect> {
        let Screen::Host(host) = self else { return Vec::new() };
        let Phase::Setup(setup) = host.phase() else { return Vec::new() };
        match JointScreen::new_table(setup.seats().len(), setup.luminous, entropy) {
            Ok((joint, fx)) => {
                *self = Screen::Joint(Box::new(joint));
                fx
            }
            Err(problem) => {
                host.set_problem(problem);
                vec![Effect::Redraw]
            }
        }
    }
}

/// The fragment of a link (or of the whole address, or of a pasted text holding one).
pub fn fragment(text: &str) -> &str {
    let text = text.trim();
    text.rsplit_once('#').map_or(text, |(_, f)| f)
}

/// The page for the address's `fragment` (empty: none), reading this browser's storage
/// through `load`; `entropy` ([`super::guest::GUEST_ENTROPY`] bytes) makes a new seat's
/// device; `now` is the page's clock (ms), for a host's computer seats.
pub fn boot(
    fragment_text: &str,
    load: &dyn Fn(&str) -> Option<String>,
    entropy: &[u8],
    now: f64,
) -> (Screen, Vec<Effect>) {
    let f = fragment(fragment_text);
    if f.is_empty() {
        return last(load, None);
    }
    if f.starts_with(INVITE_PREFIX) {
        return invited(f, load, entropy);
    }
    if f.starts_with(JOINT_INVITE_PREFIX) {
        return joint_invited(f, load, entropy);
    }
    if f.starts_with(SPECTATOR_PREFIX) {
        return match read_spectator_link(f) {
            Ok(watched) => (Screen::Watch(Box::new(WatchScreen { watched })), vec![Effect::Redraw]),
            Err(e) => last(load, Some(Problem::Unreadable(e))),
        };
    }
    let letter = match Letter::read(f) {
        Ok(letter) => letter,
        Err(e) => return last(load, Some(Problem::Unreadable(e))),
    };
    let key = match letter.to {
        Party::Host => host_key(letter.table),
        // A seat's letter goes to its device of joint play, if this browser keeps one.
        Party::Seat(seat) if load(&joint_key(letter.table, seat)).is_some() => joint_key(letter.table, seat),
        Party::Seat(seat) => guest_key(letter.table, seat),
    };
    let (mut screen, mut fx) = match load(&key) {
        Some(saved) => resumed(&key, &saved),
        None => match load(CURRENT_KEY).and_then(|current| load(&current).map(|saved| (current, saved))) {
            Some((current, saved)) => resumed(&current, &saved),
            None => {
                return (Screen::Host(Box::new(HostScreen::setup(Some(Problem::NoGameHere)))), vec![Effect::Redraw])
            }
        },
    };
    fx.extend(screen.open(f, now));
    (screen, fx)
}

fn invited(f: &str, load: &dyn Fn(&str) -> Option<String>, entropy: &[u8]) -> (Screen, Vec<Effect>) {
    let invite = match Invite::read(f) {
        Ok(invite) => invite,
        Err(e) => return last(load, Some(Problem::Unreadable(e))),
    };
    let host = host_key(invite.table);
    if let Some(saved) = load(&host) {
        let (mut screen, fx) = resumed(&host, &saved);
        if let Screen::Host(s) = &mut screen {
            s.set_problem(Problem::OwnInvite);
        }
        return (screen, fx);
    }
    let key = guest_key(invite.table, invite.seat);
    if let Some(saved) = load(&key) {
        return resumed(&key, &saved);
    }
    match GuestScreen::from_invite(f, entropy) {
        Ok((screen, fx)) => (Screen::Guest(Box::new(screen)), fx),
        Err(problem) => (Screen::Host(Box::new(HostScreen::setup(Some(problem)))), vec![Effect::Redraw]),
    }
}

/// An invite to a seat of joint play: the seat's device saved here, else a new one; device
/// 0's own invite on device 0 goes back to it and says so.
fn joint_invited(f: &str, load: &dyn Fn(&str) -> Option<String>, entropy: &[u8]) -> (Screen, Vec<Effect>) {
    let invite = match read_invite(f) {
        Ok(invite) => invite,
        Err(e) => return last(load, Some(Problem::Unreadable(e))),
    };
    let zero = joint_key(invite.table, 0);
    if let Some(saved) = load(&zero) {
        let (mut screen, fx) = resumed(&zero, &saved);
        if let Screen::Joint(s) = &mut screen {
            s.set_problem(Problem::OwnInvite);
        }
        return (screen, fx);
    }
    let key = joint_key(invite.table, invite.seat);
    if let Some(saved) = load(&key) {
        return resumed(&key, &saved);
    }
    match JointScreen::from_invite(f, entropy) {
        Ok((screen, fx)) => (Screen::Joint(Box::new(screen)), fx),
        Err(problem) => (Screen::Host(Box::new(HostScreen::setup(Some(problem)))), vec![Effect::Redraw]),
    }
}

/// The device opened last, or a new table's setup; `problem` said on it.
fn last(load: &dyn Fn(&str) -> Option<String>, problem: Option<Problem>) -> (Screen, Vec<Effect>) {
    let (mut screen, fx) = match load(CURRENT_KEY).and_then(|current| load(&current).map(|saved| (current, saved))) {
        Some((current, saved)) => resumed(&current, &saved),
        None => (Screen::Host(Box::new(HostScreen::setup(None))), vec![Effect::Redraw]),
    };
    if let Some(problem) = problem {
        match &mut screen {
            Screen::Host(s) => s.set_problem(problem),
            Screen::Guest(s) => s.set_problem(problem),
            Screen::Joint(s) => s.set_problem(problem),
            Screen::Watch(_) => {}
        }
    }
    (screen, fx)
}

/// The device saved under `key`; a save that does not read back gives a new table's setup
/// that says so.
fn resumed(key: &str, saved: &str) -> (Screen, Vec<Effect>) {
    let screen = if key.starts_with("lauzait-remote/host/") {
        HostScreen::resume(saved).map(|s| Screen::Host(Box::new(s)))
    } else if key.starts_with("lauzait-remote/joint/") {
        JointScreen::resume(saved).map(|s| Screen::Joint(Box::new(s)))
    } else {
        GuestScreen::resume(saved).map(|s| Screen::Guest(Box::new(s)))
    };
    match screen {
        Ok(screen) => (screen, vec![Effect::Store { key: CURRENT_KEY.into(), text: key.to_string() }, Effect::Redraw]),
        Err(problem) => (Screen::Host(Box::new(HostScreen::setup(Some(problem)))), vec![Effect::Redraw]),
    }
}
