//! The host page's state for the browser tests (`window.__table.state`); its markup is
//! built natively (`lauzait_ui::html::table`).

use lauzait_table_mode::pairing::Pairing;
use lauzait_ui::html::table::notices::host_problem_text;
use lauzait_ui::html::table::HostPage;

/// Each seat's pairing state and link, as the tests read them (either table's page).
pub fn links_json(pairing: &Pairing) -> Vec<serde_json::Value> {
    pairing
        .links()
        .iter()
        .map(|l| match l {
            Some(l) => serde_json::json!({ "state": l.state.name(), "link": l.url }),
            None => serde_json::Value::Null,
        })
        .collect()
}

/// The page's state for tests: each seat's pairing state and link, the game's progress.
pub fn state_json(p: &HostPage) -> String {
    let Some(host) = p.screen.host() else { return "{\"stage\":\"setup\"}".into() };
    let links = links_json(p.screen.pairing());
    let game = host.game().map(|g| {
        serde_json::json!({
            "status": g.status().name(), "season": g.season().number, "day": g.day().number,
            "toMove": g.to_move(), "steps": g.day().steps.len(), "log": g.log().len(), "scores": g.scores(),
        })
    });
    serde_json::json!({
        "stage": if game.is_some() { "playing" } else { "pairing" },
        "links": links, "game": game, "refusals": host.refusals(), "connected": host.connected(),
        "noPath": p.screen.no_path(), "noPathWhy": p.screen.no_path_reason().map(|why| why.name()), "problem": p.screen.problem().map(|problem| host_problem_text(p.lang, problem)),
        "notSaved": p.not_saved.map(|why| why.kind()), "computerFailed": p.screen.computer_failed().map(ToString::to_string), "rounds": host.rounds().len(),
        "dropped": p.screen.dropped(), "copied": p.screen.copied(),
        "dealing": host.dealing().map(|r| r.number), "waitingFor": host.waiting_for(),
    })
    .to_string()
}
