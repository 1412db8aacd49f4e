//! A phone's answer sent back as a link (`table.html#a=…`): opened on the host's device, in
//! another tab, it is handed to the table's page open there through the browser's
//! `BroadcastChannel` [`ANSWERS_CHANNEL`], and the tab says what became of it. The tab and
//! the table's page only post and hear texts; what they mean is decided here: the tab's
//! code to post ([`code_to_forward`]), the table page's reply ([`ForwardReply`], from
//! `HostScreen`), and what the tab says ([`Forwarded`]).

use super::code_error::CodeError;
use super::link::read_answer;

/// The channel the answer links' tabs and the table's page share (one origin).
pub const ANSWERS_CHANNEL: &str = "lauzait-table-answers";
/// How long the tab waits for the table's page to reply before it takes none to be open
/// (ms): a page open in the browser replies at once.
pub const REPLY_WAIT_MS: u32 = 1500;

/// The address of a phone's answer `code` (`a=…`) on the table's page at `page_url`.
pub fn answer_link(page_url: &str, code: &str) -> String {
    format!("{page_url}#{code}")
}

/// The answer in a link's fragment (with or without its `#`), to post to the table's page:
/// read first, so that a damaged link is said here, in the tab the person opened.
pub fn code_to_forward(fragment: &str) -> Result<String, CodeError> {
    let code = fragment.trim().trim_start_matches('#');
    read_answer(code)?;
    Ok(code.to_string())
}

/// The table page's reply to a forwarded answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForwardReply {
    /// Taken for its seat: the devices are connecting.
    Taken,
    /// No seat of the table waits for this answer (answered already, its code replaced, or
    /// no table set yet).
    NotAwaited,
    /// Not an answer the page can read.
    Unreadable,
}

impl ForwardReply {
    /// Its text on the channel.
    pub fn wire(self) -> &'static str {
        match self {
            ForwardReply::Taken => "taken",
            ForwardReply::NotAwaited => "not-awaited",
            ForwardReply::Unreadable => "unreadable",
        }
    }

    /// A text heard on the channel (any page of the origin may post): `None` for anything
    /// but a reply.
    pub fn read(text: &str) -> Option<ForwardReply> {
        [ForwardReply::Taken, ForwardReply::NotAwaited, ForwardReply::Unreadable].into_iter().find(|r| r.wire() == text)
    }
}

/// What the answer link's tab says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forwarded {
    /// Sent to the table's page, which took it: the tab may be closed.
    Sent,
    /// The table's page answered that no seat waits for it.
    NotAwaited,
    /// The table's page could not read it (another version of the page, say).
    Refused,
    /// No table's page replied in time: none is open in this browser.
    NoTablePage,
    /// The link itself is damaged.
    Damaged(CodeError),
}

impl Forwarded {
    /// What the tab says once [`REPLY_WAIT_MS`] passed, from the first reply it heard.
    pub fn after(reply: Option<ForwardReply>) -> Forwarded {
        match reply {
            Some(ForwardReply::Taken) => Forwarded::Sent,
            Some(ForwardReply::NotAwaited) => Forwarded::NotAwaited,
            Some(ForwardReply::Unreadable) => Forwarded::Refused,
            None => Forwarded::NoTablePage,
        }
    }

    /// Its name, for the test build's state report.
    pub fn name(&self) -> &'static str {
        match self {
            Forwarded::Sent => "Sent",
            Forwarded::NotAwaited => "NotAwaited",
            Forwarded::Refused => "Refused",
            Forwarded::NoTablePage => "NoTablePage",
            Forwarded::Damaged(_) => "Damaged",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::{answer_code, Answer};
    use crate::sdp::SessionDescription;

    #[test]
    fn an_answer_link_is_read_before_it_is_forwarded_and_the_reply_decides_what_the_tab_says() {
        let answer = Answer {
            seat: 2,
            answer: SessionDescription::parse(include_str!("../fixtures/sdp/chromium-answer-mdns.sdp")).unwrap(),
        };
        let code = answer_code(&answer);
        let link = answer_link("https://example.org/table.html", &code);
        assert_eq!(link, format!("https://example.org/table.html#{code}"));
        let fragment = link.split_once('#').unwrap().1;
        assert_eq!(code_to_forward(&format!("#{fragment}")), Ok(code.clone()));
        assert_eq!(code_to_forward(&code[..30]), Err(CodeError::CutShort));
        assert_eq!(code_to_forward("j=AAAA"), Err(CodeError::NotAnAnswer));
        for reply in [ForwardReply::Taken, ForwardReply::NotAwaited, ForwardReply::Unreadable] {
            assert_eq!(ForwardReply::read(reply.wire()), Some(reply));
        }
        assert_eq!(ForwardReply::read(&code), None, "a tab's own post is no reply");
        assert_eq!(Forwarded::after(Some(ForwardReply::Taken)), Forwarded::Sent);
        assert_eq!(Forwarded::after(Some(ForwardReply::NotAwaited)), Forwarded::NotAwaited);
        assert_eq!(Forwarded::after(Some(ForwardReply::Unreadable)), Forwarded::Refused);
        assert_eq!(Forwarded::after(None), Forwarded::NoTablePage);
    }
}
