//! The page around the canvas: the status bar above it and the action bar below it, in CSS
//! pixels of the viewport. The rule (issue #36, "nothing a player needs is ever out of
//! sight"): the status bar's message and prompt and every button the step offers are always
//! wholly in view; where the screen is short, the coach gives way (folded below the
//! Season log, which one button of the status bar opens over the table), never the message
//! or the buttons.
//!
//! - The status bar keeps a fixed height; a message longer than it grows down over the
//!   table's top (index.html: `#status` is never a scroll box), so it is read whole without
//!   scrolling and the canvas does not move.
//! - The action bar is as tall as the rows its buttons need when the most buttons a step
//!   can offer are shown at once (their labels in the page's language, wrapped as the page
//!   wraps them), and so the same on every Day of a game: whose Day it is changes nothing
//!   here, and the board keeps its place and size between a person's Day and a computer's.
//! - The coach is docked below the buttons only where the table keeps squares and hand
//!   tiles of a finger's size beside it ([`super::MIN_TARGET`]); elsewhere it is folded
//!   into the Season log (the log's button says "Coach · Log").
//!
//! Button widths are estimated from their labels with generous character widths, so that a
//! row the page lays out is never longer than the one counted here.

use super::{Layout, TableShape, MIN_TARGET};
use crate::i18n::{self, faults, hiring, Lang, S};

/// What the page's bars depend on: the viewport, the language, the coach preference and
/// whether a lesson is under way. Never whose Day it is, nor the message.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChromeShape {
    pub lang: Lang,
    pub coach: bool,
    pub lesson: bool,
    pub players: usize,
}

/// Where the coach goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachPlace {
    /// The coach is off, or in the lesson's text (a lesson).
    None,
    /// Below the buttons, in the action bar.
    Docked,
    /// Below the Season log, which the status bar's button opens over the table.
    Folded,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chrome {
    /// The viewport.
    pub w: f64,
    pub h: f64,
    /// The status bar's height (a longer message grows over the table).
    pub bar: f64,
    /// The action bar's height, its padding included.
    pub actions: f64,
    /// The rows of buttons the action bar keeps room for.
    pub rows: usize,
    /// One row's height.
    pub row: f64,
    pub coach: CoachPlace,
}

/// Small screens (a phone, or any screen on its side) get thinner bars and smaller labels.
fn small(w: f64, h: f64) -> bool {
    w <= 480.0 || h <= 500.0
}

/// The action bar's padding, top and bottom, and the gap between rows and buttons.
const PAD_Y: f64 = 6.0;
const GAP: f64 = 8.0;
const ROW_GAP: f64 = 6.0;
/// The docked coach's height: its title with the Hint button and three lines of the hint.
pub const COACH_DOCK: f64 = 120.0;

/// One button: its label and whether it is a big one (`class="big"`).
#[derive(Clone, Copy)]
struct Label<'a>(&'a str, bool);

/// A button's widest on a small screen (index.html: `max-width: 10em`); a longer label
/// wraps onto a second line inside the button's 44 px.
const SMALL_MAX_EM: f64 = 10.0;

/// The estimated width of a button and the lines its label takes, as index.html styles it
/// (font, padding, border, the small screens' widest). A Latin letter is counted at 0.6 em
/// (the system fonts measured at most 0.55: the margin covers words that do not break
/// where the width would), a CJK character at a full em.
fn button(label: Label, small: bool) -> (f64, usize) {
    let Label(text, big) = label;
    let (font, pad) = match (small, big) {
        (true, false) => (14.0, 10.0),
        (true, true) => (15.0, 12.0),
        (false, false) => (16.0, 14.0),
        (false, true) => (20.0, 22.0),
    };
    let em: f64 = text.chars().map(|c| if c.is_ascii() { 0.6 } else { 1.0 }).sum();
    let (text_w, frame) = (em * font, 2.0 * pad + 4.0);
    let widest = if small { SMALL_MAX_EM * font - frame } else { f64::INFINITY };
    if text_w <= widest {
        (text_w + frame, 1)
    } else {
        (widest + frame, (text_w / widest).ceil() as usize)
    }
}

fn button_w(label: Label, small: bool) -> f64 {
    button(label, small).0
}

