//! `chainmate epd`: solve a `bm`/`am` test suite at a fixed depth, node count or time.

use crate::outln;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{at_least_one, progress_bar, read, CliError, EngineArgs, SearchLimitArgs};
use crate::search::{Extension, SearchConfig};
use crate::suite;
use crate::text::{json_string, JsonObject};

/// Arguments of `epd` but the engine's settings (shared with the lab's `epd`).
#[derive(Args, Debug)]
pub struct SuiteArgs {
    /// The EPD file.
    pub file: PathBuf,
    /// How far each position is searched.
    #[command(flatten)]
    pub limit: SearchLimitArgs,
    /// Hash size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON object instead of the failures and the summary: the file, positions,
    /// solved, nodes, seconds, nps and each failure (id, move played, best and avoid moves).
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `epd`.
#[derive(Args, Debug)]
pub struct EpdArgs {
    /// The suite and the limits.
    #[command(flatten)]
    pub suite: SuiteArgs,
    /// The evaluator's parameter file and options.
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Runs `epd`.
pub fn run(args: &EpdArgs) -> Result<(), CliError> {
    solve(&args.suite, args.engine.options()?.search_config())
}

/// The report of a suite as one JSON object.
fn report_json(
    args: &SuiteArgs,
    report: &suite::SuiteReport,
    positions: usize,
    seconds: f64,
) -> JsonObject {
    let strings = |moves: &[String]| moves.iter().map(|m| json_string(m)).collect::<Vec<_>>();
    let failures = report.failures.iter().map(|f| {
        JsonObject::new()
            .string("id", &f.id)
            .string("played", &f.played)
            .array("best", strings(&f.best))
            .array("avoid", strings(&f.avoid))
            .render()
    });
    JsonObject::new()
        .string("file", &args.file.display().to_string())
        .int("positions", positions as u64)
        .int("solved", report.solved as u64)
        .int("nodes", report.nodes)
        .float("seconds", seconds)
        .int("nps", (report.nodes as f64 / seconds.max(1e-3)) as u64)
        .array("failures", failures)
}

/// Solves the suite of `args` with `config` (its threads set by `--threads`) and prints each
/// failure and the summary.
pub fn solve<X: Extension>(args: &SuiteArgs, config: SearchConfig<X>) -> Result<(), CliError> {
    let config = SearchConfig {
        threads: at_least_one("--threads", args.threads)?,
        ..config
    };
    at_least_one("--hash", args.hash)?;
    let (limits, _) = args.limit.limits()?.ok_or_else(|| {
        CliError::Input("give a limit per position: --depth, --nodes or --movetime".into())
    })?;
    let text = read(&args.file)?;
    let (records, errors) = suite::parse_suite(&text);
    for (line, e) in &errors {
        eprintln!("warning: {}:{line}: {e}; skipped", args.file.display());
    }
    if records.is_empty() {
        return Err(CliError::Input(format!(
            "{} holds no position to solve ({} {} skipped)",
            args.file.display(),
            errors.len(),
            if errors.len() == 1 { "line" } else { "lines" }
        )));
    }
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
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        outln!("{}", report_json(args, &report, records.len(), seconds));
        return Ok(());
    }
    for f in &report.failures {
        outln!("FAILED {}: {}", f.id, f.describe());
    }
    outln!(
        "solved {}/{} ({} nodes, {seconds:.1} s, {} nps)",
        report.solved,
        records.len(),
        report.nodes,
        (report.nodes as f64 / seconds.max(1e-3)) as u64
    );
    Ok(())
}
