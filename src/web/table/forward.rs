//! An answer link's tab (table.html#a=… opened on the host's device): it posts the answer to
//! the table's page on [`ANSWERS_CHANNEL`], waits [`REPLY_WAIT_MS`] for its reply and says
//! what became of it. What the texts mean is `lauzait_table_mode::forward`'s; this only
//! posts, listens and shows.

use super::{dom, rtc};
use lauzait_table_mode::forward::{code_to_forward, ForwardReply, Forwarded, ANSWERS_CHANNEL, REPLY_WAIT_MS};
use lauzait_ui::i18n::forward::forwarded_text;
use lauzait_ui::i18n::table_mode::{t, T};
use lauzait_ui::i18n::Lang;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{BroadcastChannel, MessageEvent};

/// Forwards the answer in `fragment` and says how it went.
pub async fn run(lang: Lang, fragment: String) -> Result<(), JsValue> {
    let outcome = match code_to_forward(&fragment) {
        Ok(code) => {
            let channel = BroadcastChannel::new(ANSWERS_CHANNEL)?;
            let reply: Rc<Cell<Option<ForwardReply>>> = Rc::new(Cell::new(None));
            let heard = reply.clone();
            let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                // The first reply counts (another table's page may answer too).
                let read = e.data().as_string().and_then(|t| ForwardReply::read(&t));
                if heard.get().is_none() {
                    heard.set(read);
                }
            });
            channel.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
            channel.post_message(&JsValue::from_str(&code))?;
            rtc::sleep(REPLY_WAIT_MS).await;
            channel.close();
            drop(onmessage);
            Forwarded::after(reply.get())
        }
        Err(why) => Forwarded::Damaged(why),
    };
    dom::set_html(
        "app",
        &format!(
            "<h1>{}</h1><p class=\"{}\" id=\"forwarded\" data-outcome=\"{}\" role=\"status\">{}</p>",
            crate::web::view::html::esc(t(lang, T::Title)),
            if outcome == Forwarded::Sent { "note" } else { "errorbox" },
            outcome.name(),
            crate::web::view::html::esc(&forwarded_text(lang, &outcome))
        ),
    );
    Ok(())
}
