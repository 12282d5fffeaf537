//! The node routine: principal variation search, told as one story.
//!
//! [`Thread::pvs`] reads from top to bottom in numbered steps, as Stockfish's and Ethereal's
//! `search` do. A step that takes more than a few lines is one helper, and the helpers follow
//! the routine in the order of their steps, each with what belongs to it (the tablebase probe
//! beside step 4, the correction history beside steps 5 and 11):
//!
//! 1. **Horizon**: a side in check is searched a ply deeper; at depth 0 the quiescence search
//!    (`quiescence.rs`) takes over.
//! 2. **Node entry**: node count and limits, draws, the ply cap, mate-distance pruning.
//! 3. **Transposition table**: an entry deep enough whose bound settles the window ends a
//!    non-PV node.
//! 4. **Tablebases**: an exact result ends the node; at a PV node a bound narrows it.
//! 5. **Static evaluation**: the evaluator's (or the entry's copy of it), corrected by the
//!    correction history, sharpened by the entry's score when its bound allows; whether the
//!    side is improving on two plies ago.
//! 6. **Reverse futility pruning** (non-PV, not in check): far enough above beta, stop.
//! 7. **Null-move pruning** (the same nodes): even passing stays above beta.
//! 8. **Internal iterative reduction**: a PV or cut node without a hash move is searched a
//!    ply shallower.
//! 9. **The move loop**, moves from the picker (`ordering.rs`), for each: (a) singular
//!    extension of the hash move (or multi-cut, or its negative extension); (b) shallow
//!    pruning near the leaves: late-move, futility and SEE pruning (once late-move pruning
//!    holds, the picker drops the quiet moves it would skip and says how many, so the move
//!    numbers stay those of handing every move out); (c) the search below it:
//!    the first move with the full window, the others with a null window, late-move
//!    reductions and re-searches; (d) the best move so far; a cutoff rewards it in the
//!    histories.
//! 10. **No move**: mate or stalemate.
//! 11. **Bookkeeping**: the table entry, and the correction history learns from the result.
//!
//! The search's extension point ([`super::extension`]) enters at steps 5 (the evaluation),
//! 9 (the picker's order and filter, and a replay in place of the search below a move) and
//! 3/11 (whether the table is used); with the engine's [`NoExtension`](super::NoExtension)
//! every such hook is folded away.

use std::cell::OnceCell;

use super::extension::Extension;
use super::history::{Heuristics, Lineage};
use super::ordering::MovePicker;
use super::params::SearchParams;
use super::see::see_ge;
use super::stats::{self, Counter};
use super::thread::Thread;
use super::tt::{Bound, TtHit};
use crate::core::{Board, CheckInfo, Move, MoveList, Piece};
use crate::eval::score::{self, Score, DRAW, INFINITE, MAX_EVAL, MAX_PLY, TB_WIN_IN_MAX_PLY};
use crate::tb::ProbeError;

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

/// The facts of a node once steps 1–8 have established them, read by the move loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Remaining depth (after the check extension and internal iterative reduction).
    pub(crate) depth: i32,
    /// The window, after mate-distance pruning (and a tablebase floor).
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
    /// The static evaluation of step 5 (`-INFINITE` in check).
    pub(crate) eval: StaticEval,
    /// The static evaluation is better than two plies ago.
    pub(crate) improving: bool,
    /// A move not to search (singular-extension verification).
    pub(crate) excluded: Option<Move>,
}

/// Step 5's three views of the static evaluation (all `-INFINITE` in check).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StaticEval {
    /// Corrected, then sharpened by the hash entry's score when its bound allows: what the
    /// pruning compares with the window.
    pub(crate) sharp: Score,
    /// Corrected by the correction history, not sharpened: what the correction history
    /// learns from (step 11).
    pub(crate) corrected: Score,
    /// As the evaluator gave it: what the hash entry keeps (it is corrected again when read).
    pub(crate) raw: Score,
}

/// A tablebase bound on a PV node's score (step 4): the result is kept within it.
#[derive(Clone, Copy, Debug)]
struct TbBounds {
    floor: Score,
    cap: Score,
}

