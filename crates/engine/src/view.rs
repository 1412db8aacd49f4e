//! What one seat may see (R40): the board, every revealed Department, every score, the
//! luminous piece, how many pieces each hand holds, and its own concealed pieces — never
//! another hand's concealed pieces, the pool, or the deals chance recorded.
//!
//! A view borrows the game and exposes only those, so computer players and the
//! pass-and-play screens cannot reach hidden information by accident.

use super::day::{Day, Step};
use super::game::{Game, GameOptions, HireRecord, LedgerEntry, Season, SeasonResult, Status};
use super::piece::{Piece, PieceCounts, PlayerCount};
use super::position::{Board, Department, Hand};
use super::seat::{Direction, Seat};
use super::seen::SeenDay;
use rand::seq::SliceRandom;
use rand::Rng;

#[derive(Clone, Copy)]
pub struct PlayerView<'a> {
    game: &'a Game,
    seat: usize,
}

impl Game {
    /// The view of player `seat` (0-based, in seat order); `None` for a seat not in the game.
    pub fn view(&self, seat: usize) -> Option<PlayerView<'_>> {
        (seat < self.scores().len()).then_some(PlayerView { game: self, seat })
    }
}

impl<'a> PlayerView<'a> {
    /// Whose view this is.
    pub fn me(&self) -> usize {
        self.seat
    }
    pub fn seats(&self) -> &'a [Seat] {
        self.game.options().seats()
    }
    pub fn players(&self) -> PlayerCount {
        self.game.players()
    }
    pub fn luminous_rule(&self) -> bool {
        self.game.options().luminous()
    }
    pub fn status(&self) -> Status {
        self.game.status()
    }
    pub fn scores(&self) -> &'a [i32] {
        self.game.scores()
    }
    pub fn ledger(&self) -> &'a [LedgerEntry] {
        self.game.ledger()
    }
    pub fn results(&self) -> &'a [SeasonResult] {
        self.game.results()
    }
    pub fn season_number(&self) -> u8 {
        self.game.season().number
    }
    pub fn start_player(&self) -> usize {
        self.game.season().start_player
    }
    pub fn direction(&self) -> Direction {
        self.game.season().direction
    }
    pub fn to_move(&self) -> usize {
        self.game.to_move()
    }
    pub fn day_number(&self) -> u32 {
        self.game.day().number
    }
    pub fn luminous(&self) -> Option<Piece> {
        self.game.season().luminous
    }
    /// R30: the luminous piece that scores ([`Game::scoring_luminous`]).
    pub fn scoring_luminous(&self) -> Option<Piece> {
        self.game.scoring_luminous()
    }
    /// Face-down pieces out of play: their number only.
    pub fn pool_count(&self) -> usize {
        self.game.season().pool.total()
    }
    /// The board as everyone sees it, including this Day's discard.
    pub fn board(&self) -> Board {
        self.game.day().board
    }
    /// The steps of the Day under way; all of them happen in the open.
    pub fn day_steps(&self) -> &'a [Step] {
        &self.game.day().steps
    }
    pub fn last_hire(&self) -> Option<HireRecord> {
        self.game.season().last_hire
    }

    /// The revealed Departments of `player`, as of now (none for a seat not at the table).
    pub fn departments(&self, player: usize) -> &'a [Department] {
        self.game.hand_now(player).map_or(&[], |h| &h.departments)
    }
    /// How many concealed pieces `player` holds.
    pub fn concealed_count(&self, player: usize) -> usize {
        self.game.hand_now(player).map_or(0, |h| h.concealed.total())
    }
    /// What everyone saw of this Season's committed Days.
    pub fn seen_days(&self) -> &'a [SeenDay] {
        self.game.season().seen.days()
    }
    /// Pieces among `player`'s concealed ones that everyone saw them take this Season and
    /// not seen leave since ([`Season::known`]), as of now.
    pub fn known_concealed(&self, player: usize) -> PieceCounts {
        let season = self.game.season();
        let known = season.known(player);
        let day = self.game.day();
        match season.hands.get(player) {
            Some(start) if day.player == player => day.seen(start).known_after(known),
            _ => known,
        }
    }
    /// This seat's own concealed pieces.
    pub fn my_concealed(&self) -> PieceCounts {
        self.game.hand_now(self.seat).map(|h| h.concealed).unwrap_or_default()
    }
    /// The Day under way when it is this seat's, with what the engine offers.
    pub fn my_day(&self) -> Option<&'a Day> {
        (self.game.status() == Status::Playing && self.game.to_move() == self.seat).then(|| self.game.day())
    }
    /// Every piece this seat cannot see: the others' concealed pieces and the pool.
    pub fn unseen(&self) -> PieceCounts {
        let mut unseen = PieceCounts::full_set(self.players());
        let mut seen = self.board().pieces();
        seen.add_all(&self.my_concealed());
        for p in 0..self.scores().len() {
            self.departments(p).iter().flat_map(|d| d.pieces).for_each(|x| seen.add(x));
        }
        if let Some(l) = self.luminous() {
            seen.add(l);
        }
        unseen.remove_all(&seen);
        unseen
    }

    /// A whole game consistent with this view (determinization, for computer players that
    /// search): everything the view shows is kept, and the pieces it cannot see
    /// ([`Self::unseen`]) are dealt at random to the other hands' concealed counts and to the
    /// pool, except that each hand keeps the pieces it was seen to take
    /// ([`Self::known_concealed`]). The game holds no generator: whoever plays it on passes
    /// the entropy for its throws and deals (a playout, its own). It depends only on the
    /// view and `rng`, never on the hidden pieces.
    ///
    /// The Day under way is rebuilt with the same steps from its start, recovered by taking
    /// them back. The sampled game's log is empty: it is a hypothetical position, not a
    /// record that replays.
    pub fn sample_game(&self, rng: &mut impl Rng) -> Game {
        self.sample_game_weighted(rng, 1, |_, _| 1.0)
    }

    /// [`Self::sample_game`] with a model of the other hands: each is chosen among
    /// `proposals` random draws of its unseen pieces (the hands are dealt in seat order),
    /// in proportion to `weight(player, concealed pieces)`. It depends only on the view, `rng`
    /// and `weight`.
    pub fn sample_game_weighted(
        &self,
        rng: &mut impl Rng,
        proposals: usize,
        mut weight: impl FnMut(usize, &PieceCounts) -> f64,
    ) -> Game {
        let players = self.players();
        let n = self.scores().len();
        let mut unseen = self.unseen();
        let known: Vec<PieceCounts> = (0..n).map(|p| self.known_concealed(p)).collect();
        (0..n).filter(|&p| p != self.seat).for_each(|p| unseen.remove_all(&known[p]));
        let mut deck: Vec<Piece> = unseen.pieces().collect();
        let mut hands: Vec<Hand> =
            (0..n).map(|p| Hand { concealed: known[p], departments: self.departments(p).to_vec() }).collect();
        hands[self.seat].concealed = self.my_concealed();
        for (p, hand) in hands.iter_mut().enumerate().filter(|(p, _)| *p != self.seat) {
            let missing = self.concealed_count(p).saturating_sub(known[p].total()).min(deck.len());
            let draws: Vec<PieceCounts> = (0..proposals.max(1))
                .map(|_| {
                    deck.shuffle(rng);
                    let mut concealed = known[p];
                    deck[..missing].iter().for_each(|&x| concealed.add(x));
                    concealed
                })
                .collect();
            let chosen = if draws.len() == 1 { 0 } else { pick_weighted(rng, draws.iter().map(|d| weight(p, d))) };
            hand.concealed = draws[chosen];
            let mut dealt = draws[chosen];
            dealt.remove_all(&known[p]);
            deck.retain(|&x| !dealt.remove(x));
        }
        let pool: PieceCounts = deck.into_iter().collect();

        // Take the Day's steps back to find its start; the Departments it began with were
        // all revealed then.
        let mover = self.to_move();
        let departments = self.game.season().hands.get(mover).map(|h| h.departments.clone()).unwrap_or_default();
        let (board, start) = self.game.day().rewound(hands[mover].concealed, &departments);
        let day = Day::begin(mover, self.day_number(), board, start.clone()).retaken(self.day_steps(), players);
        hands[mover] = start;

        let season = Season {
            number: self.season_number(),
            board,
            hands,
            pool,
            luminous: self.luminous(),
            start_player: self.start_player(),
            direction: self.direction(),
            day,
            last_hire: self.last_hire(),
            seen: self.game.season().seen.clone(),
        };
        let options = GameOptions::new(self.seats().to_vec(), self.luminous_rule()).expect("the game's own seats");
        Game::from_parts(
            options,
            self.scores().to_vec(),
            self.ledger().to_vec(),
            self.results().to_vec(),
            season,
            self.status(),
        )
    }
}

