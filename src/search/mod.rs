//! Search: negamax alpha-beta as principal variation search under iterative deepening.
//!
//! * [`search`] runs one search to the given [`Limits`] with `threads` threads (lazy SMP:
//!   every thread searches the same root, sharing only the lock-free
//!   [`tt::TranspositionTable`]; the main thread reports and decides when to stop).
//! * [`Extension`] is the one point where ideas from outside the engine (the lab's papers)
//!   enter the search, as a type parameter of [`SearchConfig`] and [`Searcher`]; the engine
//!   searches with [`NoExtension`], whose hooks compile away.
//!
//! Files:
//!
//! | file | what |
//! | --- | --- |
//! | `job.rs` | one search from start to end: the extension's book and root moves, the threads |
//! | `thread.rs` | one thread's state and bookkeeping (node counts, limits, draws, PV table) |
//! | `root.rs` | iterative deepening, aspiration windows, the root move loop, stopping |
//! | `pvs.rs` | the node routine, one story in numbered steps (pruning, extensions, reductions, the tablebase probe and the correction history beside their steps) |
//! | `quiescence.rs` | the quiescence search at the leaves |
//! | `ordering.rs` | the lazy move picker and the engine's move scores |
//! | `history.rs` | killers, counter moves, butterfly, continuation, capture and correction histories |
//! | `see.rs`, `tt.rs` (and `tt/memory.rs`), `time.rs`, `params.rs` | exchange evaluation, the table (and its memory), time, parameters |
//! | `syzygy.rs` | Syzygy tablebases at the root (DTZ ranking) and the plan for the search's WDL probes |
//! | `strength.rs` | `UCI_LimitStrength`: fewer nodes and a move drawn from several lines |
//! | `stats.rs` | counters of node types and pruning rules, in a build with the `search-stats` feature |
//! | `extension.rs` | the [`Extension`] trait and [`NoExtension`] |

pub mod extension;
pub mod history;
mod job;
pub mod ordering;
pub mod params;
mod pvs;
mod quiescence;
mod root;
pub mod see;
pub mod stats;
pub mod strength;
pub mod syzygy;
mod thread;
pub mod time;
pub mod tt;

pub use extension::{BookMove, Extension, NoExtension, RootMoves};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::core::{Move, Position};
use crate::eval::full::Full;
use crate::eval::score::Score;
pub use history::Heuristics;
use job::Job;
pub use params::SearchParams;
pub use thread::Thread;
pub use time::{Limits, TimeBudget};
pub use tt::{Bound, TranspositionTable};

/// Everything about how to search that does not change during a game, and the extension
/// the search is built with (`X`: [`NoExtension`] for the engine).
#[derive(Clone, Debug)]
pub struct SearchConfig<X = NoExtension> {
    /// The evaluation function.
    pub evaluator: Full,
    /// Margins and reductions.
    pub params: SearchParams,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Search threads.
    pub threads: usize,
    /// Time kept in reserve for communication delays.
    pub move_overhead: Duration,
    /// The deepest iteration of any search, 0 for no limit (`MaxDepth`): a fixed-depth
    /// player under a clock. Unlike `go depth` it is not analysis: an extension's book is
    /// still asked first.
    pub max_depth: i32,
    /// `UCI_ShowWDL`: reports carry win/draw/loss per mille ([`crate::eval::wdl`]).
    pub show_wdl: bool,
    /// `UCI_LimitStrength` with `UCI_Elo`: fewer nodes and a move drawn from several lines
    /// ([`strength`]); `None` at full strength.
    pub strength: Option<strength::Strength>,
    /// Syzygy tablebases and how they are probed (`SyzygyPath` and the other `Syzygy*`
    /// options); `None` without tables.
    pub syzygy: Option<syzygy::Syzygy>,
    /// The extension's own settings.
    pub ext: X,
}

impl<X: Default> Default for SearchConfig<X> {
    fn default() -> Self {
        SearchConfig {
            evaluator: Full::default(),
            params: SearchParams::default(),
            multipv: 1,
            threads: 1,
            move_overhead: Duration::from_millis(30),
            max_depth: 0,
            show_wdl: false,
            strength: None,
            syzygy: None,
            ext: X::default(),
        }
    }
}

impl SearchConfig {
    /// The engine's defaults (the same as `SearchConfig::default()` where the type is known;
    /// this one needs no annotation, as `HashMap::new`).
    pub fn new() -> Self {
        Self::default()
    }
}

