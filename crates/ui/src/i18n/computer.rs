//! The words of the computer players' failures: why a Day was not played, why their
//! worker failed, why a plan was refused. English is the errors' own text (as for the
//! rules' refusals); the browser's and the worker's own words are kept as they came.

use super::{rule_error, Lang};
use lauzait_autoplay::{BotError, DayFailure, NoSuchSeat, WorkerFailure};
use lauzait_bots::whole_day::PlanError;

/// Why the worker failed, as the clause the notices put in brackets.
pub fn worker_failure(l: Lang, e: &WorkerFailure) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        WorkerFailure::Start { said } => format!("ブラウザーがワーカーを起動しませんでした：{said}"),
        WorkerFailure::Post { said } => format!("ブラウザーがワーカーに依頼を渡しませんでした：{said}"),
        WorkerFailure::NotLoaded => "ワーカーを読み込めませんでした".into(),
        WorkerFailure::Stopped { said } => format!("ワーカーが止まりました：{said}"),
        WorkerFailure::Unreadable(_) => "ワーカーの返事が読めませんでした".into(),
    }
}

/// Why a computer player's Day was not played, as the clause the notices put in brackets.
pub fn day_failure(l: Lang, e: &DayFailure) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        DayFailure::NoDay => "進行中の手番がありません".into(),
        DayFailure::NoSeat(NoSuchSeat { seat }) => format!("このゲームに席{seat}はありません"),
        DayFailure::Planner(e) => format!("手を決められませんでした：{}", bot_error(l, e)),
        DayFailure::PlanDoesNotFit => "コンピューターの手がこの手番に合いません".into(),
        DayFailure::PlanRefused => "テーブルがコンピューターの手を認めませんでした".into(),
        DayFailure::Worker(w) => worker_failure(l, w),
    }
}

/// Why the worker made no plan, as its reply said. A kind from a worker of another version
/// keeps the worker's own words.
pub fn bot_error(l: Lang, e: &BotError) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        BotError::ViewRefused => "席から見た局面が認められませんでした".into(),
        BotError::NotItsDay { seat } => plan_error(l, &PlanError::NotItsDay { seat: *seat }),
        BotError::NoSeat { seat } => plan_error(l, &PlanError::NoSeat { seat: *seat }),
        BotError::NoPlan => plan_error(l, &PlanError::NoPlan),
        BotError::EmptyPlan => plan_error(l, &PlanError::EmptyPlan),
        BotError::PlanRefused => "コンピューターの手がルールで認められませんでした".into(),
        BotError::Unfinished => plan_error(l, &PlanError::Unfinished),
        BotError::NotAWholeDay => "調べる手が手番ひとつ分ではありません".into(),
        BotError::ValueCount { got, expected } => format!("{expected}回の試行に{got}個の値が返りました"),
        BotError::NoCandidate => "候補の手が残っていません".into(),
        BotError::Unknown { said } => said.clone(),
    }
}

/// Why the computer player could not plan its Day.
pub fn plan_error(l: Lang, e: &PlanError) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        PlanError::NotItsDay { seat } => format!("席{seat}の手番ではありません"),
        PlanError::NoSeat { seat } => format!("席{seat}はありません"),
        PlanError::NoPlan => "コンピューターが手を見つけられませんでした".into(),
        PlanError::EmptyPlan => "コンピューターの手が空です".into(),
        PlanError::Refused(e) => rule_error(l, e),
        PlanError::Unfinished => "コンピューターの手が手番を終えません".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_has_japanese_words_and_keeps_what_the_browser_said() {
        let worker = [
            WorkerFailure::Start { said: "SecurityError".into() },
            WorkerFailure::Post { said: "DataCloneError".into() },
            WorkerFailure::NotLoaded,
            WorkerFailure::Stopped { said: "RuntimeError: unreachable".into() },
            WorkerFailure::Unreadable(lauzait_autoplay::ReplyError::NoRequest { error: None }),
        ];
        for w in &worker {
            let ja = worker_failure(Lang::Ja, w);
            assert_ne!(ja, worker_failure(Lang::En, w));
            if let WorkerFailure::Start { said } | WorkerFailure::Post { said } | WorkerFailure::Stopped { said } = w {
                assert!(ja.contains(said.as_str()), "{ja}");
            }
        }
        let days = [
            DayFailure::NoDay,
            DayFailure::NoSeat(NoSuchSeat { seat: 5 }),
            DayFailure::Planner(BotError::NoPlan),
            DayFailure::Planner(BotError::Unknown { said: "no plan".into() }),
            DayFailure::PlanDoesNotFit,
            DayFailure::PlanRefused,
            DayFailure::Worker(WorkerFailure::NotLoaded),
        ];
        for d in &days {
            assert_ne!(day_failure(Lang::Ja, d), day_failure(Lang::En, d), "{d:?}");
        }
        assert_eq!(
            day_failure(Lang::En, &DayFailure::Worker(WorkerFailure::NotLoaded)),
            "the worker could not be loaded"
        );
        let bot = [
            BotError::ViewRefused,
            BotError::NotItsDay { seat: 1 },
            BotError::NoSeat { seat: 3 },
            BotError::NoPlan,
            BotError::EmptyPlan,
            BotError::PlanRefused,
            BotError::Unfinished,
            BotError::NotAWholeDay,
            BotError::ValueCount { got: 4, expected: 6 },
            BotError::NoCandidate,
        ];
        for e in &bot {
            assert_ne!(bot_error(Lang::Ja, e), bot_error(Lang::En, e), "{e:?}");
        }
        assert_eq!(bot_error(Lang::Ja, &BotError::NotItsDay { seat: 1 }), "席1の手番ではありません");
        assert_eq!(bot_error(Lang::En, &BotError::NotItsDay { seat: 1 }), "it is not the Day of seat 1");
        let older = BotError::Unknown { said: "no plan".into() };
        assert_eq!((bot_error(Lang::Ja, &older), bot_error(Lang::En, &older)), ("no plan".into(), "no plan".into()));
        for p in [PlanError::NotItsDay { seat: 1 }, PlanError::NoPlan, PlanError::EmptyPlan, PlanError::Unfinished] {
            assert_ne!(plan_error(Lang::Ja, &p), plan_error(Lang::En, &p));
        }
    }
}
