//! Everything that can happen to the app, as typed messages: the shell turns each DOM event,
//! worker reply and timer into one [`Msg`], and [`Model::update`](super::Model::update)
//! decides what it does. A feature's messages are its own enum (`RecordsMsg`, `LearnMsg`;
//! the buttons' `RecordsIntent`, `LessonIntent`, `DrillMsg`, `ReviewIntent`), wrapped here and
//! routed to the feature's model (`route.rs`).
//!
//! Buttons carry their [`Intent`] in a `data-intent` attribute: [`Intent::code`] writes it
//! and [`Intent::parse`] reads it back, so the DOM holds the typed value's one text form and
//! an unknown or damaged attribute is an error, never a guess.

use super::drill::DrillMsg;
use super::feel::Pref;
use super::i18n::{seat_code, Lang};
use super::learn::{LearnMsg, LessonIntent};
use super::model::Target;
use super::play::pace::Speed;
use super::puzzles::{PuzzleIntent, PuzzleMsg};
use super::records::{Link, RecordsIntent, RecordsMsg, ReplayStep};
use super::review::state::ReviewIntent;
use super::stats::{StatsIntent, StatsMsg};
use super::storage_refusal::StorageRefusal;
use lauzait_bots::{Level, Player};
use lauzait_engine::Seat;
use std::fmt;

/// A `data-intent` text that is no intent (its first 40 characters): a page and a model of
/// different versions, or a page changed by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownIntent {
    pub excerpt: String,
}

impl fmt::Display for UnknownIntent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown button intent '{}'", self.excerpt)
    }
}

impl std::error::Error for UnknownIntent {}

/// One thing that happened.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A tap (pointer down and up on the same target) on the canvas.
    Tap(Target),
    /// A key pressed on the table (not while typing in a field).
    Key(Key),
    /// Escape while a dialog is up.
    DialogEscape,
    /// A button.
    Intent(Intent),
    /// The new-game form: a seat ticked or unticked.
    DraftSeat(Seat, bool),
    /// The new-game form: a name typed (no redraw, so the caret stays).
    DraftName(Seat, String),
    /// The new-game form: the luminous-piece rule (R30).
    DraftLuminous(bool),
    /// The open-hands box.
    OpenHands(bool),
    /// Game records and the replay viewer.
    Records(RecordsMsg),
    /// Writing the save failed (storage full or blocked), and why.
    SaveFailed(StorageRefusal),
    /// A save was written again after a failure.
    SaveWritten,
    /// A format-1 save converted off the page (`Effect::ConvertSave`): the save's text in
    /// the format written now, or why it was refused or could not be converted.
    SaveConverted(Result<String, super::save::Broken>),
    /// Another tab of this page wrote the save: its text.
    SavedElsewhere(String),
    /// The lessons and the coach.
    Learn(LearnMsg),
    /// Your record over time: the stored history, a write refused.
    Stats(StatsMsg),
    /// The puzzles: the stored progress, a write refused (the rater's answers come as
    /// [`Msg::RaterText`]).
    Puzzles(PuzzleMsg),
    /// The text the worker posted (read by the model: [`BotReply::from_text`](lauzait_autoplay::BotReply::from_text)).
    WorkerText(String),
    /// The worker could not be started, or failed.
    WorkerFailed(lauzait_autoplay::WorkerFailure),
    /// The text the rater's worker posted ([`Effect::AskRater`](super::Effect::AskRater)).
    RaterText(String),
    /// The rater's worker could not be loaded or started, or failed.
    RaterFailed(lauzait_autoplay::WorkerFailure),
    /// The timer the app asked for ([`Effect::Wake`](super::Effect::Wake)) went off, or an
    /// animation frame: time has passed.
    Tick,
    /// The canvas's CSS size and the device's pixel ratio.
    Resize { width: f64, height: f64, dpr: f64 },
    /// The viewport's CSS size (the bars around the canvas follow it, `layout::chrome`).
    Viewport { width: f64, height: f64 },
}

/// The keys the table answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    /// Enter or Space.
    Select,
    /// Escape, Backspace or U.
    Back,
    /// F.
    Form,
    /// D.
    Dissolve,
    /// L.
    Declare,
    /// H: read the hand out.
    ReadHand,
    /// S: read the scores and revealed sets out.
    ReadScores,
    /// G: read the Season log out.
    ReadLog,
    /// The replay viewer's Day steps and ends.
    PageUp,
    PageDown,
    Home,
    End,
}

