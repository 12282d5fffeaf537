//! Correction history in the search: the static evaluation corrected by what searches found
//! for similar positions (same pawns, same pieces per side), and the learning after each
//! node. The tables live in
//! [`super::history::Heuristics`]; this is how a node reads and feeds them.

use super::history::CorrectionWeights;
use super::selectivity::Node;
use super::thread::Thread;
use crate::core::{Board, Move};
use crate::eval::score::{Score, MAX_EVAL, TB_WIN_IN_MAX_PLY};

impl Thread<'_> {
    /// What a node's hash entry keeps as its static evaluation: the evaluator's own value
    /// when the correction history or `search.tt_raw_eval` is on (it is corrected again when
    /// read), else the node's (possibly sharpened) value; 0 in check.
    pub(crate) fn tt_eval(&self, node: &Node) -> Score {
        if node.in_check {
            0
        } else {
            node.raw_eval
        }
    }

    /// Correction history: when the search's score says the static evaluation was too high
    /// (a fail low or exact score below it) or too low (a best move found above it), and
    /// neither a capture nor a mate explains the difference, the corrections of this side's
    /// pawn structure (and, when their weights are on, pieces and material) move towards it.
    /// Only with `search.correction_weight` or `correction_nonpawn` above 0.
    pub(crate) fn learn_correction(
        &mut self,
        board: &Board,
        node: &Node,
        best_score: Score,
        best_move: Option<Move>,
    ) {
        let weights = self.correction_weights();
        if weights == [0; 3]
            || node.in_check
            || best_move.is_some_and(|m| m.is_noisy())
            || best_score.abs() >= TB_WIN_IN_MAX_PLY
        {
            return;
        }
        let below = best_score < node.static_eval && best_score < node.beta;
        let above = best_score > node.static_eval && best_move.is_some();
        if below || above {
            self.heuristics.update_correction(
                board,
                &weights,
                node.depth,
                best_score - node.static_eval,
            );
        }
    }

    /// `raw` plus the correction history's entry for `board` (unchanged when it is off), kept
    /// within the evaluator's range.
    pub(crate) fn corrected(&self, board: &Board, raw: Score) -> Score {
        let weights = self.correction_weights();
        if weights == [0; 3] {
            return raw;
        }
        (raw + self.heuristics.correction(board, &weights)).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The correction tables' weights (pawns, White's pieces, Black's pieces), none below 0.
    #[inline]
    pub(crate) fn correction_weights(&self) -> CorrectionWeights {
        let p = &self.config.params;
        let nonpawn = p.correction_nonpawn.max(0);
        [p.correction_weight.max(0), nonpawn, nonpawn]
    }
}