/// What the move loop knows of a late quiet move when it decides how much to reduce it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveFacts {
    /// It leaves the opponent in check.
    pub(crate) gives_check: bool,
    /// It is one of the ply's killer moves.
    pub(crate) killer: bool,
    /// Its quiet history score.
    pub(crate) history: i32,
}

/// Where a move stands in its node's loop, for the search below it.
#[derive(Clone, Copy, Debug)]
struct MoveOrder {
    /// Its number among the moves searched (1 for the first).
    number: usize,
    /// Plies of extension (−1 for the singular test's negative extension).
    extension: i32,
}

/// The moves a node searched before the one that refuted it (they failed to).
struct Tried {
    quiets: MoveList,
    noisy: MoveList,
}

impl<X: Extension> Thread<'_, X> {
    /// Principal variation search of `board` to `depth` within (`alpha`, `beta`).
    pub(crate) fn pvs(
        &mut self,
        board: &Board,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        kind: NodeKind,
    ) -> Score {
        let (pv_node, cut_node) = (kind == NodeKind::Pv, kind == NodeKind::Cut);
        let in_check = board.is_check();

        // Step 1. Horizon.
        let mut depth = depth;
        if in_check {
            depth += self.config.params.check_extension;
        }
        if depth <= 0 {
            return self.qsearch(board, alpha, beta, ply, pv_node);
        }
        self.pv[ply].clear();

        // Step 2. Node entry.
        stats::bump(match kind {
            NodeKind::Pv => Counter::PvNode,
            NodeKind::Cut => Counter::CutNode,
            NodeKind::All => Counter::AllNode,
        });
        let (mut alpha, beta) = match self.node_entry(board, alpha, beta, ply) {
            Ok(window) => window,
            Err(score) => return score,
        };

        // Step 3. Transposition table.
        let excluded = self.stack[ply].excluded;
        let tt = self.tt_probe(board.hash(), ply);
        if excluded.is_none() {
            if let Some(score) = tt_cutoff(tt, depth, alpha, beta, pv_node) {
                stats::bump(Counter::TtCutoff);
                return score;
            }
        }

        // Step 4. Tablebases.
        let mut tb = TbBounds {
            floor: -INFINITE,
            cap: INFINITE,
        };
        if ply > 0 && excluded.is_none() && self.shared.tb.should_probe(board, depth) {
            match self.probe_tablebase(board, depth, ply, alpha, beta) {
                Some(Ok(score)) => return score,
                Some(Err((score, Bound::Lower))) if pv_node => {
                    tb.floor = score;
                    alpha = alpha.max(score);
                }
                Some(Err((score, _))) if pv_node => tb.cap = score,
                _ => {}
            }
        }

        // Step 5. Static evaluation.
        let eval = self.static_eval(board, tt, ply, in_check);
        let improving = !in_check && ply >= 2 && eval.sharp > self.stack[ply - 2].eval;
        let mut node = Node {
            depth,
            alpha,
            beta,
            ply,
            pv_node,
            cut_node,
            in_check,
            eval,
            improving,
            excluded,
        };

        if !pv_node && !in_check && excluded.is_none() && beta.abs() < TB_WIN_IN_MAX_PLY {
            // Step 6. Reverse futility pruning.
            if let Some(score) = reverse_futility(&node, &self.config.params) {
                stats::bump(Counter::ReverseFutility);
                return score;
            }
            // Step 7. Null-move pruning.
            if let Some(score) = self.null_move(board, &node) {
                return score;
            }
        }

        // Step 8. Internal iterative reduction.
        let tt_move = tt.and_then(|h| h.mv);
        if node.depth >= self.config.params.iir_min_depth
            && tt_move.is_none()
            && (pv_node || cut_node)
            && excluded.is_none()
        {
            stats::bump(Counter::Iir);
            node.depth -= 1;
        }

        // Steps 9 and 10. The move loop; mate or stalemate.
        let (best_score, best_move) = self.search_moves(board, &node, tt);
        let best_score = best_score.max(tb.floor).min(tb.cap);

        // Step 11. Bookkeeping.
        if !self.stopped && excluded.is_none() {
            self.store_result(board, &node, best_score, best_move);
            self.learn_correction(board, &node, best_score, best_move);
        }
        best_score
    }

    // ---- step 2 ---------------------------------------------------------------------------

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
        // Mate-distance pruning: no line from here can beat a mate already found nearer the
        // root.
        let alpha = alpha.max(score::mated_in(ply));
        let beta = beta.min(score::mate_in(ply + 1));
        if alpha >= beta {
            return Err(alpha);
        }
        Ok((alpha, beta))
    }

    // ---- step 4 ---------------------------------------------------------------------------

    /// The WDL probe of an interior node (see [`super::syzygy`]): `Ok(score)` ends the node
    /// (the result stored in the table), `Err((score, bound))` is a bound the node's score
    /// obeys, `None` when the tables do not have the position.
    fn probe_tablebase(
        &mut self,
        board: &Board,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Option<Result<Score, (Score, Bound)>> {
        let tables = &self.config.syzygy.as_ref()?.tables;
        let wdl = match tables.probe_wdl(board) {
            Ok(wdl) => wdl,
            Err(e) => {
                if let ProbeError::Table(..) = e {
                    if self.is_main() && !self.tb_error_noted {
                        self.tb_error_noted = true;
                        self.reporter
                            .note(&format!("syzygy: {e}; playing on without it"));
                    }
                }
                return None;
            }
        };
        self.shared
            .tb_hits
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (score, bound) = self.shared.tb.score(wdl, ply);
        let settles = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if !settles {
            return Some(Err((score, bound)));
        }
        let eval = if board.is_check() {
            0
        } else {
            self.evaluate(board)
        };
        let result = TtHit {
            mv: None,
            score,
            eval,
            depth: (depth + 6).min(MAX_PLY as i32 - 1),
            bound,
        };
        self.tt_store(board.hash(), ply, result);
        Some(Ok(score))
    }

    // ---- step 5 ---------------------------------------------------------------------------

    /// The static evaluation, taken from the hash entry when there is one, corrected by the
    /// correction history, and sharpened by the entry's search score when the bound allows.
    fn static_eval(
        &mut self,
        board: &Board,
        tt: Option<TtHit>,
        ply: usize,
        in_check: bool,
    ) -> StaticEval {
        if in_check {
            self.stack[ply].eval = -INFINITE;
            return StaticEval {
                sharp: -INFINITE,
                corrected: -INFINITE,
                raw: -INFINITE,
            };
        }
        let (raw, corrected) = self.evaluate_corrected(board, tt.map(|hit| hit.eval));
        let sharp = match tt {
            Some(hit) if hit.score.abs() < TB_WIN_IN_MAX_PLY => {
                let fits = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score > corrected,
                    Bound::Upper => hit.score < corrected,
                };
                if fits {
                    hit.score
                } else {
                    corrected
                }
            }
            _ => corrected,
        };
        self.stack[ply].eval = sharp;
        StaticEval {
            sharp,
            corrected,
            raw,
        }
    }

    /// `raw` plus the correction history's entries for `board` (pawns, White's pieces,
    /// Black's pieces, each by its weight), kept within the evaluator's range.
    pub(crate) fn corrected(&self, board: &Board, raw: Score) -> Score {
        let weights = self.correction_weights();
        (raw + self.heuristics.correction(board, &weights)).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The raw static evaluation (`stored`, or the evaluator's) and the corrected one, as
    /// [`Thread::corrected`] gives it; the correction entries are fetched while the evaluator
    /// works.
    pub(crate) fn evaluate_corrected(
        &self,
        board: &Board,
        stored: Option<Score>,
    ) -> (Score, Score) {
        let weights = self.correction_weights();
        let slots = Heuristics::correction_slots(board);
        self.heuristics.prefetch_correction(&slots);
        let raw = stored.unwrap_or_else(|| self.evaluate(board));
        let correction = self.heuristics.correction_at(&slots, &weights);
        (raw, (raw + correction).clamp(-MAX_EVAL, MAX_EVAL))
    }

    /// The correction tables' weights in percent (pawns, White's pieces, Black's pieces).
    #[inline]
    fn correction_weights(&self) -> [i32; 3] {
        let p = &self.config.params;
        let nonpawn = p.correction_nonpawn.max(0);
        [p.correction_weight.max(0), nonpawn, nonpawn]
    }

    // ---- step 7 ---------------------------------------------------------------------------

    /// Null-move pruning: the side to move passes; if a reduced search of the opponent's
    /// move still fails high, a real move would too. Not after another null move, and not
    /// without pieces besides pawns (zugzwang).
    fn null_move(&mut self, board: &Board, node: &Node) -> Option<Score> {
        let p = &self.config.params;
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let after_null = ply > 0 && self.stack[ply - 1].mv.is_none();
        if depth < p.nmp_min_depth || node.eval.sharp < beta || !has_pieces(board) || after_null {
            return None;
        }
        let r = p.nmp_base_reduction
            + depth / p.nmp_depth_divisor.max(1)
            + ((node.eval.sharp - beta) / p.nmp_eval_divisor.max(1)).min(3);
        let null = board.null_move()?;
        stats::bump(Counter::NullTried);
        self.prefetch(null.hash());
        self.push(board, null.hash(), ply, None);
        let kind = NodeKind::non_pv(!node.cut_node);
        let score = -self.pvs(&null, depth - r, -beta, -beta + 1, ply + 1, kind);
        self.pop();
        if self.stopped {
            return Some(0);
        }
        // A mate found after passing proves nothing about the real moves: beta stands.
        if score >= beta {
            stats::bump(Counter::NullCutoff);
        }
        (score >= beta).then_some(if score >= TB_WIN_IN_MAX_PLY {
            beta
        } else {
            score
        })
    }

    // ---- step 9 ---------------------------------------------------------------------------

    /// The move loop (step 9) and its end (step 10): returns the best score and move.
    fn search_moves(
        &mut self,
        board: &Board,
        node: &Node,
        tt: Option<TtHit>,
    ) -> (Score, Option<Move>) {
        let tt_move = tt.and_then(|h| h.mv);
        let ply = node.ply;
        let mut alpha = node.alpha;
        let lineage = self.node_lineage(board, ply);
        let mut picker = MovePicker::new(
            tt_move,
            ply,
            lineage,
            self.config.params.capture_history,
            self.root.side_to_move(),
        );
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut move_count = 0usize;
        let mut tried = Tried {
            quiets: MoveList::new(),
            noisy: MoveList::new(),
        };
        // The squares that give check here, computed when the pruning first asks.
        let check_info = OnceCell::new();
        let has_pieces = has_pieces(board);
        loop {
            let next = picker.next(
                &mut self.buffers[ply],
                board,
                self.heuristics,
                &self.config.ext,
            );
            // The quiet moves the picker dropped: each counts as a move late-move pruning
            // skipped.
            let skipped = picker.take_skipped();
            move_count += skipped;
            stats::add(Counter::LateMovePrune, skipped as u64);
            let Some(mv) = next else { break };
            if Some(mv) == node.excluded {
                continue;
            }
            move_count += 1;

            // Step 9a. Singular extension. The hash move comes first, before the picker fills
            // this ply's buffer, so the verification search (at the same ply) cannot disturb
            // it.
            let extension = if move_count == 1 && Some(mv) == tt_move && !picker.generated() {
                match self.singular_extension(board, node, tt) {
                    Ok(e) => e,
                    Err(score) => return (score, None),
                }
            } else {
                0
            };

            // Step 9b. Shallow pruning.
            let p = &self.config.params;
            if best_score > -TB_WIN_IN_MAX_PLY && has_pieces {
                // Late-move pruning, once it holds, holds for every later move (the count only
                // grows): the picker drops the quiet moves it would skip.
                if !picker.dropping() && late_moves_pruned(node, move_count, p) {
                    picker.drop_quiets(
                        &mut self.buffers[ply],
                        board,
                        check_info.get_or_init(|| board.check_info()),
                        node.excluded,
                    );
                }
                if shallow_prune(board, mv, node, alpha, move_count, &check_info, p) {
                    continue;
                }
            }

            // Step 9c. The search below the move (or the extension's replay of it).
            let replayed = X::replay(self, board, mv, alpha, node.beta, node.depth, ply);
            let score = match replayed {
                Some(score) => score,
                None => {
                    let order = MoveOrder {
                        number: move_count,
                        extension,
                    };
                    self.search_move(board, mv, node, alpha, order)
                }
            };
            if self.stopped {
                return (0, None);
            }

            // Step 9d. The best move so far; a cutoff.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if node.pv_node || self.config.ext.keeps_lines() {
                        self.update_pv(ply, mv);
                        X::line_improved(self, board, ply);
                    }
                    if score >= node.beta {
                        self.reward_cutoff(board, node, mv, &tried, &lineage);
                        break;
                    }
                }
            }
            if Some(mv) != best_move {
                if mv.is_noisy() {
                    tried.noisy.push(mv);
                } else {
                    tried.quiets.push(mv);
                }
            }
        }

        // Step 10. No legal move: mate or stalemate.
        if move_count == 0 {
            let score = if node.in_check {
                score::mated_in(ply)
            } else {
                DRAW
            };
            return (score, None);
        }
        (best_score, best_move)
    }

    /// Step 9a. Singular extension of the hash move: if every other move fails low against a
    /// margin below the hash score (searched at half depth with the hash move excluded), the
    /// hash move is singular and is searched one ply deeper. If instead that margin is above
    /// beta, several moves refute the node and it is cut ("multi-cut": `Err(score)`); if the
    /// hash score alone is above beta, the hash move is reduced by one ply.
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
        stats::bump(Counter::SingularTried);
        let ply = node.ply;
        self.stack[ply].excluded = hit.mv;
        let kind = NodeKind::non_pv(node.cut_node);
        let depth = (node.depth - 1) / 2;
        let score = self.pvs(board, depth, singular_beta - 1, singular_beta, ply, kind);
        self.stack[ply].excluded = None;
        if self.stopped {
            return Err(0);
        }
        if score < singular_beta {
            stats::bump(Counter::SingularExtended);
            Ok(1)
        } else if singular_beta >= node.beta {
            stats::bump(Counter::MultiCut);
            Err(singular_beta)
        } else if hit.score >= node.beta {
            stats::bump(Counter::NegativeExtension);
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Step 9c. Searches one move below the node: make it, PVS with late-move reductions and
    /// re-searches, unmake it.
    fn search_move(
        &mut self,
        board: &Board,
        mv: Move,
        node: &Node,
        alpha: Score,
        order: MoveOrder,
    ) -> Score {
        let (number, extension) = (order.number, order.extension);
        let (beta, ply) = (node.beta, node.ply);
        let mut child = *board;
        child.play_unchecked(mv);
        self.prefetch(child.hash());
        self.push(board, child.hash(), ply, Some(mv));
        let new_depth = node.depth - 1 + extension;
        let score = if number == 1 {
            // The first move: the full window.
            let kind = if node.pv_node {
                NodeKind::Pv
            } else {
                NodeKind::All
            };
            -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, kind)
        } else {
            // The others: a null window, reduced when late and quiet; a fail high is searched
            // again at full depth, and at a PV node with the full window.
            let r = self.late_move_reduction(board, &child, mv, node, order);
            if r > 0 {
                stats::bump(Counter::Reduced);
                stats::add(Counter::ReductionPlies, r as u64);
            }
            let (zw_alpha, zw_beta) = (-alpha - 1, -alpha);
            let child_ply = ply + 1;
            let mut s = -self.pvs(
                &child,
                new_depth - r,
                zw_alpha,
                zw_beta,
                child_ply,
                NodeKind::Cut,
            );
            if s > alpha && r > 0 {
                stats::bump(Counter::ReSearch);
                let kind = NodeKind::non_pv(!node.cut_node);
                s = -self.pvs(&child, new_depth, zw_alpha, zw_beta, child_ply, kind);
            }
            if node.pv_node && s > alpha && s < beta {
                s = -self.pvs(&child, new_depth, -beta, -alpha, child_ply, NodeKind::Pv);
            }
            s
        };
        self.pop();
        score
    }

    /// Step 9c. The late-move reduction of `mv`, the `order.number`-th move, leading to
    /// `child`: none for noisy moves, shallow nodes or the second move of a PV node; otherwise
    /// [`reduction`] of the table's value.
    fn late_move_reduction(
        &self,
        board: &Board,
        child: &Board,
        mv: Move,
        node: &Node,
        order: MoveOrder,
    ) -> i32 {
        let number = order.number;
        let p = &self.config.params;
        let late = number > 1 + node.pv_node as usize;
        if node.depth < p.lmr_min_depth || !late || mv.is_noisy() {
            return 0;
        }
        let facts = MoveFacts {
            gives_check: child.is_check(),
            killer: self.heuristics.killers[node.ply].contains(&Some(mv)),
            history: self
                .heuristics
                .quiet_score(board, mv, &self.lineage(node.ply)),
        };
        let base = self.lmr[(node.depth as usize).min(MAX_PLY)][number.min(63)];
        reduction(node, base, facts, p)
    }

    /// Step 9d. `mv` refuted the node: the quiet-move heuristics learn it if it is quiet (a
    /// killer, the counter move, history rewards for it and penalties for the quiet moves
    /// tried before it), and the capture history rewards it if it is noisy and
    /// penalises the noisy moves tried before it.
    fn reward_cutoff(
        &mut self,
        board: &Board,
        node: &Node,
        mv: Move,
        tried: &Tried,
        lineage: &Lineage,
    ) {
        let p = &self.config.params;
        let (bonus, max) = (p.history_bonus(node.depth), p.history_max);
        if !mv.is_noisy() {
            let side = board.side_to_move();
            self.heuristics
                .record_refutation(side, node.ply, mv, lineage.previous);
            self.heuristics
                .update_history(board, bonus, mv, &tried.quiets, lineage, max);
        }
        self.heuristics
            .update_capture_history(board, bonus, mv, &tried.noisy, max);
    }

    /// The moves that led to the node at `ply` ([`Thread::lineage`]), with the squares the
    /// opponent attacks (the butterfly history is kept apart by them).
    fn node_lineage(&mut self, board: &Board, ply: usize) -> Lineage {
        self.stack[ply].threats = board.threats();
        self.lineage(ply)
    }

    // ---- step 11 --------------------------------------------------------------------------

    /// Stores the node's result in the transposition table (with the evaluator's own static
    /// evaluation: it is corrected again when read).
    fn store_result(&self, board: &Board, node: &Node, best_score: Score, best_move: Option<Move>) {
        let bound = if best_score >= node.beta {
            Bound::Lower
        } else if node.pv_node && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let result = TtHit {
            mv: best_move,
            score: best_score,
            eval: if node.in_check { 0 } else { node.eval.raw },
            depth: node.depth,
            bound,
        };
        self.tt_store(board.hash(), node.ply, result);
    }

    /// The correction history learns: when the search's score says the static evaluation
    /// was too high (a fail low or exact score below it) or too low (a best move found above
    /// it), and neither a capture nor a mate explains the difference, the corrections of this
    /// position's pawns and pieces move towards it.
    fn learn_correction(
        &mut self,
        board: &Board,
        node: &Node,
        best_score: Score,
        best_move: Option<Move>,
    ) {
        if node.in_check
            || best_move.is_some_and(|m| m.is_noisy())
            || best_score.abs() >= TB_WIN_IN_MAX_PLY
        {
            return;
        }
        let static_eval = node.eval.corrected;
        let below = best_score < static_eval && best_score < node.beta;
        let above = best_score > static_eval && best_move.is_some();
        if below || above {
            let diff = best_score - static_eval;
            self.heuristics.update_correction(board, node.depth, diff);
        }
    }
}