impl Key {
    /// The key of a DOM `KeyboardEvent.key`, if the table uses it.
    pub fn from_dom(key: &str) -> Option<Key> {
        Some(match key {
            "ArrowUp" => Key::Up,
            "ArrowDown" => Key::Down,
            "ArrowLeft" => Key::Left,
            "ArrowRight" => Key::Right,
            "Enter" | " " => Key::Select,
            "Escape" | "Backspace" | "u" | "U" => Key::Back,
            "f" | "F" => Key::Form,
            "d" | "D" => Key::Dissolve,
            "l" | "L" => Key::Declare,
            "h" | "H" => Key::ReadHand,
            "s" | "S" => Key::ReadScores,
            "g" | "G" => Key::ReadLog,
            "PageUp" => Key::PageUp,
            "PageDown" => Key::PageDown,
            "Home" => Key::Home,
            "End" => Key::End,
            _ => return None,
        })
    }

    pub fn is_arrow(self) -> bool {
        matches!(self, Key::Up | Key::Down | Key::Left | Key::Right)
    }
}

/// What a button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    Undo,
    /// Open the Form chooser.
    Form,
    /// Form the i-th offered set with its j-th reading.
    FormPick(usize, usize),
    /// Open the Dissolve chooser.
    Dissolve,
    DissolvePick(u8),
    /// Open the declaration preview.
    Declare,
    DeclareConfirm,
    Stalemate,
    /// The hand-over's "tap when ready".
    Ready,
    ScoringDone,
    NextSeason,
    EndGame,
    EndSeason,
    NewGame,
    /// Yes in a confirmation.
    Confirm,
    /// Close the dialog.
    Close,
    Menu,
    Lang(Lang),
    OpenHands,
    Players(usize),
    /// Who plays a seat in the new-game form: `None` for a person.
    SeatKind(Seat, Player),
    Speed(Speed),
    BotRetry,
    Start,
    /// Drop an unreadable save and start fresh.
    Fresh,
    Final,
    /// Game records and the replay viewer.
    Records(RecordsIntent),
    /// End the Day with the destination waiting for its confirmation.
    ConfirmHire,
    /// Drop the destination waiting for its confirmation.
    CancelHire,
    /// The preference "confirm the last step of each Day".
    ConfirmPref,
    /// A switch of the table's feel: the board's turn, motion, sound, vibration.
    Pref(Pref),
    /// After another tab changed the saved game: go on with this tab's game and save it.
    KeepThisGame,
    /// After another tab changed the saved game: load that game (the page reloads).
    LoadOtherGame,
    /// The lessons and the coach.
    Learn(LessonIntent),
    /// The scoring drill.
    Drill(DrillMsg),
    /// Show or hide the Season log (a phone's screen has no room for it beside the board).
    ToggleLog,
    /// The post-game review.
    Review(ReviewIntent),
    /// Your record over time.
    Stats(StatsIntent),
    /// The puzzles.
    Puzzles(PuzzleIntent),
}

const SIMPLE: [(Intent, &str); 36] = [
    (Intent::ToggleLog, "toggle-log"),
    (Intent::Undo, "undo"),
    (Intent::Form, "form"),
    (Intent::Dissolve, "dissolve"),
    (Intent::Declare, "declare"),
    (Intent::DeclareConfirm, "declare-confirm"),
    (Intent::Stalemate, "stalemate"),
    (Intent::Ready, "ready"),
    (Intent::ScoringDone, "scoring-done"),
    (Intent::NextSeason, "next-season"),
    (Intent::EndGame, "end-game"),
    (Intent::EndSeason, "end-season"),
    (Intent::NewGame, "new-game"),
    (Intent::Confirm, "confirm"),
    (Intent::Close, "close"),
    (Intent::Menu, "menu"),
    (Intent::OpenHands, "open-hands"),
    (Intent::BotRetry, "bot-retry"),
    (Intent::Start, "start"),
    (Intent::Fresh, "fresh"),
    (Intent::Final, "final"),
    (Intent::Records(RecordsIntent::Export), "rec-export"),
    (Intent::Records(RecordsIntent::Links), "rec-links"),
    (Intent::Records(RecordsIntent::ReplayOwn), "rec-replay-own"),
    (Intent::Records(RecordsIntent::OpenImport), "rec-open-import"),
    (Intent::Records(RecordsIntent::ImportPasted), "rec-import"),
    (Intent::Records(RecordsIntent::Replay(ReplayStep::Start)), "rp-start"),
    (Intent::Records(RecordsIntent::Replay(ReplayStep::PrevDay)), "rp-prev-day"),
    (Intent::Records(RecordsIntent::Replay(ReplayStep::Prev)), "rp-prev"),
    (Intent::Records(RecordsIntent::Replay(ReplayStep::Next)), "rp-next"),
    (Intent::Records(RecordsIntent::Replay(ReplayStep::NextDay)), "rp-next-day"),
    (Intent::ConfirmHire, "confirm-hire"),
    (Intent::CancelHire, "cancel-hire"),
    (Intent::ConfirmPref, "confirm-pref"),
    (Intent::KeepThisGame, "keep-this-game"),
    (Intent::LoadOtherGame, "load-other-game"),
];

