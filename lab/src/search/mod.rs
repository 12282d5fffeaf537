//! The papers' ideas in the engine's search: [`Lab`], the lab's implementation of the
//! engine's [`Extension`] point, and the modules it draws on.
//!
//! | idea | module | how `Lab` answers the search |
//! | --- | --- | --- |
//! | paper 001's minimax and alpha-beta (`Search`) | [`plain`] | [`Extension::search_root_child`]: each root move searched by them instead of PVS; no aspiration windows |
//! | the transposition table switched off (`TranspositionTable`) | — | [`Extension::use_tt`] |
//! | the papers' evaluators (`Evaluator`) | [`crate::eval`] | [`Extension::evaluate`] |
//! | paper 002's Chessmaps ordering (`Ordering`) | [`chessmaps`] | [`Extension::score_moves`] |
//! | paper 000's pruning rules (`Pruning`) | [`pruning`] | [`Extension::admits`], [`Extension::filter_moves`] (a node is the opponent's when its side to move is not the root's) |
//! | paper 002's move chains (`MoveChains`) | [`chains`], [`chain_replay`] | [`Extension::replay`], [`Extension::line_improved`], [`Extension::iteration_done`]; the chains are the threads' [`Extension::Memory`] |
//! | opening books (`OwnBook`, `Book`) | [`crate::book`] through [`hooks`] | [`Extension::book_move`] |
//! | paper 003's action library (`ActionLibrary`) | [`crate::library`] through [`hooks`] | [`Extension::root_moves`], [`Extension::played`] |
//!
//! Each hook reads its switch from the lab's settings at run time: the lab pays for the tests,
//! the engine (built with `NoExtension`) does not. With every idea off, a `Lab` search visits
//! exactly the nodes of the engine's (`lab/tests/modules.rs` checks it).
//!
//! The engine's search modules are re-exported here, and [`SearchConfig`], [`Searcher`] name
//! the lab's instances of the engine's generic types, so the lab's code reads
//! `crate::search::Limits` beside `crate::search::Lab`.

pub mod chain_replay;
pub mod chains;
pub mod chessmaps;
pub mod hooks;
pub mod plain;
pub mod pruning;

use std::fmt;
use std::str::FromStr;

pub use chainmate::search::{
    extension::SearchThread, history, ordering, params, search, see, strength, syzygy, time, tt,
    BookMove, Bound, Extension, Heuristics, Limits, NoExtension, Quiescence, Reporter, RootMoves,
    SearchControl, SearchInfo, SearchParams, SearchResult, Silent, Thread, TimeBudget,
    TranspositionTable, THREAD_STACK,
};
pub use chains::MoveChains;
pub use hooks::{BookHook, Hook, LibraryHook, Named, OpeningBook, RootFilter};

use chainmate::core::{Board, Move, MoveList, Position};
use chainmate::eval::full::Full;
use chainmate::eval::{Evaluator, Score};
use chainmate::search::ordering::OrderingContext;

use crate::eval::AnyEvaluator;

/// A search configuration of the lab: the engine's settings and the lab's ([`Lab`]).
pub type SearchConfig = chainmate::search::SearchConfig<Lab>;

/// A searcher of the lab (the table and each thread's heuristics and move chains).
pub type Searcher = chainmate::search::Searcher<Lab>;

/// The node routine a search uses at the root's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Paper 001's minimax: every node to the full depth, no pruning.
    Minimax,
    /// Plain alpha-beta in generation order, no transposition table.
    AlphaBeta,
    /// Plain alpha-beta with the transposition table (paper 001's "table").
    AlphaBetaTt,
    /// The engine: principal variation search with all the enhancements.
    #[default]
    Pvs,
}

impl Algorithm {
    /// Every algorithm's name, as accepted by `FromStr` and the `Search` option.
    pub const NAMES: [&'static str; 4] = ["minimax", "alphabeta", "alphabeta+tt", "pvs"];
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaTt => "alphabeta+tt",
            Algorithm::Pvs => "pvs",
        })
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "minimax" => Ok(Algorithm::Minimax),
            "alphabeta" => Ok(Algorithm::AlphaBeta),
            "alphabeta+tt" | "alphabeta_tt" => Ok(Algorithm::AlphaBetaTt),
            "pvs" => Ok(Algorithm::Pvs),
            _ => Err(format!(
                "unknown search '{s}' (choose from: {})",
                Algorithm::NAMES.join(", ")
            )),
        }
    }
}

/// Move ordering schemes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OrderingScheme {
    /// The engine's: hash move, captures by SEE and MVV-LVA, killers, counter moves,
    /// histories.
    #[default]
    Default,
    /// Paper 002's Chessmaps classes (safe/unsafe × capture/forced/forcing/other).
    Chessmaps,
}

/// Forward pruning schemes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PruningScheme {
    /// Only the engine's own pruning.
    #[default]
    Off,
    /// Paper 000's rule-based move filter.
    Rules,
}

chainmate::params! {
    /// Paper 002's move chains: how long a stored chain may be and where it may replace the
    /// search (tunables `chains.<name>`).
    pub struct ChainParams {
        /// Longest move chain stored, in moves.
        max_length: i32 = 4,
        /// A stored chain replaces the search below a move only at nodes with at most this
        /// much depth left (the paper sets no limit; a smaller value keeps the full search
        /// near the root and uses chains where the paper argued they are safe, near the
        /// leaves).
        max_depth: i32 = 1000,
    }
}

