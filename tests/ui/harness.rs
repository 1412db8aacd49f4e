// Shared by several test files, each of which uses part of it.
#![allow(dead_code)]

//! A shell for the UI core in tests: it keeps the model, hands it messages with a clock the
//! test moves, answers the worker's requests with the real planner (as the browser's worker
//! does), keeps the last save, and checks after every message that no concealed hand is
//! face up for the wrong person (R40).

use lauzait_autoplay as autoplay;
use lauzait_bots::Level;
use lauzait_engine::Seat;
use lauzait_engine::{Phase, Status};
use lauzait_ui::i18n::Lang;
use lauzait_ui::model::{Overlay, Target};
use lauzait_ui::save::{self, Loaded};
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
}

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
        let mut t = Table {
            model: Model::new(boot(saved)),
            now: 0.0,
            effects: Vec::new(),
            saved: None,
            posted: Vec::new(),
            sent: 0,
        };
        t.send(Msg::Resize { width: 1280.0, height: 800.0, dpr: 1.0 });
        t
    }

    /// A new game set up through the new-game form: `kinds[i]` for each seat in play
    /// (red, blue, black, yellow order, as the form lists them).
    pub fn new_game(seats: &[(Seat, Option<Level>)], seed: u64) -> Table {
        let mut t = Table::open(Loaded::Nothing);
        t.model.seed_param = Some(seed);
        for seat in Seat::ALL {
            let on = seats.iter().any(|&(s, _)| s == seat);
            t.send(Msg::DraftSeat(seat, on));
        }
        for &(seat, kind) in seats {
            t.send(Msg::Intent(Intent::SeatKind(seat, kind)));
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
        let effects = self.model.update(msg, self.now, self.sent.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for e in &effects {
            match e {
                Effect::Save(text) => self.saved = Some(text.clone()),
                Effect::PostToWorker(text) => self.posted.push(text.clone()),
                _ => {}
            }
        }
        self.effects.extend(effects.iter().cloned());
        check_visibility(&self.model);
        effects
    }

    pub fn intent(&mut self, intent: Intent) -> Vec<Effect> {
        self.send(Msg::Intent(intent))
    }

    /// Moves the clock on and lets time pass (the timer the model asked for went off).
    pub fn wait(&mut self, ms: f64) {
        self.now += ms;
        self.send(Msg::Tick);
    }

    /// Answers every posted request with the real planner, as the worker does.
    pub fn answer_worker(&mut self) {
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
        let p = t.model.legal.discards[0];
        let i = t.model.layout.hand.iter().position(|h| h.piece == Some(p)).expect("the piece is shown");
        t.send(Msg::Tap(Target::Hand(i)));
        t
    }

    /// Red (a person) against an Easy Black, seed 12105: a few Days, then the game ended by
    /// agreement, on the final results (the review's tests).
    pub fn finished_against_easy() -> Table {
        let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 12105);
        t.intent(Intent::Speed(lauzait_ui::pace::Speed::Instant));
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
            self.model.anim.is_some(),
            self.model.bot_day(),
            self.model.person_sees_hand()
        );
        let day_start_log = self.model.game().map(|g| g.log().len()).unwrap_or(0);
        for _ in 0..6 {
            let l = &self.model.legal;
            let target = match l.phase {
                Some(Phase::Beginning { .. }) => {
                    let p = l.discards[0];
                    Target::Hand(self.model.layout.hand.iter().position(|h| h.piece == Some(p)).expect("shown"))
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
        if self.model.anim.is_some() {
            self.wait(2000.0);
        }
    }

    /// Lets computer players play until a person's Day (or the end of the Season).
    pub fn let_bots_play(&mut self) {
        for _ in 0..200 {
            if !self.model.bot_day() && self.model.anim.is_none() {
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
    let Some(sess) = &m.session else { return };
    let shown = m.shown_hand();
    let report = lauzait_ui::report::state(m, serde_json::Value::Null);
    if !m.hand_face_up() {
        assert!(shown.iter().all(|p| p.is_none()), "a face-down hand shows no piece");
        assert!(report.get("hand").is_none(), "the report lists no face-down hand");
        return;
    }
    if m.open_hands || sess.game().status() != Status::Playing {
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
