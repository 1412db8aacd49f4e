// Shared by several test files, each of which uses part of it.
#![allow(dead_code)]

//! A shell for the UI core in tests: it keeps the model, hands it messages with a clock the
//! test moves, answers the worker's requests with the real planner (as the browser's worker
//! does), keeps the last save, and checks after every message that no concealed hand is
//! face up for the wrong person (R40).
//!
//! Its clock ticks as the page's does (`src/web/shell.rs`), not whenever the test waits: a
//! `Msg::Tick` comes only when the timer the model asked for goes off ([`Effect::Wake`],
//! one timer, each wake-up replacing the last) or on an animation frame while the model
//! animates. So a forgotten wake-up stalls here as it stalls the page.

use lauzait_autoplay as autoplay;
use lauzait_bots::Level;
use lauzait_engine::{Phase, Status};
use lauzait_engine::{Seat, Square};
use lauzait_ui::i18n::Lang;
use lauzait_ui::model::{Overlay, Target};
use lauzait_ui::puzzles::PuzzleRequest;
use lauzait_ui::rating::{Rater, ToRater};
use lauzait_ui::save::{self, Loaded};
use lauzait_ui::stats::RecordRequest;
use lauzait_ui::{Boot, Effect, Intent, Model, Msg};

pub struct Table {
    pub model: Model,
    pub now: f64,
    /// Every effect asked for so far, oldest first.
    pub effects: Vec<Effect>,
    /// The last save text written.
    pub saved: Option<String>,
    /// Requests posted to the worker and not answered yet.
    pub posted: Vec<String>,
    /// Messages sent so far: each gets its own entropy, as the browser's shell draws fresh
    /// entropy for every message (here a counter, so that tests repeat).
    pub sent: u64,
    /// When the one timer the model asked for goes off (the page's `setTimeout`, set by
    /// `bots::set_timer`): each [`Effect::Wake`] replaces it, `Wake(None)` cancels it.
    pub wake_at: Option<f64>,
    /// When the animation frame the shell requested after the last message comes (the page
    /// asks for one after every message but a name typed; it ticks only while animating).
    frame_at: Option<f64>,
    /// A faulty shell that drops every wake-up the model asks for: the page's stall, to
    /// show that the tests see it ([`Table::forgetful`]).
    forget_wakes: bool,
    /// The rater's worker, as the page's rater runs it (`ui::rating::Rater`).
    pub rater: Rater,
}

/// The page's frame interval (60 frames a second), in ms.
pub const FRAME_MS: f64 = 1000.0 / 60.0;

/// The longest delay the page's timer takes (`bots::set_timer` clamps to it).
const MAX_WAKE_MS: f64 = 60_000.0;

pub fn boot(saved: Loaded) -> Boot {
    Boot {
        saved,
        browser_lang: Lang::En,
        seed_param: Some(12105),
        bot_seed_param: Some(5),
        reduced_motion: false,
        touch: false,
        base_url: "http://127.0.0.1:8080/".into(),
    }
}

impl Table {
    pub fn open(saved: Loaded) -> Table {
        Table::open_with(boot(saved))
    }

    /// The page opened with this start-up (its address's `?seed=` and `?botseed=`, say).
    pub fn open_with(boot: Boot) -> Table {
        let (model, effects) = Model::new(boot);
        let mut t = Table {
            model,
            now: 0.0,
            effects: Vec::new(),
            saved: None,
            posted: Vec::new(),
            sent: 0,
            wake_at: None,
            frame_at: None,
            forget_wakes: false,
            rater: Rater::default(),
        };
        t.run(&effects);
        t.send(Msg::Resize { width: 1280.0, height: 800.0, dpr: 1.0 });
        t
    }

    /// This table with a shell that forgets every wake-up the model asks for from now on
    /// (the one asked for already is forgotten too).
    pub fn forgetful(mut self) -> Table {
        self.forget_wakes = true;
        self.wake_at = None;
        self
    }

    /// A new game set up through the new-game form: `kinds[i]` for each seat in play
    /// (red, blue, black, yellow order, as the form lists them), on a page opened with
    /// `?seed=` (so that the deal repeats).
    pub fn new_game(seats: &[(Seat, Option<Level>)], seed: u64) -> Table {
        let mut t = Table::open_with(Boot { seed_param: Some(seed), ..boot(Loaded::Nothing) });
        for seat in Seat::ALL {
            let on = seats.iter().any(|&(s, _)| s == seat);
            t.send(Msg::DraftSeat(seat, on));
        }
        for &(seat, kind) in seats {
            t.send(Msg::Intent(Intent::SeatKind(seat, kind.into())));
        }
        t.send(Msg::Intent(Intent::Start));
        t
    }

