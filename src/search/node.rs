//! The node routine: principal variation search and quiescence, the recursive unit of the
//! search, kept together.
//!
//! [`Thread::pvs`] runs by phase: [`Thread::node_entry`] (limits, draws, mate-distance
//! pruning), the transposition table ([`Thread::tt_cutoff`]), [`Thread::static_eval`] (with
//! the correction history), [`Thread::prune_before_moves`] (reverse futility, razoring, null
//! move), internal iterative reduction, [`Thread::search_moves`] (the
//! move loop: singular extension of the hash move, shallow pruning and late-move reductions
//! from [`super::selectivity`], chain replay from [`super::chains`], PVS re-searches, history
//! updates), [`Thread::store_result`] and [`Thread::learn_correction`].
//! [`Thread::qsearch`] (in `quiescence.rs`) resolves captures at the leaves.

use std::cell::OnceCell;

use super::history::Lineage;
use super::ordering::{MovePicker, OrderingContext};
use super::selectivity::{self, Node, NodeKind};
use super::thread::Thread;
use super::tt::{Bound, TtHit};
use crate::core::{Board, Move, MoveList, Piece};
use crate::eval::score::{self, Score, DRAW, INFINITE, MAX_PLY, TB_WIN_IN_MAX_PLY};

impl Thread<'_> {
    /// Principal variation search of `board` to `depth` within (`alpha`, `beta`).
    pub(crate) fn pvs(
        &mut self,
        board: &Board,
        mut depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        kind: NodeKind,
    ) -> Score {
        let (pv_node, cut_node) = (kind == NodeKind::Pv, kind == NodeKind::Cut);
        let in_check = board.is_check();
        if in_check {
            depth += self.config.params.check_extension;
        }
        if depth <= 0 {
            return self.qsearch(board, alpha, beta, ply, pv_node);
        }
        self.pv[ply].clear();
        let (alpha, beta) = match self.node_entry(board, alpha, beta, ply) {
            Ok(window) => window,
            Err(score) => return score,
        };
        let excluded = self.stack[ply].excluded;
        let tt = self.tt_probe(board.hash(), ply);
        if excluded.is_none() {
            if let Some(score) = self.tt_cutoff(tt, depth, alpha, beta, pv_node) {
                return score;
            }
        }
        // Syzygy tablebases: an exact result ends the node, a bound limits it.
        let (mut alpha, mut tb_floor, mut tb_cap) = (alpha, -INFINITE, INFINITE);
        if ply > 0 && excluded.is_none() && self.shared.tb.should_probe(board, depth) {
            match self.probe_tablebase(board, depth, ply, (alpha, beta)) {
                Some(Ok(score)) => return score,
                Some(Err((score, Bound::Lower))) if pv_node => {
                    tb_floor = score;
                    alpha = alpha.max(score);
                }
                Some(Err((score, _))) if pv_node => tb_cap = score,
                _ => {}
            }
        }
        let (eval, static_eval, raw_eval) = self.static_eval(board, tt, ply, in_check);
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        let mut node = Node {
            depth,
            alpha,
            beta,
            ply,
            pv_node,
            cut_node,
            in_check,
            eval,
            static_eval,
            raw_eval,
            improving,
            excluded,
        };
        if !pv_node && !in_check && excluded.is_none() {
            if let Some(score) = self.prune_before_moves(board, &node) {
                return score;
            }
        }
        // Internal iterative reduction: without a hash move, this node is searched a ply
        // shallower (its move ordering is poor anyway).
        let tt_move = tt.and_then(|h| h.mv);
        if node.depth >= self.config.params.iir_min_depth
            && tt_move.is_none()
            && (pv_node || cut_node)
            && excluded.is_none()
        {
            node.depth -= 1;
        }
        let (best_score, best_move) = self.search_moves(board, &node, tt);
        let best_score = best_score.max(tb_floor).min(tb_cap);
        if !self.stopped && excluded.is_none() {
            self.store_result(board, &node, best_score, best_move);
            self.learn_correction(board, &node, best_score, best_move);
        }
        best_score
    }

    /// Node entry: counts the node, checks limits, draws, the ply cap and mate distance.
    /// `Err(score)` ends the node with that score; `Ok` gives the narrowed window.
    fn node_entry(
        &mut self,
        board: &Board,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Result<(Score, Score), Score> {
        if self.count_node_and_check_limits(ply) {
            return Err(0);
        }
        if self.is_draw(board, ply) {
            return Err(DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return Err(self.evaluate(board));
        }
        // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
        let alpha = alpha.max(score::mated_in(ply));
        let beta = beta.min(score::mate_in(ply + 1));
        if alpha >= beta {
            return Err(alpha);
        }
        Ok((alpha, beta))
    }

    /// A hash hit deep enough, whose bound settles the window, ends non-PV nodes.
    pub(crate) fn tt_cutoff(
        &self,
        tt: Option<TtHit>,
        depth: i32,
        alpha: Score,
        beta: Score,
        pv_node: bool,
    ) -> Option<Score> {
        let hit = tt?;
        if pv_node || hit.depth < depth {
            return None;
        }
        match hit.bound {
            Bound::Exact => Some(hit.score),
            Bound::Lower if hit.score >= beta => Some(hit.score),
            Bound::Upper if hit.score <= alpha => Some(hit.score),
            _ => None,
        }
    }

    /// The static evaluation, taken from the hash entry when there is one, corrected by the
    /// correction history (when on), and sharpened by the entry's search score when the bound
    /// allows. Returns (sharpened, corrected, raw); all `-INFINITE` in check.
    fn static_eval(
        &mut self,
        board: &Board,
        tt: Option<TtHit>,
        ply: usize,
        in_check: bool,
    ) -> (Score, Score, Score) {
        if in_check {
            self.stack[ply].eval = -INFINITE;
            return (-INFINITE, -INFINITE, -INFINITE);
        }
        let raw = tt.map_or_else(|| self.evaluate(board), |hit| hit.eval);
        let corrected = self.corrected(board, raw);
        let eval = match tt {
            Some(hit) => {
                let fits = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score > corrected,
                    Bound::Upper => hit.score < corrected,
                };
                if fits && hit.score.abs() < TB_WIN_IN_MAX_PLY {
                    hit.score
                } else {
                    corrected
                }
            }
            None => corrected,
        };
        self.stack[ply].eval = eval;
        (eval, corrected, raw)
    }

    /// Reverse futility pruning and null-move pruning (non-PV nodes out of check).
    fn prune_before_moves(&mut self, board: &Board, node: &Node) -> Option<Score> {
        let Node {
            depth,
            beta,
            eval,
            ply,
            improving,
            cut_node,
            ..
        } = *node;
        let p = &self.config.params;
        if beta.abs() >= TB_WIN_IN_MAX_PLY {
            return None;
        }
        // Reverse futility: the static eval beats beta by a depth-scaled margin.
        if depth <= p.rfp_max_depth && eval - p.rfp_margin * (depth - improving as i32) >= beta {
            return Some((eval + beta) / 2);
        }
        // Null move: even passing keeps us above beta, so a real move would too.
        let us = board.side_to_move();
        let has_pieces =
            (board.color(us) & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King)).any();
        let after_null = ply > 0 && self.stack[ply - 1].mv.is_none();
        if depth >= p.nmp_min_depth && eval >= beta && has_pieces && !after_null {
            let r = p.nmp_base_reduction
                + depth / p.nmp_depth_divisor.max(1)
                + ((eval - beta) / p.nmp_eval_divisor.max(1)).min(3);
            let null = board.null_move()?;
            self.push(board, null.hash(), ply, None);
            let score = -self.pvs(
                &null,
                depth - r,
                -beta,
                -beta + 1,
                ply + 1,
                NodeKind::non_pv(!cut_node),
            );
            self.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= TB_WIN_IN_MAX_PLY {
                    beta
                } else {
                    score
                });
            }
        }
        None
    }

    /// The move loop: ordering, shallow-depth pruning, late-move reductions, PVS re-searches,
    /// and the history updates of a cutoff. Returns the best score and move.
    fn search_moves(
        &mut self,
        board: &Board,
        node: &Node,
        tt: Option<TtHit>,
    ) -> (Score, Option<Move>) {
        let tt_move = tt.and_then(|h| h.mv);
        let p = &self.config.params;
        let Node {
            depth,
            beta,
            ply,
            pv_node,
            in_check,
            ..
        } = *node;
        let mut alpha = node.alpha;
        let mut picker = MovePicker::new(tt_move);
        let lineage = self.lineage(ply);
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut move_count = 0usize;
        let mut quiets_tried = MoveList::new();
        let mut noisy_tried = MoveList::new();
        // The squares that give check here, computed when the pruning first asks.
        let check_info = OnceCell::new();
        let has_pieces = (board.color(board.side_to_move())
            & !board.pieces(Piece::Pawn)
            & !board.pieces(Piece::King))
        .any();
        loop {
            let ctx = OrderingContext {
                heuristics: self.heuristics,
                ply,
                lineage,
                scorer: self.scorer,
                filter: self
                    .filter
                    .map(|f| (f, board.side_to_move() != self.root.side_to_move())),
                capture_weight: p.capture_history,
            };
            let Some(mv) = picker.next(&mut self.buffers[ply], board, &ctx) else {
                break;
            };
            if Some(mv) == node.excluded {
                continue;
            }
            move_count += 1;
            // The hash move comes first, before the picker fills this ply's buffer, so the
            // verification search (which uses the same ply) cannot disturb it.
            let extension = if move_count == 1 && Some(mv) == tt_move && !picker.generated() {
                match self.singular_extension(board, node, tt) {
                    Ok(e) => e,
                    Err(score) => return (score, None),
                }
            } else {
                0
            };
            let quiet = !mv.is_noisy();
            if best_score > -TB_WIN_IN_MAX_PLY
                && has_pieces
                && selectivity::shallow_prune(board, mv, node, alpha, move_count, &check_info, p)
            {
                continue;
            }
            let score = match self.search_chain(board, mv, (alpha, beta), depth, ply) {
                Some(score) => score,
                None => self.search_move(board, mv, node, alpha, move_count, extension),
            };
            if self.stopped {
                return (0, None);
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node || self.chains.is_some() {
                        self.update_pv(ply, mv);
                        self.remember_chain(board, ply);
                    }
                    if score >= beta {
                        self.reward_cutoff(
                            board,
                            node,
                            mv,
                            (&quiets_tried, &noisy_tried),
                            &lineage,
                        );
                        break;
                    }
                }
            }
            if Some(mv) != best_move {
                if quiet {
                    quiets_tried.push(mv);
                } else {
                    noisy_tried.push(mv);
                }
            }
        }
        if move_count == 0 {
            return (if in_check { score::mated_in(ply) } else { DRAW }, None);
        }
        (best_score, best_move)
    }

    /// `mv` refuted the node: the quiet-move heuristics learn it if it is quiet, and the
    /// capture history (when on) rewards it if it is noisy and penalises the noisy moves tried
    /// before it.
    fn reward_cutoff(
        &mut self,
        board: &Board,
        node: &Node,
        mv: Move,
        (quiets_tried, noisy_tried): (&[Move], &[Move]),
        lineage: &Lineage,
    ) {
        if !mv.is_noisy() {
            self.reward_quiet_cutoff(board, node, mv, quiets_tried, lineage);
        }
        let p = &self.config.params;
        if p.capture_history > 0 {
            let (bonus, max) = (p.history_bonus(node.depth), p.history_max);
            self.heuristics
                .update_capture_history(board, bonus, mv, noisy_tried, max);
        }
    }

    /// A quiet move refuted the node: it becomes a killer and the counter move, and the
    /// histories reward it and penalise the quiet moves `tried` before it.
    fn reward_quiet_cutoff(
        &mut self,
        board: &Board,
        node: &Node,
        mv: Move,
        tried: &[Move],
        lineage: &Lineage,
    ) {
        let side = board.side_to_move();
        self.heuristics
            .record_refutation(side, node.ply, mv, lineage.previous);
        let (bonus, max) = (
            self.config.params.history_bonus(node.depth),
            self.config.params.history_max,
        );
        self.heuristics
            .update_history(board, bonus, mv, tried, lineage, max);
    }

    /// Searches one move below the node: make it, PVS with late-move reductions and
    /// re-searches, unmake it.
    fn search_move(
        &mut self,
        board: &Board,
        mv: Move,
        node: &Node,
        alpha: Score,
        move_count: usize,
        extension: i32,
    ) -> Score {
        let Node {
            depth,
            beta,
            ply,
            pv_node,
            cut_node,
            ..
        } = *node;
        let p = &self.config.params;
        let mut child = *board;
        child.play_unchecked(mv);
        self.prefetch(child.hash());
        self.push(board, child.hash(), ply, Some(mv));
        let new_depth = depth - 1 + extension;
        let score = if move_count == 1 {
            let kind = if pv_node { NodeKind::Pv } else { NodeKind::All };
            -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, kind)
        } else {
            let quiet = !mv.is_noisy();
            let reduce = depth >= p.lmr_min_depth && move_count > 1 + pv_node as usize && quiet;
            let r = if reduce {
                let history = if quiet {
                    self.heuristics.quiet_score(board, mv, &self.lineage(ply))
                } else {
                    0
                };
                selectivity::reduction(
                    node,
                    self.lmr[(depth as usize).min(MAX_PLY)][move_count.min(63)],
                    (
                        child.is_check(),
                        self.heuristics.killers[ply].contains(&Some(mv)),
                    ),
                    history,
                    p,
                )
            } else {
                0
            };
            let (zw_alpha, zw_beta) = (-alpha - 1, -alpha);
            let mut s = -self.pvs(
                &child,
                new_depth - r,
                zw_alpha,
                zw_beta,
                ply + 1,
                NodeKind::Cut,
            );
            if s > alpha && r > 0 {
                let kind = NodeKind::non_pv(!cut_node);
                s = -self.pvs(&child, new_depth, zw_alpha, zw_beta, ply + 1, kind);
            }
            if pv_node && s > alpha && s < beta {
                s = -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, NodeKind::Pv);
            }
            s
        };
        self.pop();
        score
    }

    /// Singular extension of the hash move: if every other move fails low against a margin
    /// below the hash score (searched at half depth with the hash move excluded), the hash
    /// move is singular and is searched one ply deeper. If instead the margin is above beta,
    /// several moves refute the node and it is cut ("multi-cut": `Err(score)`); if the hash
    /// score alone is above beta, the hash move is reduced by one ply.
    fn singular_extension(
        &mut self,
        board: &Board,
        node: &Node,
        tt: Option<TtHit>,
    ) -> Result<i32, Score> {
        let p = &self.config.params;
        let Some(hit) = tt else { return Ok(0) };
        if node.ply == 0
            || node.excluded.is_some()
            || node.depth < p.se_min_depth
            || hit.depth < node.depth - 3
            || hit.bound == Bound::Upper
            || hit.score.abs() >= TB_WIN_IN_MAX_PLY
        {
            return Ok(0);
        }
        let singular_beta = hit.score - p.se_margin * node.depth;
        let ply = node.ply;
        self.stack[ply].excluded = hit.mv;
        let score = self.pvs(
            board,
            (node.depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            NodeKind::non_pv(node.cut_node),
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            return Err(0);
        }
        if score < singular_beta {
            Ok(1)
        } else if p.se_multicut == 0 {
            Ok(0)
        } else if singular_beta >= node.beta {
            Err(singular_beta)
        } else if hit.score >= node.beta {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Stores the node's result in the transposition table.
    fn store_result(&self, board: &Board, node: &Node, best_score: Score, best_move: Option<Move>) {
        let bound = if best_score >= node.beta {
            Bound::Lower
        } else if node.pv_node && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = self.tt_eval(node);
        let result = TtHit {
            mv: best_move,
            score: best_score,
            eval,
            depth: node.depth,
            bound,
        };
        self.tt_store(board.hash(), node.ply, result);
    }
}
