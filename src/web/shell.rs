//! The shell's loop: the page's handles and the model, [`dispatch`] (a message in, the
//! effects run, the DOM synced, one frame requested), the effects themselves and the
//! painting on each animation frame.

use super::dialog_place::DialogPlace;
use super::events::Sink;
use super::{a11y, bots, feedback, oracle, rater, records, storage, view};
use lauzait_autoplay::WorkerFailure;
use lauzait_ui::html;
use lauzait_ui::i18n;
use lauzait_ui::model::Overlay;
use lauzait_ui::out_of_line::out_of_line;
use lauzait_ui::puzzles::PuzzleMsg;
use lauzait_ui::stats::StatsMsg;
use lauzait_ui::{Effect, Model, Msg};
use std::cell::RefCell;
use std::collections::VecDeque;
use view::html::set_if_changed;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, FocusOptions, HtmlCanvasElement, HtmlElement, Window};

/// The page's handles and the model they show.
pub struct Shell {
    pub window: Window,
    pub doc: Document,
    pub canvas: HtmlCanvasElement,
    pub pen: view::pen::Pen,
    pub live: a11y::Live,
    pub model: Model,
    pub(super) frame_pending: bool,
    /// The last write of the save failed (so the next success is reported).
    pub(super) save_failing: bool,
}

/// The animation-frame callback, made once and handed to every `requestAnimationFrame`.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static SHELL: RefCell<Option<Shell>> = const { RefCell::new(None) };
    static QUEUE: RefCell<VecDeque<Msg>> = const { RefCell::new(VecDeque::new()) };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
    static DOM: RefCell<DomCache> = RefCell::new(DomCache::default());
}

/// The last HTML put into each region, so that unchanged regions are not rebuilt (which
/// would lose keyboard focus and the caret).
#[derive(Default)]
struct DomCache {
    bar: String,
    actions: String,
    overlay: String,
    log: String,
    lesson: String,
}

/// Runs `f` with the shell, unless it is already in use (a re-entrant event) or not started.
pub fn with_shell<R>(f: impl FnOnce(&mut Shell) -> R) -> Option<R> {
    SHELL.with(|cell| {
        let mut guard = cell.try_borrow_mut().ok()?;
        guard.as_mut().map(f)
    })
}

/// Hands a message to the model, runs the effects and redraws. Messages sent while one is
/// being handled (an effect that fails at once, say) wait in a queue and follow it.
pub fn dispatch(msg: Msg) {
    QUEUE.with(|q| q.borrow_mut().push_back(msg));
    // Only the outermost call drains the queue; an inner one finds the shell busy.
    while let Some(msg) = QUEUE.with(|q| q.borrow_mut().pop_front()) {
        // Typing a name changes no screen: rebuilding the form would move the caret.
        let quiet = matches!(msg, Msg::DraftName(..));
        // Moved into the model only once the shell is free: no copy of every message (a
        // rater's news carries its HTML, a save its record).
        let mut pending = Some(msg);
        let handled = with_shell(|shell| {
            let Some(msg) = pending.take() else { return };
            let now = shell.now();
            let effects = shell.model.update(msg, now, super::entropy());
            shell.run(effects);
            if !quiet {
                shell.after_change();
            }
        });
        if handled.is_none() {
            // Busy: put it back for the outer loop.
            if let Some(msg) = pending {
                QUEUE.with(|q| q.borrow_mut().push_front(msg));
            }
            return;
        }
    }
}

impl Shell {
    pub fn new(window: Window, doc: Document, canvas: HtmlCanvasElement, pen: view::pen::Pen, model: Model) -> Shell {
        let live = a11y::Live::new(&doc);
        Shell { window, doc, canvas, pen, live, model, frame_pending: false, save_failing: false }
    }

    /// The page's clock, in milliseconds since navigation.
    pub fn now(&self) -> f64 {
        self.window.performance().map_or(0.0, |p| p.now())
    }