/// The lab's settings of a search: which of the papers' ideas are on. The default is the
/// engine's search (every idea off).
#[derive(Clone, Debug)]
pub struct Lab {
    /// The evaluator, when not the engine's `full` (`None`: the configuration's `full`).
    pub evaluator: Option<AnyEvaluator>,
    /// The node routine below the root.
    pub algorithm: Algorithm,
    /// Whether PVS uses the transposition table (the plain searches choose by
    /// [`Algorithm`]).
    pub use_tt: bool,
    /// How moves are ordered.
    pub ordering: OrderingScheme,
    /// Which forward pruning applies besides the engine's own.
    pub pruning: PruningScheme,
    /// Whether dynamic move chains (paper 002) replace the search below stored sequences.
    pub move_chains: bool,
    /// The chains' length and depth limits.
    pub chains: ChainParams,
    /// The opening book asked before searching (not for analysis: `go infinite`, `ponder`,
    /// `depth` or `mate` always search).
    pub book: Option<BookHook>,
    /// The filter of the root moves (paper 003's action library), asked after the book.
    pub library: Option<LibraryHook>,
}

impl Default for Lab {
    fn default() -> Self {
        Lab {
            evaluator: None,
            algorithm: Algorithm::Pvs,
            use_tt: true,
            ordering: OrderingScheme::Default,
            pruning: PruningScheme::Off,
            move_chains: false,
            chains: ChainParams::default(),
            book: None,
            library: None,
        }
    }
}

impl Extension for Lab {
    type Memory = MoveChains;

    fn clear_memory(memory: &mut MoveChains) {
        memory.clear();
    }

    fn book_move(&self, position: &Position) -> Option<BookMove> {
        self.book.as_ref()?.0.probe(position)
    }

    fn root_moves(&self, position: &Position) -> Option<RootMoves> {
        Some(self.library.as_ref()?.0.root_moves(position))
    }

    fn played(&self, position: &Position, mv: Move) {
        if let Some(library) = &self.library {
            library.0.played(position, mv);
        }
    }

    fn aspiration(&self) -> bool {
        self.algorithm == Algorithm::Pvs
    }

    fn search_root_child(
        thread: &mut impl SearchThread<Self>,
        child: &Board,
        depth: i32,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        let (d, ply) = (depth - 1, 1);
        Some(match thread.config().ext.algorithm {
            Algorithm::Pvs => return None,
            Algorithm::Minimax => -plain::minimax(thread, child, d, ply),
            Algorithm::AlphaBeta => -plain::alphabeta(thread, child, d, -beta, -alpha, ply, false),
            Algorithm::AlphaBetaTt => -plain::alphabeta(thread, child, d, -beta, -alpha, ply, true),
        })
    }

    fn iteration_done(thread: &mut impl SearchThread<Self>) {
        if thread.config().ext.move_chains {
            chain_replay::remember_root(thread);
        }
    }

    fn evaluate(&self, full: &Full, board: &Board) -> Score {
        match &self.evaluator {
            Some(evaluator) => evaluator.evaluate(board),
            None => full.evaluate(board),
        }
    }

    fn use_tt(&self) -> bool {
        self.use_tt
    }

    fn score_moves(
        &self,
        board: &Board,
        moves: &[Move],
        scores: &mut [i32],
        ctx: &OrderingContext,
    ) -> bool {
        let chessmaps = self.ordering == OrderingScheme::Chessmaps;
        if chessmaps {
            chessmaps::score_moves(board, moves, scores, ctx);
        }
        chessmaps
    }

    fn admits(&self, board: &Board, mv: Move, ctx: &OrderingContext) -> bool {
        self.pruning != PruningScheme::Rules || pruning::allows(board, mv, opponent(board, ctx))
    }

    fn filter_moves(&self, board: &Board, moves: &mut MoveList, ctx: &OrderingContext) {
        if self.pruning == PruningScheme::Rules {
            pruning::apply(board, moves, opponent(board, ctx));
        }
    }

    fn replay(
        thread: &mut impl SearchThread<Self>,
        board: &Board,
        mv: Move,
        alpha: Score,
        beta: Score,
        depth: i32,
        ply: usize,
    ) -> Option<Score> {
        if !thread.config().ext.move_chains {
            return None;
        }
        chain_replay::replay(thread, board, mv, alpha, beta, depth, ply)
    }

    fn keeps_lines(&self) -> bool {
        self.move_chains
    }

    fn line_improved(thread: &mut impl SearchThread<Self>, board: &Board, ply: usize) {
        if thread.config().ext.move_chains {
            chain_replay::remember(thread, board, ply);
        }
    }
}

/// Whether the node is the opponent's: its side to move is not the root's (paper 000's rules
/// are relaxed there).
fn opponent(board: &Board, ctx: &OrderingContext) -> bool {
    board.side_to_move() != ctx.root_side
}

/// The evaluator a configuration searches with: its paper evaluator, or else the engine's
/// `full` with the configuration's weights.
pub fn evaluator_of(config: &SearchConfig) -> AnyEvaluator {
    config
        .ext
        .evaluator
        .clone()
        .unwrap_or_else(|| AnyEvaluator::Full(config.evaluator.clone()))
}
