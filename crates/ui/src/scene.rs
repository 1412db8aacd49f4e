//! What a board shows, as plain data: one scene drawn by one renderer for the game's table,
//! the replay viewer and the embeds. A scene says what stands where and what is marked;
//! the renderer (`web::view::board`) only decides how each thing looks in pixels.

use lauzait_engine::{Board, Phase, Piece, Seat, Square, Step};

/// The cloth a scene is drawn on: both show the same squares, pieces and marks, only the
/// frame differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cloth {
    /// The game's table: a bevelled frame, a wider edge for the seat to move, a label for
    /// every seat and the coordinates.
    #[default]
    Table,
    /// An embedded board: a flat frame with thinner edges and smaller labels.
    Embed,
}

/// The square's ground (R1), so that the renderer never asks the rules which is which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    Plain,
    /// `end`: an outer end of the Water cross, drawn with corner brackets as on the cloth.
    Water {
        end: bool,
    },
    Mountain,
}

/// How a piece tile is drawn (on the board, in a hand, in a dialog).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileStyle {
    /// Not selectable right now: drawn faded.
    pub dim: bool,
    /// Selectable right now: a thick amber ring.
    pub lit: bool,
    /// Chosen (the discard, the mover): a red ring, raised a little.
    pub chosen: bool,
}

/// A square the chosen piece may go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    /// On Water the sticks decide whether the piece arrives (R12.6): the mark says so.
    pub water: bool,
}

/// One square of the board with what stands and is marked on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub ground: Ground,
    /// The piece standing there (always face up on the board); `None`: the square is empty.
    pub piece: Option<Piece>,
    pub tile: TileStyle,
    /// An empty square where the discard will go: an outline invites it.
    pub slot: bool,
    /// The square this Day's discard went to.
    pub discard: bool,
    pub destination: Option<Destination>,
}

/// Words in a seat's band of the frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub text: String,
    /// CSS colour.
    pub colour: &'static str,
    pub weight: u16,
    /// A dark pill behind the words (the seat to move at the table).
    pub pill: bool,
}

/// A seat's coloured edge of the frame and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub seat: Seat,
    /// A seat nobody plays is drawn faded.
    pub in_play: bool,
    /// The seat to move: a wider edge.
    pub raised: bool,
    pub label: Option<Label>,
}

/// Everything the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub cloth: Cloth,
    /// Indexed by [`Square::index`].
    pub cells: [Cell; Square::COUNT],
    /// One per seat, in [`Seat::ALL`] order.
    pub edges: Vec<Edge>,
    /// The last Hiring (from, to): a faint arrow.
    pub last_hire: Option<(Square, Square)>,
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// The destination chosen and waiting for the confirmation.
    pub pending: Option<Square>,
    /// Moves drawn as arrows (the review: the move played and the better one).
    pub arrows: Vec<Arrow>,
}

/// A move drawn as an arrow from the mover's square to where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
    /// The better choice (a solid arrow) rather than the one played (a dashed arrow): the
    /// line's style tells them apart, not only its colour.
    pub better: bool,
}

/// What the engine offers in the Day under way, as far as the board shows it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Offer<'a> {
    pub phase: Option<Phase>,
    /// The pieces that may move (after the discard).
    pub movers: &'a [Square],
    /// Where the chosen mover may go.
    pub destinations: &'a [Square],
    /// A piece of the hand may be discarded now (onto the empty square).
    pub discarding: bool,
}

fn ground(sq: Square) -> Ground {
    if sq.is_mountain() {
        Ground::Mountain
    } else if sq.is_water() {
        Ground::Water { end: sq.file() == 0 || sq.file() == 4 || sq.rank() == 0 || sq.rank() == 4 }
    } else {
        Ground::Plain
    }
}

impl Scene {
    /// The bare cloth: no pieces, no marks, every seat out of play and unlabelled.
    pub fn empty(cloth: Cloth) -> Scene {
        let cells = std::array::from_fn(|i| {
            let sq = Square::from_index(i).expect("25 squares");
            Cell {
                ground: ground(sq),
                piece: None,
                tile: TileStyle::default(),
                slot: false,
                discard: false,
                destination: None,
            }
        });
        let edges = Seat::ALL.iter().map(|&seat| Edge { seat, in_play: false, raised: false, label: None }).collect();
        Scene { cloth, cells, edges, last_hire: None, cursor: None, pending: None, arrows: Vec::new() }
    }

    /// The board's pieces on the cloth, nothing marked.
    pub fn new(cloth: Cloth, board: &Board) -> Scene {
        let mut scene = Scene::empty(cloth);
        for sq in Square::all() {
            scene.cells[sq.index()].piece = board.get(sq);
        }
        scene
    }

    pub fn cell(&self, sq: Square) -> &Cell {
        &self.cells[sq.index()]
    }

    fn cell_mut(&mut self, sq: Square) -> &mut Cell {
        &mut self.cells[sq.index()]
    }