impl<X> SearchConfig<X> {
    /// The same settings with the extension `ext` instead.
    pub fn with_extension<Y>(self, ext: Y) -> SearchConfig<Y> {
        SearchConfig {
            evaluator: self.evaluator,
            params: self.params,
            multipv: self.multipv,
            threads: self.threads,
            move_overhead: self.move_overhead,
            max_depth: self.max_depth,
            show_wdl: self.show_wdl,
            strength: self.strength,
            syzygy: self.syzygy,
            ext,
        }
    }
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// 1-based index of this principal variation.
    pub multipv: usize,
    /// Score, side to move's view.
    pub score: Score,
    /// `Some` when the score is only a bound (aspiration fail high/low).
    pub bound: Option<Bound>,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table fill, permille.
    pub hashfull: u32,
    /// Tablebase probes that found their position, all threads, and the root's ranking (one
    /// per root move it ranked).
    pub tbhits: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Win, draw, loss per mille for the side to move, when `UCI_ShowWDL` is on.
    pub wdl: Option<[u32; 3]>,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best_move: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<Move>,
    /// The best move's score.
    pub score: Score,
    /// The last completed depth.
    pub depth: i32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Receives progress reports (UCI prints them; tests and `bench` ignore them).
pub trait Reporter: Sync {
    /// Called for each finished iteration and PV line, for aspiration bounds, and once at the
    /// end with the line of the move the search returns (so the last report always starts
    /// with the move played).
    fn report(&self, info: &SearchInfo);
    /// The root move being searched (`number` from 1), reported once a search has run for a
    /// second.
    fn current_move(&self, _depth: i32, _mv: Move, _number: usize) {}
    /// Nodes, time and table fill, about once a second on long searches.
    fn progress(&self, _nodes: u64, _time: Duration, _hashfull: u32) {}
    /// The search returns a book move instead of searching.
    fn book_move(&self, _book: &BookMove) {}
    /// A remark for the user (UCI: `info string`), e.g. what the root filter kept.
    fn note(&self, _text: &str) {}
}

/// A reporter that drops everything.
pub struct Silent;

impl Reporter for Silent {
    fn report(&self, _info: &SearchInfo) {}
}

/// How the outside world steers a running search: stop it, or turn pondering into a normal
/// search (`ponderhit`).
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    ponderhit_at: Mutex<Option<Instant>>,
}

impl SearchControl {
    /// Prepares for a new search (`pondering` as the `go` command says).
    pub fn reset(&self, pondering: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(pondering, Ordering::SeqCst);
        *self.ponderhit_at.lock().expect("never poisoned") = None;
    }
    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
    /// Whether a stop was requested.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    /// The opponent played the expected move: the clock now runs for us.
    pub fn ponderhit(&self) {
        *self.ponderhit_at.lock().expect("never poisoned") = Some(Instant::now());
        self.pondering.store(false, Ordering::SeqCst);
    }
    /// Whether the search is still pondering.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
    fn ponderhit_time(&self) -> Option<Instant> {
        *self.ponderhit_at.lock().expect("never poisoned")
    }
}

/// State shared by the threads of one search.
pub(crate) struct Shared<'a> {
    /// The position searched, with the game's history (where a reported line must end).
    pub(crate) position: &'a Position,
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) control: &'a SearchControl,
    pub(crate) limits: &'a Limits,
    pub(crate) budget: TimeBudget,
    /// When the search was asked for ([`Limits::started`]): what the clock and reports count
    /// from. Only *when* the search stops and what it reports may depend on it.
    pub(crate) start: Instant,
    /// Set by the main thread when it finishes, to release the helpers.
    pub(crate) done: AtomicBool,
    /// Nodes of all threads, published every few thousand nodes.
    pub(crate) nodes: AtomicU64,
    /// The tablebases' plan for this search: the root's ranking and the interior probes.
    pub(crate) tb: syzygy::TbSearch,
    /// Tablebase probes that found their position, all threads, and the root's ranking (one
    /// per root move it ranked).
    pub(crate) tb_hits: AtomicU64,
}

impl<'a> Shared<'a> {
    /// The shared state of a search of `position` within `limits`: the clock starts at
    /// [`Limits::started`] (or now), the budget is the limits' for the side to move.
    fn new<X>(
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        limits: &'a Limits,
        position: &'a Position,
        config: &SearchConfig<X>,
    ) -> Self {
        let tb = syzygy::TbSearch::new(position, config.syzygy.as_ref());
        // The root's ranking probed the tables once per root move: Stockfish's count.
        let root_probes = tb.root.len() as u64;
        Shared {
            position,
            tt,
            control,
            limits,
            budget: TimeBudget::new(
                limits,
                position.board().side_to_move(),
                config.move_overhead,
            ),
            start: limits.started.unwrap_or_else(Instant::now),
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tb,
            tb_hits: AtomicU64::new(root_probes),
        }
    }

    /// Time counted against the budget: since `go`, or since `ponderhit` after pondering.
    pub(crate) fn elapsed_for_budget(&self) -> Option<Duration> {
        if self.control.pondering() {
            return None;
        }
        let since = self.control.ponderhit_time().unwrap_or(self.start);
        Some(since.elapsed())
    }
}

/// What one search thread learns and keeps from one search to the next within a game: the
/// history heuristics and, beside them, what the extension keeps.
pub struct ThreadMemory<X: Extension> {
    /// Killers, counter moves, histories.
    pub heuristics: Heuristics,
    /// The extension's memory.
    pub ext: X::Memory,
}