/// Step 3. A hash hit deep enough, whose bound settles the window, ends non-PV nodes.
pub(crate) fn tt_cutoff(
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

/// Step 6. Reverse futility pruning: the static evaluation beats beta by a depth-scaled
/// margin (smaller when improving); the node fails high halfway between the two.
fn reverse_futility(node: &Node, p: &SearchParams) -> Option<Score> {
    let (depth, eval, beta) = (node.depth, node.eval.sharp, node.beta);
    let margin = p.rfp_margin * (depth - node.improving as i32);
    (depth <= p.rfp_max_depth && eval - margin >= beta).then_some((eval + beta) / 2)
}

/// Whether the side to move has a piece besides pawns and the king (null-move pruning and
/// shallow pruning are unsafe in pawn endings: zugzwang, and quiet moves that queen).
fn has_pieces(board: &Board) -> bool {
    let us = board.color(board.side_to_move());
    (us & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King)).any()
}

/// Step 9b. Shallow-depth pruning of one move, once a move has been searched: late-move
/// pruning and futility pruning of quiet moves, and SEE pruning. Checking moves are treated
/// like captures (never futility- or move-count-pruned; SEE-pruned only at the capture
/// margin), so quiet sacrifices that lead to mate survive. (The conditions only get truer as
/// the loop goes on; once late-move pruning holds, the move loop has the picker drop the
/// quiet moves that give no check instead of handing each out to be skipped here, and counts
/// them as skipped.) Returns whether to skip `mv`, the `move_count`-th move of `node`, with
/// the window's lower end now at `alpha`.
#[inline]
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
    if tactical {
        let pruned =
            depth <= p.see_max_depth && !see_ge(board, mv, -p.see_capture_margin * depth * depth);
        if pruned {
            stats::bump(Counter::SeeNoisyPrune);
        }
        return pruned;
    }
    if late_moves_pruned(node, move_count, p) {
        stats::bump(Counter::LateMovePrune);
        return true;
    }
    // Futility pruning: even a good quiet move cannot lift the evaluation to alpha.
    let margin = p.futility_base + p.futility_per_depth * (depth - 1);
    if !node.in_check && depth <= p.futility_max_depth && node.eval.sharp + margin <= alpha {
        stats::bump(Counter::FutilityPrune);
        return true;
    }
    // SEE pruning: the move loses too much material on its square.
    let pruned = depth <= p.see_max_depth && !see_ge(board, mv, -p.see_quiet_margin * depth);
    if pruned {
        stats::bump(Counter::SeeQuietPrune);
    }
    pruned
}

