//! Why `key=value` changes to the Strong player's settings (`lauzait tournament --strong`)
//! are refused: each fault names the pair and, for a key, the keys there are.

use std::fmt;

/// The settings `lauzait tournament --strong` can change.
pub(super) const KEYS: &str =
    "candidates, per_outcome, horizon, hand_weight, win_bonus, search_declarations, win_scale, rival, proposals, skill, playout";

/// What a setting's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A finite number (`1.5`).
    Number,
    /// A whole number, 0 or more (`3`).
    WholeNumber,
    /// `true` or `false`.
    TrueOrFalse,
    /// A playout policy: `quick` or `full`.
    Policy,
}

/// A change to the Strong player's settings that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// A pair without `=`.
    NotKeyValue { pair: String },
    /// A key that is no setting.
    UnknownKey { key: String },
    /// A value of the wrong kind for its key.
    BadValue { key: String, value: String, wanted: ValueKind },
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::NotKeyValue { pair } => write!(f, "'{pair}' is not key=value (keys: {KEYS})"),
            SettingsError::UnknownKey { key } => write!(f, "unknown setting '{key}' (keys: {KEYS})"),
            SettingsError::BadValue { key, value, wanted } => {
                let wanted = match wanted {
                    ValueKind::Number => "not a number",
                    ValueKind::WholeNumber => "not a whole number",
                    ValueKind::TrueOrFalse => "not true or false",
                    ValueKind::Policy => "not quick or full",
                };
                write!(f, "{key}={value}: {wanted}")
            }
        }
    }
}

impl std::error::Error for SettingsError {}
