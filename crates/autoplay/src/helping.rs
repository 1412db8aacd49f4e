//! The Strong player on two cores: the bot worker ([`Thinker`]) hands part of each round of
//! its search to a helper worker ([`Helper`]) and plays the rest itself meanwhile.
//!
//! A round's playouts are samples × candidates, each sample drawn from the decision's base
//! seed and its number alone ([`lauzait_bots::strong::Search`]). The worker keeps the first
//! samples of a round and asks the helper for the others ([`HelpRequest`]); it folds the
//! values back in sample order, so the plan is exactly the one the search makes in one
//! place (`bots::plan_day`, the tournament's player): the helper changes how soon the
//! worker answers, never what. A helper that is not ready yet, fails or is lost leaves its
//! samples to the worker; one that is slow (its code still cold, or short of a core) has its
//! samples taken back one by one, the last first, while the worker waits for it
//! ([`Thinker::poll`]), so that no decision takes longer than the worker alone would.
//!
//! The helper learns what the worker knows and no more: the seat's view (R40), the plans
//! and the sample numbers. Both sides are pure state machines; `web::worker` posts what
//! they return and feeds them what arrives, with the clock as an argument.

use super::bot_error::one_bounded_line;
use super::{answer, check_turn, plan_seed, whole_day, BotReply, BotRequest, RequestId};
use lauzait_bots::normal::HandMemo;
use lauzait_bots::strong::{play, play_sample, Batch, Decision, HandModel, RoundError, Search, Settings};
use lauzait_bots::Level;
use lauzait_engine::{Action, Game, SeatView};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::collections::VecDeque;
use std::ops::Range;

/// The name the page starts the helper worker under, by which it knows it is one.
pub const HELPER_NAME: &str = "lauzait-bot-helper";

/// Playouts asked of the helper: the later half of a round of the decision numbered
/// `decision`.
#[derive(Clone, Debug, PartialEq)]
pub struct HelpRequest {
    pub id: u32,
    pub decision: u32,
    pub batch: Batch,
    /// The seat's view the decision is made from.
    pub view: SeatView,
}

/// The helper's answer: the batch's values, sample after sample, or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct HelpReply {
    pub id: u32,
    pub values: Result<Vec<f64>, HelpError>,
}

/// Why the helper has no values for a request. The asking worker gives the helper up on any
/// of them and plays the samples itself, so the kind is all that travels (`error no-seat`);
/// a kind this version does not know is [`HelpError::Unknown`], never a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpError {
    /// The request is not a request for help ([`HelpRequest::from_text`]).
    Unreadable,
    /// The seat's view does not rebuild into a game.
    ViewRefused,
    /// The view's seat is no player of its game.
    NoSeat,
    /// No decision is kept to play the request's playouts in.
    NoDecision,
    /// A kind this version does not know, with the helper's words (one line, bounded).
    Unknown { said: String },
}

impl HelpError {
    /// The reply's `error` line after its key.
    pub(crate) fn to_text(&self) -> String {
        match self {
            HelpError::Unreadable => "unreadable".into(),
            HelpError::ViewRefused => "view-refused".into(),
            HelpError::NoSeat => "no-seat".into(),
            HelpError::NoDecision => "no-decision".into(),
            HelpError::Unknown { said } => format!("unknown {}", one_bounded_line(said)),
        }
    }

    /// Reads what [`HelpError::to_text`] writes; anything else is [`HelpError::Unknown`].
    pub(crate) fn from_text(text: &str) -> HelpError {
        match text {
            "unreadable" => HelpError::Unreadable,
            "view-refused" => HelpError::ViewRefused,
            "no-seat" => HelpError::NoSeat,
            "no-decision" => HelpError::NoDecision,
            _ => HelpError::Unknown { said: one_bounded_line(text.strip_prefix("unknown ").unwrap_or(text)) },
        }
    }
}

impl std::fmt::Display for HelpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HelpError::Unreadable => f.write_str("unreadable request"),
            HelpError::ViewRefused => f.write_str("the seat's view is refused"),
            HelpError::NoSeat => f.write_str("no such seat"),
            HelpError::NoDecision => f.write_str("no decision"),
            HelpError::Unknown { said } => f.write_str(said),
        }
    }
}

impl std::error::Error for HelpError {}

