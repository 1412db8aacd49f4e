//! Computer players' whole Days for a shell that runs them elsewhere (the browser game's bot
//! worker): the request and reply it exchanges (as the text of [`wire`], the seat's view
//! inside it in its own text form, [`SeatView::to_text`]), the seeds, and the planner.
//!
//! The shell sends that seat's view ([`SeatView`]) of the game as it stood at the start of
//! the bot's Day, the level, a seed and the Strong player's playouts: never the game, so
//! the other hands' concealed pieces, the pool and the game's seed stay on the page (R40).
//! The planner rebuilds a game consistent with the view ([`SeatView::rebuild`]) and asks
//! [`bots::plan_day`] for that seat's plan on its view; a level whose plan stops before the
//! Day is over (Easy plans one step at a time) is asked again after its steps, on the new
//! view. The whole Day comes back, first step first; the shell applies the steps one by one
//! through the engine, checking each is still legal.
//!
//! Seeds: a game's bot seed is drawn when the game starts and saved with it (never the
//! game's own seed, which decides the hidden deals). Each Day of each seat gets
//! [`day_seed`]`(bot seed, Season, Day, seat)`, and the n-th plan within that Day
//! [`plan_seed`]`(day seed, n)`, so planning the same Day again — after a reload, say —
//! gives the same steps.
//!
//! The worker shares the Strong player's search with a helper on another core
//! ([`helping`]); the plan is the same as [`plan_whole_day`]'s.
//!
//! Every request says who asked ([`RequestId`]: a computer player's Day, the coach's hint,
//! the review's Day, an item of a finished game's rating) and the worker echoes it, so that the page routes a reply by matching
//! on it. When a computer player's Day is asked for, and how its steps are shown, is the
//! [`pacing`] of every table that seats computer players (the page's driver and table
//! mode's tablet), at the [`speed`] chosen.
//!
//! The post-game review asks the same worker to judge a person's Day
//! ([`BotRequest::judge`]): the same view of the Day's start, with the plan played; the
//! reply is the Strong player's plan and the estimates of both
//! ([`lauzait_learn::review::judge_view`]).
//!
//! A finished game's rating has a worker of its own, the rater, given the game once; its
//! texts carry the full record of the game, which is over, and are defined above the
//! rating crate (`ui::rating::wire`), written with this protocol's codec ([`wire::Lines`]).

use lauzait_bots::Level;
use lauzait_engine::{Action, Game, PlayerView, SeatView};

mod bot_error;
mod failure;
pub mod helping;
mod paced;
pub mod pacing;
mod request_id;
pub mod speed;
pub mod wire;
mod wire_error;

pub use bot_error::BotError;
pub use failure::{DayFailure, NoSuchSeat, WorkerFailure};
pub use request_id::{RequestId, RequestIdError};

// The seeds of a request and the planner it runs, named where the protocol uses them.
use lauzait_bots::whole_day::{check_turn, whole_day, PlanError};
pub use lauzait_bots::whole_day::{day_seed, plan_seed, plan_whole_day};
use lauzait_engine::RebuildError;
use std::fmt;

pub use wire_error::{cut, ReplyError, WireError, WireText};

/// A request: plan the Day of the seat whose view this is.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRequest {
    /// Who asked, echoed in the reply: the shell routes the reply by it, and its asker drops
    /// answers it no longer wants.
    pub id: RequestId,
    /// All the planner learns of the game: what the seat sees, as its text form
    /// ([`SeatView::to_text`]).
    pub view: SeatView,
    pub level: Level,
    /// [`day_seed`] of this Day (the computer players' seed, never the game's).
    pub seed: u64,
    /// The Strong player's playouts per decision.
    pub playouts: u32,
    /// Set for the post-game review: judge this plan, played from the view's position,
    /// rather than plan the Day ([`BotRequest::judge`]).
    pub judge: Option<Vec<Action>>,
}

