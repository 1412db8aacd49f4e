//! R7: who may start a Season and which way play may go. The first Season: anyone, either
//! way. Later Seasons: the players with the fewest points, towards the start player's
//! neighbour with fewer points; either way when the neighbours tie; always clockwise with two
//! players, where the direction does not matter. What is left open is chance's: the engine's
//! own generator ([`crate::Game`]), or a draw every device of a table makes together.

use super::seat::Direction;

/// Who may start a Season and, for each of them, the direction R7 fixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartRule {
    first: bool,
    starts: Vec<usize>,
    /// For each of `starts`, the direction R7 fixes; `None`: either way.
    directions: Vec<Option<Direction>>,
}

impl StartRule {
    /// The first Season of `players`: anyone may start, either way.
    pub fn first_season(players: usize) -> StartRule {
        StartRule { first: true, starts: (0..players).collect(), directions: vec![None; players] }
    }

    /// A later Season, after `scores` (in seat order): the players with the fewest points,
    /// each towards its neighbour with fewer points.
    pub fn after(scores: &[i32]) -> StartRule {
        let n = scores.len();
        let fewest = scores.iter().copied().min().unwrap_or(0);
        let starts: Vec<usize> = (0..n).filter(|&p| scores[p] == fewest).collect();
        let directions = starts
            .iter()
            .map(|&start| {
                let cw = Direction::Clockwise.next(start, n);
                let ccw = Direction::Counterclockwise.next(start, n);
                if n == 2 {
                    Some(Direction::Clockwise)
                } else if scores[cw] != scores[ccw] {
                    Some(if scores[cw] < scores[ccw] { Direction::Clockwise } else { Direction::Counterclockwise })
                } else {
                    None
                }
            })
            .collect();
        StartRule { first: false, starts, directions }
    }

    /// Whether this is the first Season's rule (the engine draws its start another way, so
    /// that records of the first format replay).
    pub(crate) fn is_first(&self) -> bool {
        self.first
    }

    /// The players who may start, in seat order (never empty).
    pub fn starts(&self) -> &[usize] {
        &self.starts
    }

    /// The direction R7 fixes when `start` starts; `None` when either is allowed (or `start`
    /// may not start).
    pub fn direction(&self, start: usize) -> Option<Direction> {
        let i = self.starts.iter().position(|&s| s == start)?;
        self.directions[i]
    }

    /// Whether a Season may open with `start` starting towards `direction`.
    pub fn allows(&self, start: usize, direction: Direction) -> bool {
        self.starts.contains(&start) && self.direction(start).is_none_or(|d| d == direction)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_later_seasons_start_with_the_fewest_points_towards_the_fewer() {
        let rule = StartRule::after(&[10, -3, 4, 2]);
        assert_eq!(rule.starts(), &[1]);
        // Seat 2's neighbours: seat 3 (clockwise, 4 points) and seat 1 (10 points).
        assert_eq!(rule.direction(1), Some(Direction::Clockwise));
        assert!(rule.allows(1, Direction::Clockwise));
        assert!(!rule.allows(1, Direction::Counterclockwise));
        assert!(!rule.allows(0, Direction::Clockwise));
    }

    #[test]
    fn r7_ties_leave_the_start_or_the_direction_to_chance() {
        let rule = StartRule::after(&[0, 5, 0, 5]);
        assert_eq!(rule.starts(), &[0, 2]);
        assert_eq!(rule.direction(0), None);
        assert!(rule.allows(2, Direction::Counterclockwise) && rule.allows(2, Direction::Clockwise));
        let first = StartRule::first_season(3);
        assert_eq!(first.starts(), &[0, 1, 2]);
        assert!(first.is_first() && first.direction(1).is_none());
        assert_eq!(StartRule::after(&[3, 3]).direction(1), Some(Direction::Clockwise));
    }
}
