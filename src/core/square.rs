//! Files, ranks and squares.

use std::fmt;
use std::str::FromStr;

macro_rules! simple_enum {
    ($(#[$meta:meta])* $name:ident, $count:expr, [$($variant:ident),* $(,)?]) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)] // the variant names are the documentation (A1, Knight, ...)
        pub enum $name { $($variant),* }

        impl $name {
            /// Every value, in index order.
            pub const ALL: [$name; $count] = [$($name::$variant),*];
            /// Number of values.
            pub const COUNT: usize = $count;

            /// The value with index `i`, if `i` is in range.
            #[inline]
            pub const fn try_index(i: usize) -> Option<Self> {
                if i < $count { Some(Self::index_const(i)) } else { None }
            }

            /// The value with index `i`; panics if `i` is out of range.
            ///
            /// A conversion, not a lookup in [`Self::ALL`]: on the move generator's paths (a
            /// move's squares, a bitboard's squares) a table load would add its latency to
            /// every dependent load, and where `i` is masked into range the check folds away.
            #[inline(always)]
            pub const fn index_const(i: usize) -> Self {
                assert!(i < $count, "index out of range");
                // SAFETY: this macro declares the type `repr(u8)` with no explicit
                // discriminants, so its variants are 0, 1, ... in order; `ALL: [Self; $count]`
                // lists every variant, so there are exactly `$count` of them (≤ 64 here);
                // `i < $count` was checked just above, so `i as u8` is a variant's value.
                unsafe { std::mem::transmute::<u8, Self>(i as u8) }
            }

            /// This value's index.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}
pub(crate) use simple_enum;

simple_enum!(
    /// A file (column), a to h.
    File, 8, [A, B, C, D, E, F, G, H]
);
simple_enum!(
    /// A rank (row), 1 to 8 (variants `First`..`Eighth`).
    Rank, 8, [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);
simple_enum!(
    /// A square, a1 = 0 … h8 = 63 (little-endian rank-file mapping).
    Square, 64, [
        A1, B1, C1, D1, E1, F1, G1, H1,
        A2, B2, C2, D2, E2, F2, G2, H2,
        A3, B3, C3, D3, E3, F3, G3, H3,
        A4, B4, C4, D4, E4, F4, G4, H4,
        A5, B5, C5, D5, E5, F5, G5, H5,
        A6, B6, C6, D6, E6, F6, G6, H6,
        A7, B7, C7, D7, E7, F7, G7, H7,
        A8, B8, C8, D8, E8, F8, G8, H8,
    ]
);

impl File {
    /// The file's letter, `'a'..='h'`.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }
    /// The file named by `c` (`'a'..='h'`).
    pub fn from_char(c: char) -> Option<Self> {
        let i = (c as u32).wrapping_sub('a' as u32) as usize;
        Self::try_index(i)
    }
}

impl Rank {
    /// The rank's digit, `'1'..='8'`.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }
    /// The rank named by `c` (`'1'..='8'`).
    pub fn from_char(c: char) -> Option<Self> {
        let i = (c as u32).wrapping_sub('1' as u32) as usize;
        Self::try_index(i)
    }
    /// The same rank seen from Black's side (rank 1 ↔ rank 8).
    pub const fn flip(self) -> Self {
        Self::index_const(7 - self as usize)
    }
}

impl Square {
    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Self {
        Self::index_const(rank as usize * 8 + file as usize)
    }
    /// This square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::index_const(self as usize & 7)
    }
    /// This square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::index_const(self as usize >> 3)
    }
    /// The square mirrored top to bottom (a1 ↔ a8): the same square from Black's side.
    #[inline]
    pub const fn flip_rank(self) -> Self {
        Self::index_const(self as usize ^ 56)
    }
    /// The square mirrored left to right (a1 ↔ h1).
    #[inline]
    pub const fn flip_file(self) -> Self {
        Self::index_const(self as usize ^ 7)
    }
    /// The square `delta` indices away; `None` if off the board (no file wrap check).
    #[inline]
    pub const fn offset(self, delta: i8) -> Option<Self> {
        let i = self as i16 + delta as i16;
        if i >= 0 && i < 64 {
            Some(Self::index_const(i as usize))
        } else {
            None
        }
    }
    /// The number of files between this square and `other` (0 on the same file).
    #[inline]
    pub const fn file_distance(self, other: Square) -> u32 {
        (self.file() as i32 - other.file() as i32).unsigned_abs()
    }
    /// The number of ranks between this square and `other` (0 on the same rank).
    #[inline]
    pub const fn rank_distance(self, other: Square) -> u32 {
        (self.rank() as i32 - other.rank() as i32).unsigned_abs()
    }
    /// The king distance to `other`: how many king moves apart the squares are (the larger of
    /// the file and rank distances).
    #[inline]
    pub fn distance(self, other: Square) -> u32 {
        self.file_distance(other).max(self.rank_distance(other))
    }
    /// The square `delta` indices away, for callers that know it is on the board.
    #[inline]
    pub(crate) const fn shift(self, delta: i8) -> Self {
        Self::index_const((self as i8 + delta) as usize)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

/// The error for a string that does not name a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (expected a1..h8)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::new(f, r)),
                _ => Err(ParseSquareError(s.to_string())),
            },
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::{Color, Piece};

    /// `index_const` converts rather than looks up: each enum's index maps back to the value
    /// listed at that place of `ALL`, and the geometry built on it agrees with plain
    /// arithmetic on the index.
    #[test]
    fn index_conversions_agree_with_the_value_lists() {
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            assert_eq!(Square::index_const(i), sq);
            assert_eq!(Square::try_index(i), Some(sq));
            assert_eq!(sq.file().index(), i % 8);
            assert_eq!(sq.rank().index(), i / 8);
            assert_eq!(sq.flip_rank().index(), (7 - i / 8) * 8 + i % 8);
            assert_eq!(sq.flip_file().index(), i / 8 * 8 + 7 - i % 8);
            assert_eq!(
                sq.offset(8).map(Square::index),
                (i + 8 < 64).then_some(i + 8)
            );
        }
        for (i, file) in File::ALL.into_iter().enumerate() {
            assert_eq!(File::index_const(i), file);
        }
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            assert_eq!(Rank::index_const(i), rank);
            assert_eq!(rank.flip().index(), 7 - i);
        }
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            assert_eq!(Piece::index_const(i), piece);
        }
        for (i, color) in Color::ALL.into_iter().enumerate() {
            assert_eq!(Color::index_const(i), color);
        }
        assert_eq!(Square::try_index(64), None);
        assert_eq!(Piece::try_index(6), None);
        assert_eq!(Color::try_index(2), None);
    }

    #[test]
    fn distances_count_files_ranks_and_king_moves() {
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(Square::E4.distance(Square::E4), 0);
        assert_eq!(Square::B2.file_distance(Square::G4), 5);
        assert_eq!(Square::B2.rank_distance(Square::G4), 2);
        assert_eq!(Square::B2.distance(Square::G4), 5);
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(a.distance(b), b.distance(a));
                let df = (a.file().index() as i32 - b.file().index() as i32).abs();
                let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
                assert_eq!(a.distance(b) as i32, df.max(dr));
            }
        }
    }

    #[test]
    fn relative_squares_and_ranks_mirror_for_black() {
        assert_eq!(Color::White.relative_square(Square::G1), Square::G1);
        assert_eq!(Color::Black.relative_square(Square::G8), Square::G1);
        assert_eq!(Color::Black.relative_rank(Square::E7.rank()), Rank::Second);
        for rank in Rank::ALL {
            assert_eq!(Color::White.relative_rank(rank), rank);
            assert_eq!(Color::Black.relative_rank(rank), rank.flip());
        }
        for sq in Square::ALL {
            assert_eq!(Color::White.relative_square(sq), sq);
            assert_eq!(Color::Black.relative_square(sq), sq.flip_rank());
            let black = Color::Black.relative_square(sq);
            assert_eq!(black.rank(), Color::Black.relative_rank(sq.rank()));
            assert_eq!(black.file(), sq.file());
        }
    }

    #[test]
    #[should_panic(expected = "index out of range")]
    fn an_index_out_of_range_panics() {
        let _ = Square::index_const(std::hint::black_box(64));
    }
}
