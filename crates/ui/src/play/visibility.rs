//! Who may see which hand, and when the hand-over shows: the one policy every screen asks
//! (R40). A concealed hand is face up only for the person whose Day it is, after the
//! hand-over when several persons share the device; a single person keeps their own hand
//! through the computer players' Days; a computer player's hand is never shown; open hands
//! (a teaching mode chosen for the whole table) shows them all; after a declaration the
//! declarer's hand is shown.

use crate::model::{Model, Overlay};
use lauzait_engine::{SeasonEnd, Status};

impl Model {
    /// Open hands (the teaching mode) is on and shows real hands: never over the replay of
    /// a record made while its game was under way, whose hands are stand-ins.
    pub fn hands_open(&self) -> bool {
        self.prefs.open_hands && !self.table.replay().is_some_and(|r| r.record.is_public())
    }

    /// The player whose hand is shown in the hand area: the player whose Day it is, except
    /// that during a computer player's Day the only person at the table keeps seeing their
    /// own hand.
    pub fn hand_owner(&self) -> Option<usize> {
        let sess = self.table.shown()?;
        if sess.bot_to_move().is_some() && !self.hands_open() {
            if let Some(person) = sess.sole_person() {
                return Some(person);
            }
        }
        Some(sess.game().to_move())
    }

    /// The person whose Day it is may see their hand now: after the hand-over, or without
    /// one (open hands, or a single person at the table).
    pub fn person_sees_hand(&self) -> bool {
        self.table.shown().is_some_and(|s| {
            s.game().status() == Status::Playing
                && s.bot_to_move().is_none()
                && (s.revealed || self.hands_open() || s.persons() <= 1)
        })
    }

    /// Whether the shown hand's concealed pieces are face up.
    pub fn hand_face_up(&self) -> bool {
        let Some(sess) = self.table.shown() else { return false };
        match sess.game().status() {
            Status::Playing => {
                let owner = self.hand_owner().unwrap_or(0);
                // A computer player's concealed hand is never shown (except open hands).
                self.hands_open()
                    || (sess.bot(owner).is_none()
                        && (sess.persons() <= 1 || (owner == sess.game().to_move() && sess.revealed)))
            }
            // The declarer shows the hand; a game ended by agreement mid-Season shows none.
            _ => {
                let season = sess.game().season().number;
                sess.game().results().last().is_some_and(|r| {
                    r.season == season && matches!(r.end, SeasonEnd::Declared { .. } | SeasonEnd::Stalemate { .. })
                }) || self.hands_open()
            }
        }
    }

    /// The screen a Day begins with: the hand-over before a person's Day when several
    /// persons share the device; otherwise the table. Marks the hand as revealed when no
    /// hand-over is needed.
    pub fn day_overlay(&mut self) -> Overlay {
        let open = self.hands_open();
        let Some(sess) = self.table.shown_mut() else { return Overlay::NewGame };
        let person = sess.bot(sess.game().to_move()).is_none();
        if person && !open && sess.persons() >= 2 {
            sess.revealed = false;
            Overlay::HandOver
        } else {
            sess.revealed = person;
            Overlay::None
        }
    }

    /// The screen the game's state calls for when no dialog was asked for (closing the
    /// menu, say): the hand stays as revealed as it was.
    pub fn resting_overlay(&self) -> Overlay {
        match self.table.shown() {
            None => Overlay::NewGame,
            Some(sess) => match sess.game().status() {
                Status::Playing if sess.revealed || self.hands_open() || self.bot_day() || sess.persons() <= 1 => {
                    Overlay::None
                }
                Status::Playing => Overlay::HandOver,
                _ if sess.scoring => Overlay::Scoring,
                Status::SeasonOver => Overlay::SeasonSummary,
                Status::GameOver { .. } => Overlay::Final,
            },
        }
    }

    /// The screen to come back to when the game was set aside (a reload, the replay
    /// viewer): its resting screen, except that a person's Day starts again from the
    /// hand-over when several persons share the device, since someone else may have been
    /// looking meanwhile.
    pub fn return_to_game(&mut self) -> Overlay {
        match self.game().map(|g| g.status()) {
            Some(Status::Playing) => self.day_overlay(),
            _ => self.resting_overlay(),
        }
    }

    /// Choices on the table are possible: a Day is under way, its hand is shown and no
    /// dialog or animation is in the way.
    pub fn interactive(&self) -> bool {
        self.overlay == Overlay::None && !self.table.is_replay() && self.play.anim.is_none() && self.person_sees_hand()
    }

    /// The Day's choices are being made: on the table or in one of its choosers.
    pub fn day_open(&self) -> bool {
        matches!(self.overlay, Overlay::None | Overlay::Form | Overlay::Dissolve | Overlay::Declare)
            && !self.table.is_replay()
            && self.play.anim.is_none()
            && self.person_sees_hand()
    }
}
