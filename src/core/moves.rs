//! `Move` (16 bits) and `MoveList` (fixed capacity, no allocation).

use std::fmt;
use std::num::NonZeroU16;
use std::ops::{Deref, DerefMut};

use static_assertions::assert_eq_size;

use super::bitboard::Bitboard;
use super::castling::CastleSide;
use super::piece::Piece;
use super::square::{File, Square};

/// What kind of move a [`Move`] is: the top four bits of its encoding.
///
/// The values follow the Chess Programming Wiki's "from-to" layout: bit 2 (value 4) marks every
/// capture (en passant included) and bit 3 (value 8) every promotion, whose low two bits give
/// the piece (knight, bishop, rook, queen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A move to an empty square (king moves included).
    Quiet = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// Castling king side (O-O), encoded as the king taking its own rook (e1h1 in standard
    /// chess).
    KingCastle = 2,
    /// Castling queen side (O-O-O), encoded as the king taking its own rook (e1a1).
    QueenCastle = 3,
    /// A capture of the piece on the target square.
    Capture = 4,
    /// A pawn capturing en passant.
    EnPassant = 5,
    /// Promotion to a knight.
    PromoKnight = 8,
    /// Promotion to a bishop.
    PromoBishop = 9,
    /// Promotion to a rook.
    PromoRook = 10,
    /// Promotion to a queen.
    PromoQueen = 11,
    /// Capture promoting to a knight.
    PromoCaptureKnight = 12,
    /// Capture promoting to a bishop.
    PromoCaptureBishop = 13,
    /// Capture promoting to a rook.
    PromoCaptureRook = 14,
    /// Capture promoting to a queen.
    PromoCaptureQueen = 15,
}

impl MoveKind {
    const ALL: [Option<MoveKind>; 16] = [
        Some(MoveKind::Quiet),
        Some(MoveKind::DoublePush),
        Some(MoveKind::KingCastle),
        Some(MoveKind::QueenCastle),
        Some(MoveKind::Capture),
        Some(MoveKind::EnPassant),
        None,
        None,
        Some(MoveKind::PromoKnight),
        Some(MoveKind::PromoBishop),
        Some(MoveKind::PromoRook),
        Some(MoveKind::PromoQueen),
        Some(MoveKind::PromoCaptureKnight),
        Some(MoveKind::PromoCaptureBishop),
        Some(MoveKind::PromoCaptureRook),
        Some(MoveKind::PromoCaptureQueen),
    ];

    /// The promotion kind for `piece` (knight..queen), capturing or not.
    #[inline]
    pub const fn promotion(piece: Piece, capture: bool) -> MoveKind {
        let bits = 8 | (capture as u8) << 2 | (piece as u8 - Piece::Knight as u8);
        match Self::ALL[bits as usize] {
            Some(kind) => kind,
            None => MoveKind::PromoQueen,
        }
    }
}

/// A move in 16 bits: from-square (bits 0–5), to-square (bits 6–11), [`MoveKind`] (bits 12–15).
///
/// The all-zero pattern would be the quiet move a1→a1, which cannot exist, so the encoding is a
/// `NonZeroU16` and `Option<Move>` is also two bytes (asserted below). Castling is encoded as
/// the king taking its own rook (`from` the king's square, `to` the rook's), which names every
/// Chess960 castling move uniquely; [`Move::dest`] gives the king's destination and
/// [`Move::uci`] the text in either UCI convention.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

assert_eq_size!(Move, u16);
assert_eq_size!(Option<Move>, u16);

