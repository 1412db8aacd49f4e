//! The post-game review as a feature model: one person's Days judged by the Strong player
//! from what that person could see (R40), in the computer players' worker one Day at a time
//! (the request carries that seat's view at the Day's start only), so that the page stays
//! responsive and does not carry the search; then the costliest moments, each shown as the
//! person saw it (their hand only), with a try before the better choice and why. The other
//! hands are shown only at the end. What lies outside the review (its screen, the status
//! line, narrating) it asks of the root as a [`ReviewOutcome`] (`route.rs`).

pub mod state;

pub use self::state::{
    Answer, FinalHand, PlanMarks, Review, ReviewIntent, Shown, Stage, REVIEW_MOMENTS, REVIEW_PLAYOUTS,
};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::review::{self as words, R};
use super::i18n::Lang;
use super::on_table::OnTable;
use super::play::session::Session;
use lauzait_autoplay::{BotReply, BotRequest, RequestId};
use lauzait_engine::Record;
use lauzait_engine::Status;
use lauzait_learn::coach::hint_of_plan;
use lauzait_learn::review;

/// The review feature: the review when one is open, and the number of its last request to
/// the worker ([`RequestId::Review`]; a reply with another is an old one, dropped).
#[derive(Clone, Debug, Default)]
pub struct PostGameReview {
    open: Option<Review>,
    next_id: u32,
}

/// What the root does after a review message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewOutcome {
    Unchanged,
    /// Sentences to narrate, in order.
    Say(Vec<String>),
    /// The review's screen opens; sentences to narrate, in order.
    Opened(Vec<String>),
    /// The game on the table cannot be reviewed: why, for the status line.
    Refused(String),
    /// The review closed: back to the replay viewer it was opened from, or the results.
    Closed {
        from_replay: bool,
    },
}

/// The record the review would read now: the finished game at the table, or the finished
/// record in the replay viewer (a public record never: its hands are hidden); whether it is
/// the viewer's.
fn review_record(table: &OnTable) -> Option<(Record, bool)> {
    if let Some(replay) = table.replay() {
        return replay.finished.then(|| (replay.record.clone(), true));
    }
    let g = table.shown().map(Session::game).filter(|g| matches!(g.status(), Status::GameOver { .. }))?;
    Some((Record::of(g), false))
}

/// The seats whose review can be opened now (the results' and the viewer's buttons).
pub fn reviewable_seats(table: &OnTable) -> Vec<usize> {
    if table.is_replay() {
        return match review_record(table) {
            Some((record, _)) => (0..record.options.seats().len()).collect(),
            None => Vec::new(),
        };
    }
    match (table.shown(), review_record(table)) {
        (Some(sess), Some(_)) => sess.person_seats().collect(),
        _ => Vec::new(),
    }
}

impl PostGameReview {
    /// The review, when one is open.
    pub fn current(&self) -> Option<&Review> {
        self.open.as_ref()
    }

    /// Whether the review is judging Days (waiting for the worker).
    pub fn working(&self) -> bool {
        self.open.as_ref().is_some_and(|r| matches!(r.stage, Stage::Working { .. }))
    }

    /// Ends the review, and its judging with it (what replaces the game on the table ends
    /// the review of it).
    pub fn end(&mut self) {
        self.open = None;
    }

    /// Handles one review button; `table` is read for the record to review.
    pub fn update(&mut self, intent: ReviewIntent, table: &OnTable, lang: Lang, ctx: &mut Ctx) -> ReviewOutcome {
        let mut said = Vec::new();
        match intent {
            ReviewIntent::Open(seat) => return self.open_review(seat as usize, table, lang, ctx),
            ReviewIntent::Try(i) => self.try_choice(i as usize, lang, &mut said),
            ReviewIntent::Show => {
                if let Some(Review { stage: Stage::Moment(shown), .. }) = &mut self.open {
                    if shown.answer == Answer::Asking {
                        shown.answer = Answer::Shown;
                    }
                }
            }
            ReviewIntent::Next => {
                let next = match &self.open {
                    Some(Review { stage: Stage::Moment(s), .. }) if s.answer != Answer::Asking => s.index + 1,
                    _ => return ReviewOutcome::Unchanged,
                };
                self.enter_moment(next, lang, &mut said);
            }
            ReviewIntent::Retry => {
                if let Some(Review { stage: Stage::Failed { next, .. }, .. }) = &self.open {
                    let next = *next;
                    self.ask(next, lang, ctx, &mut said);
                }
            }
            ReviewIntent::Close => {
                let Some(r) = self.open.take() else { return ReviewOutcome::Unchanged };
                return ReviewOutcome::Closed { from_replay: r.from_replay };
            }
        }
        if said.is_empty() {
            ReviewOutcome::Unchanged
        } else {
            ReviewOutcome::Say(said)
        }
    }

