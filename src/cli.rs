//! The command line: `chainmate <subcommand>`.
//!
//! | command | what |
//! | --- | --- |
//! | `perft <depth> [--fen F] [--divide] [--no-bulk] [--threads N]` | count leaf nodes |
//! | `perft --suite FILE [--max-depth D]` | check an EPD suite of known counts |
//! | `eval [--fen F] [--evaluator NAME] [--params FILE]` | explain an evaluation term by term |
//! | (none) | the UCI engine on standard input and output |
//! | `bench [depth]` | fixed-depth search of 50 positions: `<N> nodes <M> nps` |
//! | `epd FILE (--depth D / --nodes N / --movetime MS)` | solve a `bm`/`am` test suite |
//! | `match --engine-a A --engine-b B --games N (--tc T / --nodes N)` | an in-process match |

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::core::{Board, STARTPOS_FEN};
use crate::eval::{params, AnyEvaluator, Evaluator};
use crate::perft;

mod match_cmd;

/// chainmate: a bitboard chess engine and a laboratory for five chess-AI papers.
#[derive(Parser, Debug)]
#[command(name = "chainmate", version, about)]
pub struct Cli {
    /// What to do (nothing: run the UCI engine).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (move generator test and benchmark).
    Perft(PerftArgs),
    /// Print an evaluation term by term (White, Black, net) and its total.
    Eval(EvalArgs),
    /// Fixed-depth search of the bench positions; prints `<N> nodes <M> nps`.
    Bench(BenchArgs),
    /// Solve an EPD test suite with `bm`/`am` operations.
    Epd(EpdArgs),
    /// Fit an evaluator's parameters to game results (Texel's method).
    Tune(TuneArgs),
    /// The papers' experiments.
    #[command(subcommand)]
    Experiment(ExperimentCommand),
    /// Play a match between two configurations of the engine; prints W/D/L and Elo.
    Match(MatchArgs),
}

/// Experiments.
#[derive(Subcommand, Debug)]
pub enum ExperimentCommand {
    /// Average nodes per position of several configurations at fixed depths (paper 002's
    /// Table 1, paper 001's start-position counts, paper 000's Base vs Pruning).
    ///
    /// Configurations are `+`-joined tokens: default|pvs, minimax, alphabeta, tt, nott,
    /// chessmaps (no table), mc (move chains), rules (paper 000 pruning), base, pruning
    /// (paper 000's players), or NAME=VALUE for any UCI option.
    Nodes(NodesArgs),
}

/// Arguments of `experiment nodes`.
#[derive(Args, Debug)]
pub struct NodesArgs {
    /// EPD file of positions (first 4 fields used).
    #[arg(long, required_unless_present = "fen")]
    pub suite: Option<PathBuf>,
    /// Use only the first N positions of the suite.
    #[arg(long)]
    pub positions: Option<usize>,
    /// A position to search instead of a suite (`startpos` or a FEN; repeatable).
    #[arg(long, conflicts_with = "suite")]
    pub fen: Vec<String>,
    /// Depths, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    pub depth: Vec<i32>,
    /// Configurations, comma-separated; the first is the baseline.
    #[arg(long, value_delimiter = ',', required = true)]
    pub configs: Vec<String>,
    /// UCI settings applied to every configuration first, as NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Hash size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Also write the results as CSV to this file.
    #[arg(long)]
    pub csv: Option<PathBuf>,
}

/// Arguments of `match`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).multiple(true).args(["tc", "nodes"])))]
pub struct MatchArgs {
    /// Engine A's configuration: `default`, `chessmaps+tt`, `mc`, `rules`, `pruning`,
    /// `Evaluator=material`, ... (tokens joined by `+`; see the `lab` module).
    #[arg(long = "engine-a", value_name = "CONFIG")]
    pub engine_a: String,
    /// Engine B's configuration.
    #[arg(long = "engine-b", value_name = "CONFIG")]
    pub engine_b: String,
    /// Number of games (each opening is played twice, colours reversed).
    #[arg(long)]
    pub games: usize,
    /// Time control `BASE+INC` in seconds, e.g. `10+0.1`.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<crate::tournament::TimeControl>,
    /// Nodes per move (with no --tc: reproducible games, independent of machine load).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Openings: `.epd`/`.fen` positions, `.pgn` games, or one movetext line per opening
    /// (default: 32 built-in eight-move openings).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Order in which the book's openings are used.
    #[arg(long, value_enum, default_value = "random")]
    pub book_order: BookOrder,
    /// Seed of the random opening order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time, each on its own thread.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Write every game to this PGN file.
    #[arg(long, value_name = "OUT")]
    pub pgn: Option<PathBuf>,
    /// Stop games after this many moves and score them by a short search (+-100 cp).
    #[arg(long, value_name = "M")]
    pub max_moves: Option<u32>,
    /// Set a UCI option in both engines first, as `name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Hash size of each engine, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

/// Opening order of `match`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookOrder {
    /// As in the file.
    Sequential,
    /// Shuffled with `--seed`.
    Random,
}

