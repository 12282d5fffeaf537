//! Paper 001's plain searches, kept for the node-count comparisons: minimax (every move to
//! the full depth) and alpha-beta in move-generation order, with or without the transposition
//! table. No quiescence, no ordering, no pruning beyond alpha-beta itself: what the paper
//! measured. The cutoff test is the paper's: checkmate, draw, or the depth limit.

use super::thread::Thread;
use super::tt::{Bound, TtHit};
use crate::core::Board;
use crate::eval::score::{self, Score, DRAW, INFINITE, MAX_PLY};

impl Thread<'_> {
    /// The paper's cutoff test: `Some(score)` at a mate, a draw or the depth limit.
    fn plain_cutoff(
        &mut self,
        board: &Board,
        depth: i32,
        ply: usize,
        has_moves: bool,
    ) -> Option<Score> {
        if !has_moves {
            return Some(if board.is_check() {
                score::mated_in(ply)
            } else {
                DRAW
            });
        }
        if self.is_draw(board, ply) {
            return Some(DRAW);
        }
        (depth <= 0 || ply >= MAX_PLY - 1).then(|| self.evaluate(board))
    }

    /// Negamax minimax to `depth`: every legal move is searched.
    pub(crate) fn minimax(&mut self, board: &Board, depth: i32, ply: usize) -> Score {
        self.pv[ply].clear();
        if self.count_node_and_check_limits(ply) {
            return 0;
        }
        let moves = board.legal_moves();
        if let Some(score) = self.plain_cutoff(board, depth, ply, !moves.is_empty()) {
            return score;
        }
        let mut best = -INFINITE;
        for &mv in moves.iter() {
            let mut child = *board;
            child.play_unchecked(mv);
            self.push(board, child.hash(), ply, Some(mv));
            let score = -self.minimax(&child, depth - 1, ply + 1);
            self.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                self.update_pv(ply, mv);
            }
        }
        best
    }

    /// Alpha-beta in generation order (fail-hard bounds as in the paper's listing), optionally
    /// with the transposition table.
    pub(crate) fn alphabeta(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        use_tt: bool,
    ) -> Score {
        self.pv[ply].clear();
        if self.count_node_and_check_limits(ply) {
            return 0;
        }
        if use_tt {
            if let Some(hit) = self
                .shared
                .tt
                .probe(board.hash(), ply)
                .filter(|h| h.depth >= depth)
            {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if usable {
                    return hit.score;
                }
            }
        }
        let moves = board.legal_moves();
        if let Some(score) = self.plain_cutoff(board, depth, ply, !moves.is_empty()) {
            return score;
        }
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        for &mv in moves.iter() {
            let mut child = *board;
            child.play_unchecked(mv);
            self.push(board, child.hash(), ply, Some(mv));
            let score = -self.alphabeta(&child, depth - 1, -beta, -alpha, ply + 1, use_tt);
            self.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                self.update_pv(ply, mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if use_tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let result = TtHit {
                mv: best_move,
                score: best,
                eval: 0,
                depth,
                bound,
            };
            self.shared.tt.store(board.hash(), ply, result);
        }
        best
    }
}
