//! What the walk over a position hands its (weight, count) pairs to: an [`Accumulator`] —
//! `Sum` for the search, [`Trace`] for the tuner, `PerField` for `explain` — so the three see
//! one evaluation; and what each term function reads of a side (`SideView`, with both sides'
//! attack maps, `SideMaps`, which each side's piece pass writes). The walk's order is
//! `Full::piece_terms` in `mod.rs`.

use super::tapered::S;
use super::weights::{idx, FIELDS};
use crate::core::{Bitboard, Board, Color, Square};

/// Where a walk over the position puts each weight × count.
pub trait Accumulator {
    /// Whether the walk records counts (the tuner's trace) rather than sums: a term whose
    /// weights are all zero adds nothing to a sum and may be skipped, but its counts are
    /// what a fit starting from zero needs.
    const COUNTS: bool = false;
    /// Whether the king-and-pawn terms ([`super::Full::king_pawn_terms`]) and the pawns' and
    /// kings' material and squares reach this accumulator from the caches instead of the
    /// walk (the search's sum does).
    const CACHED_KING_PAWNS: bool = false;
    /// Adds `count` times the pair at flat index `index` for `color` (an accumulator that
    /// needs the weight reads it by the index: the walk does not load what the search's sum
    /// does not use).
    fn add(&mut self, color: Color, index: usize, count: i32);
    /// Adds `count` times the king-danger pair at `index` to the danger of `color`'s king
    /// (turned into a penalty once the walk is done: [`super::KING_DANGER_MG_DIVISOR`]).
    fn danger(&mut self, color: Color, index: usize, weight: S, count: i32);
    /// Adds `count` times the complexity pair at `index` (both sides together; only the
    /// endgame weight counts, through [`super::complexity_adjustment`] once the walk is done).
    fn complexity(&mut self, index: usize, weight: S, count: i32);
}

/// Sums White's minus Black's weights: what the search needs. The linear terms are summed
/// as packed pairs ([`super::tapered::pack`]) read from the evaluator's packed table; the king
/// danger and the complexity, which are not linear, as pairs.
pub(super) struct Sum<'a> {
    /// The weights packed, by flat index.
    table: &'a [i32; idx::LEN],
    /// White's and Black's linear terms so far, packed, each side apart (the net is
    /// [`Sum::packed`]: adding to a side's own sum spares a multiplication by its sign).
    pub(super) sides: [i32; 2],
    /// The middlegame sum, once settled.
    pub(super) mg: i32,
    /// The endgame sum, once settled.
    pub(super) eg: i32,
    /// Each side's king danger so far, by colour.
    pub(super) danger: [S; 2],
    /// The complexity so far (endgame weights).
    pub(super) complexity: i32,
}

impl<'a> Sum<'a> {
    /// The packed weights it sums.
    pub(super) fn table(&self) -> &'a [i32; idx::LEN] {
        self.table
    }

    /// White's minus Black's linear terms so far, packed.
    #[inline(always)]
    pub(super) fn packed(&self) -> i32 {
        self.sides[0].wrapping_sub(self.sides[1])
    }

    /// Adds a packed sum of White's minus Black's terms (a cached entry's).
    #[inline(always)]
    pub(super) fn add_packed(&mut self, packed: i32) {
        self.sides[0] = self.sides[0].wrapping_add(packed);
    }

    /// An empty sum over the packed weights `table`.
    pub(super) fn new(table: &'a [i32; idx::LEN]) -> Self {
        Sum {
            table,
            sides: [0; 2],
            mg: 0,
            eg: 0,
            danger: [[0; 2]; 2],
            complexity: 0,
        }
    }
}

impl Accumulator for Sum<'_> {
    const CACHED_KING_PAWNS: bool = true;

    #[inline(always)]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        let side = &mut self.sides[color.index()];
        *side = side.wrapping_add(self.table[index].wrapping_mul(count));
    }

    #[inline(always)]
    fn danger(&mut self, color: Color, _index: usize, weight: S, count: i32) {
        let d = &mut self.danger[color.index()];
        d[0] += weight[0] * count;
        d[1] += weight[1] * count;
    }

    #[inline(always)]
    fn complexity(&mut self, _index: usize, weight: S, count: i32) {
        self.complexity += weight[1] * count;
    }
}

/// The counts of a position's features (White's minus Black's), for the tuner: the evaluation
/// is `Σ w·count` in each phase, blended by `phase` and scaled by `scale`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// `(flat index, count)`, one entry per index, sorted.
    pub counts: Vec<(u16, i16)>,
    /// The king-danger counts of White's king and of Black's (`(flat index, count)`, sorted;
    /// see [`super::king_danger_penalty`]): the evaluation subtracts White's penalty and adds
    /// Black's.
    pub danger: [Vec<(u16, i16)>; 2],
    /// The complexity counts (`(flat index, count)`, sorted; see [`super::complexity_adjustment`]).
    pub complexity: Vec<(u16, i16)>,
    /// φ: non-pawn material in half pawns, capped at [`super::MAX_PHASE`].
    pub phase: i32,
    /// The endgame scale, out of 64, under the weights that traced the position.
    pub scale: i32,
    /// The endgame scale's case with White ahead and with Black ahead: what the tuner needs
    /// to follow the scale as the weights (and the side ahead) change.
    pub scale_cases: [super::ScaleCase; 2],
}

