//! A guest's page by turns: made by its seat's invite (its device's keys and secret from
//! the entropy that comes with it), then its hand and choices when its Day comes, its
//! letter to the host when it has news (kept on show until the host answers it, in case
//! the link was lost), and "waiting" otherwise.

use super::{guest_key, letter_file, say_opened, Effect, Opened, Problem, CURRENT_KEY};
use crate::guest_device::GuestDevice;
use crate::turn::Awaited;
use lauzait_engine::Action;
use serde::{Deserialize, Serialize};

/// The bytes of entropy a new guest device needs: its secret for the deal (32), then its
/// signing key (32).
pub const GUEST_ENTROPY: usize = 64;

/// Something that happened on a guest's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestEvent {
    /// A link opened from the address, or pasted.
    Open(String),
    /// The `i`-th choice of the seat's Day.
    Choice(usize),
    /// Write the letter to the host.
    Write,
    Copy,
    Share,
    /// Save the letter, too long for a messenger's link, as a file.
    Save,
    /// The browser copied the letter's link.
    Copied,
}

/// A guest's page.
#[derive(Clone, Debug)]
pub struct GuestScreen {
    device: GuestDevice,
    /// The letter last written to the host, on show until the host answers it.
    letter: Option<String>,
    problem: Option<Problem>,
    opened: Option<Opened>,
    copied: bool,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    device: String,
    letter: Option<String>,
}

impl GuestScreen {
    /// The device an invite makes, with [`GUEST_ENTROPY`] bytes; stored at once, so that a
    /// reload or a later link comes back to it.
    pub fn from_invite(invite: &str, entropy: &[u8]) -> Result<(GuestScreen, Vec<Effect>), Problem> {
        if entropy.len() < GUEST_ENTROPY {
            return Err(Problem::NoEntropy);
        }
        let (secret, key) = entropy.split_at(32);
        let device = GuestDevice::from_invite(invite, secret, key).map_err(Problem::Unreadable)?;
        let screen = GuestScreen { device, letter: None, problem: None, opened: None, copied: false };
        let key = screen.save_key();
        let fx = vec![
            Effect::Store { key: key.clone(), text: screen.save() },
            Effect::Store { key: CURRENT_KEY.into(), text: key },
            Effect::Trace("seat taken from the invite".into()),
            Effect::Redraw,
        ];
        Ok((screen, fx))
    }

    /// The device saved on this browser.
    pub fn resume(text: &str) -> Result<GuestScreen, Problem> {
        let saved: Saved =
            serde_json::from_str(text).map_err(|_| Problem::Resume(crate::host_device::ResumeError::Unreadable))?;
        let device = GuestDevice::resume(&saved.device).map_err(Problem::Resume)?;
        Ok(GuestScreen { device, letter: saved.letter, problem: None, opened: None, copied: false })
    }

    pub fn device(&self) -> &GuestDevice {
        &self.device
    }
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }
    /// Says `problem` (a link the boot refused before this page took it).
    pub fn set_problem(&mut self, problem: Problem) {
        self.problem = Some(problem);
    }
    pub fn opened(&self) -> Option<Opened> {
        self.opened
    }
    pub fn copied(&self) -> bool {
        self.copied
    }
    /// The letter to the host on show.
    pub fn letter(&self) -> Option<&str> {
        self.letter.as_deref()
    }
    pub fn turn(&self) -> Awaited {
        self.device.turn()
    }
    pub fn choices(&self) -> Vec<Action> {
        self.device.choices()
    }
    /// Where this device is saved.
    pub fn save_key(&self) -> String {
        guest_key(self.device.table(), self.device.seat())
    }

    fn save(&self) -> String {
        lauzait_table_mode::validate::write(&Saved { device: self.device.save(), letter: self.letter.clone() })
    }

    /// Handles `event`.
    pub fn update(&mut self, event: GuestEvent) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.copied = false;
        let changed = match event {
            GuestEvent::Open(link) => self.open(&link, &mut fx),
            GuestEvent::Choice(i) => match self.choices().get(i).copied() {
                Some(action) => match self.device.press(action) {
                    Ok(()) => {
                        self.problem = None;
                        true
                    }
                    Err(e) => {
                        self.problem = Some(Problem::Press(e));
                        false
                    }
                },
                None => false,
            },
            GuestEvent::Write => self.write(&mut fx),
            GuestEvent::Copy => {
                fx.extend(self.letter.clone().map(Effect::Copy));
                false
            }
            GuestEvent::Share => {
                fx.extend(self.letter.clone().map(Effect::Share));
                false
            }
            GuestEvent::Save => {
                fx.extend(self.letter.as_deref().and_then(letter_file));
                false
            }
            GuestEvent::Copied => {
                self.copied = true;
                false
            }
        };
        if changed {
            fx.push(Effect::Store { key: self.save_key(), text: self.save() });
        }
        fx.push(Effect::Redraw);
        fx
    }

    fn open(&mut self, link: &str, fx: &mut Vec<Effect>) -> bool {
        // The seat's own invite again: this device already plays it.
        if crate::invite::Invite::read(link).is_ok() {
            self.problem = Some(Problem::InviteAgain);
            return false;
        }
        let result = self.device.open(link);
        let applied = say_opened(result, &mut self.opened, &mut self.problem, fx).is_some();
        if applied && !self.device.letter_unanswered() {
            self.letter = None;
        }
        applied
    }

    fn write(&mut self, fx: &mut Vec<Effect>) -> bool {
        if !self.device.has_news() {
            return false;
        }
        let letter = self.device.write();
        let link = letter.fragment();
        fx.push(Effect::Trace(format!("wrote letter {} to the host: {} characters", letter.seq, link.len())));
        self.letter = Some(link);
        self.problem = None;
        true
    }
}
