//! Castling: the rights (a 4-bit set), the castling rooks' squares, and the geometry of a
//! castling move, for standard chess and Chess960 alike.
//!
//! # One rule for both games
//!
//! A castling right belongs to a king and one rook of its colour on their back rank. In
//! standard chess the king starts on e1/e8 and the rooks on the a- and h-files; in Chess960
//! the king starts anywhere between its two rooks. Either way, castling puts the king on the
//! g-file (king side, `O-O`) or the c-file (queen side, `O-O-O`) and the rook beside it on the
//! f- or d-file. It is legal when every square the king and the rook travel over or land on
//! is empty except for the two castling pieces, and no square the king stands on, crosses or
//! lands on is attacked (the attack test is made with both castling pieces lifted off the
//! board, so a rook that shields its own king's destination along the rank does not count as
//! a shield — the Chess960 case Stockfish calls out, with an enemy queen on a1 behind a
//! castling rook on b1).
//!
//! # Representation
//!
//! Inside the core a castling move is **king takes own rook** (`from` = the king's square,
//! `to` = the rook's square): unambiguous in every Chess960 set-up, including a king that
//! already stands on its destination. [`CastlingRooks`] records which rook each right belongs
//! to; the rights themselves stay a 4-bit set, so standard chess hashes exactly as before and
//! a Chess960 right on a non-standard file adds one more Zobrist key (see
//! [`super::zobrist::castling_hash`]).

use std::fmt;

use super::bitboard::Bitboard;
use super::piece::Color;
use super::square::{File, Rank, Square};

/// A castling side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file (O-O): the king ends on the g-file, the rook on the f-file.
    King,
    /// Towards the a-file (O-O-O): the king ends on the c-file, the rook on the d-file.
    Queen,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];
}

/// Where the king lands when `color` castles on `side` (g1, c1, g8, c8).
#[inline(always)]
pub const fn king_destination(color: Color, side: CastleSide) -> Square {
    let file = match side {
        CastleSide::King => File::G,
        CastleSide::Queen => File::C,
    };
    Square::new(file, color.relative_rank(Rank::First))
}

/// Where the rook lands when `color` castles on `side` (f1, d1, f8, d8).
#[inline(always)]
pub const fn rook_destination(color: Color, side: CastleSide) -> Square {
    let file = match side {
        CastleSide::King => File::F,
        CastleSide::Queen => File::D,
    };
    Square::new(file, color.relative_rank(Rank::First))
}

/// The squares one castling move needs, for the king on `king` and its castling rook on
/// `rook` (both on `color`'s back rank): `(must_be_empty, king_path)`. `must_be_empty` is
/// every square the king or the rook crosses or lands on, less the two pieces' own squares;
/// `king_path` is every square the king crosses or lands on except its start (which "not in
/// check" covers), and always its destination, even when that is where the king stands.
/// Looked up in a table built at compile time.
#[inline(always)]
pub fn castle_squares(
    king: Square,
    rook: Square,
    color: Color,
    side: CastleSide,
) -> (Bitboard, Bitboard) {
    let (empty, path) = CASTLE_SQUARES[side as usize][king.file() as usize][rook.file() as usize];
    let shift = 56 * color as u32;
    (Bitboard(empty << shift), Bitboard(path << shift))
}

/// `castle_squares` of the standard set-up (king on e1/e8, rooks on the a- and h-files),
/// indexed `[colour][side]`: constants, for the common case.
pub const STANDARD_CASTLE_SQUARES: [[(Bitboard, Bitboard); 2]; 2] = {
    let mut table = [[(Bitboard(0), Bitboard(0)); 2]; 2];
    let mut color = 0;
    while color < 2 {
        let mut side = 0;
        while side < 2 {
            let rook = if side == 0 { 7 } else { 0 };
            let (king_to, rook_to) = if side == 0 { (6, 5) } else { (2, 3) };
            let pieces = (1u64 << 4) | (1u64 << rook);
            let empty = (span(4, king_to) | span(rook, rook_to)) & !pieces;
            let path = span(4, king_to) & !(1u64 << 4);
            let shift = 56 * color;
            table[color][side] = (Bitboard(empty << shift), Bitboard(path << shift));
            side += 1;
        }
        color += 1;
    }
    table
};

/// Squares from file `a` to file `b` on the first rank, both included.
const fn span(a: usize, b: usize) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1)
}

