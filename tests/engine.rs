//! The engine's integration tests, one test binary (`cargo test --release --test engine`).
//!
//! Each file of `tests/` is a module here rather than a binary of its own: the release
//! profile links with fat LTO, and one link instead of twenty keeps `.ci/run` inside its
//! time. A test's name carries its file: `cargo test --release --test engine perft_suites::`
//! runs one file's tests. The helpers of `tests/common/` are shared with the lab's tests.

mod common;

mod chess960;
mod cli;
mod code_health;
mod determinism;
mod docs;
mod eval_cli;
mod facts;
mod fen_errors;
mod notation;
mod parser_fuzz;
mod perft_suites;
mod pgn;
mod properties;
mod reference;
mod rules;
mod search;
mod syzygy;
mod syzygy_search;
mod tables;
mod uci;
mod uci_fuzz;
