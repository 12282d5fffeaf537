//! The one door through which ideas from outside the engine reach the search: the
//! [`Extension`] type parameter of [`SearchConfig`](super::SearchConfig) and
//! [`Searcher`](super::Searcher).
//!
//! The engine searches with [`NoExtension`]: every hook is an empty `#[inline(always)]`
//! default, a constant `true`/`false` or `None`, so the compiler folds each away and the
//! engine's own build has no per-node hook and no flag to test. The lab (`chainmate-lab`)
//! implements the trait for its configuration: the papers' evaluators, paper 001's plain
//! searches, Chessmaps ordering, the pruning rules, the move chains, the books and the action
//! library, each answered from its own settings — at the lab's cost, never the engine's.
//!
//! Hooks come in three kinds, by how often the search asks:
//!
//! | when | hooks |
//! | --- | --- |
//! | once per search, before it | [`book_move`](Extension::book_move), [`root_moves`](Extension::root_moves), [`played`](Extension::played) (after it) |
//! | once per iteration or root move | [`aspiration`](Extension::aspiration), [`search_root_child`](Extension::search_root_child), [`iteration_done`](Extension::iteration_done) |
//! | per node or move | [`evaluate`](Extension::evaluate), [`use_tt`](Extension::use_tt), [`score_moves`](Extension::score_moves), [`filters_moves`](Extension::filters_moves) with [`allows`](Extension::allows) and [`retain`](Extension::retain), [`replay`](Extension::replay), [`keeps_lines`](Extension::keeps_lines) with [`line_improved`](Extension::line_improved) |
//!
//! Hooks that need the search's state take the [`Thread`] itself; the methods of `Thread`
//! marked *for extensions* are what they may use.

use std::fmt;

use super::ordering::OrderingContext;
use super::thread::Thread;
use crate::core::{Board, Move, MoveList, Position};
use crate::eval::full::Full;
use crate::eval::{Evaluator, Score};

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
        _thread: &mut Thread<'_, Self>,
        _child: &Board,
        _depth: i32,
        _alpha: Score,
        _beta: Score,
    ) -> Option<Score> {
        None
    }

    /// An iteration of the main or a helper thread completed.
    #[inline(always)]
    fn iteration_done(_thread: &mut Thread<'_, Self>) {}

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

    /// Whether [`allows`](Extension::allows) and [`retain`](Extension::retain) restrict the
    /// moves searched (forward pruning by rule); when `false` neither is asked.
    #[inline(always)]
    fn filters_moves(&self) -> bool {
        false
    }

    /// Whether `mv` may be searched at `board` before the node's moves are generated (the
    /// hash move); `opponent`: a node of the side not to move at the root.
    #[inline(always)]
    fn allows(&self, _board: &Board, _mv: Move, _opponent: bool) -> bool {
        true
    }

    /// Removes from `moves` (all of `board`'s legal moves, or the root's) those not to search.
    #[inline(always)]
    fn retain(&self, _board: &Board, _moves: &mut MoveList, _opponent: bool) {}

    /// Scores `mv` at `board` (the node at `ply` with `depth` left, window (`alpha`, `beta`))
    /// in place of the search below it, leaving the line in the child's PV; `None` searches
    /// it.
    #[inline(always)]
    fn replay(
        _thread: &mut Thread<'_, Self>,
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
    fn line_improved(_thread: &mut Thread<'_, Self>, _board: &Board, _ply: usize) {}
}

/// The engine's search as it is: no extension.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoExtension;

impl Extension for NoExtension {
    type Memory = ();
}