/// A message the worker's shell is to post.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// A [`BotReply`] to the page.
    Page(String),
    /// A [`HelpRequest`] to the helper.
    Helper(String),
    /// Nothing to post: call [`Thinker::poll`] again once the messages that have arrived
    /// meanwhile have been read.
    Yield,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum HelperState {
    /// None, or lost: the worker plays alone.
    Absent,
    /// Free to be asked.
    Ready,
    /// Working on a request, possibly one for a round or a decision over since: it is
    /// asked nothing more until it answers, so that it never falls behind with requests
    /// no longer wanted.
    Busy(u32),
}

/// The bot worker's side: answers the page's requests, the Strong player's round by round.
pub struct Thinker {
    helper: HelperState,
    pending: Option<Pending>,
    outbox: VecDeque<Out>,
    jobs: u32,
    decisions: u32,
    /// Whether the last [`Out::Yield`] has been given, so that a sample is now taken back.
    yielded: bool,
}

/// A Strong decision under way.
struct Pending {
    request: BotRequest,
    game: Game,
    search: Search,
    /// The plan's generator after the search's start, for the rest of the Day.
    rng: Pcg64Mcg,
    model: HandModel,
    hands: HandMemo,
    settings: Settings,
    decision: u32,
    started: f64,
    /// This round's playouts.
    batch: Batch,
    /// Each of its samples, in order.
    samples: Vec<Sample>,
    /// This round's requests to the helper: each its id, and the samples asked for (a run
    /// of them, by their index in `samples`).
    asked: Vec<(u32, Range<usize>)>,
}

/// Where a sample of the round stands.
enum Sample {
    Here,
    /// Asked of the helper in request `job`.
    Away(u32),
    /// Its values, one per plan.
    Done(Vec<f64>),
}

impl Default for Thinker {
    fn default() -> Thinker {
        Thinker::new()
    }
}

impl Thinker {
    /// A worker alone, until [`Self::helper_ready`].
    pub fn new() -> Thinker {
        Thinker {
            helper: HelperState::Absent,
            pending: None,
            outbox: VecDeque::new(),
            jobs: 0,
            decisions: 0,
            yielded: false,
        }
    }

    /// A helper can take requests: the samples still to be played here are shared.
    pub fn helper_ready(&mut self) {
        if self.helper == HelperState::Absent {
            self.helper = HelperState::Ready;
        }
    }

    /// The helper failed: what it was asked is played here, and nothing more is asked.
    pub fn helper_gone(&mut self) {
        self.helper = HelperState::Absent;
        for sample in self.pending.iter_mut().flat_map(|p| p.samples.iter_mut()) {
            if matches!(sample, Sample::Away(_)) {
                *sample = Sample::Here;
            }
        }
    }

    /// A request from the page (the text of a [`BotRequest`]). A request drops the one
    /// before it, whose answer the page no longer waits for.
    pub fn from_page(&mut self, text: &str, clock: &dyn Fn() -> f64) {
        self.pending = None;
        let stepwise = BotRequest::from_text(text).ok().filter(|r| r.level == Level::Strong && r.judge.is_none());
        let started = match stepwise {
            Some(request) => self.start(request, clock),
            None => false,
        };
        if !started {
            self.outbox.push_back(Out::Page(answer(text, clock)));
        }
    }

    /// A message from the helper (the text of a [`HelpReply`]): the values of the samples
    /// it was asked for and not yet played here are taken. One that cannot be read or
    /// carries an error sends every sample it was asked for back here, and it is asked
    /// nothing more.
    pub fn from_helper(&mut self, text: &str) {
        let Ok(HelpReply { id, values: Ok(values) }) = HelpReply::from_text(text) else {
            return self.helper_gone();
        };
        if self.helper == HelperState::Busy(id) {
            self.helper = HelperState::Ready;
        }
        let Some(pending) = self.pending.as_mut() else { return };
        let Some((_, run)) = pending.asked.iter().find(|(job, _)| *job == id) else {
            // An answer for a round over since.
            return;
        };
        let plans = pending.batch.plans.len();
        if values.len() != run.len() * plans {
            return self.helper_gone();
        }
        // Some of the samples may have been played here meanwhile; the rest are taken.
        for (sample, values) in pending.samples[run.clone()].iter_mut().zip(values.chunks(plans)) {
            if matches!(sample, Sample::Away(j) if *j == id) {
                *sample = Sample::Done(values.to_vec());
            }
        }
    }

