//! The new-game form's fields by type: the view names each input by [`FormField::id`], and
//! the shell reads a change back with [`FormField::parse`] into the message it makes
//! ([`FormField::message`]), so no field is matched by its text anywhere else.

use super::i18n::seat_code;
use super::msg::Msg;
use lauzait_engine::Seat;

/// A field of the new-game form whose changes the model reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormField {
    /// Whether the seat is at the table (a box).
    Plays(Seat),
    /// The seat's player's name (a text).
    Name(Seat),
    /// The luminous-piece rule, R30 (a box).
    Luminous,
    /// Open hands for the next game (a box).
    OpenHands,
}

impl FormField {
    /// Every field, in the form's order.
    pub fn all() -> impl Iterator<Item = FormField> {
        Seat::ALL
            .into_iter()
            .flat_map(|s| [FormField::Plays(s), FormField::Name(s)])
            .chain([FormField::Luminous, FormField::OpenHands])
    }

    /// The HTML id of the field's input.
    pub fn id(self) -> String {
        match self {
            FormField::Plays(seat) => format!("ng-seat-{}", seat_code(seat)),
            FormField::Name(seat) => format!("ng-name-{}", seat_code(seat)),
            FormField::Luminous => "ng-luminous".into(),
            FormField::OpenHands => "ng-open".into(),
        }
    }

    /// The field an input's id names; `None` for any other input.
    pub fn parse(id: &str) -> Option<FormField> {
        FormField::all().find(|f| f.id() == id)
    }

    /// The message a change of the field makes: `checked` is a box's state, `value` a
    /// text's.
    pub fn message(self, checked: bool, value: String) -> Msg {
        match self {
            FormField::Plays(seat) => Msg::DraftSeat(seat, checked),
            FormField::Name(seat) => Msg::DraftName(seat, value),
            FormField::Luminous => Msg::DraftLuminous(checked),
            FormField::OpenHands => Msg::OpenHands(checked),
        }
    }
}
