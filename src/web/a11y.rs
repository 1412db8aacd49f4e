//! The visually hidden ARIA live region (`<div id="live" aria-live="polite">`) that
//! narrates every action and its outcome, and the canvas's accessible label.

use web_sys::Document;

pub struct Live {
    node: Option<web_sys::Element>,
    /// The last narration, also reported by `window.lauzait.state().live`.
    pub last: String,
    toggle: bool,
}

impl Live {
    pub fn new(doc: &Document) -> Live {
        Live { node: doc.get_element_by_id("live"), last: String::new(), toggle: false }
    }

    /// Narrates `text`. Repeating the same text still gets announced: a zero-width space
    /// alternates at its end so that the region's content changes.
    pub fn say(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.toggle = !self.toggle;
        self.last = text.to_string();
        if let Some(node) = &self.node {
            let content = if self.toggle { text.to_string() } else { format!("{text}\u{200B}") };
            node.set_text_content(Some(&content));
        }
    }
}
