//! The post-game review at the table: one person's Days judged by the Strong player from
//! what that person could see (R40), in the computer players' worker one Day at a time (the
//! request carries that seat's view at the Day's start only), so that the page stays
//! responsive and does not carry the search; then the costliest moments, each shown as the person saw it (their hand only), with a
//! try before the better choice and why. The other hands are shown only at the end.

pub mod state;

pub use self::state::{
    Answer, FinalHand, PlanMarks, Review, ReviewIntent, Shown, Stage, REVIEW_MOMENTS, REVIEW_PLAYOUTS,
};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::review::{self as words, R};
use super::i18n::Lang;
use super::model::{Message, Model, Overlay};
use lauzait_autoplay::{BotReply, BotRequest, RequestId};
use lauzait_engine::Record;
use lauzait_engine::Status;
use lauzait_learn::coach::hint_of_plan;
use lauzait_learn::review;

impl Model {
    /// The record the review would read now: the finished game at the table, or the
    /// finished record in the replay viewer (a public record never: its hands are hidden).
    fn review_record(&self) -> Option<(Record, bool)> {
        if let Some(replay) = self.table.replay() {
            return replay.finished.then(|| (replay.record.clone(), true));
        }
        let g = self.game().filter(|g| matches!(g.status(), Status::GameOver { .. }))?;
        Some((Record::of(g), false))
    }

    /// The seats whose review can be opened now (the results' and the viewer's buttons).
    pub fn reviewable_seats(&self) -> Vec<usize> {
        if self.table.is_replay() {
            return match self.review_record() {
                Some((record, _)) => (0..record.options.seats().len()).collect(),
                None => Vec::new(),
            };
        }
        match (self.table.shown(), self.review_record()) {
            (Some(sess), Some(_)) => sess.person_seats().collect(),
            _ => Vec::new(),
        }
    }

    /// Whether the review is judging Days (waiting for the worker).
    pub fn review_working(&self) -> bool {
        self.review.as_ref().is_some_and(|r| matches!(r.stage, Stage::Working { .. }))
    }

    fn open_review(&mut self, seat: usize, ctx: &mut Ctx) {
        let Some((record, from_replay)) = self.review_record() else {
            let text = words::r(self.lang, R::NeedsFullRecord).to_string();
            self.message = Some(Message { text: text.clone(), error: true });
            self.say(&text, ctx);
            return;
        };
        if seat >= record.options.seats().len() {
            return;
        }
        match review::days(&record, seat) {
            Ok(days) => {
                // Read before the record moves into the review.
                let scale = review::scale(&record, seat);
                self.review = Some(Review {
                    record,
                    seat,
                    days,
                    judged: Vec::new(),
                    picked: Vec::new(),
                    // Until `review_ask` below asks for the first Day (or finds none to ask).
                    stage: Stage::End,
                    scale,
                    from_replay,
                    finals: Vec::new(),
                });
                self.overlay = Overlay::Review;
                let text = words::r(self.lang, R::Judging).to_string();
                self.say(&text, ctx);
                self.review_ask(0, ctx);
            }
            Err(_) => {
                let text = words::r(self.lang, R::NeedsFullRecord).to_string();
                self.message = Some(Message { text: text.clone(), error: true });
                self.say(&text, ctx);
            }
        }
    }

    /// Asks the worker to judge Day `next` (the Days it cannot be asked about are passed
    /// over, as [`review::moments`] passes them over); every Day judged, the costliest
    /// moments are chosen and the first one shown.
    fn review_ask(&mut self, mut next: usize, ctx: &mut Ctx) {
        self.driver.next_id = self.driver.next_id.wrapping_add(1);
        let id = self.driver.next_id;
        let Some(r) = &mut self.review else { return };
        while let Some((at, played)) = r.days.get(next) {
            // Only the seat's view at the Day's start leaves the page (R40).
            let start = review::position(&r.record, *at);
            let request = start.as_ref().and_then(|g| g.view(r.seat)).map(|view| {
                BotRequest::judge(&view, played, review::day_seed(*at), REVIEW_PLAYOUTS, RequestId::Review(id))
            });
            let (Some(start), Some(request)) = (start, request) else {
                next += 1;
                continue;
            };
            ctx.emit(Effect::PostToWorker(request.to_text()));
            r.stage = Stage::Working { next, id, start: Box::new(start) };
            return;
        }
        r.picked = review::worst(&r.judged, REVIEW_MOMENTS);
        self.enter_moment(0, ctx);
    }

