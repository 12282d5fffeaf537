//! `Bitboard`: a set of squares in one `u64`, bit `i` standing for square `i` (a1 = bit 0).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::piece::Color;
use super::square::{File, Rank, Square};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// The light squares (h1 is light, a1 dark).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The dark squares.
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Self {
        Bitboard(1u64 << sq as u8)
    }
    /// The set of the listed squares (a const constructor for fixed masks).
    pub const fn from_squares<const N: usize>(list: [Square; N]) -> Self {
        let mut bits = 0u64;
        let mut i = 0;
        while i < N {
            bits |= 1u64 << list[i] as u8;
            i += 1;
        }
        Bitboard(bits)
    }
    /// Every square of `file`.
    #[inline]
    pub const fn file(file: File) -> Self {
        Bitboard(Self::FILE_A.0 << file as u8)
    }
    /// Every square of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Self {
        Bitboard(Self::RANK_1.0 << (8 * rank as u8))
    }
    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether the set holds at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }
    /// Number of squares in the set.
    #[inline(always)]
    pub const fn popcount(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set holds two squares or more.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The lowest square of the set (a1 first), or `None` when empty.
    #[inline(always)]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::index_const(self.0.trailing_zeros() as usize))
        }
    }
    /// The lowest square of a set known to be non-empty.
    #[inline(always)]
    pub(crate) const fn lsb_unchecked(self) -> Square {
        Square::index_const(self.0.trailing_zeros() as usize & 63)
    }
    /// The highest square of the set, or `None` when empty.
    #[inline]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::index_const(63 - self.0.leading_zeros() as usize))
        }
    }
    /// Removes and returns the lowest square.
    #[inline(always)]
    pub fn pop_lsb(&mut self) -> Option<Square> {
        let sq = self.lsb()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Self {
        Bitboard(self.0 | 1u64 << sq as u8)
    }
    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Self {
        Bitboard(self.0 & !(1u64 << sq as u8))
    }
    /// Every square moved one rank towards the opponent of `color` (a "pawn push").
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Self {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }
    /// Every square moved one rank up (towards rank 8); rank 8 falls off.
    #[inline(always)]
    pub const fn north(self) -> Self {
        Bitboard(self.0 << 8)
    }
    /// Every square moved one rank down; rank 1 falls off.
    #[inline(always)]
    pub const fn south(self) -> Self {
        Bitboard(self.0 >> 8)
    }
    /// Every square moved one file right; the h-file falls off.
    #[inline(always)]
    pub const fn east(self) -> Self {
        Bitboard((self.0 & !Self::FILE_H.0) << 1)
    }
    /// Every square moved one file left; the a-file falls off.
    #[inline(always)]
    pub const fn west(self) -> Self {
        Bitboard((self.0 & !Self::FILE_A.0) >> 1)
    }
    /// The board mirrored top to bottom (a1 ↔ a8).
    #[inline]
    pub const fn flip_ranks(self) -> Self {
        Bitboard(self.0.swap_bytes())
    }
    /// The set as `color` sees it: unchanged for White, mirrored top to bottom for Black (so
    /// a set written from White's side, home squares say, reads as Black's).
    #[inline(always)]
    pub const fn relative(self, color: Color) -> Self {
        match color {
            Color::White => self,
            Color::Black => self.flip_ranks(),
        }
    }
    /// The set and every square above its squares on their files (towards rank 8).
    #[inline(always)]
    pub const fn fill_north(self) -> Self {
        let mut b = self.0;
        b |= b << 8;
        b |= b << 16;
        Bitboard(b | b << 32)
    }
    /// The set and every square below its squares on their files (towards rank 1).
    #[inline(always)]
    pub const fn fill_south(self) -> Self {
        let mut b = self.0;
        b |= b >> 8;
        b |= b >> 16;
        Bitboard(b | b >> 32)
    }
    /// The squares in front of the set's squares on their files, towards `color`'s promotion
    /// rank; the squares themselves are not included (for a pawn: the path it would walk).
    #[inline(always)]
    pub const fn front_span(self, color: Color) -> Self {
        match color {
            Color::White => self.north().fill_north(),
            Color::Black => self.south().fill_south(),
        }
    }
    /// Every square of the files that hold a square of the set.
    #[inline(always)]
    pub const fn files(self) -> Self {
        Bitboard(self.fill_north().0 | self.fill_south().0)
    }
    /// The squares one file left or right of the set's squares, on the same rank (with
    /// [`Bitboard::files`]: the neighbouring files of a pawn).
    #[inline(always)]
    pub const fn beside(self) -> Self {
        Bitboard(self.east().0 | self.west().0)
    }
    /// An iterator over the squares, a1 first.
    #[inline(always)]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::index_const(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |bb, sq| bb | Bitboard::from_square(sq))
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Self {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op (1u64 << rhs as u8))
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Square) {
                self.0 = self.0 $op (1u64 << rhs as u8);
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Set difference: the squares of `self` that are not in `rhs`.
impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

/// An 8×8 picture, rank 8 on top, `X` for a member square.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    #[test]
    fn a_list_of_squares_is_their_set() {
        let list = [Square::A1, Square::E4, Square::H8, Square::E4];
        assert_eq!(Bitboard::from_squares(list), set(&list));
        assert_eq!(Bitboard::from_squares([]), Bitboard::EMPTY);
    }

    #[test]
    fn fills_and_spans_follow_the_files() {
        let d4 = Bitboard::from_square(Square::D4);
        assert_eq!(
            d4.fill_north(),
            set(&[Square::D4, Square::D5, Square::D6, Square::D7, Square::D8])
        );
        assert_eq!(
            d4.fill_south(),
            set(&[Square::D1, Square::D2, Square::D3, Square::D4])
        );
        assert_eq!(
            d4.front_span(Color::White),
            set(&[Square::D5, Square::D6, Square::D7, Square::D8])
        );
        assert_eq!(
            d4.front_span(Color::Black),
            set(&[Square::D1, Square::D2, Square::D3])
        );
        assert_eq!(d4.files(), Bitboard::file(File::D));
        let a2_h7 = set(&[Square::A2, Square::H7]);
        assert_eq!(a2_h7.files(), Bitboard::FILE_A | Bitboard::FILE_H);
        assert_eq!(
            Bitboard::from_square(Square::H8).front_span(Color::White),
            Bitboard::EMPTY
        );
        // Every square of a file is in the file's fill, whichever square starts it.
        for sq in Square::ALL {
            let b = Bitboard::from_square(sq);
            assert_eq!(b.fill_north() | b.fill_south(), Bitboard::file(sq.file()));
            assert_eq!(
                b.front_span(Color::White) | b.front_span(Color::Black) | b,
                b.files()
            );
        }
    }

    #[test]
    fn beside_stays_on_the_board_and_relative_mirrors_for_black() {
        assert_eq!(
            Bitboard::from_square(Square::D4).beside(),
            set(&[Square::C4, Square::E4])
        );
        assert_eq!(
            Bitboard::from_square(Square::A1).beside(),
            set(&[Square::B1])
        );
        assert_eq!(
            Bitboard::from_square(Square::H5).beside(),
            set(&[Square::G5])
        );
        let home = set(&[Square::B1, Square::G1]);
        assert_eq!(home.relative(Color::White), home);
        assert_eq!(home.relative(Color::Black), set(&[Square::B8, Square::G8]));
    }
}
