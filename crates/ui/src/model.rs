//! The app's state as plain data: what is on the table, the screen over it, the selection,
//! the new-game form, the parts of the root that each hold one concern (`play`: the Day under
//! way; `prefs`: what is saved between visits; `device`: the screen and the pointer;
//! `saving`: why the game is not being saved; `address`: what the page's address asked
//! for), and each feature's own model (records, lessons and the coach, the drill, the
//! review), which only the crate writes (`route.rs`). No DOM, no clock, no effects: each
//! message's time, entropy and effects are its own [`super::ctx::Ctx`].

mod address;
mod device;
mod play;
mod prefs;
mod saving;

pub use address::Address;
pub use device::Device;
pub use play::{Legal, Play, SticksAnim};
pub use prefs::Prefs;
pub use saving::{SaveTrouble, Saving};

use super::drill::Drill;
use super::i18n::Lang;
use super::learn::Learn;
use super::on_table::OnTable;
pub use super::play::session::Session;
use super::play::turn::{self, BoardTurn};
use super::records::replay::Records;
use super::review::PostGameReview;
use super::save::Loaded;
use lauzait_bots::Player;
use lauzait_engine::{Game, Piece, Square};

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
    /// The puzzles: the difficulties and the progress.
    Puzzles,
    /// A puzzle's Day was played: its verdict and explanation.
    PuzzleDone,
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
            Overlay::Puzzles => "puzzles",
            Overlay::PuzzleDone => "puzzle-done",
        }
    }
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

/// The status line's message: the last refusal, hint or what a Day did.
#[derive(Clone, Debug)]
pub struct Message {
    pub text: String,
    pub error: bool,
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

/// The whole app state: the language, the screen and its selection, and one part per
/// feature. Each part is the state of one thing a person can see or change, so that an
/// entry point touches only the parts its feature owns.
pub struct Model {
    pub lang: Lang,
    /// The player's choices kept between visits (the language, the pace, the feel, ...).
    pub prefs: Prefs,
    /// What the browser says about the screen and the pointer.
    pub device: Device,
    /// What is on the table: the player's own game, a record in the replay viewer or a
    /// lesson (with the own game set aside), or nothing.
    pub table: OnTable,
    pub overlay: Overlay,
    pub message: Option<Message>,
    pub focus: Option<Target>,
    /// The keyboard cursor is drawn (after a key, not after a tap).
    pub show_focus: bool,
    /// The Day under way at the table: what may be chosen, what is being shown, what was
    /// said, the computer players' driver.
    pub play: Play,
    pub draft: Draft,
    /// Whether the game is being saved as it is played.
    pub saving: Saving,
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
    /// The puzzles ([`Self::puzzles`] reads it; the puzzle played is on the [`Self::table`]).
    pub(crate) puzzles: crate::puzzles::Puzzles,
    /// The rating of the last finished game (`rating`).
    pub rating: super::rating::Rating,
    /// What the page's address asked for.
    pub address: Address,
}

impl Model {
    /// Whether the last step of a Day waits for a confirmation: on until switched off in
    /// the menu, with a mouse as with a finger (a mis-click ends a Day as surely as a mis-tap).
    pub fn confirm_last(&self) -> bool {
        self.prefs.confirm_pref.unwrap_or(true)
    }

    /// Whether moves and throws are animated: the player's switch, and never when the
    /// browser asks for reduced motion.
    pub fn motion_on(&self) -> bool {
        self.prefs.feel.motion && !self.device.reduced_motion
    }

    /// How the board is turned: toward the person whose Day it is with the preference on, at
    /// the table's game; upright otherwise (the replay viewer, lessons, no game). During a
    /// computer player's Day it faces the next person to play ([`turn::facing`]): nobody
    /// sits at a computer's seat, the next person is the one who must read the computer's
    /// move before their own Day, and the board then turns once per change of person —
    /// right after a person's Day, as between two persons — instead of away to the
    /// computer's seat and back for each computer Day.
    pub fn board_turn(&self) -> BoardTurn {
        let Some(sess) = self.table.shown().filter(|_| self.prefs.feel.turn_board) else { return BoardTurn::Upright };
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
