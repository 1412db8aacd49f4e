//! The Strong player on two cores (`autoplay::helping`): however the worker and its helper
//! share a decision's rounds — the helper ready, never there, lost half-way, answering
//! nonsense, or answering a request dropped since — the worker's reply is the plan the
//! search makes in one place (`autoplay::answer`, the tournament's player), and the helper
//! is sent only the seat's view the page sent (R40).

#[allow(dead_code)] // only its positions are used here
use crate::common;

use lauzait_autoplay::helping::{HelpError, HelpReply, HelpRequest, Helper, Out, Thinker};
use lauzait_autoplay::{answer, BotReply, BotRequest, RequestId};
use lauzait_bots::normal::HandMemo;
use lauzait_bots::strong::{play, Batch, Decision, HandModel, Search, Settings};
use lauzait_bots::Level;
use lauzait_engine::{Game, Status};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// How the helper behaves in a run.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Helping {
    /// Answers every request at once.
    Answers,
    /// Never started (one core).
    Absent,
    /// Answers the first request, then is lost.
    LostAfterOne,
    /// Answers with a reply that cannot be read.
    Garbles,
    /// Answers each request after the worker has yielded three times (and played three of
    /// its samples itself meanwhile).
    Slow,
    /// Never answers: the worker plays every sample itself.
    Hangs,
}

const ALL: [Helping; 6] =
    [Helping::Answers, Helping::Absent, Helping::LostAfterOne, Helping::Garbles, Helping::Slow, Helping::Hangs];

/// The worker's reply to `request`, with the helper behaving as `helping`, and what was
/// sent to the helper.
fn think(request: &str, helping: Helping) -> (BotReply, Vec<String>) {
    let mut thinker = Thinker::new();
    if helping != Helping::Absent {
        thinker.helper_ready();
    }
    let mut helper = Helper::default();
    let mut sent: Vec<String> = Vec::new();
    let mut waiting: Option<(String, u32)> = None;
    let clock = || 0.0;
    thinker.from_page(request, &clock);
    loop {
        match thinker.poll(&clock) {
            Some(Out::Page(text)) => return (BotReply::from_text(&text).unwrap(), sent),
            Some(Out::Helper(job)) => {
                sent.push(job.clone());
                match helping {
                    Helping::Answers => thinker.from_helper(&helper.answer(&job)),
                    Helping::LostAfterOne if sent.len() == 1 => thinker.from_helper(&helper.answer(&job)),
                    Helping::LostAfterOne => thinker.helper_gone(),
                    Helping::Garbles => thinker.from_helper("help-reply1\nid x"),
                    Helping::Slow | Helping::Hangs => waiting = Some((job, 0)),
                    Helping::Absent => panic!("asked a helper that is not there"),
                }
            }
            Some(Out::Yield) => {
                if let Some((job, yields)) = waiting.as_mut() {
                    *yields += 1;
                    if *yields == 3 && helping == Helping::Slow {
                        thinker.from_helper(&helper.answer(job));
                    }
                }
            }
            None => panic!("{helping:?}: the worker waits for nothing"),
        }
    }
}

/// Strong requests from real games' positions, two to four players, Days' starts and
/// Days part-way.
fn requests() -> Vec<(Game, BotRequest)> {
    let positions = common::positions();
    positions
        .into_iter()
        .step_by(4)
        .filter(|g| g.status() == Status::Playing)
        .enumerate()
        .map(|(i, game)| {
            let request = BotRequest::new(
                &game,
                game.to_move(),
                Level::Strong,
                1000 + i as u64,
                48,
                RequestId::ComputerDay(1 + i as u32),
            );
            (game.clone(), request.unwrap())
        })
        .collect()
}

