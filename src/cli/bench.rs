//! `chainmate bench`: the search signature.

use crate::outln;
use clap::Args;

use super::{at_least_one, CliError, EngineArgs};
use crate::bench;
use crate::search::{stats, Extension, SearchConfig};
use crate::text::{thousands, JsonObject};

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(default_value_t = bench::DEFAULT_DEPTH)]
    pub depth: i32,
    /// The evaluator's parameter file and options.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Search threads. With more than one the node count is not reproducible (not a
    /// signature); the time to depth, printed first, measures the lazy-SMP speed-up.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON object instead (depth, threads, nodes, nps, seconds, version, commit).
    #[arg(long)]
    pub json: bool,
    /// Also print what the search did at its nodes: nodes by type, and how often each
    /// pruning rule, extension and reduction applied (one thread; needs a build with the
    /// feature `search-stats`, which leaves the signature as it is).
    #[arg(long)]
    pub stats: bool,
    /// Print the bench's positions instead, one FEN a line (to search them with another
    /// engine).
    #[arg(long, conflicts_with_all = ["json", "stats", "threads"])]
    pub positions: bool,
}

/// Runs `bench`.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if args.positions {
        for fen in bench::BENCH_FENS {
            outln!("{fen}");
        }
        return Ok(());
    }
    let config = args.engine.options()?.search_config();
    if args.stats {
        if !stats::ENABLED {
            return Err(CliError::Input(
                "--stats needs a build that counts: cargo build --release --features \
                 search-stats --target-dir target/stats, then target/stats/release/chainmate \
                 bench --stats"
                    .into(),
            ));
        }
        if args.threads != 1 {
            return Err(CliError::Input("--stats counts one thread's search".into()));
        }
        stats::reset();
    }
    print_bench(&config, args.depth, args.threads, args.json, args.stats)
}

/// Runs the bench with `config` to `depth` on `threads` threads and prints its line (and,
/// with more than one thread, the time to depth first), or with `json` one JSON object;
/// with `stats`, the search's counters too (see [`stats`]).
pub fn print_bench<X: Extension>(
    config: &SearchConfig<X>,
    depth: i32,
    threads: usize,
    json: bool,
    with_stats: bool,
) -> Result<(), CliError> {
    if depth < 1 {
        return Err(CliError::Input("the bench depth must be at least 1".into()));
    }
    let result = bench::run_threads(config, depth, at_least_one("--threads", threads)?);
    let counts = stats::snapshot();
    if json {
        let mut object = JsonObject::new()
            .int("depth", depth)
            .int("threads", threads as u64)
            .int("nodes", result.nodes)
            .int("nps", result.nps())
            .float("seconds", result.seconds)
            .string("version", env!("CARGO_PKG_VERSION"))
            .string("commit", super::version::COMMIT);
        if with_stats {
            let counters = counts
                .iter()
                .fold(JsonObject::new(), |o, &(key, _, n)| o.int(key, n));
            object = object.raw("stats", counters.render());
        }
        outln!("{object}");
        return Ok(());
    }
    if threads > 1 {
        outln!(
            "time to depth {depth} with {threads} threads: {:.3} s",
            result.seconds
        );
    }
    outln!("{} nodes {} nps", result.nodes, result.nps());
    if with_stats {
        // Shares of the main-search nodes: the PV, cut and all nodes.
        let main: u64 = counts.iter().take(3).map(|&(_, _, n)| n).sum();
        for (_, name, n) in counts {
            let share = 100.0 * n as f64 / main.max(1) as f64;
            outln!("{name:<40} {:>14} {share:>9.2} %", thousands(n));
        }
    }
    Ok(())
}
