//! chainmate: a bitboard chess engine.
//!
//! The modules, from the bottom up (a module uses only those above it in this list, except
//! that the front ends at the end use everything):
//!
//! | module | what |
//! | --- | --- |
//! | [`text`] | counts with their nouns, hand-written JSON objects (every module may use it) |
//! | [`core`] | squares, bitboards, moves, `Board` (copy-make), FEN, legal move generation, notation, `Position` with history; the tables `build.rs` generates |
//! | [`perft`] | leaf counts of the legal move tree: the move generator's proof and benchmark |
//! | [`formats`] | text formats: EPD records, PGN games, perft suites, one line reader |
//! | [`eval`] | the `Evaluator` trait, scores, named parameters, and the engine's evaluator [`eval::full`] |
//! | [`tb`] | Syzygy endgame tablebases: WDL and DTZ probing |
//! | [`search`] | PVS under iterative deepening, the table, ordering, selectivity, time, threads, tablebases in the search; the [`search::Extension`] point through which the lab's ideas reach it |
//! | [`config`] | every option and tunable as one table; `EngineOptions` → `SearchConfig` |
//! | [`bench`], [`suite`] | the search signature (`bench`) and EPD test suites |
//! | [`uci`] | the UCI front end: command parser and engine loop |
//! | [`cli`] | the command line, one file per subcommand |
//!
//! The papers' ideas live in the lab crate (`lab/`, `chainmate-lab`), which depends on this
//! one. `docs/architecture.md` says how a `position`/`go` travels from stdin to `bestmove`
//! and where to add an option, a search step or an evaluator term.

#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]
// Command output goes through `out!`/`outln!`, which end quietly on a closed pipe.
#![warn(clippy::print_stdout)]

pub mod bench;
pub mod cli;
pub mod config;
pub mod core;
pub mod eval;
pub mod formats;
pub mod perft;
pub mod search;
pub mod suite;
pub mod tb;
pub mod text;
pub mod uci;
