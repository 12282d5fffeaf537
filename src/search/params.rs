//! Every margin, reduction and limit of the search, as one named parameter struct (settable by
//! name through UCI `setoption`, like the evaluators' parameters), and the late-move reduction
//! table they give ([`lmr_table`]).

use std::sync::LazyLock;

use crate::eval::score::MAX_PLY;

crate::params! {
    /// Search parameters. Depths are in plies, margins in centipawns.
    pub struct SearchParams {
        /// Half-width of the first aspiration window around the previous score.
        aspiration_window: i32 = 20,
        /// Aspiration windows start at this depth (shallower: full window).
        aspiration_min_depth: i32 = 4,
        /// Reverse futility pruning applies up to this depth.
        rfp_max_depth: i32 = 8,
        /// Reverse futility margin per ply of depth.
        rfp_margin: i32 = 83,
        /// Null-move pruning needs at least this depth.
        nmp_min_depth: i32 = 3,
        /// Null-move base reduction.
        nmp_base_reduction: i32 = 3,
        /// One more null-move reduction per this many plies of depth.
        nmp_depth_divisor: i32 = 4,
        /// One more null-move reduction per this many centipawns of eval above beta (max 3).
        nmp_eval_divisor: i32 = 177,
        /// Futility pruning of quiet moves applies up to this depth.
        futility_max_depth: i32 = 6,
        /// Futility margin at depth 1.
        futility_base: i32 = 91,
        /// Futility margin added per further ply.
        futility_per_depth: i32 = 79,
        /// Late-move pruning applies up to this depth.
        lmp_max_depth: i32 = 8,
        /// Late-move pruning: quiet moves tried beyond `lmp_base + depth²` are skipped
        /// (halved when the position is not improving).
        lmp_base: i32 = 9,
        /// SEE pruning applies up to this depth.
        see_max_depth: i32 = 8,
        /// SEE pruning of quiet moves: skip if SEE < -margin × depth.
        see_quiet_margin: i32 = 58,
        /// SEE pruning of captures and checks: skip if SEE < -margin × depth².
        see_capture_margin: i32 = 18,
        /// Late-move reductions need at least this depth.
        lmr_min_depth: i32 = 3,
        /// LMR base, in hundredths: r = base + ln(depth)·ln(moves) / divisor.
        lmr_base: i32 = 84,
        /// LMR divisor, in hundredths.
        lmr_divisor: i32 = 173,
        /// Internal iterative reduction: reduce by one ply without a hash move from this depth.
        iir_min_depth: i32 = 4,
        /// Quiescence delta pruning margin over the captured piece's value.
        qs_delta_margin: i32 = 309,
        /// History scores saturate at this magnitude.
        history_max: i32 = 16_384,
        /// Singular extensions need at least this depth.
        se_min_depth: i32 = 8,
        /// Singular margin per ply of depth below the hash score.
        se_margin: i32 = 1,
        /// Check extension (plies) when the side to move is in check.
        check_extension: i32 = 1,
        /// Correction history: the share (percent) of the learned correction of the static
        /// evaluation by side and pawn structure that is applied (a weight: at 0 the tables
        /// still learn, and change nothing).
        correction_weight: i32 = 105,
        /// Correction history by each side's pieces other than pawns (two tables, White's
        /// and Black's pieces, as Stockfish's non-pawn correction): their weight in percent.
        /// Adds to `correction_weight`'s pawn table.
        correction_nonpawn: i32 = 93,
        /// Capture history: the weight (percent) of the learned success of a capture (moving
        /// piece, destination, captured piece) in the ordering of captures.
        capture_history: i32 = 113,
        /// LMR: one ply less per this much history score of a quiet move.
        lmr_history_divisor: i32 = 7636,
        /// History bonus per ply of depth (linear, capped by `history_bonus_max`): a bonus
        /// that grows with depth² learns too little at the shallow depths where most cutoffs
        /// happen.
        history_bonus_per_depth: i32 = 262,
        /// The largest history bonus.
        history_bonus_max: i32 = 2436,
        /// Time: the soft limit (the time after which no new iteration starts) in percent of
        /// the clock's allocation (`search::time`). Time never shapes the tree: these change
        /// only when a timed search stops.
        tm_soft_percent: i32 = 100,
        /// Late-move reductions: plies added at an expected cut node.
        lmr_cut_node: i32 = 1,
        /// Late-move reductions: plies added when the position is not improving.
        lmr_not_improving: i32 = 1,
    }
}

impl SearchParams {
    /// The history bonus (and malus) of a cutoff at `depth`.
    pub fn history_bonus(&self, depth: i32) -> i32 {
        (self.history_bonus_per_depth * depth).min(self.history_bonus_max)
    }
}

/// `ln n` for `n` in `0..=MAX_PLY` (`ln 0` is never read: the reductions start at depth and
/// move 1).
static LN: LazyLock<[f64; MAX_PLY + 1]> =
    LazyLock::new(|| std::array::from_fn(|n| (n as f64).ln()));

/// Late-move reductions by depth (rows, `0..=MAX_PLY`) and move number (columns, `0..64`):
/// `lmr_base / 100 + ln(depth) · ln(moves) / (lmr_divisor / 100)`, truncated — with the
/// defaults `0.84 + ln d · ln m / 1.73` (the second SPSA run's; the first had moved Ethereal's
/// `0.75 + … / 2.25` to `0.77 + … / 2.07`).
///
/// The logarithms come from a table computed once per process ([`LN`]): each search builds
/// its reduction table from its own parameters, and the 2 × 8,192 calls to `ln` it would
/// otherwise make were 0.5 % of `bench`'s instructions. The values are the same bits.
pub(crate) fn lmr_table(params: &SearchParams) -> Vec<[i32; 64]> {
    let ln = &*LN;
    (0..=MAX_PLY)
        .map(|d| {
            let mut row = [0; 64];
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                if d > 0 {
                    let x = ln[d] * ln[m] * 100.0 * 100.0 / params.lmr_divisor.max(1) as f64;
                    *r = ((params.lmr_base as f64 + x) / 100.0) as i32;
                }
            }
            row
        })
        .collect()
}
