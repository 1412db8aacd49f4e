//! Why the browser would not keep what a page wrote: the game's save, the lessons' progress,
//! or a table game. One type for every page, so each says it in the player's language and
//! names what the player can do about it (the words: `i18n::faults::storage_refusal`).

/// Why a write to the browser's storage failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageRefusal {
    /// The page has no storage at all: a private window, or site data turned off in the
    /// browser's settings.
    Unavailable,
    /// The storage the browser gives this site is full.
    Full,
    /// The browser refused for another reason; its own words, as it gave them (often
    /// English whatever the page's language: they are shown after ours, never alone).
    Other(String),
}

impl StorageRefusal {
    /// Which refusal it is (`Full`), without the browser's words.
    pub fn kind(&self) -> &'static str {
        match self {
            StorageRefusal::Unavailable => "Unavailable",
            StorageRefusal::Full => "Full",
            StorageRefusal::Other(_) => "Other",
        }
    }

    /// The refusal a browser's error names: `QuotaExceededError` is the standard name of a
    /// full storage (older Firefox named it `NS_ERROR_DOM_QUOTA_REACHED`); a `SecurityError`
    /// is storage blocked by the settings.
    pub fn from_error(name: &str, message: &str) -> StorageRefusal {
        match name {
            "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => StorageRefusal::Full,
            "SecurityError" => StorageRefusal::Unavailable,
            _ if message.is_empty() => StorageRefusal::Other(name.to_string()),
            _ => StorageRefusal::Other(message.to_string()),
        }
    }
}
