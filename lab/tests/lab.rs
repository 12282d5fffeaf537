//! The lab's integration tests, one test binary (`cargo test --release -p chainmate-lab --test
//! lab`).
//!
//! Each file of `lab/tests/` is a module here rather than a binary of its own (one fat-LTO
//! link instead of twenty-five; see `tests/engine.rs`). A test's name carries its file:
//! `cargo test --release -p chainmate-lab --test lab figures::` runs one file's tests. The
//! helpers are the engine's `tests/common/`.

#[path = "../../tests/common/mod.rs"]
mod common;

mod analyse;
mod book;
mod chess960_match;
mod cli;
mod data;
mod datagen;
mod eval_cli;
mod eval_params;
mod eval_power;
mod eval_properties;
mod eval_tsvetkov;
mod eval_weighted;
mod facts;
mod figures;
mod genetic;
mod input_files;
mod library;
mod match_play;
mod modules;
mod paper_searches;
mod parser_fuzz;
mod pins;
mod self_play;
mod spsa;
mod uci;
mod wac;
