//! The table's sentences for the status line, the board's name and the readouts: the facts
//! of `prompt.rs` (and which hand may be read out, `visibility.rs`) worded by `i18n`.

use crate::i18n::{narration, readout, season_log};
use crate::model::Model;

impl Model {
    /// The instruction for the current moment, in words (the status bar and narration).
    pub fn prompt(&self) -> String {
        narration::prompt(self.lang, &self.prompt_facts())
    }

    /// The board canvas's accessible name.
    pub fn board_label(&self) -> String {
        narration::board_label(self.lang, &self.prompt())
    }

    /// A sentence for the keyboard cursor's square or piece.
    pub fn focus_described(&self) -> String {
        match (self.focus, self.game()) {
            (Some(target), Some(g)) => {
                narration::describe_focus(self.lang, g, target, &self.play.legal, &self.device.layout.hand)
            }
            _ => String::new(),
        }
    }

    /// The shown hand read out (key H, and a person's Day starting), when it is face up.
    pub fn hand_read_out(&self) -> String {
        let Some(sess) = self.table.shown() else { return String::new() };
        let g = sess.game();
        let owner = self.hand_face_up().then(|| self.hand_owner().unwrap_or_else(|| g.to_move()));
        readout::hand(self.lang, sess, owner)
    }

    /// Every player's score, hand size and revealed Departments read out (key S).
    pub fn scores_read_out(&self) -> String {
        self.table.shown().map_or_else(String::new, |sess| readout::scores(self.lang, sess))
    }

    /// The Season log read out (key G).
    pub fn log_read_out(&self) -> String {
        self.table.shown().map_or_else(String::new, |sess| season_log::readout(self.lang, sess))
    }
}
