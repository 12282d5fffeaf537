//! One search thread's state and bookkeeping: the root moves, the per-ply stack and PV table,
//! node counting and limit checks, draw detection, the transposition table's use.
//!
//! The search itself lives beside it: [`super::root`] (iterative deepening and the root),
//! [`super::pvs`] (the node routine, step by step) and [`super::quiescence`]. What an
//! [`Extension`]'s hooks may use of a thread is its [`SearchThread`] implementation.

use std::sync::atomic::Ordering;

use super::extension::{Extension, OrderingContext, SearchThread};
use super::history::{Heuristics, Lineage, PieceTo};
use super::ordering::MoveBuffer;
use super::tt::{TranspositionTable, TtHit};
use super::{Limits, Reporter, SearchConfig, Shared, ThreadMemory};
use crate::core::{Bitboard, Board, Move, MoveList, Position};
use crate::eval::score::{Score, INFINITE, MAX_PLY};

/// A root move with its latest and previous iteration's scores and its PV.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    pub(crate) score: Score,
    pub(crate) previous_score: Score,
    pub(crate) pv: Vec<Move>,
    pub(crate) seldepth: usize,
    /// The iteration that gave `score` and `pv` (it may be one a limit cut short).
    pub(crate) depth: i32,
    /// `Some` when `score` is only a bound (an aspiration fail, or a search cut short).
    pub(crate) bound: Option<super::tt::Bound>,
}

/// Per-ply search stack entry.
#[derive(Clone, Copy, Default)]
pub(crate) struct Frame {
    /// Static evaluation at this ply (meaningless when in check).
    pub(crate) eval: Score,
    /// The move made from this ply (`None` for a null move).
    pub(crate) mv: Option<Move>,
    /// Its piece-to key (continuation history).
    pub(crate) key: Option<PieceTo>,
    /// A move this node must not search (singular-extension verification).
    pub(crate) excluded: Option<Move>,
    /// The squares the opponent attacks, when the history is kept by threats (else empty).
    pub(crate) threats: Bitboard,
}

/// How often (in nodes) the clock and the shared node count are consulted.
const CHECK_INTERVAL: u64 = 1024;

/// The state of one search thread.
pub struct Thread<'a, X: Extension> {
    pub(crate) id: usize,
    pub(crate) shared: &'a Shared<'a>,
    /// Every setting of the search, read where it is used (nothing is copied out of it).
    pub(crate) config: &'a SearchConfig<X>,
    /// PV lines per iteration: `MultiPV`, or more for a weakened engine to choose among.
    pub(crate) multipv: usize,
    /// The weakened main thread's lines of the last completed iteration: (move, score).
    pub(crate) strength_lines: Vec<(Move, Score)>,
    pub(crate) nodes: u64,
    published_nodes: u64,
    pub(crate) seldepth: usize,
    /// The last iteration completed (0 before the first). Until depth 1 is complete no limit
    /// stops the main thread, so it always has a searched move to play.
    pub(crate) completed: i32,
    pub(crate) stopped: bool,
    /// Game history hashes followed by the current search path's.
    pub(crate) hashes: Vec<u64>,
    pub(crate) root: Board,
    pub(crate) root_moves: Vec<RootMove>,
    pub(crate) pv_index: usize,
    /// Triangular PV table: `pv[ply]` is the best line found from `ply`.
    pub(crate) pv: Vec<Vec<Move>>,
    pub(crate) stack: Vec<Frame>,
    /// Killers, counter moves and histories, kept across a game's searches.
    pub(crate) heuristics: &'a mut Heuristics,
    /// What the extension keeps between a game's searches, beside the heuristics.
    memory: &'a mut X::Memory,
    /// One move buffer per ply.
    pub(crate) buffers: Vec<MoveBuffer>,
    /// Late-move reductions by depth and move number ([`super::params::lmr_table`]).
    pub(crate) lmr: Vec<[i32; 64]>,
    /// Where progress goes (the main thread's is the front end's; helpers' are silent).
    pub(crate) reporter: &'a dyn Reporter,
    /// When the last periodic progress report was sent.
    last_progress: std::time::Instant,
    /// The last line reported (main thread): the final report repeats none.
    pub(crate) last_sent: Option<super::SearchInfo>,
    /// Whether a broken table file has been reported in this search.
    pub(crate) tb_error_noted: bool,
}