/// Arguments of `tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Labelled positions, `board side castling ep c9 "<result>";` (repeatable).
    #[arg(long = "data", required = true)]
    pub data: Vec<PathBuf>,
    /// Evaluator to tune.
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Parameter file to start from.
    #[arg(long)]
    pub params: Option<PathBuf>,
    /// Where to write the tuned parameters (`name = value`).
    #[arg(long)]
    pub out: PathBuf,
    /// Maximum rounds over all parameters.
    #[arg(long, default_value_t = 30)]
    pub rounds: usize,
    /// Threads for error evaluation.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Use only the first N samples.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Sigmoid scale K (fitted when absent).
    #[arg(long)]
    pub k: Option<f64>,
    /// Parameters to leave alone: full names, or prefixes ending in `*` (repeatable).
    #[arg(long)]
    pub exclude: Vec<String>,
}

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(default_value_t = crate::bench::DEFAULT_DEPTH)]
    pub depth: i32,
    /// Evaluator name (default: the engine's default evaluator).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Search algorithm (pvs, alphabeta, alphabeta+tt, minimax).
    #[arg(long, default_value = "pvs")]
    pub search: String,
    /// Set a UCI option first, as `name=value` (repeatable), e.g. `search.rfp_margin=90`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Search threads. With more than one the node count is not reproducible (not a
    /// signature); the time to depth, printed first, measures the lazy-SMP speed-up.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Arguments of `epd`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "nodes", "movetime"])))]
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
    /// Evaluator name (default: the engine's default evaluator).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Set a UCI option first, as `name=value` (repeatable), e.g. `search.rfp_margin=90`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

/// Arguments of `eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// Position to evaluate (default: the start position).
    #[arg(long, default_value = STARTPOS_FEN)]
    pub fen: String,
    /// Evaluator name: tsvetkov:tuned (the default for play), tsvetkov (= tsvetkov:paper), material, weighted (= weighted:base),
    /// weighted:uniform|base|pruning|handmade|winning, power.
    #[arg(long)]
    pub evaluator: Option<String>,
    /// A `name = value` parameter file to apply first.
    #[arg(long)]
    pub params: Option<PathBuf>,
    /// Print the evaluator's parameters as a `name = value` file and exit.
    #[arg(long)]
    pub dump_params: bool,
}

/// Arguments of `perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (required unless --suite is given).
    #[arg(required_unless_present = "suite")]
    pub depth: Option<u32>,
    /// Position to count from (default: the start position).
    #[arg(long, default_value = STARTPOS_FEN)]
    pub fen: String,
    /// One line per root move (`e2e4: 123`), then the total, as Stockfish's `go perft` prints.
    #[arg(long)]
    pub divide: bool,
    /// Play every leaf move instead of counting the last ply's moves.
    #[arg(long)]
    pub no_bulk: bool,
    /// Threads to split the root moves over.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// An EPD suite of known counts (`FEN ;D1 20 ;D2 400 ...`) to check.
    #[arg(long, conflicts_with_all = ["depth", "divide"])]
    pub suite: Option<PathBuf>,
    /// With --suite: skip counts deeper than this.
    #[arg(long, requires = "suite")]
    pub max_depth: Option<u32>,
}

/// Parses the command line and runs it; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft(args)) => run_perft(&args),
        Some(Command::Eval(args)) => run_eval(&args),
        Some(Command::Bench(args)) => run_bench(&args),
        Some(Command::Epd(args)) => run_epd(&args),
        Some(Command::Tune(args)) => run_tune(&args),
        Some(Command::Experiment(ExperimentCommand::Nodes(args))) => run_nodes_experiment(&args),
        Some(Command::Match(args)) => match_cmd::run(&args),
        None => {
            let out = crate::uci::Output::new(Box::new(std::io::stdout()));
            crate::uci::Engine::new(out).run(std::io::stdin().lock());
            0
        }
    }
}

fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes as f64 / seconds.max(1e-9) / 1e6
}