/// Late-move pruning: whether enough quiet moves have been tried at `node` that its
/// `move_count`-th and later quiet moves are skipped (half as many when not improving: the
/// halving as a shift, since a division by a variable costs a divide instruction).
#[inline(always)]
fn late_moves_pruned(node: &Node, move_count: usize, p: &SearchParams) -> bool {
    let depth = node.depth;
    let lmp_limit = (p.lmp_base + depth * depth) as usize >> (!node.improving as usize);
    depth <= p.lmp_max_depth && move_count > lmp_limit
}

/// Step 9c. The late-move reduction of a quiet move at `node`: the table's value `base` for
/// its depth and move number, less in PV nodes, for a move that gives check, for a killer and
/// for a good history score (one ply per `search.lmr_history_divisor`); more when the
/// position is not improving and at expected cut nodes (`search.lmr_not_improving` and
/// `search.lmr_cut_node` plies). Never below zero or so deep that the reduced search would skip to quiescence.
pub(crate) fn reduction(node: &Node, base: i32, facts: MoveFacts, p: &SearchParams) -> i32 {
    let mut r = base;
    r -= node.pv_node as i32;
    r += p.lmr_not_improving * !node.improving as i32;
    r += p.lmr_cut_node * node.cut_node as i32;
    r -= facts.gives_check as i32;
    r -= facts.killer as i32;
    r -= facts.history / p.lmr_history_divisor.max(1);
    r.clamp(0, node.depth - 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduction_table_is_the_logarithmic_formula() {
        // Ethereal's coefficients: 0.75 + ln d · ln m / 2.25, truncated.
        let table = crate::search::params::lmr_table(&SearchParams {
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
