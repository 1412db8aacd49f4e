//! The table pages' controls as typed commands. The pages' markup names each button and
//! field by an element id made here ([`HostControl::id`], [`GuestControl::id`],
//! [`HostField::id`]) and the pages read a click or a change back through `parse` here, so
//! the two sides cannot drift apart and nothing downstream matches on text. (The ids stay
//! readable, `next-season` or `level-2-strong`: the browser tests click them.)

use crate::link::FIRST_SPECTATOR;
use crate::pairing::MAX_SPECTATORS;
use lauzait_bots::Level;

/// The largest seat number a control may name (four seats, R1).
const SEATS: u8 = 4;

/// A button of the host page's setup (`table::setup::Setup::press`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupButton {
    /// The number of seats (2–4).
    Players(u8),
    /// Switch a seat between a person and a computer player.
    ToggleComputer(u8),
    /// A computer seat's level.
    Level(u8, Level),
}

/// A button on the host's page (the tablet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostControl {
    /// Set the table as chosen and show the seats' pairing codes.
    Create,
    /// Resume the saved table.
    Resume,
    /// Forget the saved table and set a new one.
    NewTable,
    NextSeason,
    /// End the Season under way by the table's agreement, nobody scoring: a Season nobody
    /// can finish need not hold the table (the engine's `EndSeasonByAgreement`).
    EndSeason,
    EndGame,
    StopCamera,
    /// A button of the table's setup, before the host exists.
    Setup(SetupButton),
    /// Read the seat's phone's answer with the camera.
    Scan(u8),
    /// Connect the seat with the answer pasted into its field.
    Connect(u8),
    /// Give the seat a new pairing code.
    Relink(u8),
    /// Give the seat to another phone (its phone is lost): a new link and key, the old
    /// phone refused from then on.
    GiveSeat(u8),
    /// Give every seat that holds back the deal round under way (its secret never came) to
    /// a new phone, and deal the round again.
    DealAgain,
    /// Copy the seat's pairing link as text (for a phone whose camera cannot read the code).
    CopyLink(u8),
    /// Hand the seat's pairing link to the device's share sheet.
    ShareLink(u8),
    /// Keep what the ICE servers' field holds as the table's servers.
    SaveIceServers,
    /// Invite a spectator: a new watching link, paired as a seat's is.
    InviteSpectator,
}

impl HostControl {
    /// The element id the host's page gives this button.
    pub fn id(self) -> String {
        match self {
            HostControl::Create => "create".into(),
            HostControl::Resume => "resume".into(),
            HostControl::NewTable => "new-table".into(),
            HostControl::NextSeason => "next-season".into(),
            HostControl::EndSeason => "end-season".into(),
            HostControl::EndGame => "end-game".into(),
            HostControl::StopCamera => "stop-camera".into(),
            HostControl::DealAgain => "deal-again".into(),
            HostControl::SaveIceServers => "save-ice-servers".into(),
            HostControl::InviteSpectator => "invite-spectator".into(),
            HostControl::Setup(SetupButton::Players(n)) => format!("count-{n}"),
            HostControl::Setup(SetupButton::ToggleComputer(s)) => format!("kind-{s}"),
            HostControl::Setup(SetupButton::Level(s, level)) => format!("level-{s}-{}", level.name()),
            HostControl::Scan(s) => format!("scan-{s}"),
            HostControl::Connect(s) => format!("connect-{s}"),
            HostControl::Relink(s) => format!("relink-{s}"),
            HostControl::GiveSeat(s) => format!("give-{s}"),
            HostControl::CopyLink(s) => format!("copy-{s}"),
            HostControl::ShareLink(s) => format!("share-{s}"),
        }
    }

    /// The button a clicked element's id names, if any (ids of other elements: `None`).
    pub fn parse(id: &str) -> Option<HostControl> {
        let fixed = [
            HostControl::Create,
            HostControl::Resume,
            HostControl::NewTable,
            HostControl::NextSeason,
            HostControl::EndSeason,
            HostControl::EndGame,
            HostControl::StopCamera,
            HostControl::DealAgain,
            HostControl::SaveIceServers,
            HostControl::InviteSpectator,
        ];
        if let Some(c) = fixed.into_iter().find(|c| c.id() == id) {
            return Some(c);
        }
        let (head, rest) = id.split_once('-')?;
        match head {
            "count" => rest
                .parse()
                .ok()
                .filter(|n| (2..=SEATS).contains(n))
                .map(|n| HostControl::Setup(SetupButton::Players(n))),
            "kind" => seat(rest).map(|s| HostControl::Setup(SetupButton::ToggleComputer(s))),
            "level" => {
                let (s, name) = rest.split_once('-')?;
                let level = Level::ALL.into_iter().find(|l| l.name() == name)?;
                Some(HostControl::Setup(SetupButton::Level(seat(s)?, level)))
            }
            "scan" => slot(rest).map(HostControl::Scan),
            "connect" => slot(rest).map(HostControl::Connect),
            "relink" => seat(rest).map(HostControl::Relink),
            "give" => seat(rest).map(HostControl::GiveSeat),
            "copy" => slot(rest).map(HostControl::CopyLink),
            "share" => slot(rest).map(HostControl::ShareLink),
            _ => None,
        }
    }
}

