//! The app's state as plain data: the game at the table with its names and who plays each
//! seat, the screen, the selection, the new-game form, the computer players' driver, and each
//! feature's own model (records, lessons and the coach, the drill, the review), which only the
//! crate writes (`route.rs`). No DOM, no clock, no effects: each message's time, entropy and
//! effects are its own [`super::ctx::Ctx`].

use super::chance::SeededChance;
use super::drill::Drill;
use super::driver::state::Driver;
use super::feel::Feel;
use super::i18n::Lang;
use super::layout::chrome::Chrome;
use super::layout::{HandSlot, Layout};
use super::learn::Learn;
use super::on_table::OnTable;
use super::play::animation::MoveAnim;
use super::play::pace::Speed;
pub use super::play::session::Session;
use super::play::turn::{self, BoardTurn};
use super::records::replay::Records;
use super::review::PostGameReview;
use super::save::{Broken, Loaded};
use super::scene::TileStyle;
use super::storage_refusal::StorageRefusal;
use lauzait_bots::Player;
use lauzait_engine::{FormOption, Game, HireRecord, Phase, Piece, Square};

/// Something on the canvas that can be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    /// The n-th concealed piece of the shown hand.
    Hand(usize),
    /// A revealed Department of the shown hand.
    Dept(u8),
}

/// What a confirmation dialog asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    EndGame,
    EndSeason,
    NewGame,
    /// Showing every hand while a game is under way (see `Model::open_hands_intent`).
    OpenHands,
}

/// The screen: the table alone, or a dialog over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    NewGame,
    LoadError,
    HandOver,
    Form,
    Dissolve,
    Declare,
    Scoring,
    SeasonSummary,
    Final,
    Menu,
    Confirm(Confirm),
    /// Import a record, or the links to copy.
    Records,
    /// The lessons list.
    Lessons,
    /// A lesson's goal was reached.
    LessonDone,
    /// The post-game review.
    Review,
    /// The scoring drill.
    Drill,
    /// Your record over time.
    Stats,
}

impl Overlay {
    /// The name `window.lauzait.state().screen` reports.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::None => "table",
            Overlay::NewGame => "new-game",
            Overlay::LoadError => "load-error",
            Overlay::HandOver => "hand-over",
            Overlay::Form => "form",
            Overlay::Dissolve => "dissolve",
            Overlay::Declare => "declare",
            Overlay::Scoring => "scoring",
            Overlay::SeasonSummary => "season",
            Overlay::Final => "final",
            Overlay::Menu => "menu",
            Overlay::Confirm(_) => "confirm",
            Overlay::Records => "records",
            Overlay::Lessons => "lessons",
            Overlay::LessonDone => "lesson-done",
            Overlay::Review => "review",
            Overlay::Drill => "drill",
            Overlay::Stats => "stats",
        }
    }
}

/// The sticks being thrown on the canvas (R5, R12.6).
#[derive(Clone, Debug)]
pub struct SticksAnim {
    pub record: HireRecord,
    pub start: f64,
    pub duration: f64,
}

/// The new-game form.
#[derive(Clone, Debug)]
pub struct Draft {
    pub seats: [bool; 4],
    pub names: [String; 4],
    /// Who plays each seat.
    pub kinds: [Player; 4],
    pub luminous: bool,
    /// "Open hands" ticked in the form while another game is still under way: it takes
    /// effect when the new game starts, never on the game behind the form.
    pub open_hands: Option<bool>,
    pub error: bool,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft {
            seats: [true, false, true, false],
            names: Default::default(),
            kinds: [Player::Person; 4],
            luminous: true,
            open_hands: None,
            error: false,
        }
    }
}

/// What the engine offers in the Day under way (empty when nothing may be chosen now).
#[derive(Clone, Debug, Default)]
pub struct Legal {
    pub phase: Option<Phase>,
    pub discards: Vec<Piece>,
    pub movers: Vec<Square>,
    pub destinations: Vec<Square>,
    pub forms: Vec<FormOption>,
    pub dissolvable: Vec<u8>,
    pub declare: bool,
    pub stalemate: bool,
    pub undo: bool,
}

