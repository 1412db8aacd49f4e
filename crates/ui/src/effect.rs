//! What the app asks the world to do, as data. [`Model::update`](super::Model::update)
//! returns these; the web shell runs them (and a test reads them).

use super::feedback::Note;

/// One thing for the shell to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Narrate a sentence in the ARIA live region.
    Say(String),
    /// Write the save (`localStorage`, one key) with this text.
    Save(String),
    /// Write the lessons' progress and the coach switch (their own key, never the save's).
    SaveProgress(String),
    /// Have a format-1 save's text converted off the page (the rules oracle's worker) and
    /// send back [`Msg::SaveConverted`](super::Msg::SaveConverted).
    ConvertSave(String),
    /// Write the finished games kept (`ui::stats`, their own key, never the save's) with
    /// this text; a refusal comes back as [`StatsMsg::SaveFailed`](super::stats::StatsMsg).
    SaveHistory(String),
    /// Write the puzzles' progress or the player's mistakes' queue (`ui::puzzles`, each under
    /// its own key: `PROGRESS_KEY`, `mine::MINE_KEY`) with this text; a refusal comes back as
    /// [`PuzzleMsg::SaveFailed`](super::puzzles::PuzzleMsg).
    SavePuzzles(&'static str, String),
    /// Read the puzzles' progress and send it back as
    /// [`PuzzleMsg::Stored`](super::puzzles::PuzzleMsg) (the screen's first opening).
    LoadPuzzles,
    /// Remove the finished games kept (the player deleted them).
    ForgetHistory,
    /// Remove the save (the player chose to start fresh after an unreadable one).
    ClearSave,
    /// Start the computer players' worker (if it is not running).
    StartWorker,
    /// Post this request text to the worker (starting it first if need be).
    PostToWorker(String),
    /// Stop the worker (a retry starts a fresh one).
    StopWorker,
    /// Post this text ([`ToRater`](super::rating::ToRater): a finished game to rate, or a
    /// stop) to the rater's worker, a module of its own loaded when first asked
    /// (docs/rating.md): its news comes back as [`Msg::RaterText`](super::Msg::RaterText),
    /// its failure as [`Msg::RaterFailed`](super::Msg::RaterFailed).
    AskRater(String),
    /// Send [`Msg::Tick`](super::Msg::Tick) after this many milliseconds, replacing any
    /// earlier wake-up; `None` cancels it.
    Wake(Option<f64>),
    /// Put the keyboard focus on the board.
    FocusBoard,
    /// Offer a text file for download.
    Download { file_name: String, text: String },
    /// Copy a text to the clipboard (and select the field that shows it).
    Copy { field: String, text: String },
    /// Clear the address's `#fragment` (the replay viewer of a `#record=` link was closed).
    ClearFragment,
    /// Reload the page (to take up the game another tab saved).
    Reload,
    /// A note for the developer console.
    Log(String),
    /// Play these synthesized notes ([`super::feedback`]).
    Sound(&'static [Note]),
    /// Vibrate the device with this pattern (ms on, off, on…).
    Vibrate(&'static [u32]),
}
