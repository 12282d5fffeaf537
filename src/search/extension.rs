//! The one door through which ideas from outside the engine reach the search: the
//! [`Extension`] type parameter of [`SearchConfig`] and
//! [`Searcher`](super::Searcher).
//!
//! The engine searches with [`NoExtension`]: every hook is an empty `#[inline(always)]`
//! default, a constant `true`/`false` or `None`, so the compiler folds each away and the
//! engine's own build has no per-node hook and no flag to test. The lab (`chainmate-lab`)
//! implements the trait for its configuration, each hook answered from its own settings — at
//! the lab's cost, never the engine's. The hooks are general, not the lab's ideas by name:
//!
//! | when | hooks | what they can do |
//! | --- | --- | --- |
//! | once per search | [`book_move`](Extension::book_move), [`root_moves`](Extension::root_moves), [`played`](Extension::played) | play without searching, restrict the root, learn from the move played |
//! | per iteration | [`aspiration`](Extension::aspiration), [`iteration_done`](Extension::iteration_done) | windows or none; a notice when an iteration completes |
//! | per node | [`evaluate`](Extension::evaluate), [`use_tt`](Extension::use_tt), [`admits`](Extension::admits) and [`filter_moves`](Extension::filter_moves), [`score_moves`](Extension::score_moves) | the static evaluation, the table, which moves are searched and in what order |
//! | per move | [`search_root_child`](Extension::search_root_child), [`replay`](Extension::replay), [`keeps_lines`](Extension::keeps_lines) with [`line_improved`](Extension::line_improved) | another algorithm below a root move, a known result in place of a move's search, the best lines of every node |
//!
//! Hooks that need the search's state are given it through [`SearchThread`], the search
//! thread as an extension may use it; the engine's thread implements it. This module names
//! only types (the board, the heuristics' tables, the configuration): the search's modules
//! import it, never the reverse.

use std::fmt;

use super::history::{Heuristics, Lineage};
use super::tt::TranspositionTable;
use super::SearchConfig;
use crate::core::{Board, Color, Move, MoveList, Position};
use crate::eval::full::Full;
use crate::eval::{Evaluator, Score};

/// What the search knows at a node, as the hooks that filter and order its moves see it.
pub struct OrderingContext<'a> {
    /// The thread's heuristics.
    pub heuristics: &'a Heuristics,
    /// Distance from the root.
    pub ply: usize,
    /// The side to move at the root (a node's side against it: whose node it is).
    pub root_side: Color,
    /// The moves that led here.
    pub lineage: Lineage,
    /// The weight (percent) of capture history among captures (`search.capture_history`).
    pub capture_weight: i32,
}

/// A search thread as an extension's hooks may use it: its settings and memory, the lines it
/// keeps, its node count and limits, the path's hashes for draws, the evaluation, the
/// quiescence search and the table. The engine's thread implements it
/// (`search::thread`); an extension's own node routine (a plain alpha-beta, say) is written
/// against it.
pub trait SearchThread<X: Extension> {
    /// The search's settings, the extension's among them (`config().ext`).
    fn config(&self) -> &SearchConfig<X>;
    /// What the extension keeps in this thread from one search of a game to the next.
    fn memory(&mut self) -> &mut X::Memory;
    /// The position searched.
    fn root(&self) -> &Board;
    /// The line of the best root move so far.
    fn best_root_line(&self) -> &[Move];
    /// The best line found so far from the node at `ply`.
    fn line(&self, ply: usize) -> &[Move];
    /// Sets the best line from the node at `ply` (a node starts with an empty one).
    fn set_line(&mut self, ply: usize, moves: &[Move]);
    /// Makes `mv` followed by the child's line the best line from `ply`.
    fn update_pv(&mut self, ply: usize, mv: Move);
    /// Counts `n` nodes visited without a search (a replayed line); no limit is checked.
    fn count_nodes(&mut self, n: u64);
    /// Counts a node at `ply` and checks the limits; `true` when the search must stop.
    fn count_node_and_check_limits(&mut self, ply: usize) -> bool;
    /// Whether a limit or `stop` ended the search: the scores now returned mean nothing.
    fn stopped(&self) -> bool;
    /// Enters the child reached by `mv` from `board` (`None`: a null move) at `ply`.
    fn push(&mut self, board: &Board, child_hash: u64, ply: usize, mv: Option<Move>);
    /// Leaves the child entered last.
    fn pop(&mut self);
    /// Puts a position's hash on the path (draw detection) without entering a node; every
    /// `push_hash` is followed by a `pop_hash`.
    fn push_hash(&mut self, hash: u64);
    /// Takes the last hash pushed off the path.
    fn pop_hash(&mut self);
    /// Draw by the fifty-move rule, insufficient material or repetition at `ply`.
    fn is_draw(&self, board: &Board, ply: usize) -> bool;
    /// The static evaluation, from the side to move's view.
    fn evaluate(&self, board: &Board) -> Score;
    /// The quiescence search of `board` within (`alpha`, `beta`) at `ply`.
    fn qsearch(
        &mut self,
        board: &Board,
        alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score;
    /// The search's transposition table.
    fn tt(&self) -> &TranspositionTable;
}

/// A move from an opening book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move (legal in the position probed).
    pub mv: Move,
    /// Where it comes from, e.g. `B20 Sicilian Defense` (may be empty).
    pub note: String,
}

