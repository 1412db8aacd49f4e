//! Every piece copy of a Season as a public group element (R1, R3).
//!
//! Each copy, not each kind, gets its own element: two copies of one kind as the same element
//! would stay equal through every device's masking, and anyone could see which positions of
//! the shuffled list hold the same kind. The elements are hashed to ristretto255, so no one
//! knows a relation between any two of them.

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use lauzait_engine::{Piece, PieceCounts, PlayerCount};
use sha2::Sha512;
use std::collections::HashMap;

/// The Season's piece copies, in the engine's order (kind by kind), each with its element.
#[derive(Clone, Debug)]
pub struct PieceCopies {
    pieces: Vec<Piece>,
    points: Vec<RistrettoPoint>,
    by_point: HashMap<[u8; 32], usize>,
}

impl PieceCopies {
    pub fn new(players: PlayerCount) -> PieceCopies {
        let full_set = PieceCounts::full_set(players);
        let mut pieces = Vec::with_capacity(full_set.total());
        let mut points = Vec::with_capacity(full_set.total());
        for piece in full_set.kinds() {
            for copy in 0..full_set.get(piece) {
                pieces.push(piece);
                points.push(copy_point(piece, copy));
            }
        }
        let by_point = points.iter().enumerate().map(|(i, p)| (p.compress().to_bytes(), i)).collect();
        PieceCopies { pieces, points, by_point }
    }

    /// The elements, copy by copy: the list the first device shuffles.
    pub fn points(&self) -> &[RistrettoPoint] {
        &self.points
    }

    /// The copy an element stands for, if it is one.
    pub fn copy_of(&self, point: &CompressedRistretto) -> Option<usize> {
        self.by_point.get(point.as_bytes()).copied()
    }

    /// The piece of copy `copy`.
    pub fn piece(&self, copy: usize) -> Option<Piece> {
        self.pieces.get(copy).copied()
    }

    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }
}

/// Copy `copy` of `piece`'s element: the same in every deal (it is public; the masking keys
/// are what each deal draws afresh).
fn copy_point(piece: Piece, copy: u8) -> RistrettoPoint {
    let mut input = b"lauzait-joint-deal/piece-copy/v1".to_vec();
    input.extend([piece.index() as u8, copy]);
    RistrettoPoint::hash_from_bytes::<Sha512>(&input)
}
