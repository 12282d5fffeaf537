//! `chainmate bench`: the search signature.

use crate::outln;
use clap::Args;

use super::{at_least_one, CliError, EngineArgs};
use crate::bench;
use crate::search::{Extension, SearchConfig};
use crate::text::JsonObject;

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
}

/// Runs `bench`.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let config = args.engine.options()?.search_config();
    print_bench(&config, args.depth, args.threads, args.json)
}

/// Runs the bench with `config` to `depth` on `threads` threads and prints its line (and,
/// with more than one thread, the time to depth first), or with `json` one JSON object.
pub fn print_bench<X: Extension>(
    config: &SearchConfig<X>,
    depth: i32,
    threads: usize,
    json: bool,
) -> Result<(), CliError> {
    if depth < 1 {
        return Err(CliError::Input("the bench depth must be at least 1".into()));
    }
    let result = bench::run_threads(config, depth, at_least_one("--threads", threads)?);
    if json {
        let object = JsonObject::new()
            .int("depth", depth)
            .int("threads", threads as u64)
            .int("nodes", result.nodes)
            .int("nps", result.nps())
            .float("seconds", result.seconds)
            .string("version", env!("CARGO_PKG_VERSION"))
            .string("commit", super::version::COMMIT);
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
    Ok(())
}
