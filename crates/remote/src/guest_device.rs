//! A guest's device at a remote table: table mode's [`Guest`] for its seat (its view only,
//! its secret, its witness of the game) and the letter channel to the host. A letter
//! opened here is checked ([`Channel::open`]), then each new message goes to
//! [`Guest::receive`]; its answers (a commitment, a secret) wait for the next letter.
//!
//! A Day is played here whole before anything is sent: its steps before the last draw no
//! chance (R12: the sticks are thrown only by the Day's last step), so the device applies
//! them to its own copy of the view's game to offer the next step, and sends the Day's
//! steps in one letter when the last is taken. Each step names the view it is taken on:
//! the host answers every step with the next view (TABLE-PROTOCOL.md, "Order"), so the
//! Day's `k`-th step is taken on the view after the first's plus `k`.

use crate::channel::{Channel, Opened};
use crate::error::{OpenError, ReadError};
use crate::host_device::{Applied, PressError, ResumeError};
use crate::identity::DeviceKey;
use crate::invite::Invite;
use crate::letter::Letter;
use crate::party::Party;
use crate::turn::Awaited;
use lauzait_engine::{Action, Game};
use lauzait_table_mode::choices::offered;
use lauzait_table_mode::guest::{Guest, Stage};
use lauzait_table_mode::protocol::{GuestMsg, HostMsg};
use lauzait_table_mode::validate::{read_host, write};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
pub struct GuestDevice {
    guest: Guest,
    key: DeviceKey,
    channel: Channel,
    /// The steps of this seat's Day taken so far, not sent yet.
    draft: Vec<Action>,
    /// The Day was sent: nothing more to play until the host's next view.
    day_sent: bool,
    /// The host's `record` message, once it came: table mode's guest does not save its
    /// check of the record (a live host sends the record again on reconnecting; a host by
    /// turns does not), so a device reopened after the game checks it again from this.
    record: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    guest: String,
    key: DeviceKey,
    channel: Channel,
    draft: Vec<Action>,
    day_sent: bool,
    #[serde(default)]
    record: Option<String>,
}

impl GuestDevice {
    /// The device that opened an invite; `secret_entropy` (32 bytes) makes its secret for
    /// the deal, `key_entropy` (32 bytes) its signing key. Its join waits for the first letter.
    pub fn from_invite(invite: &str, secret_entropy: &[u8], key_entropy: &[u8]) -> Result<GuestDevice, ReadError> {
        let invite = Invite::read(invite)?;
        let key = DeviceKey::from_entropy(key_entropy).ok_or(ReadError::Invalid("entropy"))?;
        let guest = Guest::new(invite.table, invite.seat, invite.token, secret_entropy);
        let mut channel = Channel::with_key(invite.host_key);
        channel.queue(write(&guest.hello()));
        Ok(GuestDevice { guest, key, channel, draft: Vec::new(), day_sent: false, record: None })
    }

    pub fn guest(&self) -> &Guest {
        &self.guest
    }

    pub fn seat(&self) -> u8 {
        self.guest.seat
    }

    /// Whose move it is, as this seat sees it.
    pub fn turn(&self) -> Awaited {
        match (self.guest.stage(), self.guest.game()) {
            (Stage::Joining, _) => Awaited::Seating,
            (_, Some(game)) if !self.guest.dealing_next() => Awaited::of_game(game),
            // A guest knows of the deal round only whether its own letter is due.
            _ => Awaited::Dealing { waiting_for: if self.has_news() { vec![self.guest.seat] } else { Vec::new() } },
        }
    }

    /// Whether a letter to the host would carry something not sent yet.
    pub fn has_news(&self) -> bool {
        self.channel.has_unsent()
    }

    /// Whether the last letter to the host is not acknowledged yet.
    pub fn letter_unanswered(&self) -> bool {
        self.channel.unanswered()
    }

    /// The table this device plays at.
    pub fn table(&self) -> lauzait_table_mode::bytes::TableId {
        self.guest.table
    }

