//! A phone's page as the test build reports it (`window.__table.state`); its markup is built
//! natively (`lauzait_ui::html::table::phone`).

use lauzait_table_mode::verify::Verdict;
use lauzait_ui::html::table::notices::problem_text;
pub use lauzait_ui::html::table::phone::{page, GuestPage};

/// The page's state for tests.
pub fn state_json(p: &GuestPage) -> String {
    let (g, a) = (p.screen.guest(), p.screen.answering());
    serde_json::json!({
        "stage": g.stage().name(), "seat": g.seat, "myDay": g.my_day(),
        "choices": g.choices(), "refused": g.refused.as_ref().map(|(r, d)| format!("{r}: {d}")),
        "verdict": g.verdict.as_ref().map(|v| *v == Verdict::Verified), "lost": a.channel().lost(), "connected": a.channel().connected(),
        "code": a.code(), "problem": a.problem().map(|problem| problem_text(p.lang, problem)),
        "notSaved": p.not_saved.map(|why| why.kind()), "rounds": g.rounds().keys().collect::<Vec<_>>(),
        "season": g.game().map(|x| x.season().number),
        // Where the phone's game stands, to tell a phone's view from the host's latest.
        "day": g.game().map(|x| x.day().number), "steps": g.game().map(|x| x.day().steps.len()),
        "dropped": a.dropped(), "spent": a.spent(), "settled": p.screen.settled(),
        "noPath": a.no_path().map(|why| why.name()),
    })
    .to_string()
}
