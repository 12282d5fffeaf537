//! ProbCut, a candidate of the node routine ([`super::node`]) that stays off while
//! `search.probcut_margin` is 0 (docs/strength.md): kept beside the node routine, in its own
//! file, like the quiescence search.

use super::ordering::quiescence_moves;
use super::see::see_ge;
use super::selectivity::{Node, NodeKind};
use super::thread::Thread;
use super::tt::{Bound, TtHit};
use crate::core::Board;
use crate::eval::score::{Score, TB_WIN_IN_MAX_PLY};

impl Thread<'_> {
    /// ProbCut (off while `search.probcut_margin` is 0): a capture that beats beta by the
    /// margin in a quiescence search and then in a search four plies shallower would, with
    /// high probability, beat beta at full depth too; the node is cut with its score (and the
    /// hash entry records it, three plies shallower). Only captures whose exchange could
    /// reach that bound are tried, and not when the hash entry already says they fail.
    pub(crate) fn probcut(
        &mut self,
        board: &Board,
        node: &Node,
        tt: Option<TtHit>,
    ) -> Option<Score> {
        let p = &self.config.params;
        let Node {
            depth, beta, ply, ..
        } = *node;
        if p.probcut_margin <= 0 || depth < p.probcut_min_depth || beta.abs() >= TB_WIN_IN_MAX_PLY {
            return None;
        }
        let bound = beta + p.probcut_margin;
        if tt.is_some_and(|h| h.depth >= depth - 3 && h.score < bound) {
            return None;
        }
        quiescence_moves(board, &mut self.buffers[ply]);
        let count = self.buffers[ply].moves().len();
        for i in 0..count {
            let mv = self.buffers[ply].moves()[i];
            if !mv.is_capture() || !see_ge(board, mv, bound - node.eval) {
                continue;
            }
            let mut child = *board;
            child.play_unchecked(mv);
            self.push(board, child.hash(), ply, Some(mv));
            let mut score = -self.qsearch(&child, -bound, -bound + 1, ply + 1, false);
            if score >= bound {
                let kind = NodeKind::non_pv(!node.cut_node);
                score = -self.pvs(&child, depth - 4, -bound, -bound + 1, ply + 1, kind);
            }
            self.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= bound {
                let result = TtHit {
                    mv: Some(mv),
                    score,
                    eval: self.tt_eval(node),
                    depth: depth - 3,
                    bound: Bound::Lower,
                };
                self.tt_store(board.hash(), ply, result);
                return Some(score);
            }
        }
        None
    }
}
