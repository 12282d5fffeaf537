//! Selectivity as pure functions of a node: which moves to skip near the leaves, and how much
//! to reduce a late quiet move. No search state is read or written here, so each rule can be
//! tested, tuned (every threshold is a `search.*` parameter) or switched off alone.

use std::cell::OnceCell;

use super::params::SearchParams;
use super::see::see_ge;
use crate::core::{Board, CheckInfo, Move};
use crate::eval::score::{Score, MAX_PLY};

/// The fixed facts of a node, passed to the pruning before moves, the move loop and the
/// selectivity functions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Remaining depth (after the check extension and internal iterative reduction).
    pub(crate) depth: i32,
    /// The window, after mate-distance pruning.
    pub(crate) alpha: Score,
    /// Upper end of the window.
    pub(crate) beta: Score,
    /// Distance from the root.
    pub(crate) ply: usize,
    /// A principal-variation node (open window).
    pub(crate) pv_node: bool,
    /// An expected cut node.
    pub(crate) cut_node: bool,
    /// The side to move is in check.
    pub(crate) in_check: bool,
    /// Static evaluation (`-INFINITE` in check), sharpened by the hash entry's score when its
    /// bound allows.
    pub(crate) eval: Score,
    /// The static evaluation with its correction ([`Thread::static_eval`]), not sharpened:
    /// what the correction history learns from.
    pub(crate) static_eval: Score,
    /// The static evaluation as the evaluator gave it: what the hash entry keeps when the
    /// correction history is on.
    pub(crate) raw_eval: Score,
    /// The static evaluation is better than two plies ago.
    pub(crate) improving: bool,
    /// A move not to search (singular-extension verification).
    pub(crate) excluded: Option<Move>,
}

/// What a node is expected to be: the window and the parent decide it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// On the principal variation: searched with an open window.
    Pv,
    /// Expected to fail high (a null-window child of a node expected to fail low).
    Cut,
    /// Expected to fail low.
    All,
}

impl NodeKind {
    /// A null-window node: `Cut` if `cut`, else `All`.
    pub(crate) fn non_pv(cut: bool) -> NodeKind {
        if cut {
            NodeKind::Cut
        } else {
            NodeKind::All
        }
    }
}

/// Late-move reductions by depth (rows, `0..=MAX_PLY`) and move number (columns, `0..64`):
/// `lmr_base / 100 + ln(depth) · ln(moves) / (lmr_divisor / 100)`, truncated — with the
/// defaults `0.77 + ln d · ln m / 2.07` (an SPSA run's, from Ethereal's `0.75 + … / 2.25`).
/// (Until 2026-11-25 the logarithmic term was divided by 100 once too often, so the table
/// held only zeros and the reductions came from their adjustments alone.)
pub(crate) fn lmr_table(params: &SearchParams) -> Vec<[i32; 64]> {
    (0..=MAX_PLY)
        .map(|d| {
            let mut row = [0; 64];
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                if d > 0 {
                    let x = (d as f64).ln() * (m as f64).ln() * 100.0 * 100.0
                        / params.lmr_divisor.max(1) as f64;
                    *r = ((params.lmr_base as f64 + x) / 100.0) as i32;
                }
            }
            row
        })
        .collect()
}

/// Shallow-depth pruning of one move, once a move has been searched: late-move pruning and
/// futility pruning of quiet moves, and SEE pruning. Checking moves are treated like
/// captures (never futility- or move-count-pruned; SEE-pruned only at the capture margin),
/// so quiet sacrifices that lead to mate survive. (The conditions only get truer as the
/// loop goes on, so pruning move by move loses nothing against skipping all quiet moves
/// at once, and keeps the quiet checks.) Returns whether to skip `mv`, the `move_count`-th
/// move of `node`, with the window's lower end now at `alpha`.
pub(crate) fn shallow_prune(
    board: &Board,
    mv: Move,
    node: &Node,
    alpha: Score,
    move_count: usize,
    check_info: &OnceCell<CheckInfo>,
    p: &SearchParams,
) -> bool {
    let depth = node.depth;
    if depth > p.see_max_depth.max(p.lmp_max_depth) && depth > p.futility_max_depth {
        return false;
    }
    let tactical =
        mv.is_noisy() || board.gives_check_with(check_info.get_or_init(|| board.check_info()), mv);
    if !tactical {
        let lmp_limit = (p.lmp_base + depth * depth) as usize / (2 - node.improving as usize);
        if depth <= p.lmp_max_depth && move_count > lmp_limit {
            return true;
        }
        let margin = p.futility_base + p.futility_per_depth * (depth - 1);
        if !node.in_check && depth <= p.futility_max_depth && node.eval + margin <= alpha {
            return true;
        }
        if depth <= p.see_max_depth && !see_ge(board, mv, -p.see_quiet_margin * depth) {
            return true;
        }
    } else if depth <= p.see_max_depth && !see_ge(board, mv, -p.see_capture_margin * depth * depth)
    {
        return true;
    }
    false
}

/// The late-move reduction of a quiet move at `node`: the table's value `base` for its depth
/// and move number, less in PV nodes, for a move that gives check, for a killer and for a
/// good history score (one ply per `search.lmr_history_divisor`); more when the position is
/// not improving and at expected cut nodes (`search.lmr_not_improving` and
/// `search.lmr_cut_node` plies). Never below zero or so deep that the reduced
/// search would skip to quiescence.
pub(crate) fn reduction(
    node: &Node,
    base: i32,
    (gives_check, killer): (bool, bool),
    history: i32,
    p: &SearchParams,
) -> i32 {
    let mut r = base;
    r -= node.pv_node as i32;
    r += p.lmr_not_improving * !node.improving as i32;
    r += p.lmr_cut_node * node.cut_node as i32;
    r -= gives_check as i32;
    r -= killer as i32;
    r -= history / p.lmr_history_divisor.max(1);
    r.clamp(0, node.depth - 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduction_table_is_the_logarithmic_formula() {
        // Ethereal's coefficients (the defaults before the SPSA run of 2026-11-25):
        // 0.75 + ln d · ln m / 2.25, truncated.
        let table = lmr_table(&SearchParams {
            lmr_base: 75,
            lmr_divisor: 225,
            ..SearchParams::default()
        });
        for (depth, moves, expected) in [
            (1, 40, 0),  // ln 1 = 0: only the base, below one ply
            (2, 2, 0),   // 0.75 + 0.21
            (3, 2, 1),   // 0.75 + 0.34
            (8, 20, 3),  // 0.75 + 2.77
            (20, 40, 5), // 0.75 + 4.91
            (63, 63, 8), // 0.75 + 7.63
        ] {
            assert_eq!(table[depth][moves], expected, "depth {depth}, move {moves}");
        }
        // Never shrinking with depth or move number.
        for d in 1..MAX_PLY {
            for m in 1..63 {
                assert!(table[d][m] <= table[d + 1][m] && table[d][m] <= table[d][m + 1]);
            }
        }
    }
}
