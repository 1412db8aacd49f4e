//! The host's computer players think in the game's bot worker (`src/web/worker.rs`, the
//! same files as the game's page, in `build-<build id>/`), not on the tablet's thread: a
//! Strong player's Day takes up to a second or more, and the tablet must keep drawing,
//! taking taps and answering the phones meanwhile. On more than one core the worker shares
//! the Strong player's search with its helper, as on the game's page ([`BotWorker`]).
//!
//! What is asked is decided by the pure host ([`Host::computer_request`]: the seat's view
//! only, R40) and what comes back is checked by it ([`Host::apply_computer_day`]); this
//! module only carries the two texts and remembers which request is still wanted.
//!
//! [`Host::computer_request`]: lauzait_table_mode::host::Host::computer_request
//! [`Host::apply_computer_day`]: lauzait_table_mode::host::Host::apply_computer_day

use crate::web::bots::BotWorker;
use lauzait_autoplay::{BotReply, BotRequest};
use lauzait_engine::Action;
use std::cell::{Cell, RefCell};

/// What the host page does with a planned Day (or why there is none): `(seat, steps)`.
pub type OnDay = fn(u8, Result<Vec<Action>, String>);

thread_local! {
    static WORKER: RefCell<Option<BotWorker>> = const { RefCell::new(None) };
    /// The request whose answer is still wanted, and its seat.
    static PENDING: Cell<Option<(u32, u8)>> = const { Cell::new(None) };
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
}

/// A fresh request id (the host's own numbering; the worker echoes it).
pub fn next_id() -> u32 {
    NEXT_ID.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    })
}

/// Whether a Day is being planned (a change of the board meanwhile asks nothing more).
pub fn thinking() -> bool {
    PENDING.with(|p| p.get().is_some())
}

/// Sends `request` for `seat`'s Day, starting the worker if it is not running; `on_day`
/// gets the reply. A reply to an earlier request that was given up on is dropped.
pub fn ask(request: &BotRequest, on_day: OnDay) {
    let seat = request.view.seat as u8;
    let text = request.to_text();
    PENDING.with(|p| p.set(Some((request.id, seat))));
    let sent = WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = Some(BotWorker::open(move |text| reply(&text, on_day), move |e| failed(e, on_day))?);
        }
        cell.as_ref().map_or(Ok(()), |c| c.send(text))
    });
    if let Err(e) = sent {
        failed(e, on_day);
    }
}

fn reply(text: &str, on_day: OnDay) {
    let reply = match BotReply::from_text(text) {
        Ok(reply) => reply,
        Err(answers_none) => return failed(answers_none, on_day),
    };
    let Some((id, seat)) = PENDING.with(|p| p.get()) else { return };
    if reply.id != id {
        return;
    }
    PENDING.with(|p| p.set(None));
    on_day(seat, reply.error.map_or(Ok(reply.actions), Err));
}

/// The worker failed to load or trapped: it is stopped (the next request starts a new one)
/// and the wanted request, if any, fails.
fn failed(why: String, on_day: OnDay) {
    WORKER.with(|cell| {
        if let Some(worker) = cell.borrow_mut().take() {
            worker.close();
        }
    });
    if let Some((_, seat)) = PENDING.with(|p| p.take()) {
        on_day(seat, Err(why));
    }
}