impl Move {
    /// Packs a move. `from` and `to` must differ.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let bits = from as u16 | (to as u16) << 6 | (kind as u16) << 12;
        match NonZeroU16::new(bits) {
            Some(nz) => Move(nz),
            None => panic!("a move must change square"),
        }
    }
    /// The raw 16-bit encoding (for transposition tables and the like).
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0.get()
    }
    /// The move with encoding `bits`, if it is a well-formed encoding (`from != to`, known kind).
    /// It need not be legal in any position.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let from = bits & 63;
        let to = bits >> 6 & 63;
        if from == to || MoveKind::ALL[(bits >> 12) as usize].is_none() {
            return None;
        }
        match NonZeroU16::new(bits) {
            Some(nz) => Some(Move(nz)),
            None => None,
        }
    }
    /// The square the piece leaves.
    ///
    /// `from` and `to` look their square up in [`Square::ALL`] rather than convert it as
    /// [`Square::index_const`] does: converted, the two masks were packed into one vector
    /// register (a longer path before the move's first load), and perft's every-leaf count of
    /// the start position ran ~3 % slower (medians of 5 interleaved runs).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::ALL[(self.0.get() & 63) as usize]
    }
    /// The to-square of the encoding: where the piece lands, except for castling, where it
    /// is the castling rook's square (king takes own rook). See [`Move::dest`].
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::ALL[(self.0.get() >> 6 & 63) as usize]
    }
    /// The square the moving piece lands on: [`Move::to`], or for castling the king's
    /// destination (the g- or c-file of its rank).
    #[inline(always)]
    pub const fn dest(self) -> Square {
        match self.kind_bits() {
            2 => Square::new(File::G, self.from().rank()),
            3 => Square::new(File::C, self.from().rank()),
            _ => self.to(),
        }
    }
    /// The side a castling move castles on, `None` for other moves.
    #[inline(always)]
    pub const fn castle_side(self) -> Option<CastleSide> {
        match self.kind_bits() {
            2 => Some(CastleSide::King),
            3 => Some(CastleSide::Queen),
            _ => None,
        }
    }
    /// The move in UCI notation: castling as the king's move to its destination (`e1g1`)
    /// when `chess960` is false, as king takes rook (`e1h1`) when it is true, as the UCI
    /// convention for `UCI_Chess960` requires (and always when the king moves less than two
    /// files, which the standard form cannot tell from a king step).
    /// Other moves print alike in both.
    pub const fn uci(self, chess960: bool) -> UciMove {
        UciMove { mv: self, chess960 }
    }
    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match MoveKind::ALL[(self.0.get() >> 12) as usize] {
            Some(k) => k,
            None => MoveKind::Quiet, // unreachable: constructors only build known kinds
        }
    }
    #[inline(always)]
    const fn kind_bits(self) -> u16 {
        self.0.get() >> 12
    }
    /// Whether the move captures (en passant included).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.kind_bits() & 4 != 0
    }
    /// Whether the move promotes.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.kind_bits() & 8 != 0
    }
    /// Whether the move is a capture or a promotion (the "noisy" moves quiescence looks at).
    #[inline(always)]
    pub const fn is_noisy(self) -> bool {
        self.kind_bits() & 12 != 0
    }
    /// Whether the move castles.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind_bits(), 2 | 3)
    }
    /// Whether this is a pawn's two-square advance (a test of the kind bits, no decoding).
    #[inline(always)]
    pub const fn is_double_push(self) -> bool {
        self.kind_bits() == MoveKind::DoublePush as u16
    }
    /// Whether the move captures en passant.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.kind_bits() == 5
    }
    /// The piece a pawn promotes to, if the move promotes.
    #[inline(always)]
    pub const fn promotion(self) -> Option<Piece> {
        if self.is_promotion() {
            Some(Piece::index_const(1 + (self.kind_bits() & 3) as usize))
        } else {
            None
        }
    }
}

/// A move in one of the two UCI conventions for castling (see [`Move::uci`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciMove {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The king's-destination form names castling only when the king travels two files
        // or more (otherwise it reads as a king step): a Chess960 king that moves one file
        // or none is written king takes rook in both conventions.
        let travel = (self.mv.dest().file() as i32 - self.mv.from().file() as i32).abs();
        let to = if self.chess960 || travel < 2 {
            self.mv.to()
        } else {
            self.mv.dest()
        };
        write!(f, "{}{to}", self.mv.from())?;
        if let Some(p) = self.mv.promotion() {
            write!(f, "{}", p.to_char())?;
        }
        Ok(())
    }
}