    /// The worker's judgement of a Day: kept, and the next Day asked for. A reply to a
    /// request of a review since closed (or to an earlier opening) is dropped.
    pub(super) fn review_reply(&mut self, id: u32, reply: BotReply, ctx: &mut Ctx) {
        let Some(r) = &mut self.review else { return };
        let Stage::Working { next, id: asked, .. } = r.stage else { return };
        if id != asked {
            return;
        }
        let values = match (reply.error, reply.values) {
            (None, Some(values)) => values,
            (error, _) => {
                self.review_failed(error.unwrap_or_else(|| "the reply has no estimates".into()), ctx);
                return;
            }
        };
        if let (Some((at, played)), Stage::Working { start, .. }) = (r.days.get(next).cloned(), &r.stage) {
            r.judged.push(review::moment_at(start, at, played, reply.actions, values.0, values.1));
        }
        self.review_ask(next + 1, ctx);
    }

    /// The worker could not judge the Day asked (it failed, or refused the request): said
    /// in the person's language, with a retry. Whether a review was waiting for it.
    pub(super) fn review_failed(&mut self, error: String, ctx: &mut Ctx) -> bool {
        let Some(r) = &mut self.review else { return false };
        let Stage::Working { next, .. } = r.stage else { return false };
        r.stage = Stage::Failed { next, error: error.clone() };
        ctx.emit(Effect::Log(format!("review: {error}")));
        let text = words::failed(self.lang, &error);
        self.say(&text, ctx);
        true
    }

    /// Shows moment `index`, or the end when there is none left.
    fn enter_moment(&mut self, index: usize, ctx: &mut Ctx) {
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
        self.say(&text, ctx);
    }

    /// The person's try: judged against the Strong player's first step.
    fn review_try(&mut self, choice: usize, ctx: &mut Ctx) {
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
        self.say(&text, ctx);
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
        self.overlay = if r.from_replay && self.table.is_replay() { Overlay::None } else { self.resting_overlay() };
        self.refresh();
    }

    /// The review buttons.
    pub(super) fn review_intent(&mut self, intent: ReviewIntent, ctx: &mut Ctx) {
        match intent {
            ReviewIntent::Open(seat) => self.open_review(seat as usize, ctx),
            ReviewIntent::Try(i) => self.review_try(i as usize, ctx),
            ReviewIntent::Show => self.review_show(),
            ReviewIntent::Next => {
                let next = match &self.review {
                    Some(Review { stage: Stage::Moment(s), .. }) if s.answer != Answer::Asking => s.index + 1,
                    _ => return,
                };
                self.enter_moment(next, ctx);
            }
            ReviewIntent::Retry => {
                if let Some(Review { stage: Stage::Failed { next, .. }, .. }) = &self.review {
                    let next = *next;
                    self.review_ask(next, ctx);
                }
            }
            ReviewIntent::Close => self.close_review(),
        }
    }
}

impl Review {
    /// The moment on screen explained once the person has tried or asked: the better
    /// choice, why, what was played, what it gave up and what that weighs in this game.
    /// `None` before the answer, or when the coach has no reason to give.
    pub fn explanation(&self, lang: Lang) -> Option<String> {
        let (m, shown) = self.moment()?;
        if shown.answer == Answer::Asking {
            return None;
        }
        let why = shown.why?;
        Some(words::explanation(lang, &m.best, why, &m.played, m.loss(), self.scale))
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
