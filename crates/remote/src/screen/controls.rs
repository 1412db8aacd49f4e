//! The by-turns pages' buttons, each with the element id the page gives it: the HTML
//! (`lauzait_ui::html::remote`) writes [`Control::id`], the shell reads a tap's id back
//! with [`Control::parse`], so the two never disagree on a name.

use super::Shown;
use lauzait_bots::Level;
use lauzait_table_mode::controls::SetupButton;

/// A button of either by-turns page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Setup: how many seats, who plays each (a person on a device of their own, or the
    /// computer at a level), as on the tablet's setup.
    Setup(SetupButton),
    /// Setup: the luminous rule's checkbox.
    Luminous,
    /// Setup: set the table.
    Create,
    /// Set a table of joint play: every device deals, none holds another seat's hand.
    CreateJoint,
    Copy(Shown),
    Share(Shown),
    /// Save a link too long for a messenger as a file.
    Save(Shown),
    /// Write the letter to this seat (the host's page), or to the host (a guest's: its seat).
    Write(u8),
    /// Open the link pasted in the page's field.
    OpenPasted,
    NextSeason,
    /// The `i`-th choice of the seat's Day.
    Choice(usize),
    /// The `i`-th of a table of joint play's choices beside the Day (`JointScreen::table_choices`).
    TableChoice(usize),
}

/// The id of the field a link is pasted into.
pub const PASTE_FIELD: &str = "paste";

/// The id of the file field ("Open a file") a letter's file is chosen with: the page reads
/// the file as if its text were pasted.
pub const FILE_FIELD: &str = "open-file";

fn shown_id(shown: Shown) -> String {
    match shown {
        Shown::Invite(s) => format!("invite-{s}"),
        Shown::Letter(s) => format!("letter-{s}"),
        Shown::Spectator => "spectator".into(),
    }
}

fn shown_parse(id: &str) -> Option<Shown> {
    if id == "spectator" {
        return Some(Shown::Spectator);
    }
    let seat = |n: &str| n.parse::<u8>().ok().filter(|&s| s < 4);
    if let Some(n) = id.strip_prefix("invite-") {
        return seat(n).map(Shown::Invite);
    }
    id.strip_prefix("letter-").and_then(seat).map(Shown::Letter)
}

impl Control {
    pub fn id(self) -> String {
        match self {
            Control::Setup(SetupButton::Players(n)) => format!("players-{n}"),
            Control::Setup(SetupButton::ToggleComputer(s)) => format!("kind-{s}"),
            Control::Setup(SetupButton::Level(s, level)) => format!("level-{s}-{}", level.name()),
            Control::Luminous => "luminous".into(),
            Control::Create => "create".into(),
            Control::CreateJoint => "create-joint".into(),
            Control::Copy(s) => format!("copy-{}", shown_id(s)),
            Control::Share(s) => format!("share-{}", shown_id(s)),
            Control::Save(s) => format!("save-{}", shown_id(s)),
            Control::Write(s) => format!("write-{s}"),
            Control::OpenPasted => "open-pasted".into(),
            Control::NextSeason => "next-season".into(),
            Control::Choice(i) => format!("act-{i}"),
            Control::TableChoice(i) => format!("table-{i}"),
        }
    }

    /// The button an element id names; `None` for any other id (a crafted or stale one).
    pub fn parse(id: &str) -> Option<Control> {
        let seat = |n: &str| n.parse::<u8>().ok().filter(|&s| s < 4);
        match id {
            "luminous" => return Some(Control::Luminous),
            "create" => return Some(Control::Create),
            "create-joint" => return Some(Control::CreateJoint),
            "open-pasted" => return Some(Control::OpenPasted),
            "next-season" => return Some(Control::NextSeason),
            _ => {}
        }
        if let Some(n) = id.strip_prefix("players-") {
            return n.parse().ok().filter(|n| (2..=4).contains(n)).map(|n| Control::Setup(SetupButton::Players(n)));
        }
        if let Some(n) = id.strip_prefix("kind-") {
            return seat(n).map(|s| Control::Setup(SetupButton::ToggleComputer(s)));
        }
        if let Some(rest) = id.strip_prefix("level-") {
            let (n, name) = rest.split_once('-')?;
            let level = Level::ALL.into_iter().find(|l| l.name() == name)?;
            return seat(n).map(|s| Control::Setup(SetupButton::Level(s, level)));
        }
        if let Some(rest) = id.strip_prefix("copy-") {
            return shown_parse(rest).map(Control::Copy);
        }
        if let Some(rest) = id.strip_prefix("share-") {
            return shown_parse(rest).map(Control::Share);
        }
        if let Some(rest) = id.strip_prefix("save-") {
            return shown_parse(rest).map(Control::Save);
        }
        if let Some(n) = id.strip_prefix("write-") {
            return seat(n).map(Control::Write);
        }
        if let Some(i) = id.strip_prefix("table-") {
            return i.parse().ok().map(Control::TableChoice);
        }
        id.strip_prefix("act-").and_then(|i| i.parse().ok()).map(Control::Choice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_reads_back_from_its_id_and_a_stranger_id_is_none() {
        let all = [
            Control::Setup(SetupButton::Players(3)),
            Control::Setup(SetupButton::ToggleComputer(2)),
            Control::Setup(SetupButton::Level(3, Level::Strong)),
            Control::Luminous,
            Control::Create,
            Control::CreateJoint,
            Control::Copy(Shown::Invite(2)),
            Control::Share(Shown::Letter(1)),
            Control::Save(Shown::Letter(2)),
            Control::Write(3),
            Control::OpenPasted,
            Control::NextSeason,
            Control::Choice(12),
            Control::TableChoice(1),
        ];
        for c in all {
            assert_eq!(Control::parse(&c.id()), Some(c));
        }
        for stranger in [
            "players-9",
            "kind-4",
            "level-1-expert",
            "level-5-easy",
            "write-7",
            "copy-invite-x",
            "save-letter-4",
            "act-",
            "paste",
            "open-file",
        ] {
            assert_eq!(Control::parse(stranger), None, "{stranger}");
        }
    }
}