#[test]
fn the_worker_with_a_helper_plays_the_plan_of_the_search_in_one_place() {
    let requests = requests();
    assert!(requests.len() >= 10, "{} positions", requests.len());
    let (mut shared, mut players) = (0, [false; 5]);
    for (game, request) in &requests {
        players[game.scores().len()] = true;
        let text = request.to_text();
        let alone = BotReply::from_text(&answer(&text, || 0.0)).unwrap();
        assert!(alone.error.is_none(), "{:?}", alone.error);
        for helping in ALL {
            let (reply, sent) = think(&text, helping);
            assert_eq!(
                (&reply.actions, reply.plans, &reply.error),
                (&alone.actions, alone.plans, &None),
                "{helping:?}"
            );
            assert_eq!(reply.id, request.id);
            if helping == Helping::Answers && !sent.is_empty() {
                shared += 1;
            }
            // R40: all the helper learns of the game is the view the page sent.
            for job in &sent {
                assert_eq!(HelpRequest::from_text(job).unwrap().view, request.view, "{helping:?}");
            }
        }
    }
    assert!(shared * 2 >= requests.len(), "only {shared} of {} decisions shared", requests.len());
    assert!(players[2] && players[3] && players[4]);
}

#[test]
fn a_round_played_in_parts_each_with_its_own_memo_folds_to_the_same_search() {
    let mut searched = 0;
    for (game, _) in requests().iter().take(12) {
        let view = game.view(game.to_move()).unwrap();
        let settings = Settings::for_players(view.scores().len());
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let Some(Decision::Searching(mut whole)) = Search::start(&view, &mut rng, 48, settings, &mut HandMemo::new())
        else {
            continue;
        };
        searched += 1;
        let mut parted = whole.clone();
        let model = HandModel::new(&view, settings);
        let mut memo = HandMemo::new();
        for round in 0.. {
            let batch = whole.batch();
            assert_eq!(batch, parted.batch());
            let values = play(&view, &model, &batch, settings, &mut memo);
            // Cut the round's samples somewhere, a fresh memo for each part, as a helper has.
            let samples = batch.samples.end - batch.samples.start;
            let mut first = batch.clone();
            let rest = first.split_off((round as u64 + 1).min(samples));
            assert_eq!((first.len() + rest.len(), rest.samples.end), (batch.len(), batch.samples.end));
            let mut in_parts = play(&view, &model, &first, settings, &mut HandMemo::new());
            in_parts.extend(play(&view, &model, &rest, settings, &mut HandMemo::new()));
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&values), bits(&in_parts), "round {round}");
            // A round's values are all needed, and nothing changes when they are not.
            let before = parted.clone();
            assert!(parted.record(&in_parts[1..]).is_err());
            let short = parted.record(&in_parts[1..]).unwrap_err();
            assert_eq!(
                short,
                lauzait_bots::strong::RoundError::ValueCount { got: in_parts.len() - 1, expected: in_parts.len() }
            );
            assert_eq!(parted, before);
            let (a, b) = (whole.record(&values).unwrap(), parted.record(&in_parts).unwrap());
            assert_eq!((&a, &whole), (&b, &parted));
            if a.is_some() {
                break;
            }
        }
    }
    assert!(searched >= 4, "{searched} searches");
}

#[test]
fn a_late_answer_to_a_dropped_request_is_not_taken_for_the_next() {
    let requests = requests();
    let (first, second) = (requests[0].1.to_text(), requests[1].1.to_text());
    let mut thinker = Thinker::new();
    thinker.helper_ready();
    let mut helper = Helper::default();
    let clock = || 0.0;
    thinker.from_page(&first, &clock);
    let Some(Out::Helper(old_job)) = thinker.poll(&clock) else { panic!("the first round is shared") };
    // The page moves on before the helper has answered: the helper, still busy, is asked
    // nothing for the new decision's first round; its answer to the dropped request comes
    // next, is not taken for that round, and frees it for the later rounds.
    thinker.from_page(&second, &clock);
    thinker.from_helper(&helper.answer(&old_job));
    let mut jobs = 0;
    let reply = loop {
        match thinker.poll(&clock) {
            Some(Out::Page(text)) => break BotReply::from_text(&text).unwrap(),
            Some(Out::Helper(job)) => {
                jobs += 1;
                thinker.from_helper(&helper.answer(&job));
            }
            Some(Out::Yield) => panic!("nothing is away"),
            None => panic!("the worker waits for nothing"),
        }
    };
    assert!(jobs > 0, "the helper is asked again once it has answered");
    let alone = BotReply::from_text(&answer(&second, || 0.0)).unwrap();
    assert_eq!((reply.id, reply.actions), (requests[1].1.id, alone.actions));
}

