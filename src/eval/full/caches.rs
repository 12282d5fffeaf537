//! The per-thread caches: pawn structures (exact keys: both pawn sets), the king-and-pawn
//! terms (exact keys: both pawn sets and both kings' squares) and whole evaluations (the
//! Zobrist key), each entry tagged with the generation of the weights it was computed with, so
//! a change of weights retires every entry at once.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use super::walk::Sum;
use super::Full;
use crate::core::{Bitboard, Board, Color, Piece};

/// One cached pawn structure: exact key (both pawn sets and the parameters' generation).
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    pawns: [u64; 2],
    generation: u64,
    /// The terms' sum, packed ([`super::tapered::pack`]).
    packed: i32,
    passed: u64,
}

const PAWN_TABLE_BITS: u32 = 14;

thread_local! {
    static PAWN_TABLE: Table<PawnEntry, { 1 << PAWN_TABLE_BITS }> = Table::new();
}

/// One cached set of king-and-pawn terms: exact key (both pawn sets, both kings' squares, the
/// parameters' generation) and both sides' sums (White's minus Black's).
#[derive(Clone, Copy, Default)]
struct KingPawnEntry {
    pawns: [u64; 2],
    kings: [u8; 2],
    generation: u64,
    /// The terms' sum, packed ([`super::tapered::pack`]).
    packed: i32,
}

const KING_PAWN_TABLE_BITS: u32 = 13;

thread_local! {
    static KING_PAWN_TABLE: Table<KingPawnEntry, { 1 << KING_PAWN_TABLE_BITS }> = Table::new();
}

/// One cached evaluation: the position's Zobrist key mixed with the parameters' generation,
/// and White's score.
#[derive(Clone, Copy, Default)]
struct EvalEntry {
    key: u64,
    score: i64,
}

const EVAL_TABLE_BITS: u32 = 15;

thread_local! {
    static EVAL_TABLE: Table<EvalEntry, { 1 << EVAL_TABLE_BITS }> = Table::new();
}

/// A per-thread table of `N` copyable entries. Each entry is a `Cell`, read and written
/// whole: no borrow to take and give back on each access as a `RefCell` needs, and an index
/// below `N` by construction (every slot is a hash shifted down to the table's bits), so the
/// bounds check folds away.
struct Table<E, const N: usize>(Box<[Cell<E>; N]>);

impl<E: Copy + Default, const N: usize> Table<E, N> {
    fn new() -> Self {
        let entries: Box<[Cell<E>]> = (0..N).map(|_| Cell::new(E::default())).collect();
        Table(
            entries
                .try_into()
                .unwrap_or_else(|_| unreachable!("N entries")),
        )
    }

    #[inline(always)]
    fn get(&self, slot: usize) -> E {
        self.0[slot].get()
    }

    #[inline(always)]
    fn set(&self, slot: usize, entry: E) {
        self.0[slot].set(entry);
    }
}

/// A new value for every set of parameters, so a table entry never outlives the weights it
/// was computed with.
pub(super) fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Full {
    /// The pawn terms, and the pawns' material and squares, through the per-thread pawn hash
    /// table.
    pub(super) fn cached_pawn_terms(&self, board: &Board, acc: &mut Sum) -> Bitboard {
        let key = [
            board.colored(Color::White, Piece::Pawn).0,
            board.colored(Color::Black, Piece::Pawn).0,
        ];
        let slot = ((key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            >> (64 - PAWN_TABLE_BITS)) as usize;
        PAWN_TABLE.with(|table| {
            let mut entry = table.get(slot);
            if entry.pawns != key || entry.generation != self.generation {
                let mut sum = Sum::new(acc.table());
                let passed = self.pawn_terms(board, &mut sum);
                for color in [Color::White, Color::Black] {
                    let pawns = board.colored(color, Piece::Pawn);
                    self.placement_terms(color, Piece::Pawn, pawns, &mut sum);
                }
                entry = PawnEntry {
                    pawns: key,
                    generation: self.generation,
                    packed: sum.packed(),
                    passed: passed.0,
                };
                table.set(slot, entry);
            }
            acc.add_packed(entry.packed);
            Bitboard(entry.passed)
        })
    }

    /// Both kings' king-and-pawn terms ([`Full::king_pawn_terms`]) through the per-thread
    /// king-pawn table: they change only when a pawn or a king moves.
    pub(super) fn cached_king_pawn_terms(&self, board: &Board, acc: &mut Sum) {
        let pawns = [
            board.colored(Color::White, Piece::Pawn).0,
            board.colored(Color::Black, Piece::Pawn).0,
        ];
        let kings = [
            board.king(Color::White) as u8,
            board.king(Color::Black) as u8,
        ];
        let mixed = pawns[0]
            ^ pawns[1].rotate_left(29)
            ^ u64::from(kings[0]) << 7
            ^ u64::from(kings[1]) << 41;
        let slot =
            (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - KING_PAWN_TABLE_BITS)) as usize;
        KING_PAWN_TABLE.with(|table| {
            let mut entry = table.get(slot);
            if entry.pawns != pawns || entry.kings != kings || entry.generation != self.generation {
                let mut sum = Sum::new(acc.table());
                for color in [Color::White, Color::Black] {
                    self.king_pawn_terms(board, color, &mut sum);
                    let king = board.colored(color, Piece::King);
                    self.placement_terms(color, Piece::King, king, &mut sum);
                }
                entry = KingPawnEntry {
                    pawns,
                    kings,
                    generation: self.generation,
                    packed: sum.packed(),
                };
                table.set(slot, entry);
            }
            acc.add_packed(entry.packed);
        })
    }

    /// White's evaluation in centipawns, through the per-thread evaluation cache: the
    /// search meets many positions again after their transposition-table entries are gone.
    /// The key is the 64-bit Zobrist key (which covers every piece and the side to move: all
    /// the evaluation reads) mixed with the weights' generation.
    pub fn white_score(&self, board: &Board) -> i64 {
        let key = board.hash() ^ self.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (key >> (64 - EVAL_TABLE_BITS)) as usize;
        if let Some(score) = EVAL_TABLE.with(|t| {
            let e = t.get(slot);
            (e.key == key).then_some(e.score)
        }) {
            return score;
        }
        let score = self.compute_white_score(board);
        EVAL_TABLE.with(|t| t.set(slot, EvalEntry { key, score }));
        score
    }
}
