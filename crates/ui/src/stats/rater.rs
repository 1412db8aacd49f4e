//! Your record's screen worked out in the rater's worker (docs/history.md), which only the
//! rater's module links: the games the page posted, their statistics and rating
//! (`lauzait_history`), the figures' HTML and the sentence read out, both in both languages.
//! Pure: a text in, a text out, at once.

use super::wire::{RecordReply, RecordRequest};
use crate::html::stats::figures;
use crate::i18n::stats_figures::summary;
use crate::i18n::Lang;
use lauzait_history::Statistics;

/// The rater's reply to the page's request text.
pub fn answer(text: &str) -> String {
    let Ok(request) = RecordRequest::from_text(text) else { return RecordReply::unreadable_request() };
    let s = Statistics::of(&request.history);
    RecordReply {
        id: request.id,
        say: [summary(Lang::En, &s), summary(Lang::Ja, &s)],
        html: [figures(Lang::En, &s), figures(Lang::Ja, &s)],
    }
    .to_text()
}