/// Time between periodic progress reports, and before the first `currmove`.
pub(crate) const REPORT_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

impl<'a, X: Extension> Thread<'a, X> {
    pub(crate) fn new(
        id: usize,
        shared: &'a Shared<'a>,
        config: &'a SearchConfig<X>,
        position: &Position,
        memory: &'a mut ThreadMemory<X>,
        reporter: &'a dyn Reporter,
    ) -> Self {
        let ThreadMemory {
            heuristics,
            ext: memory,
        } = memory;
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
        // In the tablebases: only the moves that keep the best result ([`super::syzygy`]).
        if let Some(best) = shared.tb.best_moves() {
            if moves.iter().any(|m| best.contains(m)) {
                moves.retain(|m| best.contains(m));
            }
        }
        // An extension's move filter, at the root as at every node.
        let mut list = MoveList::new();
        list.extend(moves.iter().copied());
        let ctx = OrderingContext {
            heuristics: &*heuristics,
            ply: 0,
            root_side: root.side_to_move(),
            lineage: Lineage::default(),
            capture_weight: config.params.capture_history,
        };
        config.ext.filter_moves(&root, &mut list, &ctx);
        let moves = list.to_vec();
        let root_moves = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                pv: vec![mv],
                seldepth: 0,
                depth: 0,
                bound: None,
            })
            .collect();
        let lmr = super::params::lmr_table(&config.params);
        let hashes = position.hash_history().to_vec();
        Thread {
            id,
            shared,
            config,
            multipv: match config.strength {
                Some(_) => config.multipv.max(super::strength::LINES),
                None => config.multipv.max(1),
            },
            strength_lines: Vec::new(),
            nodes: 0,
            published_nodes: 0,
            seldepth: 0,
            completed: 0,
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
            memory,
            buffers: (0..MAX_PLY + 2).map(|_| MoveBuffer::default()).collect(),
            lmr,
            reporter,
            last_progress: std::time::Instant::now(),
            last_sent: None,
            tb_error_noted: false,
        }
    }

    pub(crate) fn is_main(&self) -> bool {
        self.id == 0
    }

    pub(crate) fn limits(&self) -> &Limits {
        self.shared.limits
    }

    // ---- bookkeeping ----------------------------------------------------------------------

    /// Enters the child of the move `mv` (`None`: a null move) made at `ply` from `board`
    /// (every `push` is followed by a [`Thread::pop`]).
    #[inline]
    pub(crate) fn push(&mut self, board: &Board, child_hash: u64, ply: usize, mv: Option<Move>) {
        self.hashes.push(child_hash);
        self.stack[ply].mv = mv;
        self.stack[ply].key = mv.map(|m| PieceTo::of(board, m));
    }

    /// The moves that led to the node at `ply`.
    pub(crate) fn lineage(&self, ply: usize) -> Lineage {
        let frame = |back: usize| ply.checked_sub(back).map(|p| self.stack[p]);
        Lineage {
            previous: frame(1).and_then(|f| f.mv),
            previous_key: frame(1).and_then(|f| f.key),
            grandparent_key: frame(2).and_then(|f| f.key),
            threats: self.stack[ply].threats,
        }
    }

    /// Leaves the child entered by the last [`Thread::push`].
    #[inline]
    pub(crate) fn pop(&mut self) {
        self.hashes.pop();
    }

    pub(crate) fn publish_nodes(&mut self) {
        let delta = self.nodes - self.published_nodes;
        self.shared.nodes.fetch_add(delta, Ordering::Relaxed);
        self.published_nodes = self.nodes;
    }

    pub(crate) fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.nodes - self.published_nodes
    }

    /// The transposition table entry for `hash`, unless the extension switches the table off.
    #[inline]
    pub(crate) fn tt_probe(&self, hash: u64, ply: usize) -> Option<TtHit> {
        if self.config.ext.use_tt() {
            self.shared.tt.probe(hash, ply)
        } else {
            None
        }
    }

    /// Starts fetching the table entry of a child about to be searched.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        if self.config.ext.use_tt() {
            self.shared.tt.prefetch(hash);
        }
    }

    /// Stores a result, unless the extension switches the table off.
    #[inline]
    pub(crate) fn tt_store(&self, hash: u64, ply: usize, result: TtHit) {
        if self.config.ext.use_tt() {
            self.shared.tt.store(hash, ply, result);
        }
    }

    /// Counts a node and decides whether the search must stop now.
    ///
    /// The main thread heeds no limit — nodes, time or `stop` — before depth 1 is complete
    /// (as Stockfish finishes depth 1 whatever the limit): `go nodes 1` still plays a searched
    /// move, the mate in one when there is one.
    #[inline(always)]
    pub(crate) fn count_node_and_check_limits(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.stopped {
            return true;
        }
        // Most nodes have nothing to check: no node limit, and not a multiple of the interval.
        if self.limits().nodes.is_none() && !self.nodes.is_multiple_of(CHECK_INTERVAL) {
            return false;
        }
        self.check_limits()
    }

    /// The rest of [`Thread::count_node_and_check_limits`], out of line: the node limit, and
    /// every [`CHECK_INTERVAL`] nodes the clock, the stop signal and the progress report.
    #[inline(never)]
    fn check_limits(&mut self) -> bool {
        let may_stop = self.completed > 0 || !self.is_main();
        if let Some(limit) = self.limits().nodes.filter(|_| self.is_main() && may_stop) {
            if self.total_nodes() >= limit {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.publish_nodes();
            if self.is_main() && self.last_progress.elapsed() >= REPORT_INTERVAL {
                self.last_progress = std::time::Instant::now();
                let s = self.shared;
                self.reporter
                    .progress(self.total_nodes(), s.start.elapsed(), s.tt.hashfull());
            }
            let s = self.shared;
            if !may_stop {
                return false;
            }
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
    #[inline(always)]
    pub(crate) fn is_draw(&self, board: &Board, ply: usize) -> bool {
        if board.halfmove_clock() >= 100 {
            return !board.is_check() || board.has_legal_move();
        }
        if board.is_insufficient_material() {
            return true;
        }
        // A repetition needs four plies without a capture or a pawn move.
        board.halfmove_clock() >= 4 && self.is_repetition(board, ply)
    }

    /// The repetition half of [`Thread::is_draw`], out of line (most nodes never get here).
    #[inline(never)]
    fn is_repetition(&self, board: &Board, ply: usize) -> bool {
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
        self.config.ext.evaluate(&self.config.evaluator, board)
    }

    /// Makes `mv` followed by the child's line the best line from `ply`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

/// The thread as an extension's hooks see it ([`SearchThread`]): the engine's own methods,
/// and the few that only an extension needs (its memory, the lines, counting replayed nodes,
/// hashes on the path without a node).
impl<X: Extension> SearchThread<X> for Thread<'_, X> {
    fn config(&self) -> &SearchConfig<X> {
        self.config
    }

    fn memory(&mut self) -> &mut X::Memory {
        self.memory
    }

    fn root(&self) -> &Board {
        &self.root
    }

    fn best_root_line(&self) -> &[Move] {
        self.root_moves.first().map_or(&[], |rm| &rm.pv)
    }

    fn line(&self, ply: usize) -> &[Move] {
        &self.pv[ply]
    }

    fn set_line(&mut self, ply: usize, moves: &[Move]) {
        self.pv[ply].clear();
        self.pv[ply].extend_from_slice(moves);
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        Thread::update_pv(self, ply, mv);
    }

    fn count_nodes(&mut self, n: u64) {
        self.nodes += n;
    }

    fn count_node_and_check_limits(&mut self, ply: usize) -> bool {
        Thread::count_node_and_check_limits(self, ply)
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn push(&mut self, board: &Board, child_hash: u64, ply: usize, mv: Option<Move>) {
        Thread::push(self, board, child_hash, ply, mv);
    }

    fn pop(&mut self) {
        Thread::pop(self);
    }

    fn push_hash(&mut self, hash: u64) {
        self.hashes.push(hash);
    }

    fn pop_hash(&mut self) {
        self.hashes.pop();
    }

    fn is_draw(&self, board: &Board, ply: usize) -> bool {
        Thread::is_draw(self, board, ply)
    }

    fn evaluate(&self, board: &Board) -> Score {
        Thread::evaluate(self, board)
    }

    fn qsearch(
        &mut self,
        board: &Board,
        alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        Thread::qsearch(self, board, alpha, beta, ply, pv_node)
    }

    fn tt(&self) -> &TranspositionTable {
        self.shared.tt
    }
}