    /// The next message to post, after playing what is to be played here; `None` while
    /// nothing is asked. When the rest of a round is away, [`Out::Yield`] lets the
    /// helper's answer in, and the next call plays one of its samples here (the last): a
    /// helper that is slow (its code still cold, or short of a core) never makes a
    /// decision slower than the worker alone.
    pub fn poll(&mut self, clock: &dyn Fn() -> f64) -> Option<Out> {
        loop {
            self.share();
            if let Some(out) = self.outbox.pop_front() {
                return Some(out);
            }
            let pending = self.pending.as_mut()?;
            let here = pending.samples.iter().position(|s| matches!(s, Sample::Here));
            let away = pending.samples.iter().rposition(|s| matches!(s, Sample::Away(_)));
            // Between samples, the helper's answer is let in whenever one may come.
            let listening = matches!(self.helper, HelperState::Busy(_));
            let next = here.or(away);
            if next.is_some() && (away.is_some() || listening) && !self.yielded {
                self.yielded = true;
                return Some(Out::Yield);
            }
            self.yielded = false;
            if let Some(i) = next {
                let p = &mut *pending;
                let view = p.game.view(p.request.view.seat)?;
                let n = p.batch.samples.start + i as u64;
                let mut values = Vec::with_capacity(p.batch.plans.len());
                play_sample(
                    &view,
                    &p.model,
                    p.batch.base_seed,
                    n,
                    &p.batch.plans,
                    p.settings,
                    &mut p.hands,
                    &mut values,
                );
                p.samples[i] = Sample::Done(values);
                continue;
            }
            let values: Vec<f64> = pending
                .samples
                .iter()
                .flat_map(|s| match s {
                    Sample::Done(v) => v.as_slice(),
                    _ => &[],
                })
                .copied()
                .collect();
            match pending.search.record(&values) {
                Ok(None) => self.next_round(),
                Ok(Some(plan)) => self.finish(Ok(plan), clock()),
                Err(e) => self.finish(Err(e), clock()),
            }
        }
    }

    /// Starts a Strong decision; `false` when the request is for the synchronous path
    /// (its view refused, not its Day: [`answer`] words the error).
    fn start(&mut self, request: BotRequest, clock: &dyn Fn() -> f64) -> bool {
        let started = clock();
        let Ok(game) = request.view.rebuild() else { return false };
        let seat = request.view.seat;
        let Some(view) = game.view(seat).filter(|_| check_turn(&game, seat).is_ok()) else { return false };
        let settings = Settings::for_players(view.scores().len());
        let mut rng = Pcg64Mcg::seed_from_u64(plan_seed(request.seed, 0));
        let mut hands = HandMemo::new();
        let search = match Search::start(&view, &mut rng, request.playouts, settings, &mut hands) {
            None => return false,
            Some(Decision::Searching(search)) => search,
            Some(Decision::Made(plan)) => {
                let (id, seed, playouts) = (request.id, request.seed, request.playouts);
                let reply = made_day(&game, seat, seed, playouts, plan, rng, id);
                self.outbox.push_back(Out::Page(reply.timed_from(started).finished(clock()).to_text()));
                return true;
            }
        };
        let model = HandModel::new(&view, settings);
        self.decisions += 1;
        let decision = self.decisions;
        let batch = search.batch();
        let (samples, asked) = (vec![], vec![]);
        self.pending = Some(Pending {
            request,
            game,
            search,
            rng,
            model,
            hands,
            settings,
            decision,
            started,
            batch,
            samples,
            asked,
        });
        self.next_round();
        true
    }

    /// Lays out the search's next round, every sample to be played here until the helper
    /// is asked for some ([`Self::share`]).
    fn next_round(&mut self) {
        let Some(pending) = self.pending.as_mut() else { return };
        pending.batch = pending.search.batch();
        let count = (pending.batch.samples.end - pending.batch.samples.start) as usize;
        pending.samples = (0..count).map(|_| Sample::Here).collect();
        pending.asked.clear();
    }