impl BotRequest {
    /// The request to plan `seat`'s Day from `game` as given (the shell sends the Day's
    /// start, or the current position when a plan from the start did not fit): only
    /// `seat`'s view of it goes in.
    pub fn new(
        game: &Game,
        seat: usize,
        level: Level,
        seed: u64,
        playouts: u32,
        id: RequestId,
    ) -> Result<BotRequest, NoSuchSeat> {
        let view = game.view(seat).ok_or(NoSuchSeat { seat })?;
        Ok(BotRequest { id, view: SeatView::new(&view), level, seed, playouts, judge: None })
    }

    /// The request that judges a Day of the post-game review: from `view` (the seat's view
    /// at the Day's start, R40) the Strong player's plan and the estimates of it and of
    /// `played`, searched from `seed` ([`review::judge_view`]).
    pub fn judge(view: &PlayerView, played: &[Action], seed: u64, playouts: u32, id: RequestId) -> BotRequest {
        let view = SeatView::new(view);
        BotRequest { id, view, level: Level::Strong, seed, playouts, judge: Some(played.to_vec()) }
    }
}

/// The answer to a [`BotRequest`].
#[derive(Clone, Debug, PartialEq)]
pub struct BotReply {
    /// The request's, unchanged.
    pub id: RequestId,
    /// The rest of the Day from the requested position, first step first; sent as the
    /// record's action tokens.
    pub actions: Vec<Action>,
    /// How many times the planner was asked (one per Day, except for Easy).
    pub plans: u32,
    /// Milliseconds spent planning, measured where the planner ran.
    pub ms: f64,
    /// Why no plan could be made.
    pub error: Option<BotError>,
    /// For a request to judge: the Strong player's estimates of the played plan and of its
    /// own (`actions`), in points of margin.
    pub values: Option<(f64, f64)>,
}

impl BotReply {
    /// An answer to request `id` with nothing in it yet.
    pub fn to(id: RequestId) -> BotReply {
        BotReply { id, actions: Vec::new(), plans: 0, ms: 0.0, error: None, values: None }
    }
}

/// A review's Day judged on the game rebuilt from the seat's view: the Strong player's
/// plan and the estimates of the played plan and of that plan.
fn judge_day(
    game: &Game,
    seat: usize,
    played: &[Action],
    seed: u64,
    playouts: u32,
) -> Result<(Vec<Action>, f64, f64), RequestError> {
    // A whole Day (the estimate plays it out from there).
    if !Action::is_one_day(played) {
        return Err(RequestError::NotAWholeDay);
    }
    let view = game.view(seat).ok_or(PlanError::NoSeat { seat })?;
    Ok(lauzait_bots::judge::judge_view(&view, played, seed, playouts).ok_or(PlanError::NotItsDay { seat })?)
}

/// Why a request that was read gets no plan: the reply's `error`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// The seat's view is no real position (R40: it is all the worker is sent).
    View(RebuildError),
    /// The Day cannot be planned (not that seat's Day, say).
    Plan(PlanError),
    /// The Day to judge stops before its end, or goes on past it.
    NotAWholeDay,
}

impl From<PlanError> for RequestError {
    fn from(e: PlanError) -> RequestError {
        RequestError::Plan(e)
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::View(e) => write!(f, "the seat's view is refused: {e}"),
            RequestError::Plan(e) => e.fmt(f),
            RequestError::NotAWholeDay => f.write_str("the plan to judge is not a whole Day"),
        }
    }
}

impl From<RequestError> for BotError {
    fn from(e: RequestError) -> BotError {
        match e {
            RequestError::View(_) => BotError::ViewRefused,
            RequestError::Plan(e) => e.into(),
            RequestError::NotAWholeDay => BotError::NotAWholeDay,
        }
    }
}

impl std::error::Error for RequestError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RequestError::View(e) => Some(e),
            RequestError::Plan(e) => Some(e),
            RequestError::NotAWholeDay => None,
        }
    }
}

