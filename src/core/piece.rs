//! Colours and piece types.

use std::fmt;
use std::ops::Not;

use super::square::{simple_enum, Rank, Square};

simple_enum!(
    /// A side: White moves first.
    Color, 2, [White, Black]
);
simple_enum!(
    /// A piece type, without colour. Ordered by the usual value, king last.
    Piece, 6, [Pawn, Knight, Bishop, Rook, Queen, King]
);

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl Color {
    /// A rank as this side sees it: `relative_rank(Rank::First)` is this side's back rank.
    #[inline]
    pub const fn relative_rank(self, rank: Rank) -> Rank {
        // Rank `r` seen from Black's side is `7 − r`, which for `r` in 0..8 is `r ^ 7`: one
        // xor with 0 or 7, no branch (the evaluation asks this for every pawn and rook).
        Rank::index_const(rank as usize ^ (7 * self as usize))
    }
    /// A square as this side sees it: itself for White, mirrored top to bottom for Black (the
    /// square whose entry a table written from White's side holds for this side's piece).
    #[inline]
    pub const fn relative_square(self, sq: Square) -> Square {
        // Mirroring the rank flips the three rank bits: an xor with 0 or 56, no branch (the
        // evaluation asks this for every piece on the board).
        Square::index_const(sq as usize ^ (56 * self as usize))
    }
    /// `+1` for White, `-1` for Black: turns a White-positive score into this side's view.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// `'w'` or `'b'`, as in FEN.
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl Piece {
    /// What a pawn may promote to, in the order the move generator lists them (the queen
    /// first, then the knight, the one under-promotion that is often best).
    pub const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Knight, Piece::Rook, Piece::Bishop];

    /// The name in lower case (`pawn` .. `king`).
    pub const fn name(self) -> &'static str {
        ["pawn", "knight", "bishop", "rook", "queen", "king"][self as usize]
    }
    /// Lower-case letter (`p n b r q k`).
    pub const fn to_char(self) -> char {
        ['p', 'n', 'b', 'r', 'q', 'k'][self as usize]
    }
    /// The letter in `color`'s case, as in FEN (upper case for White).
    pub const fn to_fen_char(self, color: Color) -> char {
        let c = self.to_char();
        match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    /// The piece (case-insensitive) named by a letter.
    pub fn from_char(c: char) -> Option<Self> {
        match c.to_ascii_lowercase() {
            'p' => Some(Piece::Pawn),
            'n' => Some(Piece::Knight),
            'b' => Some(Piece::Bishop),
            'r' => Some(Piece::Rook),
            'q' => Some(Piece::Queen),
            'k' => Some(Piece::King),
            _ => None,
        }
    }
    /// The piece and colour of a FEN letter (upper case is White).
    pub fn from_fen_char(c: char) -> Option<(Piece, Color)> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Piece::from_char(c).map(|p| (p, color))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::Pawn => "pawn",
            Piece::Knight => "knight",
            Piece::Bishop => "bishop",
            Piece::Rook => "rook",
            Piece::Queen => "queen",
            Piece::King => "king",
        })
    }
}