    /// The seats' edges and labels: `seats` are the seats in play in turn order, `to_move`
    /// an index into them; `text` words a seat (with its index in `seats` when it plays),
    /// `None` for no label.
    pub fn with_seats(
        mut self,
        seats: &[Seat],
        to_move: Option<usize>,
        text: impl Fn(Seat, Option<usize>) -> Option<String>,
    ) -> Scene {
        let table = self.cloth == Cloth::Table;
        for edge in &mut self.edges {
            let index = seats.iter().position(|&s| s == edge.seat);
            let active = index.is_some() && index == to_move;
            edge.in_play = index.is_some();
            // The embeds' frame is too thin to widen; their label's weight says who moves.
            edge.raised = active && table;
            edge.label = text(edge.seat, index).map(|words| Label {
                text: if active { format!("▶ {words}") } else { words },
                colour: match (table, active, index.is_some()) {
                    (false, _, _) => "#fff7e6",
                    (true, true, _) => "#ffffff",
                    (true, false, true) => "#fff3e0",
                    (true, false, false) => "#f3c9a6",
                },
                weight: if active { 800 } else { 600 },
                pill: active && table,
            });
        }
        self
    }

    /// A chosen piece and where it may go.
    fn choose(&mut self, from: Square, destinations: &[Square]) {
        self.cell_mut(from).tile.chosen = self.cell(from).piece.is_some();
        for &to in destinations {
            self.cell_mut(to).destination = Some(Destination { water: to.is_water() });
        }
    }

    /// A piece looked at outside a game (the embeds): every square it may move to (R12.4,
    /// the Tam shape from the Mountain).
    pub fn with_selection(mut self, from: Option<Square>) -> Scene {
        if let Some(from) = from {
            self.choose(from, from.destinations());
        }
        self
    }

