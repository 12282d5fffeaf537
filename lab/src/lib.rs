//! chainmate-lab: the laboratory of the chainmate engine, where the search and evaluation
//! ideas of five chess-AI papers run beside the engine's own and are measured against it.
//!
//! The lab depends on the engine crate (`chainmate`), never the reverse. The papers' ideas
//! reach the engine's search through its one extension point: [`search::Lab`] implements
//! `chainmate::search::Extension`, and every configuration of the lab is a
//! `chainmate::search::SearchConfig<Lab>`.
//!
//! | module | what |
//! | --- | --- |
//! | [`eval`] | the papers' evaluators — `material` (001), `weighted` (000), `tsvetkov` (004), `power` (003) — beside the engine's `full`, as [`eval::AnyEvaluator`] |
//! | [`search`] | [`search::Lab`]: paper 001's minimax and alpha-beta, paper 002's Chessmaps ordering and move chains, paper 000's pruning rules, the books and the action library at the root |
//! | [`book`] | opening books: paper 000's case-based retrieval over the ECO lines, Polyglot books |
//! | [`library`] | paper 003's action library: grandmasters' replies retrieved by the opponent's move and by similarity, restricting the root moves; retention |
//! | [`config`] | the lab's options, tunables and configuration tokens (`plain+chessmaps+tt`) over the engine's: [`config::LabOptions`] |
//! | [`experiments`] | the pinned signatures, node-count experiments, the documentation's figures, move prediction, paper 000's Table 4, evaluation over a game |
//! | [`tournament`] | games under the rules with clocks or node limits, opening books, matches, Elo, SPRT, external UCI engines |
//! | [`tune`] | fitting evaluator parameters (Texel, gradient), paper 000's genetic algorithm, SPSA, self-play data |
//! | [`data`] | training data that outlives a machine: viriformat chunks under `data/`, their table, their checks |
//! | [`parallel`] | work shared out over threads, each with its own state |
//! | [`cli`] | the `chainmate-lab` command line, one file per subcommand |

#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]
// Command output goes through `out!`/`outln!`, which end quietly on a closed pipe.
#![warn(clippy::print_stdout)]

pub mod book;
pub mod cli;
pub mod config;
pub mod data;
pub mod eval;
pub mod experiments;
pub mod library;
pub mod parallel;
pub mod search;
pub mod tournament;
pub mod tune;
