//! What everyone saw of each committed Day of a Season (R40: it all happens in the open),
//! and the pieces each player is therefore known to hold.

use super::piece::{Piece, PieceCounts};
use super::seat::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What every player saw of one Day (all of it happens in the open): the pieces of a
/// dissolved and of a formed Department, the discard, and the piece that went into the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenDay {
    pub player: usize,
    pub dissolved: Option<[Piece; 3]>,
    pub formed: Option<[Piece; 3]>,
    pub discarded: Option<Piece>,
    pub taken: Option<Piece>,
}

impl SeenDay {
    /// `known`, pieces everyone saw enter this player's concealed ones and not leave, after
    /// this Day: a dissolved Department's pieces and the taken piece come in, a formed or
    /// discarded piece leaves. A piece that leaves is taken off the known ones only as far
    /// as it was among them, so what stays known is certainly still held.
    pub fn known_after(&self, mut known: PieceCounts) -> PieceCounts {
        self.dissolved.iter().flatten().for_each(|&p| known.add(p));
        self.formed.iter().flatten().chain(&self.discarded).for_each(|&p| {
            known.remove(p);
        });
        self.taken.iter().for_each(|&p| known.add(p));
        known
    }
}

/// A Season's [`SeenDay`]s, in order, with each player's known pieces
/// ([`SeenDays::known`]) kept up to date as Days are added: folding the whole list on every
/// look made checking every Day quadratic in the Season's length. Saved as the list alone
/// (older saves have none); the known pieces are derived from it again when it is read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeenDays {
    days: Vec<SeenDay>,
    /// Indexed by player; a fixed array, so that cloning a game (as searching bots do
    /// many times) allocates nothing more for it.
    known: [PieceCounts; Seat::ALL.len()],
}

impl SeenDays {
    /// Records one more committed Day.
    pub fn push(&mut self, day: SeenDay) {
        if let Some(known) = self.known.get_mut(day.player) {
            *known = day.known_after(*known);
        }
        self.days.push(day);
    }

    pub fn days(&self) -> &[SeenDay] {
        &self.days
    }

    pub fn is_empty(&self) -> bool {
        self.days.is_empty()
    }

    /// Pieces everyone saw enter `player`'s concealed pieces and not leave, after the
    /// recorded Days ([`SeenDay::known_after`] over the player's Days).
    pub fn known(&self, player: usize) -> PieceCounts {
        self.known.get(player).copied().unwrap_or_default()
    }
}

impl FromIterator<SeenDay> for SeenDays {
    fn from_iter<I: IntoIterator<Item = SeenDay>>(days: I) -> SeenDays {
        let mut seen = SeenDays::default();
        days.into_iter().for_each(|day| seen.push(day));
        seen
    }
}

impl Serialize for SeenDays {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.days.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SeenDays {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SeenDays, D::Error> {
        Ok(Vec::<SeenDay>::deserialize(deserializer)?.into_iter().collect())
    }
}