    /// Runs what the model asked for.
    fn run(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Say(text) => self.live.say(&text),
                Effect::Save(text) => match storage::write(&text) {
                    Err(e) => {
                        self.save_failing = true;
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::SaveFailed(e)));
                    }
                    Ok(()) if self.save_failing => {
                        self.save_failing = false;
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::SaveWritten));
                    }
                    Ok(()) => {}
                },
                Effect::Reload => {
                    let _ = self.window.location().reload();
                }
                Effect::ClearSave => storage::clear(),
                Effect::SaveHistory(text) => {
                    if let Err(why) = storage::write_history(&text) {
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::Stats(StatsMsg::SaveFailed(why))));
                    }
                }
                Effect::ForgetHistory => storage::forget_history(),
                Effect::SavePuzzles(key, text) => {
                    if let Err(why) = storage::write_puzzles(key, &text) {
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::Puzzles(PuzzleMsg::SaveFailed(why))));
                    }
                }
                Effect::LoadPuzzles => {
                    let stored = storage::load_puzzles();
                    let mine = storage::load_mistakes();
                    QUEUE.with(|q| {
                        let mut q = q.borrow_mut();
                        q.push_back(Msg::Puzzles(PuzzleMsg::Stored(stored)));
                        q.push_back(Msg::Puzzles(PuzzleMsg::MineStored(mine)));
                    });
                }
                Effect::ConvertSave(text) => oracle::convert(&text, dispatch),
                Effect::SaveProgress(text) => {
                    if let Err(why) = storage::write_progress(&text) {
                        QUEUE.with(|q| {
                            q.borrow_mut().push_back(Msg::Learn(lauzait_ui::learn::LearnMsg::ProgressFailed(why)))
                        });
                    }
                }
                Effect::StartWorker => {
                    if let Err(e) = bots::start(dispatch) {
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::WorkerFailed(e)));
                    }
                }
                Effect::PostToWorker(text) => {
                    if let Err(e) = bots::post(text, dispatch) {
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::WorkerFailed(e)));
                    }
                }
                Effect::StopWorker => bots::stop(),
                Effect::AskRater(text) => {
                    // Not copied into this function, which the first screen runs.
                    let ask: fn(String, Sink) -> Result<(), WorkerFailure> = rater::ask;
                    if let Err(e) = out_of_line(ask)(text, dispatch) {
                        QUEUE.with(|q| q.borrow_mut().push_back(Msg::RaterFailed(e)));
                    }
                }
                Effect::Wake(ms) => bots::set_timer(&self.window, ms, dispatch),
                Effect::FocusBoard => {
                    let _ = self.canvas.focus();
                }
                Effect::Download { file_name, text } => records::download(&self.doc, &file_name, &text),
                Effect::Copy { field, text } => records::copy(&self.window, &self.doc, &field, &text),
                Effect::ClearFragment => {
                    let _ = self.window.location().set_hash("");
                }
                Effect::Log(text) => web_sys::console::warn_1(&format!("lauzait: {text}").into()),
                Effect::Sound(notes) => feedback::play(notes),
                Effect::Vibrate(pattern) => feedback::vibrate(&self.window, pattern),
            }
        }
    }

    /// Matches the canvas bitmap to its CSS size × devicePixelRatio (crisp on high-DPI
    /// screens) and tells the model when the size changed (the layout follows it).
    fn fit_canvas(&mut self) {
        let dpr = self.window.device_pixel_ratio().clamp(1.0, 4.0);
        let (cw, ch) = (self.canvas.client_width().max(1) as f64, self.canvas.client_height().max(1) as f64);
        let (bw, bh) = ((cw * dpr).round() as u32, (ch * dpr).round() as u32);
        if self.canvas.width() != bw || self.canvas.height() != bh {
            self.canvas.set_width(bw);
            self.canvas.set_height(bh);
        }
        let l = &self.model.device.layout;
        if (l.w - cw).abs() > 0.5 || (l.h - ch).abs() > 0.5 || self.model.device.dpr != dpr {
            let now = self.now();
            // A resize decides nothing: its effects (the driver's wake-up) still run.
            let effects = self.model.update(Msg::Resize { width: cw, height: ch, dpr }, now, super::entropy());
            self.run(effects);
            self.place_boxes();
        }
    }

    /// Tells the model the viewport's size when it changed: the bars around the canvas
    /// follow it (`ui::layout::chrome`), and the canvas takes what they leave.
    fn fit_viewport(&mut self) {
        let size = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
        let (vw, vh) = (size(self.window.inner_width()), size(self.window.inner_height()));
        let c = &self.model.device.chrome;
        if vw > 0.0 && vh > 0.0 && ((c.w - vw).abs() > 0.5 || (c.h - vh).abs() > 0.5) {
            // A dialog pinned where it was is centred again in the new window (a phone
            // turned): its place was the old window's.
            if let Some(overlay) = self.doc.get_element_by_id("overlay") {
                DialogPlace::unpin(&overlay);
            }
            let now = self.now();
            let effects = self.model.update(Msg::Viewport { width: vw, height: vh }, now, super::entropy());
            self.run(effects);
        }
    }

    /// Moves the boxes over the canvas (the Season log, a lesson's text) to where the layout
    /// puts them: after every change, and after a resize, which changes only the layout. A
    /// lesson's text goes below the status bar's message where a long one grows over the
    /// canvas (measured here: the page's wrapping decides its height).
    fn place_boxes(&self) {
        let m = &self.model;
        if let Some(log) = self.doc.get_element_by_id("log") {
            let _ = log.set_attribute("style", &html::season_log::log_box_style(m));
        }
        if let Some(place) = self.doc.get_element_by_id("lesson-place") {
            let covered = match (m.device.layout.lesson, self.doc.get_element_by_id("status")) {
                (Some(_), Some(status)) => {
                    status.get_bounding_client_rect().bottom() - self.canvas.get_bounding_client_rect().top()
                }
                _ => 0.0,
            };
            let _ = place.set_attribute("style", &html::learn::lesson_box_style(m, covered));
        }
    }

    /// Asks for one animation frame (if none is pending).
    fn request_frame(&mut self) {
        if self.frame_pending {
            return;
        }
        FRAME.with(|f| {
            if let Some(cb) = f.borrow().as_ref() {
                if self.window.request_animation_frame(cb.as_ref().unchecked_ref()).is_ok() {
                    self.frame_pending = true;
                }
            }
        });
    }

    /// After any change: the DOM follows the model, the layout follows the canvas size, and
    /// one frame is requested.
    fn after_change(&mut self) {
        self.fit_viewport();
        self.sync_dom();
        self.fit_canvas();
        self.request_frame();
    }

    /// Rebuilds the status bar, the action bar and the dialog from the model (only what
    /// changed), keeping keyboard focus where it was when possible.
    fn sync_dom(&mut self) {
        let m = &self.model;
        let doc = self.doc.clone();
        let active_id = doc.active_element().map(|e| e.id()).unwrap_or_default();
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("lang", m.lang.code());
        }
        doc.set_title(i18n::s(m.lang, i18n::S::Title));
        let overlay_html = html::dialogs::overlay_html(m);
        let (bar, actions, overlay) =
            (doc.get_element_by_id("bar"), doc.get_element_by_id("actions"), doc.get_element_by_id("overlay"));
        let mut overlay_changed = false;
        let mut overlay_closed = false;
        let mut same_dialog = false;
        let overlay_opened = overlay_html.is_some() && overlay.as_ref().is_some_and(|ov| ov.has_attribute("hidden"));
        DOM.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(bar) = &bar {
                set_if_changed(bar, &mut cache.bar, html::controls::bar_html(m));
            }
            if let Some(actions) = &actions {
                set_if_changed(actions, &mut cache.actions, html::controls::actions_html(m));
            }
            if let Some(log) = doc.get_element_by_id("log") {
                set_if_changed(&log, &mut cache.log, html::season_log::log_html(m));
                let _ = log.class_list().toggle_with_force("open", m.play.log_open);
            }
            if let Some(place) = doc.get_element_by_id("lesson-place") {
                set_if_changed(&place, &mut cache.lesson, html::learn::lesson_text(m));
            }
            if let Some(app) = doc.get_element_by_id("app") {
                if app.get_attribute("style").as_deref() != Some(&html::controls::chrome_style(m)) {
                    let _ = app.set_attribute("style", &html::controls::chrome_style(m));
                }
            }
            if let Some(ov) = &overlay {
                match &overlay_html {
                    Some((html, opaque)) => {
                        // Read only when the markup will change: reading lays the page out.
                        let place = (cache.overlay != *html).then(|| DialogPlace::read(ov)).flatten();
                        overlay_changed = set_if_changed(ov, &mut cache.overlay, html.clone());
                        same_dialog = overlay_changed && DialogPlace::after_repaint(place, ov);
                        let _ = ov.remove_attribute("hidden");
                        let _ = ov.class_list().toggle_with_force("opaque", *opaque);
                    }
                    None => {
                        overlay_closed = !cache.overlay.is_empty();
                        set_if_changed(ov, &mut cache.overlay, String::new());
                        let _ = ov.set_attribute("hidden", "");
                    }
                }
            }
        });
        if overlay_changed {
            if let Some(ov) = &overlay {
                view::paint_tiles(m.device.dpr, ov);
                view::review::paint_board(m, ov);
            }
        }
        self.place_boxes();
        // While a dialog is up, the page under it takes no focus, clicks or taps.
        if let Some(root) = doc.get_element_by_id("app") {
            let _ = root.toggle_attribute_with_force("inert", overlay_html.is_some());
        }
        // The board's accessible name follows the state.
        let _ = self.canvas.set_attribute("aria-label", &m.board_label());
        // Focus: the same control as before if it still exists, else the dialog's default
        // button, else the board.
        let focused_now = doc.active_element().map(|e| e.id()).unwrap_or_default();
        if overlay_changed {
            let target = overlay.as_ref().and_then(|ov| {
                if !active_id.is_empty() {
                    if let Ok(Some(el)) = ov.query_selector(&format!("#{active_id}")) {
                        return Some(el);
                    }
                }
                ov.query_selector("[data-autofocus]").ok().flatten()
            });
            if let Some(el) = target.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
                // The same dialog repainted: the person's scroll stays (`dialog_place`).
                let keep_scroll = FocusOptions::new();
                keep_scroll.set_prevent_scroll(same_dialog);
                let _ = el.focus_with_options(&keep_scroll);
            }
            // A dialog taller than the screen opens at its title, not scrolled down to the
            // button that took the focus.
            if overlay_opened {
                if let Some(card) = overlay.as_ref().and_then(|ov| ov.query_selector(".card").ok().flatten()) {
                    card.set_scroll_top(0);
                }
            }
        } else if focused_now != active_id && !active_id.is_empty() {
            if let Some(el) = doc.get_element_by_id(&active_id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
                let _ = el.focus();
            } else if overlay_closed || m.overlay == Overlay::None {
                let _ = self.canvas.focus();
            }
        } else if overlay_closed {
            let _ = self.canvas.focus();
        }
    }
}