impl<X: Extension> Default for ThreadMemory<X> {
    fn default() -> Self {
        ThreadMemory {
            heuristics: Heuristics::default(),
            ext: X::Memory::default(),
        }
    }
}

impl<X: Extension> ThreadMemory<X> {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.heuristics.clear();
        X::clear_memory(&mut self.ext);
    }
}

/// A search engine's lasting state between the searches of one game: the transposition table
/// and each thread's [`ThreadMemory`].
pub struct Searcher<X: Extension = NoExtension> {
    tt: TranspositionTable,
    memory: Vec<ThreadMemory<X>>,
}

impl<X: Extension> Searcher<X> {
    /// A searcher with a table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Self {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            memory: Vec::new(),
        }
    }

    /// Replaces the table with an empty one of `hash_mb` MiB; when that much memory cannot
    /// be had, keeps the old table and says so.
    pub fn resize(&mut self, hash_mb: usize) -> Result<(), tt::TableAllocError> {
        // Free the old table first, so that the new one may use its memory; put it back if
        // the new one cannot be had.
        let old_mb = self.tt.size_mb().max(1);
        self.tt = TranspositionTable::new(1);
        match TranspositionTable::try_new(hash_mb) {
            Ok(table) => {
                self.tt = table;
                Ok(())
            }
            Err(e) => {
                self.tt = TranspositionTable::try_new(old_mb)
                    .unwrap_or_else(|_| TranspositionTable::new(1));
                Err(e)
            }
        }
    }

    /// Forgets everything learnt (a new game): the table, the heuristics, the extension's
    /// memory.
    pub fn clear(&mut self) {
        self.clear_with_threads(1);
    }

    /// [`Searcher::clear`], clearing the table with `threads` threads (UCI: `Threads`).
    pub fn clear_with_threads(&mut self, threads: usize) {
        self.tt.clear_with_threads(threads);
        for m in &mut self.memory {
            m.clear();
        }
    }

    /// The transposition table.
    pub fn tt(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Searches `position` within `limits`, keeping what it learns for the next search. See
    /// [`search`].
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        config: &SearchConfig<X>,
        control: &SearchControl,
        reporter: &dyn Reporter,
    ) -> SearchResult {
        let threads = config.threads.max(1);
        if self.memory.len() < threads {
            self.memory.resize_with(threads, ThreadMemory::default);
        }
        let job = Job {
            position,
            limits,
            config,
            tt: &self.tt,
            control,
            reporter,
        };
        job.run(&mut self.memory[..threads])
    }

    /// The quiescence search of `position` with a full window, beside its static evaluation
    /// (both the side to move's view; `None` for the evaluation in check). Equal values mean
    /// the stand-pat holds: no capture or promotion the quiescence search tries changes the
    /// evaluation, the position is quiet (`chainmate-lab datagen` keeps only such positions).
    ///
    /// Entries of this searcher's table are used and stored, so give it a table of its own:
    /// a game's table would answer with the deep search's score of the same position.
    pub fn quiescence(&mut self, position: &Position, config: &SearchConfig<X>) -> Quiescence {
        if self.memory.is_empty() {
            self.memory.push(ThreadMemory::default());
        }
        let limits = Limits::default();
        let control = SearchControl::default();
        let shared = Shared::new(&self.tt, &control, &limits, position, config);
        let board = position.board();
        let mut thread = Thread::new(0, &shared, config, position, &mut self.memory[0], &Silent);
        let eval = (!board.is_check()).then(|| thread.corrected(board, thread.evaluate(board)));
        let score = thread.qsearch(
            board,
            -crate::eval::score::INFINITE,
            crate::eval::score::INFINITE,
            0,
            true,
        );
        Quiescence { score, eval }
    }
}

/// What [`Searcher::quiescence`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quiescence {
    /// The quiescence search's score.
    pub score: Score,
    /// The (corrected) static evaluation, `None` in check.
    pub eval: Option<Score>,
}

impl Quiescence {
    /// Whether the static evaluation stands (see [`Searcher::quiescence`]).
    pub fn is_quiet(&self) -> bool {
        self.eval == Some(self.score)
    }
}

/// Searches `position` within `limits` with fresh heuristics and the given table. Blocks
/// until the search ends; with `infinite` or `ponder` it does not end before
/// [`SearchControl::stop`] (or `ponderhit`, for pondering).
pub fn search<X: Extension>(
    position: &Position,
    limits: &Limits,
    config: &SearchConfig<X>,
    tt: &TranspositionTable,
    control: &SearchControl,
    reporter: &dyn Reporter,
) -> SearchResult {
    let mut memory: Vec<ThreadMemory<X>> = (0..config.threads.max(1))
        .map(|_| ThreadMemory::default())
        .collect();
    let job = Job {
        position,
        limits,
        config,
        tt,
        control,
        reporter,
    };
    job.run(&mut memory)
}

/// Stack size of search threads: the recursion keeps a `Board` copy per ply.
pub const THREAD_STACK: usize = 64 << 20;
