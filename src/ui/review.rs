//! The post-game review at the table: one person's Days judged by the Strong player from
//! what that person could see (R40), one Day per tick so that the page stays responsive;
//! then the costliest moments, each shown as the person saw it (their hand only), with a
//! try before the better choice and why. The other hands are shown only at the end.

use super::i18n::review::{self as words, R};
use super::model::{Message, Model, Overlay};
pub use super::review_state::{
    Answer, FinalHand, PlanMarks, Review, ReviewIntent, Shown, Stage, REVIEW_MOMENTS, REVIEW_PLAYOUTS,
};
use crate::engine::notation::Record;
use crate::engine::Status;
use crate::learn::coach::hint_of_plan;
use crate::learn::review;

impl Model {
    /// The record the review would read now: the finished game at the table, or the
    /// finished record in the replay viewer (a public record never: its hands are hidden).
    fn review_record(&self) -> Option<(Record, bool)> {
        if let Some(replay) = &self.records.replay {
            return replay.finished.then(|| (replay.record.clone(), true));
        }
        let g = self.game().filter(|g| matches!(g.status(), Status::GameOver { .. }))?;
        Some((Record::of(g), false))
    }

    /// The seats whose review can be opened now (the results' and the viewer's buttons).
    pub fn reviewable_seats(&self) -> Vec<usize> {
        if self.records.replay.is_some() {
            return match self.review_record() {
                Some((record, _)) => (0..record.options.seats().len()).collect(),
                None => Vec::new(),
            };
        }
        match (&self.session, self.review_record()) {
            (Some(sess), Some(_)) => (0..sess.bots.len()).filter(|&p| sess.bots[p].is_none()).collect(),
            _ => Vec::new(),
        }
    }

    /// Whether the review is judging Days (the driver then asks for the next tick).
    pub fn review_working(&self) -> bool {
        self.review.as_ref().is_some_and(|r| matches!(r.stage, Stage::Working { .. }))
    }

    fn open_review(&mut self, seat: usize) {
        let Some((record, from_replay)) = self.review_record() else {
            let text = words::r(self.lang, R::NeedsFullRecord).to_string();
            self.message = Some(Message { text: text.clone(), error: true });
            self.say(&text);
            return;
        };
        if seat >= record.options.seats().len() {
            return;
        }
        match review::days(&record, seat) {
            Ok(days) => {
                self.review = Some(Review {
                    record,
                    seat,
                    days,
                    judged: Vec::new(),
                    picked: Vec::new(),
                    stage: Stage::Working { next: 0 },
                    from_replay,
                    finals: Vec::new(),
                });
                self.overlay = Overlay::Review;
                let text = words::r(self.lang, R::Judging).to_string();
                self.say(&text);
            }
            Err(_) => {
                let text = words::r(self.lang, R::NeedsFullRecord).to_string();
                self.message = Some(Message { text: text.clone(), error: true });
                self.say(&text);
            }
        }
    }

    /// Time has passed: the next Day is judged (one per tick, at [`REVIEW_PLAYOUTS`]).
    pub(super) fn review_tick(&mut self) {
        let Some(r) = &mut self.review else { return };
        let Stage::Working { next } = r.stage else { return };
        if let Some((at, played)) = r.days.get(next).cloned() {
            if let Some(m) = review::judge_day(&r.record, r.seat, at, played, REVIEW_PLAYOUTS) {
                r.judged.push(m);
            }
            r.stage = Stage::Working { next: next + 1 };
            return;
        }
        r.picked = review::worst(&r.judged, REVIEW_MOMENTS);
        self.enter_moment(0);
    }

    /// Shows moment `index`, or the end when there is none left.
    fn enter_moment(&mut self, index: usize) {
        let Some(r) = &mut self.review else { return };
        let shown = r.picked.get(index).and_then(|m| {
            let game = review::position(&r.record, m.at)?;
            let view = game.view(r.seat)?;
            let day = view.my_day()?;
            let choices = day.legal_actions(view.players());
            let why = hint_of_plan(&view, &m.best).map(|h| h.why);
            Some(Shown {
                index,
                hand: view.my_concealed().pieces().collect(),
                departments: view.departments(r.seat).iter().map(|d| d.pieces).collect(),
                board: view.board(),
                scores: view.scores().to_vec(),
                choices,
                why,
                answer: Answer::Asking,
            })
        });
        r.stage = match shown {
            Some(s) => Stage::Moment(s),
            None => {
                r.finals = final_hands(&r.record);
                Stage::End
            }
        };
        let text = match &r.stage {
            Stage::Moment(_) => words::r(self.lang, R::TryAgain).to_string(),
            _ => words::end_text(self.lang, r.picked.len()),
        };
        self.say(&text);
    }

    /// The person's try: judged against the Strong player's first step.
    fn review_try(&mut self, choice: usize) {
        let lang = self.lang;
        let Some(r) = &mut self.review else { return };
        let Stage::Moment(shown) = &mut r.stage else { return };
        if shown.answer != Answer::Asking {
            return;
        }
        let Some(&action) = shown.choices.get(choice) else { return };
        let Some(best) = r.picked.get(shown.index).and_then(|m| m.best.first().copied()) else { return };
        let found = action.canonical() == best.canonical();
        shown.answer = Answer::Tried { action, found };
        let text = if found { words::r(lang, R::WellFound) } else { words::r(lang, R::NotThisOne) };
        let text = text.to_string();
        self.say(&text);
    }

    fn review_show(&mut self) {
        if let Some(Review { stage: Stage::Moment(shown), .. }) = &mut self.review {
            if shown.answer == Answer::Asking {
                shown.answer = Answer::Shown;
            }
        }
    }

    /// Closes the review: back to the results, or to the replay viewer.
    pub(super) fn close_review(&mut self) {
        let Some(r) = self.review.take() else { return };
        self.overlay =
            if r.from_replay && self.records.replay.is_some() { Overlay::None } else { self.resting_overlay() };
        self.refresh();
    }

    /// The review buttons.
    pub(super) fn review_intent(&mut self, intent: ReviewIntent) {
        match intent {
            ReviewIntent::Open(seat) => self.open_review(seat as usize),
            ReviewIntent::Try(i) => self.review_try(i as usize),
            ReviewIntent::Show => self.review_show(),
            ReviewIntent::Next => {
                let next = match &self.review {
                    Some(Review { stage: Stage::Moment(s), .. }) if s.answer != Answer::Asking => s.index + 1,
                    _ => return,
                };
                self.enter_moment(next);
            }
            ReviewIntent::Close => self.close_review(),
        }
    }
}

/// Every person's hand as the finished game left it: the review's closing summary, the only
/// place it shows a hand other than the reviewed person's.
fn final_hands(record: &Record) -> Vec<FinalHand> {
    let Some(game) = review::position(record, record.actions.len()) else { return Vec::new() };
    (0..game.options().seats().len())
        .filter_map(|p| {
            let view = game.view(p)?;
            Some(FinalHand {
                player: p,
                concealed: view.my_concealed().pieces().collect(),
                departments: view.departments(p).iter().map(|d| d.pieces).collect(),
            })
        })
        .collect()
}