#[test]
fn other_requests_are_answered_at_once_as_before() {
    let (game, request) = &requests()[0];
    let mut thinker = Thinker::new();
    thinker.helper_ready();
    let clock = || 0.0;
    for level in [Level::Easy, Level::Normal] {
        let text = BotRequest { level, ..request.clone() }.to_text();
        thinker.from_page(&text, &clock);
        assert_eq!(thinker.poll(&clock), Some(Out::Page(answer(&text, || 0.0))));
        assert_eq!(thinker.poll(&clock), None);
    }
    // Not this seat's Day, and a request that cannot be read: the errors `answer` words.
    let other = BotRequest::new(
        game,
        (game.to_move() + 1) % game.scores().len(),
        Level::Strong,
        1,
        48,
        RequestId::ComputerDay(9),
    )
    .unwrap();
    for text in [other.to_text(), "nope".to_string()] {
        thinker.from_page(&text, &clock);
        let Some(Out::Page(reply)) = thinker.poll(&clock) else { panic!("answered") };
        assert_eq!(reply, answer(&text, || 0.0));
    }
}

#[test]
fn help_travels_as_text_and_nonsense_is_refused() {
    let (_, request) = &requests()[0];
    let batch = Batch { base_seed: u64::MAX, samples: 3..9, plans: vec![vec![], vec![]] };
    let help = HelpRequest { id: 4, decision: 2, batch, view: request.view.clone() };
    assert_eq!(HelpRequest::from_text(&help.to_text()), Ok(help.clone()));
    let text = help.to_text();
    // 2^32 samples: a count that a 32-bit usize (wasm32) would have read as none.
    for (from, to) in [
        ("samples 3 9", "samples 9 3"),
        ("samples 3 9", "samples 3 99999"),
        ("samples 3 9", "samples 0 4294967296"),
        ("samples 3 9", "samples 0 18446744073709551615"),
        ("id 4", "id x"),
    ] {
        assert!(HelpRequest::from_text(&text.replacen(from, to, 1)).is_err(), "{to}");
    }
    assert!(HelpRequest::from_text(&text.replace("plan \n", "")).is_err_and(|e| e.to_string().contains("no plan")));
    let values = HelpReply { id: 4, values: Ok(vec![0.1, -3.0, f64::MIN_POSITIVE]) };
    assert_eq!(HelpReply::from_text(&values.to_text()), Ok(values));
    for error in [HelpError::Unreadable, HelpError::ViewRefused, HelpError::NoSeat, HelpError::NoDecision] {
        let reply = HelpReply { id: 4, values: Err(error.clone()) };
        assert_eq!(HelpReply::from_text(&reply.to_text()).unwrap().values, Err(error));
    }
    // Words of a kind this version does not know (a helper of another version) stay one line.
    let error = HelpReply { id: 4, values: Err(HelpError::Unknown { said: "two\nlines".into() }) };
    assert_eq!(
        HelpReply::from_text(&error.to_text()).unwrap().values,
        Err(HelpError::Unknown { said: "two lines".into() })
    );
    // The helper answers what it cannot read with an error, never a panic.
    let reply = HelpReply::from_text(&Helper::default().answer("help1\nid 1")).unwrap();
    assert_eq!(reply.values, Err(HelpError::Unreadable));
    assert_eq!(HelpError::Unreadable.to_string(), "unreadable request");
}
