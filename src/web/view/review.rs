//! The post-game review's board: the moment's position painted on the dialog's canvas
//! (`#review-board`) with the board renderer. The dialog's HTML is built natively
//! (`lauzait_ui::html::review`).

use lauzait_engine::Square;
use lauzait_ui::model::Model;
use lauzait_ui::review::{Answer, PlanMarks, Review, Shown, Stage};
use lauzait_ui::scene::{Arrow, Cloth, Scene};

/// The moment's board as the person saw it (the board is public; no other hand is drawn),
/// once answered with the better move and the one played as arrows.
fn moment_scene(app: &Model, rv: &Review, shown: &Shown) -> Scene {
    let seats = rv.record.options.seats();
    let mut scene = Scene::new(Cloth::Embed, &shown.board).with_seats(seats, Some(rv.seat), |seat, index| {
        index.map(|i| super::board::seat_label(app.lang, seat, None, shown.scores.get(i).copied()))
    });
    // Where the Day's discard goes.
    for sq in Square::all() {
        if shown.board.get(sq).is_none() {
            scene.cells[sq.index()].slot = true;
        }
    }
    if shown.answer != Answer::Asking {
        if let Some(m) = rv.picked.get(shown.index) {
            let arrow = |plan: &[lauzait_engine::Action], better| {
                PlanMarks::of(plan).hire.map(|(from, to)| Arrow { from, to, better })
            };
            scene.arrows.extend(arrow(&m.played, false));
            scene.arrows.extend(arrow(&m.best, true));
        }
    }
    scene
}

/// Paints the review's board canvas (when a moment is shown) with the board renderer.
pub fn paint_board(app: &Model, root: &web_sys::Element) {
    let Some(rv) = app.review() else { return };
    let Stage::Moment(shown) = &rv.stage else { return };
    // The review's sentences name squares ("c3 to d4"): the board names them too.
    super::canvas::paint_scene(root, "review-board", app.device.dpr, &moment_scene(app, rv, shown), "#fffaf0", true);
}