/// `(must_be_empty, king_path)` on the first rank, by side, king file and rook file.
static CASTLE_SQUARES: [[[(u64, u64); 8]; 8]; 2] = {
    let mut table = [[[(0, 0); 8]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let (king_to, rook_to) = if side == 0 { (6, 5) } else { (2, 3) };
        let mut k = 0;
        while k < 8 {
            let mut r = 0;
            while r < 8 {
                let pieces = (1u64 << k) | (1u64 << r);
                let empty = (span(k, king_to) | span(r, rook_to)) & !pieces;
                // The squares the king crosses and its destination, which stays on the path
                // even when the king already stands there: the rook it lifts may have been
                // the only shield (queen a8, rook b8, king c8, castling O-O-O).
                let path = (span(k, king_to) & !(1u64 << k)) | (1u64 << king_to);
                table[side][k][r] = (empty, path);
                r += 1;
            }
            k += 1;
        }
        side += 1;
    }
    table
};

/// The square of the rook each castling right belongs to, indexed like the bits of
/// [`CastlingRights`] (White king side, White queen side, Black king side, Black queen side).
/// Meaningful only for the rights that are present.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CastlingRooks([Square; 4]);

impl CastlingRooks {
    /// The standard-chess rooks: h1, a1, h8, a8.
    pub const STANDARD: CastlingRooks =
        CastlingRooks([Square::H1, Square::A1, Square::H8, Square::A8]);

    /// The rook square of `color`'s right on `side`.
    #[inline(always)]
    pub const fn square(self, color: Color, side: CastleSide) -> Square {
        self.0[2 * color as usize + side as usize]
    }
    /// Sets the rook square of `color`'s right on `side`.
    pub(crate) fn set(&mut self, color: Color, side: CastleSide, sq: Square) {
        self.0[2 * color as usize + side as usize] = sq;
    }
    /// The rook squares with colours swapped and the board mirrored top to bottom.
    pub const fn swap_colors(self) -> CastlingRooks {
        let s = self.0;
        CastlingRooks([
            s[2].flip_rank(),
            s[3].flip_rank(),
            s[0].flip_rank(),
            s[1].flip_rank(),
        ])
    }
    /// The squares with those of rights not in `rights` reset to the standard ones, so that
    /// boards equal in every right and rook compare equal however they were reached.
    #[inline]
    pub fn normalized(self, rights: CastlingRights) -> CastlingRooks {
        let mut squares = self.0;
        for (i, sq) in squares.iter_mut().enumerate() {
            if rights.bits() >> i & 1 == 0 {
                *sq = Self::STANDARD.0[i];
            }
        }
        CastlingRooks(squares)
    }
    /// Whether these are the standard rooks (one 4-byte comparison).
    #[inline(always)]
    pub fn is_standard(&self) -> bool {
        u32::from_le_bytes(self.0.map(|sq| sq as u8))
            == u32::from_le_bytes(Self::STANDARD.0.map(|sq| sq as u8))
    }
    /// The four squares, in right-bit order.
    #[inline(always)]
    pub(crate) const fn squares(self) -> [Square; 4] {
        self.0
    }
}

impl fmt::Debug for CastlingRooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "CastlingRooks({a} {b} {c} {d})")
    }
}

/// Which of the four castling rights remain, as a 4-bit set: bit 0 White king side (`K`),
/// bit 1 White queen side (`Q`), bit 2 Black king side (`k`), bit 3 Black queen side (`q`).
/// Which rook a right belongs to is kept beside it in [`CastlingRooks`].
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
    /// The rights that survive a move by `color` from `from` to `to`: a king move loses both
    /// of the mover's rights, and a rook leaving its castling square, or being captured there,
    /// loses that rook's right. (The standard rooks take a table lookup; Chess960's the four
    /// squares compared.)
    #[inline(always)]
    pub fn after_move(
        self,
        color: Color,
        king_moved: bool,
        from: Square,
        to: Square,
        rooks: &CastlingRooks,
    ) -> CastlingRights {
        let mut bits = self.0 & !((3 * king_moved as u8) << (2 * color as u8));
        if rooks.is_standard() {
            bits &= KEEP_STANDARD[from as usize] & KEEP_STANDARD[to as usize];
        } else {
            for (i, sq) in rooks.0.iter().enumerate() {
                if *sq == from || *sq == to {
                    bits &= !(1 << i);
                }
            }
        }
        CastlingRights(bits)
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

/// For each square, the rights that survive a move from or to it when the castling rooks
/// are the standard ones (h1, a1, h8, a8).
const KEEP_STANDARD: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[Square::H1 as usize] = 15 & !1;
    keep[Square::A1 as usize] = 15 & !2;
    keep[Square::H8 as usize] = 15 & !4;
    keep[Square::A8 as usize] = 15 & !8;
    keep
};

/// The set as `KQkq` letters (a subset of it, or `-`); which rook each right belongs to is
/// not shown — a FEN's castling field is written by [`crate::core::Board::to_fen`].
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
