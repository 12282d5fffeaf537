//! One search thread: iterative deepening, the root, the PVS node routine and quiescence.
//!
//! The node routine [`Thread::pvs`] is split by phase into short functions:
//! [`Thread::node_entry`] (limits, draws, mate-distance pruning), [`Thread::probe_tt`],
//! [`Thread::static_eval`], [`Thread::prune_before_moves`] (reverse futility, null move),
//! [`Thread::search_moves`] (the move loop with its own pruning and reductions) and
//! [`Thread::store_result`].

use std::sync::atomic::Ordering;

use super::ordering::{
    quiescence_moves, victim_value, Heuristics, Lineage, MoveBuffer, MovePicker, OrderingContext,
    PieceTo,
};
use super::params::SearchParams;
use super::see::see_ge;
use super::tt::{Bound, TtHit};
use super::{
    Algorithm, Limits, OrderingScheme, PruningScheme, Reporter, SearchConfig, SearchInfo,
    SearchResult, Shared,
};
use crate::core::{Board, Move, MoveList, Piece, Position};
use crate::eval::score::{self, Score, DRAW, INFINITE, MATE_IN_MAX_PLY, MAX_PLY};
use crate::eval::{AnyEvaluator, Evaluator};

/// A root move with its latest and previous iteration's scores and its PV.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    pub(crate) score: Score,
    pub(crate) previous_score: Score,
    pub(crate) pv: Vec<Move>,
    pub(crate) seldepth: usize,
}

/// How settled the root is, for time management: the best move's streak of unchanged
/// iterations and the score trend.
#[derive(Default)]
struct Stability {
    best: Option<Move>,
    streak: u32,
    previous_score: Option<Score>,
    score_drop: Score,
}

impl Stability {
    /// Records a completed iteration's best move and score.
    fn record(&mut self, best: Move, score: Score) {
        self.streak = if self.best == Some(best) {
            self.streak + 1
        } else {
            0
        };
        self.best = Some(best);
        self.score_drop = self.previous_score.map_or(0, |p| p - score);
        self.previous_score = Some(score);
    }

    /// The factor applied to the soft time limit: a best move that keeps changing or a falling
    /// score buys more time, a long-stable best move less.
    fn time_scale(&self) -> f64 {
        let stability = match self.streak {
            0 => 1.4,
            1 => 1.15,
            2 => 1.0,
            3..=5 => 0.85,
            _ => 0.7,
        };
        let trend = if self.score_drop > 60 {
            1.4
        } else if self.score_drop > 25 {
            1.2
        } else {
            1.0
        };
        stability * trend
    }
}

/// Per-ply search stack entry.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Static evaluation at this ply (meaningless when in check).
    eval: Score,
    /// The move made from this ply (`None` for a null move).
    mv: Option<Move>,
    /// Its piece-to key (continuation history).
    key: Option<PieceTo>,
    /// A move this node must not search (singular-extension verification).
    excluded: Option<Move>,
}

/// How often (in nodes) the clock and the shared node count are consulted.
const CHECK_INTERVAL: u64 = 1024;

/// The state of one search thread.
pub struct Thread<'a> {
    pub(crate) id: usize,
    pub(crate) shared: &'a Shared<'a>,
    pub(crate) evaluator: &'a AnyEvaluator,
    pub(crate) params: &'a SearchParams,
    algorithm: Algorithm,
    multipv: usize,
    /// Whether the PVS search reads and writes the transposition table.
    use_tt: bool,
    /// Move ordering scheme.
    ordering: OrderingScheme,
    /// Forward pruning scheme.
    pruning: PruningScheme,
    /// Whether dynamic move chains are used.
    move_chains: bool,
    pub(crate) nodes: u64,
    published_nodes: u64,
    pub(crate) seldepth: usize,
    pub(crate) stopped: bool,
    /// Game history hashes followed by the current search path's.
    pub(crate) hashes: Vec<u64>,
    pub(crate) root: Board,
    pub(crate) root_moves: Vec<RootMove>,
    pv_index: usize,
    /// Triangular PV table: `pv[ply]` is the best line found from `ply`.
    pub(crate) pv: Vec<Vec<Move>>,
    stack: Vec<Frame>,
    heuristics: &'a mut Heuristics,
    /// One move buffer per ply.
    buffers: Vec<MoveBuffer>,
    /// Late-move reductions by depth and move number.
    lmr: Vec<[i32; 64]>,
}