    /// When the helper is free, asks it for the later half of the samples still to be
    /// played here (the last run of them, so that a request is a range of samples).
    fn share(&mut self) {
        let Some(pending) = self.pending.as_mut() else { return };
        if self.helper != HelperState::Ready {
            return;
        }
        let Some(last) = pending.samples.iter().rposition(|s| matches!(s, Sample::Here)) else { return };
        let first = pending.samples[..last].iter().rposition(|s| !matches!(s, Sample::Here)).map_or(0, |i| i + 1);
        let run = (last + 1 - first) / 2;
        if run == 0 {
            return;
        }
        let away = (last + 1 - run)..(last + 1);
        self.jobs += 1;
        let job = self.jobs;
        let start = pending.batch.samples.start;
        let batch = Batch {
            base_seed: pending.batch.base_seed,
            samples: start + away.start as u64..start + away.end as u64,
            plans: pending.batch.plans.clone(),
        };
        for sample in &mut pending.samples[away.clone()] {
            *sample = Sample::Away(job);
        }
        pending.asked.push((job, away));
        let request = HelpRequest { id: job, decision: pending.decision, batch, view: pending.request.view.clone() };
        self.outbox.push_back(Out::Helper(request.to_text()));
        self.helper = HelperState::Busy(job);
    }

    /// Answers the page with the decided plan, the rest of the Day planned after it.
    fn finish(&mut self, plan: Result<Vec<Action>, RoundError>, now: f64) {
        let Some(pending) = self.pending.take() else { return };
        let r = &pending.request;
        let reply = match plan {
            Ok(plan) => made_day(&pending.game, r.view.seat, r.seed, r.playouts, plan, pending.rng.clone(), r.id),
            Err(e) => BotReply { error: Some(e.into()), ..BotReply::to(r.id) },
        };
        self.outbox.push_back(Out::Page(reply.timed_from(pending.started).finished(now).to_text()));
    }
}

/// The whole Day from a first plan made already.
fn made_day(
    game: &Game,
    seat: usize,
    seed: u64,
    playouts: u32,
    plan: Vec<Action>,
    rng: Pcg64Mcg,
    id: RequestId,
) -> BotReply {
    match whole_day(game, seat, Level::Strong, seed, playouts, Some((plan, rng))) {
        Ok((actions, plans)) => BotReply { actions, plans, ..BotReply::to(id) },
        Err(e) => BotReply { error: Some(e.into()), ..BotReply::to(id) },
    }
}

impl BotReply {
    /// This reply with its time counted from `started` (until [`Self::finished`]).
    fn timed_from(self, started: f64) -> BotReply {
        BotReply { ms: -started, ..self }
    }

    fn finished(self, now: f64) -> BotReply {
        BotReply { ms: self.ms + now, ..self }
    }
}

/// The helper worker's side: plays the playouts it is asked for.
#[derive(Default)]
pub struct Helper {
    /// The decision it last helped with: the game rebuilt from its view, the hand model
    /// and the memo of hand values, kept for the decision's later rounds.
    decision: Option<HelpedDecision>,
}

struct HelpedDecision {
    /// The asking worker numbers its decisions, so a number stands for one view.
    number: u32,
    seat: usize,
    game: Game,
    model: HandModel,
    hands: HandMemo,
    settings: Settings,
}

impl Helper {
    /// Answers a [`HelpRequest`]'s text with a [`HelpReply`]'s.
    pub fn answer(&mut self, text: &str) -> String {
        let reply = match HelpRequest::from_text(text) {
            Err(_) => HelpReply { id: 0, values: Err(HelpError::Unreadable) },
            Ok(request) => HelpReply { id: request.id, values: self.play(&request) },
        };
        reply.to_text()
    }

    fn play(&mut self, request: &HelpRequest) -> Result<Vec<f64>, HelpError> {
        if self.decision.as_ref().is_none_or(|d| d.number != request.decision) {
            self.decision = None;
            let game = request.view.rebuild().map_err(|_| HelpError::ViewRefused)?;
            let view = game.view(request.view.seat).ok_or(HelpError::NoSeat)?;
            let settings = Settings::for_players(view.scores().len());
            let model = HandModel::new(&view, settings);
            let (number, seat) = (request.decision, request.view.seat);
            self.decision = Some(HelpedDecision { number, seat, game, model, hands: HandMemo::new(), settings });
        }
        let d = self.decision.as_mut().ok_or(HelpError::NoDecision)?;
        let view = d.game.view(d.seat).ok_or(HelpError::NoSeat)?;
        Ok(play(&view, &d.model, &request.batch, d.settings, &mut d.hands))
    }
}