/// A field on the host's page whose changes it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostField {
    /// Whether the game has the luminous piece (R30).
    Luminous,
    /// A picture of the seat's phone's answer code.
    AnswerImage(u8),
    /// The seat's phone's answer code, pasted.
    AnswerText(u8),
    /// The table's ICE servers, one a line (read when its Save button is pressed).
    IceServers,
}

impl HostField {
    pub fn id(self) -> String {
        match self {
            HostField::Luminous => "luminous".into(),
            HostField::IceServers => "ice-servers".into(),
            HostField::AnswerImage(s) => format!("file-{s}"),
            HostField::AnswerText(s) => format!("paste-{s}"),
        }
    }

    pub fn parse(id: &str) -> Option<HostField> {
        match id {
            "luminous" => return Some(HostField::Luminous),
            "ice-servers" => return Some(HostField::IceServers),
            _ => {}
        }
        let (head, rest) = id.split_once('-')?;
        match head {
            "file" => slot(rest).map(HostField::AnswerImage),
            "paste" => slot(rest).map(HostField::AnswerText),
            _ => None,
        }
    }
}

/// A button on a guest's page (a phone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuestControl {
    /// Copy the answer code, to send it another way than by camera.
    CopyCode,
    /// Copy the answer as a link, to send to the host by any messenger.
    CopyAnswerLink,
    /// Hand the answer's link to the device's share sheet.
    ShareAnswerLink,
    /// The n-th of the actions the engine offers this seat now.
    Choice(usize),
}

impl GuestControl {
    pub fn id(self) -> String {
        match self {
            GuestControl::CopyCode => "copy-code".into(),
            GuestControl::CopyAnswerLink => "copy-answer-link".into(),
            GuestControl::ShareAnswerLink => "share-answer-link".into(),
            GuestControl::Choice(i) => format!("act-{i}"),
        }
    }

    pub fn parse(id: &str) -> Option<GuestControl> {
        let fixed = [GuestControl::CopyCode, GuestControl::CopyAnswerLink, GuestControl::ShareAnswerLink];
        if let Some(c) = fixed.into_iter().find(|c| c.id() == id) {
            return Some(c);
        }
        id.strip_prefix("act-").and_then(|i| i.parse().ok()).map(GuestControl::Choice)
    }
}

fn seat(text: &str) -> Option<u8> {
    text.parse().ok().filter(|&s| s < SEATS)
}

/// A pairing slot: a seat, or a spectator's (`crate::link::FIRST_SPECTATOR` and on), whose
/// link and answer the same buttons and fields handle.
fn slot(text: &str) -> Option<u8> {
    let spectators = FIRST_SPECTATOR..FIRST_SPECTATOR + MAX_SPECTATORS as u8;
    text.parse().ok().filter(|&s| s < SEATS || spectators.contains(&s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_reads_back_from_its_id() {
        let mut host = vec![
            HostControl::Create,
            HostControl::Resume,
            HostControl::NewTable,
            HostControl::NextSeason,
            HostControl::EndSeason,
            HostControl::EndGame,
            HostControl::StopCamera,
            HostControl::DealAgain,
            HostControl::SaveIceServers,
            HostControl::InviteSpectator,
        ];
        for s in FIRST_SPECTATOR..FIRST_SPECTATOR + MAX_SPECTATORS as u8 {
            host.extend([
                HostControl::Scan(s),
                HostControl::Connect(s),
                HostControl::CopyLink(s),
                HostControl::ShareLink(s),
            ]);
            for f in [HostField::AnswerImage(s), HostField::AnswerText(s)] {
                assert_eq!(HostField::parse(&f.id()), Some(f));
            }
        }
        assert_eq!(HostField::parse(&HostField::IceServers.id()), Some(HostField::IceServers));
        for s in 0..SEATS {
            host.extend([
                HostControl::Setup(SetupButton::ToggleComputer(s)),
                HostControl::Scan(s),
                HostControl::Connect(s),
            ]);
            host.extend([
                HostControl::Relink(s),
                HostControl::GiveSeat(s),
                HostControl::Setup(SetupButton::Players(s.max(2))),
            ]);
            host.extend(Level::ALL.map(|l| HostControl::Setup(SetupButton::Level(s, l))));
            for f in [HostField::Luminous, HostField::AnswerImage(s), HostField::AnswerText(s)] {
                assert_eq!(HostField::parse(&f.id()), Some(f));
            }
        }
        for c in host {
            assert_eq!(HostControl::parse(&c.id()), Some(c), "{}", c.id());
        }
        for c in [
            GuestControl::CopyCode,
            GuestControl::CopyAnswerLink,
            GuestControl::ShareAnswerLink,
            GuestControl::Choice(0),
            GuestControl::Choice(17),
        ] {
            assert_eq!(GuestControl::parse(&c.id()), Some(c));
        }
    }

    #[test]
    fn other_ids_name_no_control() {
        for id in ["", "-", "count-1", "count-5", "kind-4", "level-1-Bogus", "level-1", "scan-", "scan-x", "problem"] {
            assert_eq!(HostControl::parse(id), None, "{id}");
        }
        for id in ["file-9", "paste-", "luminous-1", "paste-127", "paste-136", "connect-200"] {
            assert_eq!(HostField::parse(id), None, "{id}");
        }
        for id in ["act-", "act--1", "act-x", "copy"] {
            assert_eq!(GuestControl::parse(id), None, "{id}");
        }
    }
}