impl Legal {
    /// Whether every piece of the shown hand may be discarded now (then the prompt says
    /// "any piece", and no tile is lit: lighting them all would say nothing).
    pub fn discards_whole_hand(&self, hand: &[HandSlot]) -> bool {
        hand.iter().all(|h| h.piece.is_some_and(|p| self.discards.contains(&p)))
    }

    /// How each tile of the shown hand is marked in an `interactive` Day: while the discard
    /// is chosen, the pieces it may be are lit and the others faded (none of either when
    /// any may be); at the Day's other points the hand is faded, out of play.
    pub fn hand_styles(&self, hand: &[HandSlot], interactive: bool) -> Vec<TileStyle> {
        let discarding = matches!(self.phase, Some(Phase::Beginning { .. }));
        let every = discarding && self.discards_whole_hand(hand);
        hand.iter()
            .map(|slot| {
                let lit = interactive && discarding && !every && slot.piece.is_some_and(|p| self.discards.contains(&p));
                TileStyle { lit, dim: interactive && !lit && !every, chosen: false }
            })
            .collect()
    }
}

/// The status line's message: the last refusal, hint or what a Day did.
#[derive(Clone, Debug)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

/// Why the game is not being saved as it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveTrouble {
    /// The browser refused to write (storage full or blocked): the game goes on unsaved
    /// until a write succeeds again; the record can be exported from the menu.
    Failed(StorageRefusal),
    /// Another tab saved a different game state: this tab stops saving, so that neither
    /// silently overwrites the other's progress, until the player chooses.
    OtherTab,
}

/// What the shell knows at start-up and hands to [`Model::new`].
#[derive(Clone, Debug)]
pub struct Boot {
    /// The saved game as read and checked ([`super::save::parse`]).
    pub saved: Loaded,
    /// `navigator.language`.
    pub browser_lang: Lang,
    /// `?seed=N`: the next new game's chance comes from a generator seeded with N (a testing
    /// aid, [`super::chance`]).
    pub seed_param: Option<u64>,
    /// `?botseed=M`: the next new game's bot seed (a testing aid).
    pub bot_seed_param: Option<u64>,
    pub reduced_motion: bool,
    /// The main pointer is a finger (`(pointer: coarse)`): the last step of a Day waits for
    /// a confirmation unless the player turned that off.
    pub touch: bool,
    /// The page's address without its `#fragment`, for the links the app makes.
    pub base_url: String,
}

/// The whole app state.
pub struct Model {
    pub lang: Lang,
    /// The language picked in the menu (saved); `None` follows the browser.
    pub lang_chosen: Option<Lang>,
    pub open_hands: bool,
    /// What is on the table: the player's own game, a record in the replay viewer or a
    /// lesson (with the own game set aside), or nothing.
    pub table: OnTable,
    pub overlay: Overlay,
    pub message: Option<Message>,
    pub focus: Option<Target>,
    /// The keyboard cursor is drawn (after a key, not after a tap).
    pub show_focus: bool,
    pub anim: Option<SticksAnim>,
    /// The last Hiring being shown (the piece sliding, the taken piece flying to the hand).
    pub motion: Option<MoveAnim>,
    /// What happened since the previous person's Day, for the hand-over screen.
    /// Each line with the player whose Day it told (`None`: for everyone, such as a
    /// Season's start); a hand-over shows the lines since that person's own last Day.
    pub last_day: Vec<(Option<usize>, String)>,
    /// What the last committed Day did.
    pub day_lines: Vec<String>,
    /// The Season log is shown over the table (phones; wide screens always show it).
    pub log_open: bool,
    /// The last sentence narrated (also what `window.lauzait.state().live` reports).
    pub live: String,
    /// How fast the computer players' Days are shown (saved).
    pub speed: Speed,
    pub driver: Driver,
    pub draft: Draft,
    /// Why the stored save could not be read; it is left alone until the player starts
    /// fresh.
    pub broken: Option<Broken>,
    pub save_trouble: Option<SaveTrouble>,
    pub legal: Legal,
    pub layout: Layout,
    /// The status bar and the action bar around the canvas, from the viewport's size.
    pub chrome: Chrome,
    /// The canvas's device pixel ratio.
    pub dpr: f64,
    pub reduced_motion: bool,
    pub touch: bool,
    /// The preference "confirm the last step" (saved); `None`, a first game's, is on.
    pub confirm_pref: Option<bool>,
    /// The board's turn, motion, sound and vibration (saved).
    pub feel: Feel,
    /// A destination chosen and previewed, waiting for the confirmation.
    pub pending: Option<Square>,
    /// The records dialog (the replay viewer is on the [`Self::table`]; [`Self::records`]
    /// reads it).
    pub(crate) records: Records,
    /// The lessons' progress, the coach switch and what the coach shows ([`Self::learn`]
    /// reads it; the lesson under way is on the [`Self::table`]).
    pub(crate) learn: Learn,
    /// The scoring drill ([`Self::drill`] reads it).
    pub(crate) drill: Drill,
    /// The post-game review ([`Self::review`] reads it).
    pub(crate) review: PostGameReview,
    /// Your record over time ([`Self::stats`] reads it).
    pub(crate) stats: crate::stats::Stats,
    /// The rating of the last finished game (`rating`).
    pub rating: super::rating::Rating,
    pub seed_param: Option<u64>,
    pub bot_seed_param: Option<u64>,
    pub base_url: String,
    /// The `?seed=` testing aid's generator for the game it started (the rest of chance is
    /// each message's own, [`super::ctx::Ctx`]).
    pub seeded_chance: SeededChance,
}