impl Intent {
    /// The text form written into `data-intent`.
    pub fn code(self) -> String {
        if let Some((_, code)) = SIMPLE.iter().find(|(i, _)| *i == self) {
            return (*code).to_string();
        }
        match self {
            Intent::FormPick(i, j) => format!("form-pick:{i}:{j}"),
            Intent::DissolvePick(d) => format!("dissolve-pick:{d}"),
            Intent::Lang(l) => format!("lang:{}", l.code()),
            Intent::Players(n) => format!("players:{n}"),
            Intent::SeatKind(seat, kind) => {
                format!("seat-kind:{}:{}", seat_code(seat), kind.level().map_or("person", |l| l.name()))
            }
            Intent::Speed(s) => format!("speed:{}", s.code()),
            Intent::Records(RecordsIntent::Copy(Link::Record)) => "rec-copy:link-record".into(),
            Intent::Records(RecordsIntent::Copy(Link::Position)) => "rec-copy:link-position".into(),
            Intent::Records(RecordsIntent::Replay(ReplayStep::End)) => "rp-end".into(),
            Intent::Records(RecordsIntent::ReplayClose) => "rp-close".into(),
            Intent::Pref(p) => format!("pref:{}", p.code()),
            Intent::Learn(l) => l.code(),
            Intent::Drill(d) => d.code(),
            Intent::Review(r) => r.code(),
            Intent::Stats(s) => s.code().into(),
            Intent::Puzzles(p) => p.code(),
            _ => unreachable!("every other intent is in SIMPLE"),
        }
    }