/// The rows a set of buttons takes in `width`, wrapped as flex-wrap wraps them.
fn rows(set: &[Label], width: f64, small: bool) -> usize {
    let mut rows = 0;
    let mut used = f64::INFINITY;
    for &b in set {
        let bw = button_w(b, small).min(width);
        if used + GAP + bw > width {
            rows += 1;
            used = bw;
        } else {
            used += GAP + bw;
        }
    }
    rows.max(1)
}

/// The most buttons each step can offer at once, in the page's language: a Day's (a
/// lesson's too: its own buttons are beside its text), the safe last step's and the choice
/// after another tab saved.
fn button_sets(lang: Lang) -> Vec<Vec<Label<'static>>> {
    let s = |k| i18n::s(lang, k);
    let undo = match lang {
        Lang::En => "↶ Undo",
        Lang::Ja => "↶ 取り消し",
    };
    // All of them belong to the Day's beginning (R9–R11, R19). Undo follows a Form or a
    // Dissolve; after a Form neither is offered again, after a Dissolve only a Form: so
    // Dissolve and Undo are never offered together.
    let ending = [Label(s(S::Stalemate), true), Label(s(S::Declare), true), Label(s(S::Form), false)];
    let mut days =
        vec![[&ending[..], &[Label(s(S::Dissolve), false)]].concat(), [&ending[..], &[Label(undo, false)]].concat()];
    let hire = vec![Label(hiring::confirm_button(lang), true), Label(hiring::cancel_button(lang), false)];
    let tabs = vec![Label(faults::keep_this_game(lang), false), Label(faults::load_other_game(lang), false)];
    days.extend([hire, tabs]);
    days
}

/// The least share of the viewport's height the bars leave the table: the coach is docked
/// only where the table keeps it (on a short landscape screen, where its squares would still
/// fit, the board would otherwise be squeezed under the bars).
pub const MIN_TABLE_SHARE: f64 = 0.45;

impl Chrome {
    pub fn compute(w: f64, h: f64, shape: &ChromeShape) -> Chrome {
        let small = small(w, h);
        let bar = if small { 48.0 } else { 56.0 };
        let row = if small { 44.0 } else { 56.0 };
        let inner = w - 2.0 * if small { 6.0 } else { 8.0 };
        let rows = button_sets(shape.lang).iter().map(|set| rows(set, inner, small)).max().unwrap_or(1);
        let actions = 2.0 * PAD_Y + rows as f64 * row + (rows - 1) as f64 * ROW_GAP;
        let base = Chrome { w, h, bar, actions, rows, row, coach: CoachPlace::None };
        if !shape.coach || shape.lesson {
            return base;
        }
        let docked = Chrome { actions: actions + COACH_DOCK + ROW_GAP, coach: CoachPlace::Docked, ..base };
        if docked.table_fits(shape.players) && docked.canvas().1 >= h * MIN_TABLE_SHARE {
            return docked;
        }
        Chrome { coach: CoachPlace::Folded, ..base }
    }

    /// The canvas the bars leave (the Season log beside the board, from 1600 px wide, takes
    /// its width from it).
    pub fn canvas(&self) -> (f64, f64) {
        (self.w, (self.h - self.bar - self.actions).max(1.0))
    }

    /// Whether the table keeps squares and hand tiles of a finger's size with these bars.
    fn table_fits(&self, players: usize) -> bool {
        let (cw, ch) = self.canvas();
        let hand = [None; 9];
        let shape = TableShape {
            players,
            concealed: &hand,
            departments: 0,
            open_hands: false,
            turn: Default::default(),
            lesson: false,
        };
        let l = Layout::compute(cw, ch, &shape);
        l.cell >= MIN_TARGET && l.tile >= MIN_TARGET
    }

    /// The width a button's label is counted at and its lines, for the tests
    /// (`tests/ui/chrome.rs`).
    pub fn estimate(label: &str, big: bool, small: bool) -> (f64, usize) {
        button(Label(label, big), small)
    }

    /// The most lines a label of the buttons offered in `lang` wraps onto.
    pub fn most_lines(&self, lang: Lang) -> usize {
        let small = self.is_small();
        button_sets(lang).iter().flatten().map(|&b| button(b, small).1).max().unwrap_or(1)
    }

    /// Whether the page uses its small bars at this size.
    pub fn is_small(&self) -> bool {
        small(self.w, self.h)
    }
}
