//! `chainmate epd`: solve a `bm`/`am` test suite at a fixed depth, node count or time.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{at_least_one, progress_bar, read, CliError, EngineArgs};
use crate::lab::suite;
use crate::search::{Limits, SearchConfig};

/// Arguments of `epd`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "nodes", "movetime"])))]
#[command(after_help = crate::config::presets_help())]
pub struct EpdArgs {
    /// The EPD file.
    pub file: PathBuf,
    /// Search each position to this depth.
    #[arg(long)]
    pub depth: Option<i32>,
    /// Search each position this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search each position this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Hash size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Evaluator and options.
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Runs `epd`.
pub fn run(args: &EpdArgs) -> Result<(), CliError> {
    let config = SearchConfig {
        threads: at_least_one("--threads", args.threads)?,
        ..args.engine.options(&[])?.search_config()
    };
    let text = read(&args.file)?;
    let (records, errors) = suite::parse_suite(&text);
    for (line, e) in &errors {
        eprintln!("warning: {}:{line}: {e}; skipped", args.file.display());
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(std::time::Duration::from_millis),
        ..Default::default()
    };
    let bar = progress_bar(
        records.len() as u64,
        "{bar:40} {pos}/{len} solved {msg} [{elapsed} / ~{duration}]",
    );
    let start = Instant::now();
    let report = suite::solve_all(&records, &limits, &config, args.hash, |done, solved| {
        bar.set_position(done as u64);
        bar.set_message(solved.to_string());
    });
    bar.finish_and_clear();
    for f in &report.failures {
        println!("FAILED {}: {}", f.id, f.describe());
    }
    println!(
        "solved {}/{} ({} nodes, {:.1} s)",
        report.solved,
        records.len(),
        report.nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
