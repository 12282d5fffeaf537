//! `chainmate-lab bench`: the search signature of a configuration of the lab, and the
//! signature of every pinned configuration (`--config NAME`, `--config all`; see
//! [`crate::experiments::pins`]).

use chainmate::outln;
use std::time::Instant;

use clap::Args;

use super::{unknown_name, CliError, EngineArgs};
use crate::experiments::pins;
use chainmate::text::JsonObject;

/// Arguments of `bench`.
#[derive(Args, Debug)]
#[command(after_help = crate::config::presets_help())]
pub struct BenchArgs {
    /// Search depth.
    #[arg(default_value_t = chainmate::bench::DEFAULT_DEPTH)]
    pub depth: i32,
    /// Search algorithm (pvs, alphabeta, alphabeta+tt, minimax).
    #[arg(long, default_value = "pvs")]
    pub search: String,
    /// Evaluator and options.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Search threads. With more than one the node count is not reproducible (not a
    /// signature); the time to depth, printed first, measures the lazy-SMP speed-up.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print a pinned configuration's signature instead (`plain+chessmaps`, `minimax`,
    /// `eval:power`, ...), or check them `all` against their pinned values.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["evaluator", "params", "set", "threads"])]
    pub config: Option<String>,
    /// Print one JSON object instead: the bench's depth, threads, nodes, nps and seconds, or
    /// with `--config` each pin's name, nodes, pinned value and whether they agree.
    #[arg(long)]
    pub json: bool,
}

/// Runs `bench`.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if let Some(name) = &args.config {
        return run_pins(name, args.json);
    }
    let config = args
        .engine
        .options(&[format!("Search={}", args.search)])?
        .search_config();
    chainmate::cli::bench::print_bench(&config, args.depth, args.threads, args.json, false)
}

/// A pin's result as JSON: its name, nodes, pinned value and whether they agree.
fn pin_json(name: &str, nodes: u64, pinned: u64) -> JsonObject {
    JsonObject::new()
        .string("name", name)
        .int("nodes", nodes)
        .int("pinned", pinned)
        .boolean("ok", nodes == pinned)
}

/// One pin (`<N> nodes <M> nps`, as `bench` prints) or all of them against their values;
/// with `json`, one JSON object (`{"pins": [...], "ok": ...}` for all).
fn run_pins(name: &str, json: bool) -> Result<(), CliError> {
    if name.eq_ignore_ascii_case("all") {
        let mut moved = Vec::new();
        let mut results = Vec::new();
        for pin in pins::PINS {
            let nodes = pin.run()?;
            let status = if nodes == pin.nodes { "ok" } else { "MOVED" };
            if json {
                results.push(pin_json(pin.name, nodes, pin.nodes).render());
            } else {
                outln!(
                    "{:<24} {nodes:>10} nodes  (pinned {:>10})  {status}",
                    pin.name,
                    pin.nodes
                );
            }
            if nodes != pin.nodes {
                moved.push(format!("{} {nodes}", pin.name));
            }
        }
        if json {
            let object = JsonObject::new()
                .array("pins", results)
                .boolean("ok", moved.is_empty())
                .string("commit", chainmate::cli::version::COMMIT);
            outln!("{object}");
        }
        if moved.is_empty() {
            return Ok(());
        }
        return Err(CliError::CheckFailed(format!(
            "signatures moved: {}",
            moved.join(", ")
        )));
    }
    let pin = pins::find(name).ok_or_else(|| {
        let names = pins::PINS.iter().map(|p| p.name);
        unknown_name(
            "pinned configuration",
            name,
            std::iter::once("all").chain(names),
        )
    })?;
    let start = Instant::now();
    let nodes = pin.run()?;
    let nps = (nodes as f64 / start.elapsed().as_secs_f64().max(1e-9)) as u64;
    if json {
        outln!("{}", pin_json(pin.name, nodes, pin.nodes).int("nps", nps));
        return Ok(());
    }
    outln!("{nodes} nodes {nps} nps");
    if nodes != pin.nodes {
        eprintln!("warning: {} is pinned at {} nodes", pin.name, pin.nodes);
    }
    Ok(())
}