/// Keeps the shell for the page's life and makes the animation-frame callback: while the
/// sticks fly or a move is shown, time moves the animation (and ends it); every frame
/// paints the model. Then runs what the model asked for as it started (`boot_effects`).
pub fn install(shell: Shell, boot_effects: Vec<Effect>) {
    SHELL.with(|cell| *cell.borrow_mut() = Some(shell));
    let frame = Closure::<dyn FnMut(f64)>::new(move |_t: f64| {
        let animating = with_shell(|shell| {
            shell.frame_pending = false;
            shell.model.animating()
        });
        if animating == Some(true) {
            dispatch(Msg::Tick);
        }
        with_shell(|shell| {
            shell.fit_canvas();
            let now = shell.now();
            view::render(&shell.model, &shell.pen, now);
            if shell.model.animating() {
                shell.request_frame();
            }
        });
    });
    FRAME.with(|f| *f.borrow_mut() = Some(frame));
    with_shell(|shell| shell.run(boot_effects));
}

/// The page opens: a `#record=` link is read, the computer players' driver looks once, and
/// the first frame is drawn at once, so that the page is interactive.
pub fn open(window: &Window) {
    with_shell(|shell| {
        let fragment = window.location().hash().unwrap_or_default();
        let now = shell.now();
        let effects = shell.model.open_fragment(&fragment, now);
        shell.run(effects);
    });
    dispatch(Msg::Tick);
    with_shell(|shell| {
        shell.fit_canvas();
        let now = shell.now();
        view::render(&shell.model, &shell.pen, now);
    });
}
