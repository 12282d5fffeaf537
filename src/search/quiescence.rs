//! Quiescence search: the leaves of the main search resolved until quiet — captures and
//! promotions (every evasion in check), with stand-pat, delta pruning and SEE pruning of
//! losing captures.

use super::extension::Extension;
use super::ordering::{quiescence_moves, victim_value};
use super::pvs::tt_cutoff;
use super::see::see_ge;
use super::stats::{self, Counter};
use super::thread::Thread;
use super::tt::{Bound, TtHit};
use crate::core::Board;
use crate::eval::score::{self, Score, DRAW, INFINITE, MAX_PLY};

impl<X: Extension> Thread<'_, X> {
    /// Quiescence search: captures and promotions (all evasions in check) until the position
    /// is quiet, with stand-pat, delta pruning and SEE pruning of losing captures (*for
    /// extensions* too).
    pub(crate) fn qsearch(
        &mut self,
        board: &Board,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        self.pv[ply].clear();
        stats::bump(Counter::QsNode);
        if self.count_node_and_check_limits(ply) {
            return 0;
        }
        if self.is_draw(board, ply) {
            return DRAW;
        }
        let in_check = board.is_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(board) };
        }
        let tt = self.tt_probe(board.hash(), ply);
        if let Some(score) = tt_cutoff(tt, 0, alpha, beta, pv_node) {
            return score;
        }
        let (raw, stand_pat) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            self.evaluate_corrected(board, tt.map(|h| h.eval))
        };
        if stand_pat >= beta {
            stats::bump(Counter::StandPat);
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut best_score = stand_pat;
        let mut best_move = None;
        quiescence_moves(board, &mut self.buffers[ply]);
        let move_count = self.buffers[ply].moves().len();
        for i in 0..move_count {
            let mv = self.buffers[ply].moves()[i];
            if !in_check {
                let gain = victim_value(board, mv) + mv.promotion().map_or(0, |_| 800);
                if stand_pat + gain + self.config.params.qs_delta_margin <= alpha
                    || !see_ge(board, mv, 0)
                {
                    stats::bump(Counter::QsPrune);
                    continue;
                }
            }
            let mut child = *board;
            child.play_unchecked(mv);
            self.prefetch(child.hash());
            self.push(board, child.hash(), ply, Some(mv));
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, pv_node);
            self.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && move_count == 0 {
            return score::mated_in(ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let result = TtHit {
            mv: best_move,
            score: best_score,
            eval: if in_check { 0 } else { raw },
            depth: 0,
            bound,
        };
        self.tt_store(board.hash(), ply, result);
        best_score
    }
}
