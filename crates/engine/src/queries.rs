//! What the shell, the tools and the computer players ask of a game, each answered once
//! here rather than re-derived from the rules where it is needed.

use super::day::{Action, Day};
use super::game::{Game, LedgerReason, Status};
use super::piece::Piece;
use super::position::Hand;
use super::scoring::Patterns;

impl Game {
    /// The Day under way as it began, before any of its steps: what taking back every step
    /// leaves (RULES.md, "A Day": a Day may be undone step by step). The start board and
    /// hands are the ones [`Season`](super::game::Season) keeps.
    pub fn day_start(&self) -> Day {
        let (season, day) = (self.season(), self.day());
        Day::begin(day.player, day.number, season.board, season.hands[day.player].clone())
    }

    /// R30: the luminous piece that scores, `None` when the rule is off.
    pub fn scoring_luminous(&self) -> Option<Piece> {
        self.season().luminous.filter(|_| self.options().luminous())
    }

    /// What ending the Day now with `ending` would score: [`Action::Declare`] (R11, R16–R18)
    /// or [`Action::DeclareStalemate`] (R19), the luminous piece included (R30). `None` when
    /// that ending is not allowed now. Applying it credits exactly this.
    pub fn declaration_preview(&self, ending: Action) -> Option<Patterns> {
        if self.status() != Status::Playing {
            return None;
        }
        self.day().declaration(ending, self.scoring_luminous(), self.players())
    }

    /// Everything `player` gained or paid back in Season `season` (its ledger entries: R9
    /// refunds, R15 bonuses, R17–R19 formation scores).
    pub fn season_points(&self, season: u8, player: usize) -> i32 {
        self.ledger_sum(season, player, |_| true)
    }

    /// The Season the game ended in by agreement before that Season had a result (R20):
    /// it has no entry in [`Game::results`], yet its bonuses and refunds count. `None` while the game
    /// goes on, and when it ended with a Season's result.
    pub fn season_without_result(&self) -> Option<u8> {
        let current = self.season().number;
        let over = matches!(self.status(), Status::GameOver { .. });
        (over && self.results().last().is_none_or(|r| r.season < current)).then_some(current)
    }

    /// The set bonuses `player` received in Season `season`, less the refunds paid (R9, R15);
    /// a declarer keeps them (R18).
    pub fn season_bonuses(&self, season: u8, player: usize) -> i32 {
        self.ledger_sum(season, player, |r| matches!(r, LedgerReason::Bonus | LedgerReason::Refund))
    }

    fn ledger_sum(&self, season: u8, player: usize, counts: impl Fn(&LedgerReason) -> bool) -> i32 {
        self.ledger()
            .iter()
            .filter(|e| e.season == season && e.player == player && counts(&e.reason))
            .map(|e| e.points)
            .sum()
    }

    /// `player`'s hand as of now: for the player whose Day it is, the Day's copy with its
    /// steps taken (a Dissolve, a Form, the discard); for the others, their hand as the
    /// Season holds it. `None` for a seat not at the table.
    pub fn hand_now(&self, player: usize) -> Option<&Hand> {
        let day = self.day();
        if day.player == player {
            Some(&day.hand)
        } else {
            self.season().hands.get(player)
        }
    }

    /// Points `player`'s Day under way has received or paid back (a Form's bonus, R10/R15;
    /// a Dissolve's refund, R9) that are not yet in their score: none but for the player
    /// whose Day is being played. Once a Season ends, the declaring Day's steps stay on
    /// record but their points are in the score already (the declarer keeps its bonuses,
    /// R18), so a screen adding them again would count them twice.
    pub fn uncommitted_points(&self, player: usize) -> i32 {
        if self.status() == Status::Playing && self.to_move() == player {
            self.day().pending_points()
        } else {
            0
        }
    }

    /// Whether the table may end the Season by agreement now: while it is played, between
    /// Days (no step of the Day under way taken, since nothing of a Day is final until it is
    /// committed).
    pub fn may_end_season_by_agreement(&self) -> bool {
        self.between_days()
    }

    /// Whether the Season is being played and no step of the Day under way is taken: a
    /// position between Days, which a link or a lesson can start from.
    pub fn between_days(&self) -> bool {
        self.status() == Status::Playing && self.day().steps.is_empty()
    }

    /// Whether the table may end the game by agreement now (R20): between Days, or after a
    /// Season.
    pub fn may_end_game_by_agreement(&self) -> bool {
        self.status() == Status::SeasonOver || self.may_end_season_by_agreement()
    }
}