fn run_perft(args: &PerftArgs) -> i32 {
    if let Some(suite) = &args.suite {
        return run_perft_suite(suite, args);
    }
    let board = match Board::from_fen(&args.fen) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let depth = args.depth.unwrap_or(1);
    let bulk = !args.no_bulk;
    let start = Instant::now();
    let nodes = if args.divide {
        let split = perft::divide(&board, depth, bulk, args.threads);
        for (mv, n) in &split {
            println!("{mv}: {n}");
        }
        println!();
        split.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft_threads(&board, depth, bulk, args.threads)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    println!("Time: {secs:.3} s ({:.1} Mnps)", mnps(nodes, secs));
    0
}

fn run_perft_suite(path: &PathBuf, args: &PerftArgs) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return 2;
        }
    };
    let cases = match perft::parse_suite(&text) {
        Ok(c) => c,
        Err((line, e)) => {
            eprintln!("error: {}:{line}: {e}", path.display());
            return 2;
        }
    };
    let max_depth = args.max_depth.unwrap_or(u32::MAX);
    let checks: Vec<(&perft::PerftCase, u32, u64)> = cases
        .iter()
        .flat_map(|c| c.expected.iter().map(move |&(d, n)| (c, d, n)))
        .filter(|&(_, d, _)| d <= max_depth)
        .collect();
    let total_expected: u64 = checks.iter().map(|c| c.2).sum();
    let bar = ProgressBar::new(total_expected);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} [{elapsed} / ~{duration}]")
            .expect("valid template"),
    );
    let start = Instant::now();
    let mut failures = 0;
    let mut nodes = 0;
    for (case, depth, want) in &checks {
        bar.set_message(format!(
            "D{depth} {}",
            case.id.as_deref().unwrap_or(&case.fen)
        ));
        let got = perft::perft_threads(&case.board, *depth, !args.no_bulk, args.threads);
        nodes += got;
        bar.inc(*want);
        if got != *want {
            failures += 1;
            bar.suspend(|| {
                println!(
                    "MISMATCH fen \"{}\" depth {depth}: expected {want}, found {got}",
                    case.fen
                )
            });
        }
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} positions, {} counts checked: {} ({nodes} nodes in {secs:.2} s, {:.1} Mnps)",
        cases.len(),
        checks.len(),
        if failures == 0 {
            "all match".to_string()
        } else {
            format!("{failures} MISMATCHED")
        },
        mnps(nodes, secs)
    );
    i32::from(failures > 0)
}

/// Builds the evaluator `name` with the parameter file `params` applied, or explains why not.
pub fn make_evaluator(
    name: Option<&str>,
    params: Option<&PathBuf>,
) -> Result<AnyEvaluator, String> {
    let mut evaluator = match name {
        None => AnyEvaluator::default(),
        Some(name) => AnyEvaluator::by_name(name).ok_or_else(|| {
            format!(
                "unknown evaluator '{name}' (choose from: {})",
                AnyEvaluator::NAMES.join(", ")
            )
        })?,
    };
    if let Some(path) = params {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        params::load_text(evaluator.params_mut(), &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(evaluator)
}

fn run_eval(args: &EvalArgs) -> i32 {
    let evaluator = match make_evaluator(args.evaluator.as_deref(), args.params.as_ref()) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    if args.dump_params {
        print!("{}", evaluator.params().to_text());
        return 0;
    }
    match Board::from_fen(&args.fen) {
        Ok(board) => {
            println!("{}", evaluator.explain(&board));
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

/// A search configuration: the engine's defaults, then the evaluator and search algorithm
/// named, then each `name=value` UCI option setting in order.
pub fn make_config(
    evaluator: Option<&str>,
    search: &str,
    sets: &[String],
) -> Result<crate::search::SearchConfig, String> {
    let mut options = crate::uci::EngineOptions::default();
    if let Some(name) = evaluator {
        options.set("Evaluator", Some(name))?;
    }
    options.set("Search", Some(search))?;
    for assignment in sets {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| format!("--set '{assignment}': expected NAME=VALUE"))?;
        options.set(name.trim(), Some(value.trim()))?;
    }
    Ok(options.search_config())
}

fn run_bench(args: &BenchArgs) -> i32 {
    let config = match make_config(args.evaluator.as_deref(), &args.search, &args.set) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let result = crate::bench::run_threads(&config, args.depth, args.threads);
    if args.threads > 1 {
        println!(
            "time to depth {} with {} threads: {:.3} s",
            args.depth, args.threads, result.seconds
        );
    }
    println!("{} nodes {} nps", result.nodes, result.nps());
    0
}

fn run_epd(args: &EpdArgs) -> i32 {
    let config = match make_config(args.evaluator.as_deref(), "pvs", &args.set) {
        Ok(c) => crate::search::SearchConfig {
            threads: args.threads.max(1),
            ..c
        },
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return 2;
        }
    };
    let (records, errors) = crate::suite::parse_suite(&text);
    for (line, e) in &errors {
        eprintln!("warning: {}:{line}: {e}; skipped", args.file.display());
    }
    let limits = crate::search::Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(std::time::Duration::from_millis),
        ..Default::default()
    };
    let bar = ProgressBar::new(records.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} solved {msg} [{elapsed} / ~{duration}]")
            .expect("valid template"),
    );
    let start = Instant::now();
    let report = crate::suite::solve_all(&records, &limits, &config, args.hash, |done, solved| {
        bar.set_position(done as u64);
        bar.set_message(solved.to_string());
    });
    bar.finish_and_clear();
    for f in &report.failures {
        println!(
            "FAILED {}: played {}, expected {}{}",
            f.id,
            f.played,
            if f.best.is_empty() {
                "-".to_string()
            } else {
                f.best.join(" ")
            },
            if f.avoid.is_empty() {
                String::new()
            } else {
                format!(" (avoid {})", f.avoid.join(" "))
            }
        );
    }
    println!(
        "solved {}/{} ({} nodes, {:.1} s)",
        report.solved,
        records.len(),
        report.nodes,
        start.elapsed().as_secs_f64()
    );
    0
}

fn run_tune(args: &TuneArgs) -> i32 {
    use crate::tune::texel;
    let mut evaluator = match make_evaluator(args.evaluator.as_deref(), args.params.as_ref()) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut samples = Vec::new();
    for path in &args.data {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let (mut s, skipped) = texel::parse_samples(&text);
                if skipped > 0 {
                    eprintln!("{}: {skipped} unreadable lines skipped", path.display());
                }
                samples.append(&mut s);
            }
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return 2;
            }
        }
    }
    if let Some(limit) = args.limit {
        samples.truncate(limit);
    }
    let held_out = samples.len() / 10;
    let (train, validation) = samples.split_at(samples.len() - held_out);
    println!(
        "{} training and {} held-out positions; tuning {}",
        train.len(),
        validation.len(),
        evaluator.name()
    );
    let settings = texel::TuneSettings {
        k: args.k,
        rounds: args.rounds,
        threads: args.threads,
        exclude: args.exclude.clone(),
    };
    let start = Instant::now();
    let k_for_report = args
        .k
        .unwrap_or_else(|| texel::fit_k(&evaluator, train, args.threads));
    println!(
        "K = {k_for_report:.4}; starting error: train {:.6}  held-out {:.6}",
        texel::mean_error(&evaluator, train, k_for_report, args.threads),
        texel::mean_error(&evaluator, validation, k_for_report, args.threads)
    );
    let settings = texel::TuneSettings {
        k: Some(k_for_report),
        ..settings
    };
    let out = args.out.clone();
    let k = texel::tune(&mut evaluator, train, validation, &settings, |r, e| {
        println!("{r}  [{:.0} s]", start.elapsed().as_secs_f64());
        // Saved after every round, so a long run can be stopped at any time.
        if let Err(err) = std::fs::write(&out, e.params().to_text()) {
            eprintln!("warning: cannot write {}: {err}", out.display());
        }
    });
    debug_assert_eq!(k, k_for_report);
    let text = evaluator.params().to_text();
    match std::fs::write(&args.out, text) {
        Ok(()) => {
            println!("wrote {}", args.out.display());
            0
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", args.out.display());
            2
        }
    }
}