/// An index drawn in proportion to `weights` (the first when they are not usable weights).
fn pick_weighted(rng: &mut impl Rng, weights: impl Iterator<Item = f64>) -> usize {
    let weights: Vec<f64> = weights.map(|w| if w.is_finite() { w.max(0.0) } else { 0.0 }).collect();
    let total: f64 = weights.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return 0;
    }
    let mut left = rng.random::<f64>() * total;
    weights
        .iter()
        .position(|&w| {
            left -= w;
            left < 0.0
        })
        .unwrap_or(weights.len() - 1)
}

/// The Day under way as it began, which [`PlayerView::day_steps`] continue from: everyone
/// saw it then, and a seat's view ([`super::seat_view::SeatView`]) is rebuilt from it by
/// replaying the steps through the engine.
impl<'a> PlayerView<'a> {
    /// Who plays and whether the luminous rule is on.
    pub fn options(&self) -> &'a GameOptions {
        self.game.options()
    }
    /// The board as the Day under way began, before its discard.
    pub fn day_start_board(&self) -> Board {
        self.game.season().board
    }
    /// The revealed Departments of `player` as the Day under way began.
    pub fn day_start_departments(&self, player: usize) -> &'a [Department] {
        self.game.season().hands.get(player).map_or(&[], |h| &h.departments)
    }
    /// How many concealed pieces `player` held as the Day under way began.
    pub fn day_start_concealed_count(&self, player: usize) -> usize {
        self.game.season().hands.get(player).map_or(0, |h| h.concealed.total())
    }
    /// This seat's own concealed pieces as the Day under way began.
    pub fn my_day_start_concealed(&self) -> PieceCounts {
        self.game.season().hands[self.seat].concealed
    }
}