    /// Reads a `data-intent` text.
    pub fn parse(text: &str) -> Result<Intent, UnknownIntent> {
        if let Some((i, _)) = SIMPLE.iter().find(|(_, code)| *code == text) {
            return Ok(*i);
        }
        if let Some(d) = DrillMsg::parse(text) {
            return Ok(Intent::Drill(d));
        }
        if let Some(l) = LessonIntent::parse(text) {
            return Ok(Intent::Learn(l));
        }
        if let Some(r) = ReviewIntent::parse(text) {
            return Ok(Intent::Review(r));
        }
        if let Some(s) = StatsIntent::parse(text) {
            return Ok(Intent::Stats(s));
        }
        if let Some(p) = PuzzleIntent::parse(text) {
            return Ok(Intent::Puzzles(p));
        }
        let bad = || UnknownIntent { excerpt: text.chars().take(40).collect() };
        let (name, arg) = text.split_once(':').unwrap_or((text, ""));
        let number = |s: &str| s.parse::<usize>().map_err(|_| bad());
        Ok(match (name, arg) {
            ("rp-end", "") => Intent::Records(RecordsIntent::Replay(ReplayStep::End)),
            ("rp-close", "") => Intent::Records(RecordsIntent::ReplayClose),
            ("form-pick", arg) => {
                let (i, j) = arg.split_once(':').ok_or_else(bad)?;
                Intent::FormPick(number(i)?, number(j)?)
            }
            ("dissolve-pick", d) => Intent::DissolvePick(d.parse::<u8>().map_err(|_| bad())?),
            ("lang", "en") => Intent::Lang(Lang::En),
            ("lang", "ja") => Intent::Lang(Lang::Ja),
            ("players", n) => Intent::Players(number(n)?),
            ("seat-kind", arg) => {
                let (seat, kind) = arg.split_once(':').ok_or_else(bad)?;
                let seat = Seat::ALL.into_iter().find(|s| seat_code(*s) == seat).ok_or_else(bad)?;
                let kind = match kind {
                    "person" => Player::Person,
                    level => Player::Computer(level.parse::<Level>().map_err(|_| bad())?),
                };
                Intent::SeatKind(seat, kind)
            }
            ("speed", code) => Intent::Speed(Speed::from_code(code).ok_or_else(bad)?),
            ("pref", code) => Intent::Pref(Pref::from_code(code).ok_or_else(bad)?),
            ("rec-copy", "link-record") => Intent::Records(RecordsIntent::Copy(Link::Record)),
            ("rec-copy", "link-position") => Intent::Records(RecordsIntent::Copy(Link::Position)),
            _ => return Err(bad()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_intent() -> Vec<Intent> {
        let mut all: Vec<Intent> = SIMPLE.iter().map(|(i, _)| *i).collect();
        all.extend([
            Intent::FormPick(2, 1),
            Intent::DissolvePick(3),
            Intent::Lang(Lang::En),
            Intent::Lang(Lang::Ja),
            Intent::Players(3),
            Intent::Speed(Speed::Instant),
            Intent::Pref(Pref::TurnBoard),
            Intent::Pref(Pref::Motion),
            Intent::Pref(Pref::Sound),
            Intent::Pref(Pref::Vibrate),
            Intent::Records(RecordsIntent::Copy(Link::Record)),
            Intent::Records(RecordsIntent::Copy(Link::Position)),
            Intent::Records(RecordsIntent::Replay(ReplayStep::End)),
            Intent::Records(RecordsIntent::ReplayClose),
            Intent::Learn(LessonIntent::Open),
            Intent::Drill(DrillMsg::Open),
            Intent::Drill(DrillMsg::Typed(None)),
            Intent::Drill(DrillMsg::Next),
            Intent::Learn(LessonIntent::Coach),
            Intent::Learn(LessonIntent::Hint),
            Intent::Review(ReviewIntent::Open(1)),
            Intent::Stats(StatsIntent::Open),
            Intent::Stats(StatsIntent::Export),
            Intent::Stats(StatsIntent::Delete),
            Intent::Stats(StatsIntent::DeleteConfirm),
            Intent::Stats(StatsIntent::DeleteCancel),
            Intent::Puzzles(PuzzleIntent::Open),
            Intent::Puzzles(PuzzleIntent::Ask(crate::puzzles::Level::Any)),
            Intent::Puzzles(PuzzleIntent::Ask(crate::puzzles::Level::Of(lauzait_learn::puzzles::Difficulty::Hard))),
            Intent::Puzzles(PuzzleIntent::Next),
            Intent::Puzzles(PuzzleIntent::Retry),
            Intent::Puzzles(PuzzleIntent::Leave),
            Intent::Review(ReviewIntent::Try(7)),
            Intent::Review(ReviewIntent::Show),
            Intent::Review(ReviewIntent::Next),
            Intent::Review(ReviewIntent::Close),
        ]);
        for id in lauzait_learn::lessons::LessonId::ALL {
            all.push(Intent::Learn(LessonIntent::Start(id)));
        }
        for seat in Seat::ALL {
            all.extend(Player::ALL.map(|player| Intent::SeatKind(seat, player)));
        }
        all
    }

    #[test]
    fn every_intent_reads_back_from_its_code() {
        for intent in every_intent() {
            assert_eq!(Intent::parse(&intent.code()), Ok(intent), "{}", intent.code());
        }
    }

    #[test]
    fn damaged_intents_are_errors() {
        for text in
            ["", "form-pick:1", "form-pick:a:b", "lang:fr", "seat-kind:green:easy", "speed:slow", "pref:loud", "x"]
        {
            assert!(Intent::parse(text).is_err(), "{text}");
        }
        let long = "y".repeat(10_000);
        assert_eq!(
            Intent::parse(&long),
            Err(UnknownIntent { excerpt: "y".repeat(40) }),
            "a long text is not echoed whole"
        );
        assert_eq!(Intent::parse("lang:fr").unwrap_err().to_string(), "unknown button intent 'lang:fr'");
    }

    #[test]
    fn keys_from_the_dom() {
        assert_eq!(Key::from_dom("ArrowLeft"), Some(Key::Left));
        assert_eq!(Key::from_dom(" "), Some(Key::Select));
        assert_eq!(Key::from_dom("u"), Some(Key::Back));
        assert_eq!(Key::from_dom("x"), None);
    }
}