    fn open_review(&mut self, seat: usize, table: &OnTable, lang: Lang, ctx: &mut Ctx) -> ReviewOutcome {
        let refused = || ReviewOutcome::Refused(words::r(lang, R::NeedsFullRecord).to_string());
        let Some((record, from_replay)) = review_record(table) else { return refused() };
        if seat >= record.options.seats().len() {
            return ReviewOutcome::Unchanged;
        }
        let Ok(days) = review::days(&record, seat) else { return refused() };
        // Read before the record moves into the review.
        let scale = review::scale(&record, seat);
        self.open = Some(Review {
            record,
            seat,
            days,
            judged: Vec::new(),
            picked: Vec::new(),
            // Until `ask` below asks for the first Day (or finds none to ask).
            stage: Stage::End,
            scale,
            from_replay,
            finals: Vec::new(),
        });
        let mut said = vec![words::r(lang, R::Judging).to_string()];
        self.ask(0, lang, ctx, &mut said);
        ReviewOutcome::Opened(said)
    }

    /// Asks the worker to judge Day `next` (the Days it cannot be asked about are passed
    /// over, as [`review::moments`] passes them over); every Day judged, the costliest
    /// moments are chosen and the first one shown.
    fn ask(&mut self, mut next: usize, lang: Lang, ctx: &mut Ctx, said: &mut Vec<String>) {
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        let Some(r) = &mut self.open else { return };
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
        self.enter_moment(0, lang, said);
    }

    /// The worker's judgement of a Day: kept, and the next Day asked for. A reply to a
    /// request of a review since closed (or to an earlier opening) is dropped.
    pub fn reply(&mut self, id: u32, reply: BotReply, lang: Lang, ctx: &mut Ctx) -> ReviewOutcome {
        let Some(r) = &mut self.open else { return ReviewOutcome::Unchanged };
        let Stage::Working { next, id: asked, .. } = r.stage else { return ReviewOutcome::Unchanged };
        if id != asked {
            return ReviewOutcome::Unchanged;
        }
        let values = match (reply.error, reply.values) {
            (None, Some(values)) => values,
            (error, _) => {
                let error = error.map_or_else(|| "the reply has no estimates".into(), |e| e.to_string());
                return self.worker_failed(error, lang, ctx).unwrap_or(ReviewOutcome::Unchanged);
            }
        };
        if let (Some((at, played)), Stage::Working { start, .. }) = (r.days.get(next).cloned(), &r.stage) {
            r.judged.push(review::moment_at(start, at, played, reply.actions, values.0, values.1));
        }
        let mut said = Vec::new();
        self.ask(next + 1, lang, ctx, &mut said);
        if said.is_empty() {
            ReviewOutcome::Unchanged
        } else {
            ReviewOutcome::Say(said)
        }
    }

    /// The worker could not judge the Day asked (it failed, or refused the request): said
    /// in the person's language, with a retry. `None` when no review was waiting for it.
    pub fn worker_failed(&mut self, error: String, lang: Lang, ctx: &mut Ctx) -> Option<ReviewOutcome> {
        let r = self.open.as_mut()?;
        let Stage::Working { next, .. } = r.stage else { return None };
        r.stage = Stage::Failed { next, error: error.clone() };
        ctx.emit(Effect::Log(format!("review: {error}")));
        Some(ReviewOutcome::Say(vec![words::failed(lang, &error)]))
    }

    /// Shows moment `index`, or the end when there is none left.
    fn enter_moment(&mut self, index: usize, lang: Lang, said: &mut Vec<String>) {
        let Some(r) = &mut self.open else { return };
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
        said.push(match &r.stage {
            Stage::Moment(_) => words::r(lang, R::TryAgain).to_string(),
            _ => words::end_text(lang, r.picked.len()),
        });
    }

    /// The person's try: judged against the Strong player's first step.
    fn try_choice(&mut self, choice: usize, lang: Lang, said: &mut Vec<String>) {
        let Some(r) = &mut self.open else { return };
        let Stage::Moment(shown) = &mut r.stage else { return };
        if shown.answer != Answer::Asking {
            return;
        }
        let Some(&action) = shown.choices.get(choice) else { return };
        let Some(best) = r.picked.get(shown.index).and_then(|m| m.best.first().copied()) else { return };
        let found = action.canonical() == best.canonical();
        shown.answer = Answer::Tried { action, found };
        said.push(if found { words::r(lang, R::WellFound) } else { words::r(lang, R::NotThisOne) }.to_string());
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

#[cfg(test)]
mod tests;