    /// The marks of the Day under way: the empty square the discard may go to, the
    /// discard, the pieces that may move (the others faded), the mover and its
    /// destinations. Only what `offer` offers is lit.
    pub fn with_day(mut self, steps: &[Step], offer: &Offer) -> Scene {
        let discard = match offer.phase {
            Some(Phase::Discarded { square, .. }) => Some(square),
            Some(Phase::Moving { .. }) => steps.iter().find_map(|s| match s {
                Step::Discard { square, .. } => Some(*square),
                _ => None,
            }),
            _ => None,
        };
        let choosing_mover = matches!(offer.phase, Some(Phase::Discarded { .. }));
        let slots = offer.discarding && matches!(offer.phase, Some(Phase::Beginning { .. }));
        for sq in Square::all() {
            let movable = offer.movers.contains(&sq);
            let cell = self.cell_mut(sq);
            cell.discard = discard == Some(sq);
            if cell.piece.is_some() {
                cell.tile.lit = movable;
                cell.tile.dim = choosing_mover && !movable && !cell.discard;
            } else {
                cell.slot = slots;
            }
        }
        if let Some(Phase::Moving { from, .. }) = offer.phase {
            self.choose(from, offer.destinations);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_engine::{Action, Game, GameOptions};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn lit(scene: &Scene) -> Vec<Square> {
        Square::all().filter(|&s| scene.cell(s).tile.lit).collect()
    }

    fn destinations(scene: &Scene) -> Vec<(Square, bool)> {
        Square::all().filter_map(|s| scene.cell(s).destination.map(|d| (s, d.water))).collect()
    }

    fn game() -> Game {
        Game::new(GameOptions::for_players(2, true).unwrap(), &mut lauzait_engine::randomness::seeded(7))
    }

    /// A game whose Day has reached `Phase::Discarded`, with its discard square.
    fn discarded() -> (Game, Square) {
        let mut g = game();
        let piece = g.day().discards()[0];
        let square = g.day().board.empty_squares().next().unwrap();
        g.apply(Action::Discard { piece }, &mut lauzait_engine::randomness::seeded(0)).unwrap();
        (g, square)
    }

    #[test]
    fn grounds_follow_the_cloth() {
        let s = Scene::empty(Cloth::Table);
        assert_eq!(s.cell(Square::MOUNTAIN).ground, Ground::Mountain);
        assert_eq!(s.cell(sq("c1")).ground, Ground::Water { end: true });
        assert_eq!(s.cell(sq("c2")).ground, Ground::Water { end: false });
        assert_eq!(s.cell(sq("a1")).ground, Ground::Plain);
        assert!(s.cells.iter().all(|c| c.piece.is_none() && c.destination.is_none()));
    }

    #[test]
    fn a_board_puts_its_pieces_and_marks_nothing() {
        let g = game();
        let s = Scene::new(Cloth::Embed, &g.day().board);
        for q in Square::all() {
            assert_eq!(s.cell(q).piece, g.day().board.get(q));
            assert_eq!(s.cell(q).tile, TileStyle::default());
        }
        assert!(s.last_hire.is_none() && s.cursor.is_none());
    }

    #[test]
    fn a_selection_marks_its_destinations_and_badges_the_water_ones() {
        let g = game();
        let s = Scene::new(Cloth::Embed, &g.day().board).with_selection(Some(Square::MOUNTAIN));
        let marked = destinations(&s);
        assert_eq!(marked.len(), 12, "the Tam shape");
        for (to, water) in &marked {
            assert!(Square::MOUNTAIN.destinations().contains(to));
            assert_eq!(*water, to.is_water());
        }
        assert!(marked.iter().any(|&(_, w)| w) && marked.iter().any(|&(_, w)| !w));
        // A fresh deal leaves the Mountain empty: nothing to raise there.
        assert!(s.cell(Square::MOUNTAIN).piece.is_none());
        assert!(s.cells.iter().all(|c| !c.tile.chosen));
        let from = sq("b2");
        let s = Scene::new(Cloth::Embed, &g.day().board).with_selection(Some(from));
        let chosen: Vec<Square> = Square::all().filter(|&q| s.cell(q).tile.chosen).collect();
        assert_eq!(chosen, vec![from]);
        assert_eq!(destinations(&s).len(), from.destinations().len());
        assert!(lit(&s).is_empty());
    }

    #[test]
    fn discarding_outlines_only_the_empty_square() {
        let g = game();
        let offer = Offer { phase: Some(g.day().phase()), discarding: true, ..Offer::default() };
        let s = Scene::new(Cloth::Table, &g.day().board).with_day(&g.day().steps, &offer);
        let slots: Vec<Square> = Square::all().filter(|&q| s.cell(q).slot).collect();
        assert_eq!(slots, g.day().board.empty_squares().collect::<Vec<_>>());
        assert!(lit(&s).is_empty() && destinations(&s).is_empty());
        // Nothing offered (a dialog is open): no outline.
        let s = Scene::new(Cloth::Table, &g.day().board).with_day(&g.day().steps, &Offer::default());
        assert!(s.cells.iter().all(|c| !c.slot));
    }

    #[test]
    fn after_the_discard_the_movers_are_lit_and_the_others_faded() {
        let (g, discard) = discarded();
        let day = g.day();
        let movers = day.movers();
        assert!(!movers.is_empty());
        let offer = Offer { phase: Some(day.phase()), movers: &movers, ..Offer::default() };
        let s = Scene::new(Cloth::Table, &day.board).with_day(&day.steps, &offer);
        assert_eq!(lit(&s), movers);
        for q in Square::all() {
            let c = s.cell(q);
            assert_eq!(c.discard, q == discard);
            assert_eq!(c.tile.dim, !movers.contains(&q) && q != discard, "{q}");
        }
        assert!(destinations(&s).is_empty());
    }

    #[test]
    fn the_mover_shows_the_offered_destinations_only() {
        let (mut g, discard) = discarded();
        let from = g.day().movers()[0];
        g.apply(Action::Move { from }, &mut lauzait_engine::randomness::seeded(0)).unwrap();
        let day = g.day();
        let offered = day.destinations().to_vec();
        let offer = Offer { phase: Some(day.phase()), destinations: &offered, ..Offer::default() };
        let s = Scene::new(Cloth::Table, &day.board).with_day(&day.steps, &offer);
        let marked = destinations(&s);
        assert_eq!(marked.iter().map(|&(q, _)| q).collect::<Vec<_>>(), {
            let mut o = offered.clone();
            o.sort();
            o
        });
        assert!(marked.iter().all(|&(q, water)| water == q.is_water()));
        assert!(s.cell(from).tile.chosen);
        assert!(s.cell(discard).discard, "the discard stays marked while moving");
        assert!(lit(&s).is_empty());
        assert!(s.cells.iter().all(|c| !c.tile.dim));
    }

    #[test]
    fn the_seat_to_move_is_raised_and_marked_and_absent_seats_faded() {
        let seats = [Seat::Red, Seat::Black];
        let words =
            |seat: Seat, i: Option<usize>| Some(format!("{seat:?}{}", i.map(|i| format!(" {i}")).unwrap_or_default()));
        let s = Scene::empty(Cloth::Table).with_seats(&seats, Some(1), words);
        let edge = |seat| s.edges.iter().find(|e| e.seat == seat).unwrap();
        assert_eq!(s.edges.iter().map(|e| e.seat).collect::<Vec<_>>(), Seat::ALL);
        let black = edge(Seat::Black);
        assert!(black.in_play && black.raised);
        let label = black.label.as_ref().unwrap();
        assert_eq!((label.text.as_str(), label.weight, label.pill), ("▶ Black 1", 800, true));
        let red = edge(Seat::Red);
        assert!(red.in_play && !red.raised);
        assert_eq!(red.label.as_ref().unwrap().text, "Red 0");
        assert!(!edge(Seat::Blue).in_play && !edge(Seat::Yellow).in_play);
        assert_ne!(edge(Seat::Blue).label.as_ref().unwrap().colour, red.label.as_ref().unwrap().colour);

        // An embed marks the seat to move in words only, and labels only who plays.
        let s = Scene::empty(Cloth::Embed).with_seats(&seats, Some(0), |_, i| i.map(|i| i.to_string()));
        let red = &s.edges[0];
        assert!(!red.raised && !red.label.as_ref().unwrap().pill);
        assert_eq!(red.label.as_ref().unwrap().text, "▶ 0");
        assert!(s.edges.iter().filter(|e| !e.in_play).all(|e| e.label.is_none()));
    }
}