/// UCI notation for standard chess: `e2e4`, `e7e8q`, castling as the king's move (`e1g1`).
/// For Chess960 output use [`Move::uci`] with `true`.
impl MoveKind {
    /// What the kind is, in words (`double pawn push`, `capture promoting to a queen`), for
    /// output a person reads.
    pub fn describe(self) -> &'static str {
        match self {
            MoveKind::Quiet => "quiet move",
            MoveKind::DoublePush => "double pawn push",
            MoveKind::KingCastle => "castling king side",
            MoveKind::QueenCastle => "castling queen side",
            MoveKind::Capture => "capture",
            MoveKind::EnPassant => "en passant capture",
            MoveKind::PromoKnight => "promotion to a knight",
            MoveKind::PromoBishop => "promotion to a bishop",
            MoveKind::PromoRook => "promotion to a rook",
            MoveKind::PromoQueen => "promotion to a queen",
            MoveKind::PromoCaptureKnight => "capture promoting to a knight",
            MoveKind::PromoCaptureBishop => "capture promoting to a bishop",
            MoveKind::PromoCaptureRook => "capture promoting to a rook",
            MoveKind::PromoCaptureQueen => "capture promoting to a queen",
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.uci(false), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}({:?})", self.kind())
    }
}

/// The most legal moves any reachable chess position has is 218; 256 leaves a margin.
pub const MAX_MOVES: usize = 256;

/// A list of at most [`MAX_MOVES`] moves, stored inline (no heap allocation).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    const FILLER: Move = Move::new(Square::A1, Square::B1, MoveKind::Quiet);

    /// An empty list.
    #[inline(always)]
    pub const fn new() -> Self {
        MoveList {
            moves: [Self::FILLER; MAX_MOVES],
            len: 0,
        }
    }
    /// Appends a move. The generator never produces more than [`MAX_MOVES`] moves; a push
    /// beyond that is a logic error and panics (safe indexing).
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
    /// Appends the `PER_SQUARE` moves `make(to)` for each square `to` of `targets`, in the
    /// set's square order.
    ///
    /// The generator's way of filling the list: the length is kept in a register across the
    /// set and stored once, and the room is checked once per set. (A push per move stores
    /// and reloads the length and checks the bound each time, a chain through memory:
    /// criterion's `generate All into one list` went from 434 to 741 Melem/s without it.)
    /// More than [`MAX_MOVES`] moves would be a logic error and panics, as with
    /// [`MoveList::push`].
    #[inline(always)]
    pub(crate) fn push_set<const PER_SQUARE: usize>(
        &mut self,
        targets: Bitboard,
        mut make: impl FnMut(Square) -> [Move; PER_SQUARE],
    ) {
        let mut len = self.len;
        assert!(
            len + PER_SQUARE * targets.popcount() as usize <= MAX_MOVES,
            "more than MAX_MOVES moves"
        );
        for to in targets {
            for mv in make(to) {
                // In range by the check above; the mask lets the compiler see it.
                self.moves[len % MAX_MOVES] = mv;
                len += 1;
            }
        }
        self.len = len;
    }
    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Keeps the first `len` moves (all of them if there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
    /// Keeps only the moves for which `keep` is true, preserving their order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `push_set` appends in the set's square order, `PER_SQUARE` moves per square in the
    /// order `make` gives them, after what the list already held.
    #[test]
    fn push_set_appends_in_order() {
        let mut list = MoveList::new();
        list.push(Move::new(Square::E2, Square::E4, MoveKind::DoublePush));
        let targets = Bitboard::from_square(Square::A8) | Square::C8;
        list.push_set(targets, |to| {
            [Piece::Queen, Piece::Knight].map(|p| {
                let from = Square::new(to.file(), crate::core::square::Rank::Seventh);
                Move::new(from, to, MoveKind::promotion(p, false))
            })
        });
        let uci: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        assert_eq!(uci, ["e2e4", "a7a8q", "a7a8n", "c7c8q", "c7c8n"]);
    }

    #[test]
    #[should_panic(expected = "more than MAX_MOVES moves")]
    fn push_set_beyond_the_capacity_panics() {
        let mut list = MoveList::new();
        // 63 moves a call: the fifth call would need 315 slots of 256.
        let targets = Bitboard::FULL.without(Square::A1);
        for _ in 0..5 {
            list.push_set(targets, |to| [Move::new(Square::A1, to, MoveKind::Quiet)]);
        }
    }
}