impl Model {
    /// Whether the last step of a Day waits for a confirmation: on until switched off in
    /// the menu, with a mouse as with a finger (a mis-click ends a Day as surely as a mis-tap).
    pub fn confirm_last(&self) -> bool {
        self.confirm_pref.unwrap_or(true)
    }

    /// Whether moves and throws are animated: the player's switch, and never when the
    /// browser asks for reduced motion.
    pub fn motion_on(&self) -> bool {
        self.feel.motion && !self.reduced_motion
    }

    /// How the board is turned: toward the person whose Day it is with the preference on, at
    /// the table's game; upright otherwise (the replay viewer, lessons, no game). During a
    /// computer player's Day it faces the next person to play ([`turn::facing`]): nobody
    /// sits at a computer's seat, the next person is the one who must read the computer's
    /// move before their own Day, and the board then turns once per change of person —
    /// right after a person's Day, as between two persons — instead of away to the
    /// computer's seat and back for each computer Day.
    pub fn board_turn(&self) -> BoardTurn {
        let Some(sess) = self.table.shown().filter(|_| self.feel.turn_board) else { return BoardTurn::Upright };
        if self.table.own_set_aside() {
            return BoardTurn::Upright;
        }
        let g = sess.game();
        let persons: Vec<bool> = (0..sess.names().len()).map(|p| sess.bot(p).is_none()).collect();
        let p = turn::facing(g.to_move(), g.season().direction, &persons);
        g.options().seats().get(p).map_or(BoardTurn::Upright, |&seat| BoardTurn::toward(seat))
    }

    pub fn game(&self) -> Option<&Game> {
        self.table.shown().map(Session::game)
    }

    /// A computer player's Day is under way.
    pub fn bot_day(&self) -> bool {
        self.table.shown().is_some_and(|s| s.bot_to_move().is_some())
    }

    /// The concealed pieces shown in the hand area (`None` = face down).
    pub fn shown_hand(&self) -> Vec<Option<Piece>> {
        let Some(sess) = self.table.shown() else { return Vec::new() };
        let g = sess.game();
        let p = self.hand_owner().unwrap_or_else(|| g.to_move());
        let Some(view) = g.view(p) else { return Vec::new() };
        if self.hand_face_up() {
            view.my_concealed().pieces().map(Some).collect()
        } else {
            vec![None; view.concealed_count(p)]
        }
    }

    /// How many revealed Departments the shown hand has.
    pub fn shown_departments(&self) -> usize {
        let Some(g) = self.game() else { return 0 };
        let p = self.hand_owner().unwrap_or_else(|| g.to_move());
        g.view(p).map_or(0, |v| v.departments(p).len())
    }
}