    /// Red and Black, two persons, seed 12105.
    pub fn two_persons() -> Table {
        Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], 12105)
    }

    /// How many saves were asked for so far.
    pub fn saves(&self) -> usize {
        self.effects.iter().filter(|e| matches!(e, Effect::Save(_))).count()
    }

    /// Sends a message at the current time and checks the visibility rule afterwards.
    pub fn send(&mut self, msg: Msg) -> Vec<Effect> {
        self.sent += 1;
        // As the page: every message but a name typed redraws, which requests a frame.
        let redraws = !matches!(msg, Msg::DraftName(..));
        let effects = self.model.update(msg, self.now, self.sent.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.run(&effects);
        if redraws && self.frame_at.is_none() {
            self.frame_at = Some(self.now + FRAME_MS);
        }
        check_visibility(&self.model);
        effects
    }

    /// Does what the shell does with the effects the harness plays a part in, in order.
    fn run(&mut self, effects: &[Effect]) {
        for e in effects {
            match e {
                Effect::Save(text) => self.saved = Some(text.clone()),
                Effect::PostToWorker(text) | Effect::AskRater(text) => self.posted.push(text.clone()),
                Effect::Wake(_) if self.forget_wakes => {}
                // One timer: a new wake-up replaces the earlier one, `None` clears it; the
                // delay is whole milliseconds, at most a minute (`bots::set_timer`).
                Effect::Wake(ms) => self.wake_at = ms.map(|ms| self.now + ms.ceil().clamp(0.0, MAX_WAKE_MS)),
                _ => {}
            }
        }
        self.effects.extend(effects.iter().cloned());
    }

    /// The page opens at an address with this `#fragment` (`#learn`, `#record=…`), as
    /// `shell::open` does it: the fragment read, then one tick for the driver to look.
    pub fn open_fragment(&mut self, fragment: &str) {
        let effects = self.model.open_fragment(fragment, self.now);
        self.run(&effects);
        check_visibility(&self.model);
        self.send(Msg::Tick);
    }

    pub fn intent(&mut self, intent: Intent) -> Vec<Effect> {
        self.send(Msg::Intent(intent))
    }

    /// Lets `ms` pass as on the page: the timer the model asked for goes off if it is due
    /// within that time, and animation frames come while the model animates, each at its
    /// own time and in order (each may ask for the next); then the clock stands at the end.
    /// With no wake-up asked for and nothing animating, nothing is sent.
    pub fn wait(&mut self, ms: f64) {
        let end = self.now + ms;
        // A model asking to be woken at once again and again would spin the page.
        for _ in 0..100_000 {
            let wake = self.wake_at.filter(|&at| at <= end);
            let frame = self.frame_at.filter(|&at| at <= end);
            // Both due at once: the timer first (the browser picks an order; a fixed one
            // keeps the tests repeatable).
            if let Some(w) = wake.filter(|&w| frame.is_none_or(|f| w <= f)) {
                self.now = self.now.max(w);
                self.wake_at = None;
                self.send(Msg::Tick);
            } else if let Some(f) = frame {
                self.now = self.now.max(f);
                self.frame_at = None;
                if self.model.animating() {
                    self.send(Msg::Tick);
                }
            } else {
                self.now = end;
                return;
            }
        }
        panic!("the model keeps asking to be woken without time passing");
    }

    /// Answers every posted request with the real planner, as the worker does; the
    /// rating's with the rater, to the end of its game ([`Table::rate_all`]).
    pub fn answer_worker(&mut self) {
        self.rate_all();
        for text in std::mem::take(&mut self.posted) {
            let reply = autoplay::answer(&text, || 0.0);
            assert!(autoplay::BotReply::from_text(&reply).is_ok(), "{reply}");
            self.send(Msg::WorkerText(reply));
        }
    }

    /// Reloads the page: a new model from the last save.
    pub fn reload(&self) -> Table {
        let saved = self.saved.as_deref().map_or(Loaded::Nothing, save::parse);
        Table::open(saved)
    }

    /// Seed 7, two persons (red, black), one Day each played by taps and the next Day's
    /// discard made: a game in the middle of a Day, as the save tests need it.
    pub fn two_persons_mid_day() -> Table {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], 7);
        t.play_day_by_taps();
        t.play_day_by_taps();
        t.intent(Intent::Ready);
        let p = t.model.play.legal.discards[0];
        let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(p)).expect("the piece is shown");
        t.send(Msg::Tap(Target::Hand(i)));
        t
    }

    /// Red (a person) against an Easy Black, seed 12105: a few Days, then the game ended by
    /// agreement, on the final results (the review's tests), the game rated.
    pub fn finished_against_easy() -> Table {
        let mut t = Table::finished_against_easy_unrated();
        t.rate_all();
        t
    }

    /// [`Table::finished_against_easy`] before any of the rating's requests is answered.
    pub fn finished_against_easy_unrated() -> Table {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 12105);
        t.intent(Intent::Speed(lauzait_ui::play::pace::Speed::Instant));
        for _ in 0..6 {
            t.let_bots_play();
            if t.status() != Status::Playing {
                break;
            }
            t.play_day_by_taps();
        }
        t.let_bots_play();
        t.intent(Intent::Menu);
        t.intent(Intent::EndGame);
        t.intent(Intent::Confirm);
        assert!(matches!(t.status(), Status::GameOver { .. }));
        assert_eq!(t.model.overlay, Overlay::Final);
        t
    }

    /// Hands the rater the texts the page posted to it, a game with few playouts (what is
    /// rated, not how well, is what the page's tests look at), and the page what the rater
    /// answers at once (the game's count of items, your record's figures); any other request
    /// posted stays to be answered. Whether there was any.
    pub fn rater_reads(&mut self) -> bool {
        let (texts, other): (Vec<String>, Vec<String>) = std::mem::take(&mut self.posted)
            .into_iter()
            .partition(|text| ToRater::is_one(text) || RecordRequest::is_one(text) || PuzzleRequest::is_mine(text));
        self.posted = other;
        for text in &texts {
            // The player's mistakes, at a fixed time (the worker's clock in the browser).
            if let Some(replies) = self.rater.mine(text, 1_800_000_000_000) {
                for reply in replies {
                    self.send(Msg::RaterText(reply));
                }
                continue;
            }
            let text = if RecordRequest::is_one(text) {
                text.clone()
            } else {
                match ToRater::from_text(text).expect("the rater reads what the page posts") {
                    ToRater::Rate(mut request) => {
                        request.playouts = request.playouts.min(4);
                        ToRater::Rate(request).to_text()
                    }
                    stop => stop.to_text(),
                }
            };
            if let Some(reply) = self.rater.from_page(&text) {
                self.send(Msg::RaterText(reply));
            }
        }
        !texts.is_empty()
    }

    /// Lets the rater rate, one item a step, each step's news handed to the page, until it
    /// has nothing left to rate and the page nothing more to post to it.
    pub fn rate_all(&mut self) {
        for _ in 0..10_000 {
            let read = self.rater_reads();
            match self.rater.step() {
                Some(reply) => {
                    self.send(Msg::RaterText(reply));
                }
                None if !read => return,
                None => {}
            }
        }
        panic!("the rating never finished");
    }

    /// Plays the person's Day now on the table by taps: the first offered discard, the first
    /// mover, the first destination that is not Water (the first one if all are).
    pub fn play_day_by_taps(&mut self) {
        if self.model.overlay == Overlay::HandOver {
            self.intent(Intent::Ready);
        }
        assert!(
            self.model.interactive(),
            "a person's Day is on the table: {:?}, anim {}, bot day {}, sees {}",
            self.model.overlay,
            self.model.play.anim.is_some(),
            self.model.bot_day(),
            self.model.person_sees_hand()
        );
        let day_start_log = self.model.game().map(|g| g.log().len()).unwrap_or(0);
        for _ in 0..6 {
            let l = &self.model.play.legal;
            let target = match l.phase {
                Some(Phase::Beginning { .. }) => {
                    let p = l.discards[0];
                    Target::Hand(self.model.device.layout.hand.iter().position(|h| h.piece == Some(p)).expect("shown"))
                }
                Some(Phase::Discarded { .. }) => Target::Square(l.movers[0]),
                Some(Phase::Moving { .. }) => {
                    Target::Square(*l.destinations.iter().find(|d| !d.is_water()).unwrap_or(&l.destinations[0]))
                }
                None => break,
            };
            self.send(Msg::Tap(target));
            if self.model.game().map(|g| g.log().len()) > Some(day_start_log + 2) {
                break;
            }
        }
        // A throw is shown for a while; let it end.
        if self.model.play.anim.is_some() {
            self.wait(2000.0);
        }
    }

    /// Taps a destination as a person ends a Day: a tap, and the safe last step's Confirm
    /// when the preference (on by default) previews the capture first.
    pub fn tap_destination(&mut self, to: Square) {
        self.send(Msg::Tap(Target::Square(to)));
        if self.model.play.pending == Some(to) {
            self.intent(Intent::ConfirmHire);
        }
    }

    /// Lets computer players play until a person's Day (or the end of the Season).
    pub fn let_bots_play(&mut self) {
        for _ in 0..200 {
            if !self.model.bot_day() && self.model.play.anim.is_none() {
                return;
            }
            self.answer_worker();
            self.wait(5000.0);
        }
        panic!("the computer players never finished their Days");
    }

    pub fn status(&self) -> Status {
        self.model.game().expect("a game").status()
    }
}

/// R40 at the screen: a concealed hand is face up only for open hands, for a single person
/// at the table (their own hand), for the person whose Day it is after the hand-over, or
/// for the declarer once the Season is over.
pub fn check_visibility(m: &Model) {
    let Some(sess) = m.table.shown() else { return };
    let shown = m.shown_hand();
    let report = lauzait_ui::report::state(m, serde_json::Value::Null);
    if !m.hand_face_up() {
        assert!(shown.iter().all(|p| p.is_none()), "a face-down hand shows no piece");
        assert!(report.get("hand").is_none(), "the report lists no face-down hand");
        return;
    }
    if m.prefs.open_hands || sess.game().status() != Status::Playing {
        return;
    }
    let owner = m.hand_owner().expect("a hand is shown");
    assert!(sess.bot(owner).is_none(), "a computer player's hand is never face up");
    if sess.persons() >= 2 {
        assert_eq!(owner, sess.game().to_move(), "with several persons only the player to move's hand is shown");
        assert!(sess.revealed, "only after the hand-over");
        assert_ne!(m.overlay, Overlay::HandOver, "never behind the hand-over screen");
    }
}
