//! The root's part of the puzzle screen: its messages routed to [`Puzzles`], its outcome
//! applied to the rest of the model — the puzzle's table set up from the seat's view as a
//! lesson's is (the player's own game set aside, given back on leaving), the Day played
//! handed back to the feature once it is whole, and the screen after it.

use super::{PuzzleFailure, PuzzleIntent, PuzzleMsg, PuzzleOutcome, Puzzles};
use crate::ctx::Ctx;
use crate::i18n;
use crate::model::{Model, Overlay};
use crate::on_table::OnTable;
use crate::play::session::Session;
use lauzait_bots::{Level, Player};
use lauzait_engine::notation::actions_text;
use lauzait_engine::{Action, Game, SeatView};

impl Model {
    /// The puzzle screen: it opens as the drill does (never over the replay viewer or an
    /// unreadable save); the stored progress, a refused write and the rater's answers come
    /// in at any time; its other buttons count only while one of its screens is up or its
    /// puzzle is on the table.
    pub(crate) fn route_puzzles(&mut self, msg: PuzzleMsg, ctx: &mut Ctx) {
        let routed = match msg {
            PuzzleMsg::Button(PuzzleIntent::Open) => !self.table.is_replay() && self.overlay != Overlay::LoadError,
            PuzzleMsg::Button(_) => {
                matches!(self.overlay, Overlay::Puzzles | Overlay::PuzzleDone) || self.table.is_puzzle()
            }
            PuzzleMsg::Stored(_)
            | PuzzleMsg::MineStored(_)
            | PuzzleMsg::SaveFailed(_)
            | PuzzleMsg::Reply(_)
            | PuzzleMsg::Failed(_) => true,
        };
        if !routed {
            return;
        }
        let out = self.puzzles.update(msg, self.lang, ctx);
        self.apply_puzzles(out, ctx);
    }

    fn apply_puzzles(&mut self, out: PuzzleOutcome, ctx: &mut Ctx) {
        match out {
            PuzzleOutcome::Unchanged => {}
            PuzzleOutcome::Opened(text) => {
                self.overlay = Overlay::Puzzles;
                self.say(&text, ctx);
            }
            PuzzleOutcome::Start { view, task } => match rebuilt(&view) {
                Ok((game, seat)) => self.start_puzzle(game, seat, &task, ctx),
                Err(e) => {
                    let out = self.puzzles.position_refused(e, self.lang);
                    self.apply_puzzles(out, ctx);
                }
            },
            PuzzleOutcome::Done(text) => {
                // A throw of the sticks is seen to its end first: `finish_day` then opens
                // the screen after the Day.
                if self.play.anim.is_none() {
                    self.overlay = Overlay::PuzzleDone;
                }
                self.say(&text, ctx);
            }
            PuzzleOutcome::Leave => self.leave_puzzle(),
            PuzzleOutcome::Say(text) => self.say(&text, ctx),
        }
    }

    /// Puts the puzzle's game on the table, over the player's own (set aside).
    fn start_puzzle(&mut self, game: Game, seat: usize, task: &str, ctx: &mut Ctx) {
        let seats = game.options().seats().to_vec();
        let names = seats.iter().map(|&s| i18n::seat_name(self.lang, s).to_string()).collect();
        // The other seats never play (the driver leaves a puzzle's table alone): computer
        // players, so that no hand-over comes between the puzzle and its player.
        let players = (0..seats.len())
            .map(|p| if p == seat { Player::Person } else { Player::Computer(Level::Normal) })
            .collect();
        let start = game.log().len();
        let Ok(mut sess) = Session::new(game, names, players, 1) else { return };
        sess.revealed = true;
        self.put_on_table(|own| OnTable::Puzzle { game: sess, start, own }, task, ctx);
    }

    /// After an action at a puzzle's table: once the Day played is whole, it goes to the
    /// rater to be judged.
    pub(crate) fn puzzle_after(&mut self, ctx: &mut Ctx) {
        let Some(day) = self.table.puzzle_day().filter(|d| Action::is_one_day(d)) else { return };
        if self.puzzles.playing().is_none() {
            return;
        }
        let out = self.puzzles.day_played(actions_text(day), self.lang, ctx);
        self.apply_puzzles(out, ctx);
    }

    /// The screen of a puzzle on the table: the table while its Day is played, else the
    /// screen after it.
    pub(crate) fn puzzle_overlay(&self) -> Overlay {
        match self.puzzles.playing() {
            Some(_) => Overlay::None,
            None => Overlay::PuzzleDone,
        }
    }

    /// Leaves the puzzles: the table's own game comes back as it was, with the menu.
    pub(crate) fn leave_puzzle(&mut self) {
        self.puzzles.close();
        if self.table.is_puzzle() {
            self.give_back_table();
        }
        self.overlay = self.return_to_game();
        if self.overlay != Overlay::NewGame {
            self.overlay = Overlay::Menu;
        }
        self.refresh();
    }

    /// The puzzle screen.
    pub fn puzzles(&self) -> &Puzzles {
        &self.puzzles
    }
}

/// The puzzle's game from the seat's view as the rater sent it, and the seat whose Day it is.
fn rebuilt(text: &str) -> Result<(Game, usize), PuzzleFailure> {
    let view = SeatView::from_text(text).map_err(PuzzleFailure::View)?;
    let game = view.rebuild().map_err(PuzzleFailure::Rebuild)?;
    Ok((game, view.seat))
}