impl<'a> Thread<'a> {
    pub(crate) fn new(
        id: usize,
        shared: &'a Shared<'a>,
        config: &'a SearchConfig,
        position: &Position,
        heuristics: &'a mut Heuristics,
    ) -> Self {
        heuristics.new_search();
        let root = *position.board();
        let legal = root.legal_moves();
        let mut moves: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                shared.limits.searchmoves.is_empty() || shared.limits.searchmoves.contains(m)
            })
            .collect();
        if moves.is_empty() {
            moves = legal.to_vec(); // no valid searchmoves: search everything
        }
        if config.pruning == PruningScheme::Rules {
            let mut list = crate::core::MoveList::new();
            list.extend(moves.iter().copied());
            super::pruning::filter(&root, &mut list, false);
            moves = list.to_vec();
        }
        let root_moves = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                pv: vec![mv],
                seldepth: 0,
            })
            .collect();
        let params = &config.params;
        let lmr = (0..=MAX_PLY)
            .map(|d| {
                let mut row = [0; 64];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        let x = (d as f64).ln() * (m as f64).ln() * 100.0
                            / params.lmr_divisor.max(1) as f64;
                        *r = ((params.lmr_base as f64 + x) / 100.0) as i32;
                    }
                }
                row
            })
            .collect();
        let hashes = position.hash_history().to_vec();
        Thread {
            id,
            shared,
            evaluator: &config.evaluator,
            params,
            algorithm: config.algorithm,
            multipv: config.multipv.max(1),
            use_tt: config.use_tt,
            ordering: config.ordering,
            pruning: config.pruning,
            move_chains: config.move_chains,
            nodes: 0,
            published_nodes: 0,
            seldepth: 0,
            stopped: false,
            hashes,
            root,
            root_moves,
            pv_index: 0,
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            stack: vec![Frame::default(); MAX_PLY + 4],
            heuristics,
            buffers: (0..MAX_PLY + 2).map(|_| MoveBuffer::default()).collect(),
            lmr,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    fn limits(&self) -> &Limits {
        self.shared.limits
    }

    // ---- iterative deepening and the root -------------------------------------------------

    /// Deepens until a limit is hit; returns the best move of the last completed iteration.
    pub(crate) fn iterative_deepening(&mut self, reporter: &dyn Reporter) -> SearchResult {
        let max_depth = self
            .limits()
            .depth
            .unwrap_or(MAX_PLY as i32 - 1)
            .clamp(1, MAX_PLY as i32 - 1);
        let mut completed = 0;
        let multipv = self.multipv.min(self.root_moves.len());
        // Helpers start at staggered depths so threads do not all search the same tree.
        let first_depth = 1 + (self.id % 2) as i32;
        let mut stability = Stability::default();
        for depth in first_depth..=max_depth {
            if self.root_moves.is_empty() {
                break;
            }
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.search_root_window(depth, reporter);
                self.root_moves[pv_index..].sort_by_key(|rm| (-rm.score, -rm.previous_score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            if self.is_main() {
                for i in 0..multipv {
                    reporter.report(&self.info(depth, i, None));
                }
                stability.record(self.root_moves[0].mv, self.root_moves[0].score);
            }
            if self.move_chains {
                // Paper 002: "always add final bestPath to moveChains".
                let max = self.params.chain_max_length.max(1) as usize;
                let root = self.root;
                let pv = self.root_moves[0].pv.clone();
                self.heuristics.chains.store(&root, &pv, max);
            }
            if self.is_main() && self.iteration_limit_reached(depth, &stability) {
                break;
            }
        }
        self.publish_nodes();
        self.result(completed)
    }

    /// Whether the main thread should stop deepening after completing `depth`.
    fn iteration_limit_reached(&self, depth: i32, stability: &Stability) -> bool {
        let best = self.root_moves[0].score;
        if let Some(mate) = self.limits().mate {
            if score::mate_moves(best).is_some_and(|m| m > 0 && m <= mate) {
                return true;
            }
        }
        if let (Some(soft), Some(elapsed)) =
            (self.shared.budget.soft, self.shared.elapsed_for_budget())
        {
            // A single legal move needs no thought; otherwise stop when the soft limit, scaled
            // by how settled the search looks, has passed.
            let soft = soft.mul_f64(stability.time_scale());
            if elapsed >= soft || (self.root_moves.len() == 1 && depth >= 4) {
                return true;
            }
        }
        false
    }

    fn result(&self, depth: i32) -> SearchResult {
        let best = self.root_moves.first();
        let pv = best.map(|rm| rm.pv.clone()).unwrap_or_default();
        let ponder_move = pv.get(1).copied().or_else(|| {
            let mv = pv.first()?;
            let mut next = self.root;
            next.play_unchecked(*mv);
            let hit = self.shared.tt.probe(next.hash(), 1)?;
            hit.mv.filter(|&m| next.is_legal(m))
        });
        SearchResult {
            best_move: best.map(|rm| rm.mv),
            ponder_move,
            score: best.map_or(0, |rm| rm.score),
            depth,
            nodes: self.nodes,
            pv,
        }
    }

    pub(crate) fn info(&self, depth: i32, index: usize, bound: Option<Bound>) -> SearchInfo {
        let rm = &self.root_moves[index];
        SearchInfo {
            depth,
            seldepth: rm.seldepth.max(depth as usize),
            multipv: index + 1,
            score: rm.score,
            bound,
            nodes: self.total_nodes(),
            time: self.shared.start.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: rm.pv.clone(),
        }
    }

    /// Searches the root at `depth` with aspiration windows around the previous score.
    fn search_root_window(&mut self, depth: i32, reporter: &dyn Reporter) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let use_window = self.algorithm == Algorithm::Pvs
            && depth >= self.params.aspiration_min_depth
            && previous.abs() < MATE_IN_MAX_PLY;
        let mut delta = self.params.aspiration_window.max(1);
        let (mut alpha, mut beta) = if use_window {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(depth, alpha, beta);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            if self.is_main() && self.shared.start.elapsed().as_millis() >= 1000 {
                self.root_moves[self.pv_index..].sort_by_key(|rm| (-rm.score, -rm.previous_score));
                reporter.report(&self.info(depth, self.pv_index, Some(bound)));
            }
            delta += delta / 2;
        }
    }

    /// One pass over the root moves (those not already taken by earlier PV lines).
    fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score) -> Score {
        let root = self.root;
        let mut best = -INFINITE;
        self.nodes += 1;
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let mut child = root;
            child.play_unchecked(mv);
            self.push(&root, child.hash(), 0, Some(mv));
            let score = match self.algorithm {
                Algorithm::Pvs => {
                    self.search_root_move(&child, depth, alpha, beta, i == self.pv_index)
                }
                Algorithm::Minimax => -self.minimax(&child, depth - 1, 1),
                Algorithm::AlphaBeta => -self.alphabeta(&child, depth - 1, -beta, -alpha, 1, false),
                Algorithm::AlphaBetaTt => {
                    -self.alphabeta(&child, depth - 1, -beta, -alpha, 1, true)
                }
            };
            self.pop();
            if self.stopped {
                break;
            }
            best = best.max(score);
            let rm = &mut self.root_moves[i];
            if i == self.pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            } else {
                rm.score = -INFINITE;
            }
        }
        best
    }

    /// PVS at the root: the first move with the full window, the rest with a null window and a
    /// re-search when they beat alpha.
    fn search_root_move(
        &mut self,
        child: &Board,
        depth: i32,
        alpha: Score,
        beta: Score,
        first: bool,
    ) -> Score {
        if first {
            return -self.pvs(child, depth - 1, -beta, -alpha, 1, true, false);
        }
        let score = -self.pvs(child, depth - 1, -alpha - 1, -alpha, 1, false, true);
        if score > alpha && score < beta && !self.stopped {
            -self.pvs(child, depth - 1, -beta, -alpha, 1, true, false)
        } else {
            score
        }
    }

    // ---- bookkeeping ----------------------------------------------------------------------

    /// Enters the child of the move `mv` (`None`: a null move) made at `ply` from `board`.
    #[inline]
    pub(crate) fn push(&mut self, board: &Board, child_hash: u64, ply: usize, mv: Option<Move>) {
        self.hashes.push(child_hash);
        self.stack[ply].mv = mv;
        self.stack[ply].key = mv.map(|m| PieceTo::of(board, m));
    }

    /// The moves that led to the node at `ply`.
    fn lineage(&self, ply: usize) -> Lineage {
        let frame = |back: usize| ply.checked_sub(back).map(|p| self.stack[p]);
        Lineage {
            previous: frame(1).and_then(|f| f.mv),
            previous_key: frame(1).and_then(|f| f.key),
            grandparent_key: frame(2).and_then(|f| f.key),
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) {
        self.hashes.pop();
    }

    fn publish_nodes(&mut self) {
        let delta = self.nodes - self.published_nodes;
        self.shared.nodes.fetch_add(delta, Ordering::Relaxed);
        self.published_nodes = self.nodes;
    }

    fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.nodes - self.published_nodes
    }

    /// The transposition table entry for `hash`, unless the table is switched off.
    #[inline]
    fn tt_probe(&self, hash: u64, ply: usize) -> Option<TtHit> {
        if self.use_tt {
            self.shared.tt.probe(hash, ply)
        } else {
            None
        }
    }

    /// Stores a result, unless the table is switched off.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn tt_store(
        &self,
        hash: u64,
        ply: usize,
        mv: Option<Move>,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        if self.use_tt {
            self.shared
                .tt
                .store(hash, ply, mv, score, eval, depth, bound);
        }
    }

    /// Counts a node and decides whether the search must stop now.
    #[inline]
    pub(crate) fn count_node_and_check_limits(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.limits().nodes.filter(|_| self.is_main()) {
            if self.total_nodes() >= limit {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.publish_nodes();
            let s = self.shared;
            if s.control.stopped() || (!self.is_main() && s.done.load(Ordering::Relaxed)) {
                self.stopped = true;
            } else if let (true, Some(hard), Some(elapsed)) =
                (self.is_main(), s.budget.hard, s.elapsed_for_budget())
            {
                self.stopped = elapsed >= hard;
            }
        }
        self.stopped
    }

    /// Draw by the fifty-move rule, insufficient material or repetition. A repetition of a
    /// position inside the search path is a draw at once (the side could repeat again); one
    /// from before the root needs to be a threefold.
    pub(crate) fn is_draw(&self, board: &Board, ply: usize) -> bool {
        if board.halfmove_clock() >= 100 {
            return !board.is_check() || board.has_legal_move();
        }
        if board.is_insufficient_material() {
            return true;
        }
        let n = self.hashes.len();
        let current = self.hashes[n - 1];
        let reach = (board.halfmove_clock() as usize).min(n - 1);
        let mut before_root = 0;
        for back in (4..=reach).step_by(2) {
            if self.hashes[n - 1 - back] == current {
                if back <= ply {
                    return true;
                }
                before_root += 1;
                if before_root >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The static evaluation, from the side to move's view.
    #[inline]
    pub(crate) fn evaluate(&self, board: &Board) -> Score {
        self.evaluator.evaluate(board)
    }

    // ---- the PVS node routine -------------------------------------------------------------

    /// Principal variation search of `board` to `depth` within (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pvs(
        &mut self,
        board: &Board,
        mut depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> Score {
        let in_check = board.is_check();
        if in_check {
            depth += self.params.check_extension;
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
        let eval = self.static_eval(board, tt, ply, in_check);
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        if !pv_node && !in_check && excluded.is_none() {
            if let Some(score) =
                self.prune_before_moves(board, depth, beta, eval, ply, improving, cut_node)
            {
                return score;
            }
        }
        let tt_move = tt.and_then(|h| h.mv);
        if depth >= self.params.iir_min_depth
            && tt_move.is_none()
            && (pv_node || cut_node)
            && excluded.is_none()
        {
            depth -= 1;
        }
        let node = Node {
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
        let (best_score, best_move) = self.search_moves(board, &node, tt);
        if !self.stopped && excluded.is_none() {
            self.store_result(board, &node, best_score, best_move);
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
    fn tt_cutoff(
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

    /// The static evaluation, taken from the hash entry when there is one, and sharpened by
    /// its search score when the bound allows.
    fn static_eval(
        &mut self,
        board: &Board,
        tt: Option<TtHit>,
        ply: usize,
        in_check: bool,
    ) -> Score {
        let eval = if in_check {
            -INFINITE
        } else {
            match tt {
                Some(hit) => {
                    let fits = match hit.bound {
                        Bound::Exact => true,
                        Bound::Lower => hit.score > hit.eval,
                        Bound::Upper => hit.score < hit.eval,
                    };
                    if fits && hit.score.abs() < MATE_IN_MAX_PLY {
                        hit.score
                    } else {
                        hit.eval
                    }
                }
                None => self.evaluate(board),
            }
        };
        self.stack[ply].eval = eval;
        eval
    }

    /// Reverse futility pruning and null-move pruning (non-PV nodes out of check).
    #[allow(clippy::too_many_arguments)]
    fn prune_before_moves(
        &mut self,
        board: &Board,
        depth: i32,
        beta: Score,
        eval: Score,
        ply: usize,
        improving: bool,
        cut_node: bool,
    ) -> Option<Score> {
        let p = self.params;
        if beta.abs() >= MATE_IN_MAX_PLY {
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
                false,
                !cut_node,
            );
            self.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_IN_MAX_PLY {
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
        let p = self.params;
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
        let has_pieces = (board.color(board.side_to_move())
            & !board.pieces(Piece::Pawn)
            & !board.pieces(Piece::King))
        .any();
        loop {
            let ctx = OrderingContext {
                heuristics: self.heuristics,
                ply,
                lineage,
                scheme: self.ordering,
                rules: (self.pruning == PruningScheme::Rules)
                    .then(|| board.side_to_move() != self.root.side_to_move()),
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
            if best_score > -MATE_IN_MAX_PLY
                && has_pieces
                && self.shallow_prune(board, mv, node, alpha, move_count)
            {
                continue;
            }
            let chained = if self.move_chains && depth <= p.chain_max_depth {
                self.search_chain(board, mv, alpha, beta, ply)
            } else {
                None
            };
            let score = match chained {
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
                    if pv_node || self.move_chains {
                        self.update_pv(ply, mv);
                    }
                    if self.move_chains {
                        let max = self.params.chain_max_length.max(1) as usize;
                        self.heuristics.chains.store(board, &self.pv[ply], max);
                    }
                    if score >= beta {
                        if quiet {
                            let side = board.side_to_move();
                            self.heuristics
                                .record_refutation(side, ply, mv, lineage.previous);
                            self.heuristics.update_history(
                                board,
                                depth,
                                mv,
                                &quiets_tried,
                                &lineage,
                                p.history_max,
                            );
                        }
                        break;
                    }
                }
            }
            if quiet && Some(mv) != best_move {
                quiets_tried.push(mv);
            }
        }
        if move_count == 0 {
            return (if in_check { score::mated_in(ply) } else { DRAW }, None);
        }
        (best_score, best_move)
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
            improving,
            ..
        } = *node;
        let p = self.params;
        let mut child = *board;
        child.play_unchecked(mv);
        if self.use_tt {
            self.shared.tt.prefetch(child.hash());
        }
        self.push(board, child.hash(), ply, Some(mv));
        let new_depth = depth - 1 + extension;
        let score = if move_count == 1 {
            -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, pv_node, false)
        } else {
            let reduce =
                depth >= p.lmr_min_depth && move_count > 1 + pv_node as usize && !mv.is_noisy();
            let r = if reduce {
                self.reduction(
                    board, mv, depth, move_count, pv_node, cut_node, improving, &child, ply,
                )
            } else {
                0
            };
            let mut s = -self.pvs(
                &child,
                new_depth - r,
                -alpha - 1,
                -alpha,
                ply + 1,
                false,
                true,
            );
            if s > alpha && r > 0 {
                s = -self.pvs(
                    &child,
                    new_depth,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    !cut_node,
                );
            }
            if pv_node && s > alpha && s < beta {
                s = -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, true, false);
            }
            s
        };
        self.pop();
        score
    }

    /// Paper 002's move chains: if a stored chain starts with `mv` and is legal here, plays it
    /// out and scores it with a quiescence search at its end, instead of searching below `mv`
    /// (the chain's moves become the child's PV). An illegal chain is removed. `None`: no chain
    /// applies; search normally.
    fn search_chain(
        &mut self,
        board: &Board,
        mv: Move,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        let boards = match self.heuristics.chains.replay(board, mv)? {
            Ok(boards) => boards,
            Err(()) => {
                self.heuristics.chains.remove(board, mv);
                return None;
            }
        };
        let length = boards.len();
        let end = ply + length;
        if end >= MAX_PLY - 2 {
            return None;
        }
        let line: Vec<Move> = self
            .heuristics
            .chains
            .get(board, mv)
            .map(|c| c.moves().to_vec())
            .unwrap_or_default();
        for b in &boards {
            self.hashes.push(b.hash());
            self.nodes += 1;
        }
        let last = &boards[length - 1];
        let score = if length % 2 == 1 {
            -self.qsearch(last, -beta, -alpha, end, false)
        } else {
            self.qsearch(last, alpha, beta, end, false)
        };
        for _ in 0..length {
            self.hashes.pop();
        }
        let child_pv = &mut self.pv[ply + 1];
        child_pv.clear();
        child_pv.extend_from_slice(&line[1..]);
        Some(score)
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
        let p = self.params;
        let Some(hit) = tt else { return Ok(0) };
        if node.ply == 0
            || node.excluded.is_some()
            || node.depth < p.se_min_depth
            || hit.depth < node.depth - 3
            || hit.bound == Bound::Upper
            || hit.score.abs() >= MATE_IN_MAX_PLY
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
            false,
            node.cut_node,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            return Err(0);
        }
        if score < singular_beta {
            Ok(1)
        } else if singular_beta >= node.beta {
            Err(singular_beta)
        } else if hit.score >= node.beta {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Shallow-depth pruning of one move, once a move has been searched: late-move pruning and
    /// futility pruning of quiet moves, and SEE pruning. Checking moves are treated like
    /// captures (never futility- or move-count-pruned; SEE-pruned only at the capture margin),
    /// so quiet sacrifices that lead to mate survive. (The conditions only get truer as the
    /// loop goes on, so pruning move by move loses nothing against skipping all quiet moves
    /// at once, and keeps the quiet checks.) Returns whether to skip `mv`.
    fn shallow_prune(
        &self,
        board: &Board,
        mv: Move,
        node: &Node,
        alpha: Score,
        move_count: usize,
    ) -> bool {
        let p = self.params;
        let depth = node.depth;
        if depth
            > p.see_max_depth
                .max(p.lmp_max_depth)
                .max(p.futility_max_depth)
        {
            return false;
        }
        let tactical = mv.is_noisy() || board.gives_check(mv);
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
        } else if depth <= p.see_max_depth
            && !see_ge(board, mv, -p.see_capture_margin * depth * depth)
        {
            return true;
        }
        false
    }

    /// The late-move reduction of a quiet move, from the table and the node's circumstances.
    #[allow(clippy::too_many_arguments)]
    fn reduction(
        &self,
        board: &Board,
        mv: Move,
        depth: i32,
        move_count: usize,
        pv_node: bool,
        cut_node: bool,
        improving: bool,
        child: &Board,
        ply: usize,
    ) -> i32 {
        let mut r = self.lmr[(depth as usize).min(MAX_PLY)][move_count.min(63)];
        r -= pv_node as i32;
        r += !improving as i32;
        r += cut_node as i32;
        r -= child.is_check() as i32;
        if self.heuristics.killers[ply].contains(&Some(mv)) {
            r -= 1;
        }
        r -= self.heuristics.quiet_score(board, mv, &self.lineage(ply)) / 8000;
        r.clamp(0, depth - 2)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
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
        let eval = if node.in_check { 0 } else { node.eval };
        self.tt_store(
            board.hash(),
            node.ply,
            best_move,
            best_score,
            eval,
            node.depth,
            bound,
        );
    }

    // ---- quiescence -----------------------------------------------------------------------

    /// Quiescence search: captures and promotions (all evasions in check) until the position
    /// is quiet, with stand-pat, delta pruning and SEE pruning of losing captures.
    pub(crate) fn qsearch(
        &mut self,
        board: &Board,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        self.pv[ply].clear();
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
        if let Some(score) = self.tt_cutoff(tt, 0, alpha, beta, pv_node) {
            return score;
        }
        let stand_pat = if in_check {
            -INFINITE
        } else {
            tt.map_or_else(|| self.evaluate(board), |h| h.eval)
        };
        if stand_pat >= beta {
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
                if stand_pat + gain + self.params.qs_delta_margin <= alpha || !see_ge(board, mv, 0)
                {
                    continue;
                }
            }
            let mut child = *board;
            child.play_unchecked(mv);
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
        let eval = if in_check { 0 } else { stand_pat };
        self.tt_store(board.hash(), ply, best_move, best_score, eval, 0, bound);
        best_score
    }
}

/// The fixed facts of a node, passed to the move loop.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    alpha: Score,
    beta: Score,
    ply: usize,
    pv_node: bool,
    cut_node: bool,
    in_check: bool,
    eval: Score,
    improving: bool,
    excluded: Option<Move>,
}
