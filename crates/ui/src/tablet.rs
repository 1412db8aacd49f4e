//! Table mode's shared screen (the tablet) as data, from the public view only
//! ([`PublicView`]: no hand's concealed pieces are reachable from it): its board scene,
//! drawn by the game's one board renderer, and the words that follow the play.

use crate::i18n::season_log as words;
use crate::i18n::{self, Lang};
use crate::scene::{Cloth, Offer, Scene};
use crate::season_log::public_season_log;
use lauzait_engine::{Board, Phase, PublicView, Seat, SpectatorView, Status};

/// The players' names in seat order, worded as the game's page words them: a player named
/// after the seat shows the seat's name in the screen's language.
pub fn who(lang: Lang, view: &PublicView, names: &[String], player: usize) -> String {
    match (names.get(player), view.seats().get(player)) {
        (Some(name), Some(&seat)) => i18n::player(lang, name, seat),
        // No such seat at this table: said rather than panicked on.
        _ => format!("#{player}"),
    }
}

/// The board as the tablet shows it: the cloth with every seat's name and score in its
/// band (the seat to move raised), the marks of the step under way (the discard, the
/// pieces that may move, the mover and its destinations, Water ones badged for the
/// sticks) and, until the next discard, the last Hiring.
pub fn scene(lang: Lang, view: &PublicView, names: &[String]) -> Scene {
    let seats = view.seats();
    let playing = view.status() == Status::Playing;
    let to_move = playing.then(|| view.to_move());
    let phase = playing.then(|| view.phase());
    // The lists are the engine's; only the step under way lights any.
    let movers = if matches!(phase, Some(Phase::Discarded { .. })) { view.movers() } else { Vec::new() };
    let destinations = if matches!(phase, Some(Phase::Moving { .. })) { view.destinations() } else { &[] };
    let offer =
        Offer { phase, movers: &movers, destinations, discarding: matches!(phase, Some(Phase::Beginning { .. })) };
    let mut scene =
        seated(lang, &view.board(), seats, to_move, view.scores(), names).with_day(view.day_steps(), &offer);
    // The last Hiring, until the next Day's discard: a Form or a Dissolve first leaves the
    // board as it was, and the people at the table look up at it to see what was done.
    if matches!(phase, None | Some(Phase::Beginning { .. })) {
        scene.last_hire = view.last_hire().map(|h| (h.hire.from, h.hire.to));
    }
    scene
}

/// The board as a table dealt on the phones shows it on its tablet, from the view every
/// phone agreed on after a Day ([`SpectatorView`]: no step under way, no hand): the cloth
/// with every seat's name and score, the seat to move raised, and the last Hiring.
pub fn spectator_scene(lang: Lang, view: &SpectatorView, names: &[String]) -> Scene {
    let playing = view.status == Status::Playing;
    // Agreed between Days: while the game goes on, the next Day is at its beginning, its
    // discard's empty square marked.
    let phase = playing.then_some(Phase::Beginning { dissolved: false, formed: false });
    let offer = Offer { phase, movers: &[], destinations: &[], discarding: playing };
    let mut scene =
        seated(lang, &view.board, view.options.seats(), playing.then_some(view.to_move), &view.scores, names)
            .with_day(&[], &offer);
    scene.last_hire = view.last_hire.map(|h| (h.hire.from, h.hire.to));
    scene
}

/// The cloth with `board` and every seat's name and score in its band, `to_move` raised.
fn seated(
    lang: Lang,
    board: &Board,
    seats: &[Seat],
    to_move: Option<usize>,
    scores: &[i32],
    names: &[String],
) -> Scene {
    Scene::new(Cloth::Table, board).with_seats(seats, to_move, |seat, index| {
        let Some(i) = index else {
            return Some(format!("{} · {}", i18n::seat_name(lang, seat), i18n::table::empty_seat(lang)));
        };
        let name = names.get(i).map(String::as_str);
        Some(i18n::table::seat_label(lang, seat, name, scores.get(i).copied()))
    })
}

/// The board's accessible name: where the game stands and what the marks show.
pub fn board_label(lang: Lang, view: &PublicView, names: &[String]) -> String {
    i18n::tablet::board_label(lang, view, &|p| who(lang, view, names, p))
}

/// What the shared screen says aloud (its live region, outside the redrawn markup) as the
/// play goes on: while a Day begins, the last Day as the Season log words it (a computer
/// seat's too) and the Season's end if it came; then what the player whose Day it is has
/// done and chooses now.
pub fn said(lang: Lang, view: &PublicView, names: &[String]) -> String {
    let who = |p: usize| who(lang, view, names, p);
    let mut said = Vec::new();
    let playing = view.status() == Status::Playing;
    if !playing || matches!(view.phase(), Phase::Beginning { .. }) && view.day_steps().is_empty() {
        let log = public_season_log(view);
        said.extend(log.days.last().map(|d| words::day_line_by(lang, &who, d)));
        said.extend(log.end.map(|e| words::end_line_by(lang, &who, (view.season_number(), view.scores().len()), &e)));
    }
    if playing {
        let mover = who(view.to_move());
        said.extend(view.day_steps().iter().map(|s| i18n::tablet::step_line(lang, &mover, view, s)));
        said.push(i18n::tablet::choosing(lang, &mover, view));
    }
    i18n::tablet::sentences(lang, &said)
}
