//! One search from start to end: the extension's book asked first, then its root moves, then
//! the threads (lazy SMP: the main thread and its helpers) on the shared state.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::{
    Extension, Limits, Reporter, SearchConfig, SearchControl, SearchResult, Shared, Silent, Thread,
    ThreadMemory, TranspositionTable, THREAD_STACK,
};
use crate::core::{Move, Position};

/// One search's inputs.
pub(crate) struct Job<'a, X: Extension> {
    pub(crate) position: &'a Position,
    pub(crate) limits: &'a Limits,
    pub(crate) config: &'a SearchConfig<X>,
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) control: &'a SearchControl,
    pub(crate) reporter: &'a dyn Reporter,
}

// Copy by hand: a derive would ask `X: Copy`.
impl<X: Extension> Clone for Job<'_, X> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<X: Extension> Copy for Job<'_, X> {}

impl<X: Extension> Job<'_, X> {
    /// The extension's book move, when the search is not analysis and the book has a move
    /// here.
    fn book_move(&self) -> Option<SearchResult> {
        let limits = self.limits;
        let analysis =
            limits.infinite || limits.ponder || limits.depth.is_some() || limits.mate.is_some();
        if analysis {
            return None;
        }
        let found = self.config.ext.book_move(self.position)?;
        if !self.position.board().is_legal(found.mv)
            || !(limits.searchmoves.is_empty() || limits.searchmoves.contains(&found.mv))
        {
            return None;
        }
        self.reporter.book_move(&found);
        Some(SearchResult {
            best_move: Some(found.mv),
            ponder_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![found.mv],
        })
    }

    /// The extension's root moves as `searchmoves`, unless the GUI gave its own.
    fn filtered_limits(&self) -> Option<Limits> {
        if !self.limits.searchmoves.is_empty() {
            return None;
        }
        let allowed = self.config.ext.root_moves(self.position)?;
        self.reporter.note(&allowed.note);
        let board = self.position.board();
        let moves: Vec<Move> = allowed
            .moves
            .into_iter()
            .filter(|&mv| board.is_legal(mv))
            .collect();
        (!moves.is_empty()).then(|| Limits {
            searchmoves: moves,
            ..self.limits.clone()
        })
    }

    /// The search proper: one thread per entry of `memory`, the first being the main thread.
    pub(crate) fn run(&self, memory: &mut [ThreadMemory<X>]) -> SearchResult {
        if let Some(result) = self.book_move() {
            return result;
        }
        let filtered = self.filtered_limits();
        let limits = filtered.as_ref().unwrap_or(self.limits);
        // A weakened engine also stops at its node budget.
        let weakened = self.config.strength.map(|s| Limits {
            nodes: Some(limits.nodes.map_or(s.nodes(), |n| n.min(s.nodes()))),
            ..limits.clone()
        });
        let result = Job {
            limits: weakened.as_ref().unwrap_or(limits),
            ..*self
        }
        .search(memory);
        if let Some(mv) = result.best_move {
            // Not analysis, and not a ponder search the GUI did not confirm.
            let analysis = self.limits.infinite || (self.limits.ponder && self.control.pondering());
            if !analysis {
                self.config.ext.played(self.position, mv);
            }
        }
        result
    }

    /// Searches with the limits given, no book or filter.
    fn search(&self, memory: &mut [ThreadMemory<X>]) -> SearchResult {
        let Job {
            position,
            limits,
            config,
            tt,
            control,
            reporter,
        } = *self;
        tt.new_search();
        let shared = Shared::new(tt, control, limits, position, config);
        for note in shared.tb.notes() {
            reporter.note(&note);
        }
        let (main_memory, helper_memory) = memory.split_first_mut().expect("at least one thread");
        let result = std::thread::scope(|scope| {
            for (id, m) in helper_memory.iter_mut().enumerate() {
                let shared = &shared;
                std::thread::Builder::new()
                    .name(format!("search-{}", id + 1))
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(scope, move || {
                        Thread::new(id + 1, shared, config, position, m, &Silent)
                            .iterative_deepening();
                    })
                    .expect("spawn a search thread");
            }
            let mut main = Thread::new(0, &shared, config, position, main_memory, reporter);
            let result = main.iterative_deepening();
            shared.done.store(true, Ordering::SeqCst);
            result
        });
        // UCI: after `go infinite` or `go ponder` the best move is sent only when the GUI asks.
        if limits.infinite || limits.ponder {
            while !control.stopped() && (limits.infinite || control.pondering()) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        SearchResult {
            nodes: shared.nodes.load(Ordering::Relaxed).max(result.nodes),
            ..result
        }
    }
}