/// Answers one request (the text of a [`BotRequest`]) with the text of a [`BotReply`];
/// `clock` gives milliseconds.
pub fn answer(text: &str, clock: impl Fn() -> f64) -> String {
    match BotRequest::from_text(text) {
        Err(e) => BotReply::unreadable_request(&format!("unreadable request: {e}")),
        Ok(req) => {
            let t0 = clock();
            let game = req.view.rebuild().map_err(RequestError::View);
            let result = game.and_then(|game| match &req.judge {
                None => plan_whole_day(&game, req.view.seat, req.level, req.seed, req.playouts)
                    .map(|(actions, plans)| (actions, plans, None))
                    .map_err(RequestError::Plan),
                Some(played) => judge_day(&game, req.view.seat, played, req.seed, req.playouts)
                    .map(|(best, played, value)| (best, 1, Some((played, value)))),
            });
            let ms = clock() - t0;
            let reply = match result {
                Ok((actions, plans, values)) => BotReply { id: req.id, actions, plans, ms, error: None, values },
                Err(e) => BotReply { ms, error: Some(e.into()), ..BotReply::to(req.id) },
            };
            reply.to_text()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_bots::UnknownLevel;
    use lauzait_engine::GameOptions;

    #[test]
    fn requests_and_replies_are_text() {
        let game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut lauzait_engine::randomness::seeded(9));
        let seat = game.to_move();
        let req = BotRequest::new(&game, seat, Level::Normal, 1, 8, RequestId::ComputerDay(4)).unwrap();
        assert_eq!(BotRequest::from_text(&req.to_text()), Ok(req.clone()));
        let reply = BotReply::from_text(&answer(&req.to_text(), || 0.0)).unwrap();
        assert_eq!(reply.id, RequestId::ComputerDay(4));
        assert!(reply.error.is_none());
        assert!(reply.actions.last().unwrap().ends_day());
        assert_eq!(BotReply::from_text(&reply.to_text()), Ok(reply));
        let wrong = BotRequest::new(&game, 1 - seat, Level::Normal, 1, 8, RequestId::Hint(4)).unwrap();
        let reply = BotReply::from_text(&answer(&wrong.to_text(), || 0.0)).unwrap();
        assert_eq!(reply.error, Some(BotError::NotItsDay { seat: 1 - seat }));
        assert_eq!(reply.error.unwrap().to_string(), format!("it is not the Day of seat {}", 1 - seat));
        assert_eq!(reply.id, RequestId::Hint(4), "the asker comes back unchanged");
        assert!(BotRequest::new(&game, 2, Level::Normal, 1, 8, RequestId::ComputerDay(4)).is_err());
        let no_seat = BotRequest::new(&game, 7, Level::Normal, 1, 8, RequestId::ComputerDay(4)).unwrap_err();
        assert_eq!(no_seat, NoSuchSeat { seat: 7 });
        assert_eq!(no_seat.to_string(), "there is no seat 7 in this game");
        // A request the worker cannot read is answered with no request's id, which the
        // reader turns into an error: nothing waits for that answer forever.
        for unreadable in ["nope", &req.to_text().replacen("id day 4", "id 4", 1)] {
            let bad = BotReply::from_text(&answer(unreadable, || 0.0));
            assert!(bad.is_err_and(|e| e.to_string().starts_with("unreadable request: bot request")), "{unreadable}");
        }
        // A request is refused at the line at fault, never half read.
        let text = req.to_text();
        for (from, to) in [("level normal", "level great"), ("seed 1", "seed x"), ("id day 4\n", "")] {
            assert!(BotRequest::from_text(&text.replacen(from, to, 1)).is_err(), "{from}");
        }
        assert!(BotRequest::from_text(&format!("{text}\nextra 1")).is_err());
        // No request keeps the worker thinking for minutes.
        let most = wire::MAX_PLAYOUTS;
        assert!(BotRequest::from_text(&text.replacen("playouts 8", &format!("playouts {most}"), 1)).is_ok());
        let too_many = text.replacen("playouts 8", &format!("playouts {}", most + 1), 1);
        assert!(BotRequest::from_text(&too_many).is_err_and(|e| e.to_string().contains("over")));
        // The actions travel as the record's tokens, and a token that is not one is refused.
        let forged = "bot-reply1\nid day 1\nplans 1\nms 0000000000000000\nactions a1 zz9";
        assert!(BotReply::from_text(forged).is_err_and(|e| e.to_string().starts_with("unreadable reply")));
        // An older worker's words (an error kind this version does not know) stay one line,
        // and estimates come back to the bit.
        let reply = BotReply {
            error: Some(BotError::Unknown { said: "two\nlines".into() }),
            values: Some((0.1, -2.5)),
            ..BotReply::to(RequestId::Review(2))
        };
        let back = BotReply::from_text(&reply.to_text()).unwrap();
        assert_eq!(
            (back.error, back.values),
            (Some(BotError::Unknown { said: "two lines".into() }), Some((0.1, -2.5)))
        );
        let older = format!("{}\nerror it is not the Day of seat 1", BotReply::to(RequestId::Hint(1)).to_text());
        let said = BotReply::from_text(&older).unwrap().error;
        assert_eq!(said, Some(BotError::Unknown { said: "it is not the Day of seat 1".into() }));
        // Long words are cut at a character's boundary, and read back the same.
        let reply = BotReply {
            error: Some(BotError::Unknown { said: "é".repeat(400) }),
            ..BotReply::to(RequestId::Review(2))
        };
        let cut = BotReply::from_text(&reply.to_text()).unwrap().error.unwrap();
        assert_eq!(cut, BotError::Unknown { said: format!("{}…", "é".repeat(150)) });
        let again = BotReply { error: Some(cut.clone()), ..reply };
        assert_eq!(BotReply::from_text(&again.to_text()).unwrap().error, Some(cut));
    }

    #[test]
    fn a_refused_text_names_its_fault() {
        let game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut lauzait_engine::randomness::seeded(9));
        let text =
            BotRequest::new(&game, game.to_move(), Level::Normal, 1, 8, RequestId::ComputerDay(4)).unwrap().to_text();
        let refused = |from: &str, to: &str| BotRequest::from_text(&text.replacen(from, to, 1)).unwrap_err();
        assert_eq!(refused("bot1", "bot2"), WireError::Mark { text: WireText::BotRequest, mark: "bot1" });
        assert_eq!(refused("id day 4\n", ""), WireError::Expected { text: WireText::BotRequest, key: "id" });
        let e = refused("seed 1", "seed x");
        assert_eq!(e, WireError::NotANumber { text: WireText::BotRequest, key: "seed", value: "x".into() });
        let e = refused("id day 4", "id none");
        let error = RequestIdError::NoNumber { excerpt: "none".into() };
        assert_eq!(e, WireError::RequestId { text: WireText::BotRequest, error });
        assert_eq!(refused("level normal", "level great"), WireError::Level(UnknownLevel { name: "great".into() }));
        assert!(matches!(refused("view sv1", "view sv0"), WireError::View(_)));
        let e = BotRequest::from_text(&format!("{text}\nextra 1")).unwrap_err();
        assert!(matches!(e, WireError::Unexpected { text: WireText::BotRequest, .. }), "{e}");
        let forged = "bot-reply1\nid day 1\nplans 1\nms 00\nactions a1";
        assert_eq!(
            BotReply::from_text(forged),
            Err(ReplyError::Unreadable(WireError::NotHex { excerpt: "00".into() }))
        );
        assert_eq!(
            BotReply::from_text(&BotReply::unreadable_request("why")),
            Err(ReplyError::NoRequest { error: Some("why".into()) })
        );
        assert_eq!(
            helping::HelpRequest::from_text("help1\nid 1\ndecision 1\nseed 1\nsamples 2 1").unwrap_err(),
            WireError::Samples { excerpt: "2 1".into() }
        );
    }
}
