//! chainmate: a bitboard chess engine and a laboratory for the search and evaluation ideas of
//! five chess-AI papers.
//!
//! The modules, from the bottom up (a module uses only those above it in this list, except
//! that the front ends at the end use everything):
//!
//! | module | what |
//! | --- | --- |
//! | [`core`] | squares, bitboards, moves, `Board` (copy-make), FEN, legal move generation, notation, `Position` with history; the tables `build.rs` generates |
//! | [`perft`] | leaf counts of the legal move tree: the move generator's proof and benchmark |
//! | [`formats`] | text formats: EPD records, PGN games, perft suites, one line reader |
//! | [`eval`] | the `Evaluator` trait, scores, named parameters; `material`, `weighted`, `tsvetkov`, `power` |
//! | [`search`] | PVS under iterative deepening, the table, ordering, selectivity, time, threads; paper 001's plain searches; the papers' ordering, pruning and chain modules behind small hooks |
//! | [`book`] | opening books the search asks first: paper 000's case-based retrieval over the ECO lines, Polyglot books |
//! | [`library`] | paper 003's action library: grandmasters' replies retrieved by the opponent's move and by similarity, restricting the root moves; retention |
//! | [`config`] | every option, tunable and lab preset as one table; `EngineOptions` → `SearchConfig` |
//! | [`lab`] | bench and the pinned signatures, node-count experiments, the docs' figures, test suites |
//! | [`tournament`] | games under the rules with clocks or node limits, opening books, matches, Elo |
//! | [`tune`] | fitting evaluator parameters to game results (Texel) |
//! | [`uci`] | the UCI front end: command parser and engine loop |
//! | [`cli`] | the command line, one file per subcommand |
//!
//! `docs/architecture.md` says how a `position`/`go` travels from stdin to `bestmove` and where
//! to add an evaluator, a pruning rule, an option or an experiment.

#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod book;
pub mod cli;
pub mod config;
pub mod core;
pub mod eval;
pub mod formats;
pub mod lab;
pub mod library;
pub mod perft;
pub mod search;
pub mod tb;
pub mod tournament;
pub mod tune;
pub mod uci;
