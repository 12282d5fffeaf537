//! Castling rights (standard chess: king on the e-file, rooks on the a- and h-files).

use std::fmt;

use super::bitboard::Bitboard;
use super::piece::Color;
use super::square::Square;

/// A castling side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    King,
    /// Towards the a-file (O-O-O).
    Queen,
}

/// The squares involved in one castling move.
#[derive(Clone, Copy, Debug)]
pub struct CastleGeometry {
    /// The king's start square.
    pub king_from: Square,
    /// The king's destination.
    pub king_to: Square,
    /// The rook's start square.
    pub rook_from: Square,
    /// The rook's destination.
    pub rook_to: Square,
    /// Squares that must be empty (between king and rook).
    pub empty: Bitboard,
    /// Squares the king passes over or lands on, which must not be attacked.
    pub safe: Bitboard,
}

const fn bb(squares: &[Square]) -> Bitboard {
    let mut bits = 0;
    let mut i = 0;
    while i < squares.len() {
        bits |= 1u64 << squares[i] as u8;
        i += 1;
    }
    Bitboard(bits)
}

/// Castling geometry indexed `[colour][side]` (side 0 = king side).
pub const CASTLES: [[CastleGeometry; 2]; 2] = {
    use Square::*;
    [
        [
            CastleGeometry {
                king_from: E1,
                king_to: G1,
                rook_from: H1,
                rook_to: F1,
                empty: bb(&[F1, G1]),
                safe: bb(&[F1, G1]),
            },
            CastleGeometry {
                king_from: E1,
                king_to: C1,
                rook_from: A1,
                rook_to: D1,
                empty: bb(&[B1, C1, D1]),
                safe: bb(&[D1, C1]),
            },
        ],
        [
            CastleGeometry {
                king_from: E8,
                king_to: G8,
                rook_from: H8,
                rook_to: F8,
                empty: bb(&[F8, G8]),
                safe: bb(&[F8, G8]),
            },
            CastleGeometry {
                king_from: E8,
                king_to: C8,
                rook_from: A8,
                rook_to: D8,
                empty: bb(&[B8, C8, D8]),
                safe: bb(&[D8, C8]),
            },
        ],
    ]
};

/// Which of the four castling rights remain, as a 4-bit set: bit 0 White king side (`K`),
/// bit 1 White queen side (`Q`), bit 2 Black king side (`k`), bit 3 Black queen side (`q`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The single right for `color` on `side`.
    #[inline]
    pub const fn single(color: Color, side: CastleSide) -> CastlingRights {
        CastlingRights(1 << (2 * color as u8 + side as u8))
    }
    /// Whether `color` may still castle on `side`.
    #[inline(always)]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & Self::single(color, side).0 != 0
    }
    /// Whether `color` has any castling right left.
    #[inline(always)]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 >> (2 * color as u8) & 3 != 0
    }
    /// These rights plus `other`.
    #[inline]
    pub const fn with(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }
    /// The rights that survive a move touching `from` and `to` (a king or rook leaving its
    /// square, or a rook being captured on its square, removes the matching rights).
    #[inline(always)]
    pub const fn after_move(self, from: Square, to: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP[from as usize] & KEEP[to as usize])
    }
    /// The 4-bit set, 0..16 (used to index Zobrist keys).
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// The rights with colours swapped (for mirroring a position).
    pub const fn swap_colors(self) -> CastlingRights {
        CastlingRights((self.0 & 3) << 2 | self.0 >> 2)
    }
}

/// For each square, the rights that survive a move from or to it.
const KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[Square::E1 as usize] = 15 & !3;
    keep[Square::H1 as usize] = 15 & !1;
    keep[Square::A1 as usize] = 15 & !2;
    keep[Square::E8 as usize] = 15 & !12;
    keep[Square::H8 as usize] = 15 & !4;
    keep[Square::A8 as usize] = 15 & !8;
    keep
};

/// FEN notation: `KQkq`, a subset of it, or `-`.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (bit, c) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if self.0 >> bit & 1 != 0 {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}
