//! `chainmate-lab experiment speed`: search speed of UCI engines on the same positions
//! ([`crate::experiments::speed`]).

use std::time::Duration;

use clap::Args;

use super::{at_least_one, progress_bar, CliError};
use crate::experiments::speed;
use crate::tournament::ExternalSpec;
use chainmate::bench::BENCH_FENS;
use chainmate::core::Board;
use chainmate::outln;

/// Arguments of `experiment speed`.
#[derive(Args, Debug)]
pub struct SpeedArgs {
    /// An engine as a command line, `uci:COMMAND` or `COMMAND` (repeatable, at least one),
    /// e.g. `--engine target/release/chainmate --engine ethereal-12.00`.
    #[arg(long = "engine", required = true)]
    pub engines: Vec<String>,
    /// Milliseconds per position (`go movetime`).
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Rounds over the positions; the median round is reported.
    #[arg(long, default_value_t = 5)]
    pub rounds: usize,
    /// Hash size of every engine, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// The first N of the engine's 50 bench positions.
    #[arg(long, default_value_t = BENCH_FENS.len())]
    pub positions: usize,
}

/// Runs `experiment speed`.
pub fn run(args: &SpeedArgs) -> Result<(), CliError> {
    let specs: Vec<ExternalSpec> = args
        .engines
        .iter()
        .map(|e| ExternalSpec::new(e.strip_prefix("uci:").unwrap_or(e), Vec::new()))
        .collect();
    let positions: Vec<Board> = BENCH_FENS
        .iter()
        .take(args.positions.max(1))
        .map(|f| Board::from_fen(f).expect("bench positions are valid"))
        .collect();
    let rounds = at_least_one("--rounds", args.rounds)?;
    let searches = (rounds * positions.len() * specs.len()) as u64;
    let bar = progress_bar(
        searches,
        "{bar:40} {pos}/{len} searches [{elapsed} / ~{duration}]",
    );
    let movetime = Duration::from_millis(args.movetime.max(1));
    let speeds = speed::measure(
        &specs,
        &positions,
        movetime,
        args.hash,
        rounds,
        |_, _, _| bar.inc(1),
    )
    .map_err(|e| CliError::Input(e.to_string()))?;
    bar.finish_and_clear();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    outln!(
        "{}, go movetime {}, Hash {}, 1 thread, {} (engines in turn)",
        plural(positions.len(), "position"),
        args.movetime,
        args.hash,
        plural(rounds, "round")
    );
    let base = speeds.first().map_or(1.0, speed::Speeds::median);
    for s in &speeds {
        let rounds: Vec<String> = s.rounds.iter().map(|n| format!("{:.0}", n)).collect();
        outln!(
            "{:<28} median {:>10.0} nps  ({:.3} of the first)  rounds: {}",
            s.name,
            s.median(),
            s.median() / base.max(1.0),
            rounds.join(" ")
        );
    }
    Ok(())
}