fn experiment_positions(args: &NodesArgs) -> Result<Vec<crate::core::Position>, String> {
    use crate::core::Position;
    if let Some(path) = &args.suite {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut positions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            match crate::epd::EpdRecord::parse(line) {
                Ok(r) => positions.push(Position::new(r.board)),
                Err(e) => eprintln!("warning: {}:{}: {e}; skipped", path.display(), i + 1),
            }
        }
        positions.truncate(args.positions.unwrap_or(usize::MAX));
        return Ok(positions);
    }
    args.fen
        .iter()
        .map(|f| {
            if f == "startpos" {
                Ok(Position::default())
            } else {
                Position::from_fen(f).map_err(|e| format!("--fen '{f}': {e}"))
            }
        })
        .collect()
}

fn run_nodes_experiment(args: &NodesArgs) -> i32 {
    let configs: Result<Vec<_>, String> = args
        .configs
        .iter()
        .map(|spec| crate::lab::parse_config(spec, &args.set).map(|c| (spec.clone(), c)))
        .collect();
    let (configs, positions) = match (configs, experiment_positions(args)) {
        (Ok(c), Ok(p)) if !p.is_empty() => (c, p),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return 2;
        }
        _ => {
            eprintln!("error: no positions");
            return 2;
        }
    };
    let total = (configs.len() * args.depth.len() * positions.len()) as u64;
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} searches [{elapsed} / ~{duration}]")
            .expect("valid template"),
    );
    let cells =
        crate::experiment::run_nodes(&configs, &args.depth, &positions, args.hash, |done, _| {
            bar.set_position(done as u64)
        });
    bar.finish_and_clear();
    print!(
        "{}",
        crate::experiment::markdown(&configs, &args.depth, &cells, positions.len())
    );
    if let Some(path) = &args.csv {
        if let Err(e) = std::fs::write(path, crate::experiment::csv(&configs, &cells)) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return 2;
        }
        println!("(CSV written to {})", path.display());
    }
    0
}