impl Accumulator for Trace {
    const COUNTS: bool = true;

    fn add(&mut self, color: Color, index: usize, count: i32) {
        if count != 0 {
            self.counts
                .push((index as u16, (count * color.sign()) as i16));
        }
    }

    fn danger(&mut self, color: Color, index: usize, _weight: S, count: i32) {
        if count != 0 {
            self.danger[color.index()].push((index as u16, count as i16));
        }
    }

    fn complexity(&mut self, index: usize, _weight: S, count: i32) {
        if count != 0 {
            self.complexity.push((index as u16, count as i16));
        }
    }
}

/// `(index, count)` pairs sorted by index, one per index, without zeros.
pub(super) fn merge_counts(mut counts: Vec<(u16, i16)>) -> Vec<(u16, i16)> {
    counts.sort_unstable_by_key(|&(i, _)| i);
    let mut merged: Vec<(u16, i16)> = Vec::with_capacity(counts.len());
    for (i, c) in counts {
        match merged.last_mut() {
            Some(last) if last.0 == i => last.1 += c,
            _ => merged.push((i, c)),
        }
    }
    merged.retain(|&(_, c)| c != 0);
    merged
}

/// Per field and side, for `explain`, each king's danger and the complexity; the last is the
/// weights in flat order, which `add` reads by index.
pub(super) struct PerField(
    pub(super) Vec<[[i64; 2]; 2]>,
    pub(super) [S; 2],
    pub(super) i32,
    pub(super) Vec<S>,
);

impl Accumulator for PerField {
    fn complexity(&mut self, _index: usize, weight: S, count: i32) {
        self.2 += weight[1] * count;
    }

    fn danger(&mut self, color: Color, _index: usize, weight: S, count: i32) {
        let d = &mut self.1[color.index()];
        d[0] += weight[0] * count;
        d[1] += weight[1] * count;
    }

    fn add(&mut self, color: Color, index: usize, count: i32) {
        let weight = self.3[index];
        let field = FIELDS
            .iter()
            .rposition(|&(_, first, _)| first <= index)
            .expect("every index belongs to a field");
        let slot = &mut self.0[field][color.index()];
        slot[0] += (weight[0] * count) as i64;
        slot[1] += (weight[1] * count) as i64;
    }
}

/// What the walk learns about one side and then uses for the other: its attack maps, and
/// how its pieces attack the enemy king's zone. Written by [`super::Full::piece_pass`].
#[derive(Clone, Copy)]
pub(super) struct SideMaps {
    pub(super) pawn_attacks: Bitboard,
    pub(super) by_piece: [Bitboard; 6],
    pub(super) all: Bitboard,
    /// Squares attacked at least twice (two pawns, or any two attackers): Stockfish's
    /// `attackedBy2`.
    pub(super) twice: Bitboard,
    /// How many of the side's knights, bishops, rooks and queens attack the enemy king or
    /// a square next to it.
    pub(super) king_attackers: usize,
    /// The attacks on the squares next to the enemy king, by kind of attacker (knight,
    /// bishop, rook, queen): one per piece and square.
    pub(super) king_near_attacks: [i32; 4],
}

/// One side's view of the position, shared by the term functions.
pub(super) struct SideView<'a> {
    pub(super) board: &'a Board,
    pub(super) color: Color,
    pub(super) us: &'a SideMaps,
    pub(super) them: &'a SideMaps,
    pub(super) own_pawns: Bitboard,
    pub(super) king: Square,
    pub(super) occupied: Bitboard,
}

/// Adds `count` of element `i` of field `f` for `color`.
macro_rules! add {
    ($acc:expr, $p:expr, $color:expr, $f:ident, $i:expr, $count:expr) => {{
        let i = $i;
        debug_assert!(i < $p.$f.0.len(), "an element of the field");
        $acc.add($color, $crate::eval::full::idx::$f + i, $count)
    }};
    ($acc:expr, $p:expr, $color:expr, $f:ident, $count:expr) => {
        add!($acc, $p, $color, $f, 0, $count)
    };
}

/// Adds `count` of element `i` of the king-danger field `f` to `color`'s king's danger.
macro_rules! danger {
    ($acc:expr, $p:expr, $color:expr, $f:ident, $i:expr, $count:expr) => {{
        let i = $i;
        $acc.danger($color, $crate::eval::full::idx::$f + i, $p.$f.0[i], $count)
    }};
    ($acc:expr, $p:expr, $color:expr, $f:ident, $count:expr) => {
        danger!($acc, $p, $color, $f, 0, $count)
    };
}
pub(super) use {add, danger};