/// The root moves an extension allows ([`Extension::root_moves`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RootMoves {
    /// The moves (all legal); empty means every legal move.
    pub moves: Vec<Move>,
    /// What the extension did, for `info string`.
    pub note: String,
}

/// What a search can be extended with. Every method has a default that leaves the engine's
/// search as it is; see the module documentation.
pub trait Extension: Clone + fmt::Debug + Send + Sync + 'static {
    /// What one search thread keeps from one search of a game to the next (cleared by a new
    /// game), beside the engine's own heuristics.
    type Memory: Default + Send;

    /// Forgets what `memory` learnt (a new game).
    fn clear_memory(_memory: &mut Self::Memory) {}

    // ---- once per search ------------------------------------------------------------------

    /// A move to play without searching (an opening book), unless the search is analysis.
    #[inline(always)]
    fn book_move(&self, _position: &Position) -> Option<BookMove> {
        None
    }

    /// The moves to search at the root (the search's `searchmoves` unless the GUI gave its
    /// own), with a note for the GUI; `None` for every legal move.
    #[inline(always)]
    fn root_moves(&self, _position: &Position) -> Option<RootMoves> {
        None
    }

    /// The search chose `mv` in `position` to play (not called for analysis).
    #[inline(always)]
    fn played(&self, _position: &Position, _mv: Move) {}

    // ---- per iteration and root move ------------------------------------------------------

    /// Whether iterations search the root in aspiration windows (when deep enough).
    #[inline(always)]
    fn aspiration(&self) -> bool {
        true
    }

    /// Searches the root move leading to `child` in the window (`alpha`, `beta`) at `depth`
    /// (the root's) by another algorithm than PVS, returning its score from the root's side;
    /// `None` searches it with PVS.
    #[inline(always)]
    fn search_root_child(
        _thread: &mut impl SearchThread<Self>,
        _child: &Board,
        _depth: i32,
        _alpha: Score,
        _beta: Score,
    ) -> Option<Score> {
        None
    }

    /// An iteration of the main or a helper thread completed.
    #[inline(always)]
    fn iteration_done(_thread: &mut impl SearchThread<Self>) {}

    // ---- per node and move ----------------------------------------------------------------

    /// The static evaluation of `board` for the side to move: the engine's `full` evaluator
    /// (`evaluator`, with the search's parameters) unless the extension brings its own.
    #[inline(always)]
    fn evaluate(&self, evaluator: &Full, board: &Board) -> Score {
        evaluator.evaluate(board)
    }

    /// Whether the PVS and quiescence searches use the transposition table.
    #[inline(always)]
    fn use_tt(&self) -> bool {
        true
    }

    /// Scores a node's generated moves for ordering (higher first), writing `scores[i]` for
    /// `moves[i]`; returns `false` to leave them to the engine's ordering. The hash move comes
    /// first either way.
    #[inline(always)]
    fn score_moves(
        &self,
        _board: &Board,
        _moves: &[Move],
        _scores: &mut [i32],
        _ctx: &OrderingContext,
    ) -> bool {
        false
    }

    /// Whether `mv`, the hash move, may be searched at `board` before the node's moves are
    /// generated (a move filter's answer for one move).
    #[inline(always)]
    fn admits(&self, _board: &Board, _mv: Move, _ctx: &OrderingContext) -> bool {
        true
    }

    /// Removes from `moves` (all of `board`'s legal moves, or the root's) those not to search
    /// (forward pruning by rule).
    #[inline(always)]
    fn filter_moves(&self, _board: &Board, _moves: &mut MoveList, _ctx: &OrderingContext) {}

    /// Scores `mv` at `board` (the node at `ply` with `depth` left, window (`alpha`, `beta`))
    /// in place of the search below it, leaving the line in the child's PV; `None` searches
    /// it.
    #[inline(always)]
    fn replay(
        _thread: &mut impl SearchThread<Self>,
        _board: &Board,
        _mv: Move,
        _alpha: Score,
        _beta: Score,
        _depth: i32,
        _ply: usize,
    ) -> Option<Score> {
        None
    }

    /// Whether non-PV nodes keep their best line too (for
    /// [`line_improved`](Extension::line_improved)).
    #[inline(always)]
    fn keeps_lines(&self) -> bool {
        false
    }

    /// A move raised alpha at `board` (the node at `ply`): its line is the thread's line at
    /// `ply`.
    #[inline(always)]
    fn line_improved(_thread: &mut impl SearchThread<Self>, _board: &Board, _ply: usize) {}
}

/// The engine's search as it is: no extension.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoExtension;

impl Extension for NoExtension {
    type Memory = ();
}