    /// The next letter to the host. Until the host has answered one, each carries this
    /// device's public key, which the invite's token in the first vouches for.
    pub fn write(&mut self) -> Letter {
        let introduce = !self.channel.acknowledged_any();
        let route = (Party::Seat(self.guest.seat), Party::Host);
        self.channel.write(&self.key, self.guest.table, route, introduce)
    }

    /// Opens a letter from the host: checked, then each new message through the guest, as
    /// a live host's are. A message the guest refuses refuses the whole letter, and this
    /// device stays as it was.
    pub fn open(&mut self, link: &str) -> Result<Applied, OpenError> {
        let letter = Letter::read(link)?;
        // Another game's letter says so first, whoever it is from.
        if letter.table != self.guest.table {
            return Err(OpenError::WrongTable);
        }
        if letter.from != Party::Host {
            return Err(OpenError::UnknownSender { from: letter.from });
        }
        let accepted = match self.channel.open(&letter, self.guest.table, Party::Seat(self.guest.seat), None)? {
            Opened::AlreadyApplied => return Ok(Applied::AlreadyApplied),
            Opened::New(accepted) => accepted,
        };
        let mut guest = self.guest.clone();
        let mut answers = Vec::new();
        let before = guest.view().cloned();
        let mut record = self.record.clone();
        for message in &accepted.messages {
            answers.extend(guest.receive(message).map_err(OpenError::Table)?);
            if matches!(read_host(message), Ok(HostMsg::Record { .. })) {
                record = Some(message.clone());
            }
        }
        self.record = record;
        if guest.view() != before.as_ref() {
            // A new view: the Day sent was taken (or the seat's turn came round).
            self.draft.clear();
            self.day_sent = false;
        }
        self.guest = guest;
        answers.iter().for_each(|a| self.channel.queue(write(a)));
        self.channel.accept(accepted);
        Ok(Applied::Applied { from: Party::Host })
    }

    /// The game as this seat's Day stands: the view's, with the steps taken so far.
    pub fn game(&self) -> Option<Game> {
        crate::turn::with_steps(self.guest.game()?.clone(), &self.draft)
    }

    /// What this seat may do now: nothing outside its Day, or once the Day is sent.
    pub fn choices(&self) -> Vec<Action> {
        if self.day_sent || !self.guest.my_day() {
            return Vec::new();
        }
        self.game().as_ref().map(offered).unwrap_or_default()
    }

    /// Takes a step of this seat's Day; the Day's last step puts the whole Day in the next
    /// letter. Undo takes back the last step here (nothing was sent).
    pub fn press(&mut self, action: Action) -> Result<(), PressError> {
        if !self.choices().contains(&action) {
            return Err(PressError::NotOffered);
        }
        if action == Action::Undo {
            self.draft.pop();
            return Ok(());
        }
        self.draft.push(action);
        if !action.ends_day() {
            return Ok(());
        }
        let steps = std::mem::take(&mut self.draft);
        let Some(GuestMsg::Act { v, n, seq, .. }) = self.guest.press(steps[0]) else {
            return Err(PressError::NotOffered);
        };
        for (k, &action) in steps.iter().enumerate() {
            let k = k as u32;
            self.channel.queue(write(&GuestMsg::Act { v, n: n.saturating_add(k), seq: seq.saturating_add(k), action }));
        }
        self.day_sent = true;
        Ok(())
    }

    pub fn save(&self) -> String {
        write(&Saved {
            guest: self.guest.save(),
            key: self.key.clone(),
            channel: self.channel.clone(),
            draft: self.draft.clone(),
            day_sent: self.day_sent,
            record: self.record.clone(),
        })
    }

    pub fn resume(text: &str) -> Result<GuestDevice, ResumeError> {
        let saved: Saved = serde_json::from_str(text).map_err(|_| ResumeError::Unreadable)?;
        let mut guest = Guest::resume(&saved.guest).map_err(ResumeError::Seat)?;
        if let Some(record) = &saved.record {
            guest.receive(record).map_err(ResumeError::SeatRecord)?;
        }
        Ok(GuestDevice {
            guest,
            key: saved.key,
            channel: saved.channel,
            draft: saved.draft,
            day_sent: saved.day_sent,
            record: saved.record,
        })
    }
}
