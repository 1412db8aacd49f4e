//! The table's settings of ICE servers on the host's page: what the browser's storage kept,
//! what the person last typed and, when it is wrong, why. The page only stores and loads the
//! text ([`super::HostEffect::StoreIceServers`]); what it means is decided here.

use crate::ice::IceServers;
use crate::ice_error::{IceEntryError, IceFault};
use crate::ice_wire;

/// Where the host's page keeps the servers' text in the browser's storage.
pub const ICE_SAVE_KEY: &str = "lauzait-table/ice-servers";

/// The servers the table's connections use, and the field's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IceSettings {
    servers: IceServers,
    /// What the field shows: the servers' own text, or what was typed when it is refused.
    text: String,
    error: Option<IceEntryError>,
    /// The last entry was kept (until the next one): the page says so.
    saved: bool,
}

impl IceSettings {
    /// The settings as the browser's storage kept them (`None`: never set). A stored text
    /// that no longer reads (edited by hand, say) leaves the table with no servers, and the
    /// field shows it with why, to be put right.
    pub fn loaded(stored: Option<&str>) -> IceSettings {
        let text = stored.unwrap_or_default();
        match fitting(text) {
            Ok(servers) => IceSettings { text: servers.to_string(), servers, error: None, saved: false },
            Err(e) => {
                IceSettings { servers: IceServers::default(), text: text.to_string(), error: Some(e), saved: false }
            }
        }
    }

    /// A person typed `text` and saved it: the text to store when it reads (the servers'
    /// own form, one entry a line), or `None` when it is refused, its fault then shown.
    pub fn enter(&mut self, text: &str) -> Option<String> {
        match fitting(text) {
            Ok(servers) => {
                self.text = servers.to_string();
                self.servers = servers;
                self.error = None;
                self.saved = true;
                Some(self.text.clone())
            }
            Err(e) => {
                self.text = text.to_string();
                self.error = Some(e);
                self.saved = false;
                None
            }
        }
    }

    /// The servers the table's next connections use.
    pub fn servers(&self) -> &IceServers {
        &self.servers
    }
    /// What the field shows.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// Why the last entry (or the stored text) is refused.
    pub fn error(&self) -> Option<&IceEntryError> {
        self.error.as_ref()
    }
    /// Whether the last entry was kept.
    pub fn saved(&self) -> bool {
        self.saved
    }
}

/// The servers `text` names, when they also fit in an invite link.
fn fitting(text: &str) -> Result<IceServers, IceEntryError> {
    let servers = IceServers::parse(text)?;
    if ice_wire::fits(&servers) {
        return Ok(servers);
    }
    let entries: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let last = entries.last().copied().unwrap_or_default();
    Err(IceEntryError { number: entries.len(), entry: last.to_string(), fault: IceFault::TooLong })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ice_error::IceFault;

    #[test]
    fn an_entry_is_kept_in_its_own_form_and_a_wrong_one_keeps_the_servers_before_it() {
        let mut s = IceSettings::loaded(None);
        assert!(s.servers().is_empty() && s.error().is_none() && s.text().is_empty());
        assert_eq!(s.enter("  stun:a.example:3478 \n\n"), Some("stun:a.example:3478".into()));
        assert!(s.saved() && s.servers().servers().len() == 1);
        assert_eq!(s.enter("stun:a.example\nturn:b.example"), None);
        assert_eq!(s.error().map(|e| (e.number, e.fault)), Some((2, IceFault::TurnLogin)));
        assert_eq!(s.text(), "stun:a.example\nturn:b.example", "what was typed stays, to be put right");
        assert_eq!(s.servers().to_string(), "stun:a.example:3478", "the servers kept before");
        assert!(!s.saved());
        assert_eq!(s.enter(""), Some(String::new()), "emptied: no servers, as by default");
        assert!(s.servers().is_empty());
    }

    #[test]
    fn a_stored_text_that_does_not_read_leaves_no_servers_and_says_why() {
        let s = IceSettings::loaded(Some("turn:a.example"));
        assert!(s.servers().is_empty());
        assert_eq!(s.error().map(|e| e.fault), Some(IceFault::TurnLogin));
        assert_eq!(s.text(), "turn:a.example");
        let s = IceSettings::loaded(Some("turn:a.example:3478?transport=tcp u p"));
        assert!(s.servers().has_turn() && s.error().is_none());
    }

    #[test]
    fn servers_too_long_for_an_invite_link_are_refused_at_the_last_one() {
        let mut s = IceSettings::loaded(None);
        let long = format!("turn:{}.example u {}", "a".repeat(200), "p".repeat(128));
        assert_eq!(s.enter(&format!("stun:a.example\n{long}\n{long}")), None);
        assert_eq!(s.error().map(|e| (e.number, e.fault)), Some((3, IceFault::TooLong)));
    }
}
