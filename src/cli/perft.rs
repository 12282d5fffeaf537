//! `chainmate perft`: leaf counts of the legal move tree, `--divide`, and EPD suites of known
//! counts (`--suite`).

use crate::outln;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{at_least_one, mnps, progress_bar, read, CliError};
use crate::core::{Board, STARTPOS_FEN};
use crate::perft;

/// Arguments of `perft`.
#[derive(Args, Debug)]
#[command(override_usage = "chainmate perft [OPTIONS] <DEPTH>\n       \
                            chainmate perft --suite <SUITE> [--max-depth <MAX_DEPTH>]")]
pub struct PerftArgs {
    /// Depth in plies, at most 15 (required unless --suite is given). A progress bar over
    /// the root moves shows on a terminal.
    #[arg(required_unless_present = "suite")]
    pub depth: Option<u32>,
    /// Write castling as king takes rook (`e1h1`), the Chess960 convention that UCI_Chess960
    /// uses; positions with Chess960 castling rights are written so without it too.
    #[arg(long)]
    pub chess960: bool,
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

/// Runs `perft`.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    at_least_one("--threads", args.threads)?;
    if let Some(suite) = &args.suite {
        return run_suite(suite, args);
    }
    let board = Board::from_fen(&args.fen).map_err(|e| CliError::Input(e.to_string()))?;
    let depth = args.depth.unwrap_or(1);
    if depth > perft::MAX_DEPTH {
        return Err(CliError::Input(format!(
            "perft {depth}: the deepest count is {} (deeper runs cannot finish: the start \
             position's depth 14 alone has 6.2e19 leaves)",
            perft::MAX_DEPTH
        )));
    }
    let chess960 = args.chess960 || board.is_chess960();
    let bulk = !args.no_bulk;
    let start = Instant::now();
    let moves = board.legal_moves().len() as u64;
    let bar = progress_bar(
        moves,
        "perft {msg} [{bar:30}] {pos}/{len} root moves, {elapsed_precise}",
    );
    bar.set_message(depth.to_string());
    let split = perft::divide_with_progress(&board, depth, bulk, args.threads, |_, _| bar.inc(1));
    bar.finish_and_clear();
    if args.divide {
        for (mv, n) in &split {
            outln!("{}: {n}", mv.uci(chess960));
        }
        outln!();
    }
    let nodes: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {nodes}");
    outln!("Time: {secs:.3} s ({:.1} Mnps)", mnps(nodes, secs));
    Ok(())
}

fn run_suite(path: &std::path::Path, args: &PerftArgs) -> Result<(), CliError> {
    let cases = perft::parse_suite(&read(path)?)
        .map_err(|(line, e)| CliError::Input(format!("{}:{line}: {e}", path.display())))?;
    let max_depth = args.max_depth.unwrap_or(u32::MAX);
    let checks: Vec<(&perft::PerftCase, u32, u64)> = cases
        .iter()
        .flat_map(|c| c.expected.iter().map(move |&(d, n)| (c, d, n)))
        .filter(|&(_, d, _)| d <= max_depth)
        .collect();
    let total_expected: u64 = checks.iter().map(|c| c.2).sum();
    let bar = progress_bar(
        total_expected,
        "{bar:40} {percent:>3}% {msg} [{elapsed} / ~{duration}]",
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
                outln!(
                    "MISMATCH fen \"{}\" depth {depth}: expected {want}, found {got}",
                    case.fen
                )
            });
        }
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "{}, {} checked: {} ({nodes} nodes in {secs:.2} s, {:.1} Mnps)",
        crate::text::count(cases.len(), "position"),
        crate::text::count(checks.len(), "count"),
        if failures == 0 {
            "all match".to_string()
        } else {
            format!("{failures} MISMATCHED")
        },
        mnps(nodes, secs)
    );
    if failures > 0 {
        return Err(CliError::CheckFailed(format!(
            "{failures} perft counts do not match"
        )));
    }
    Ok(())
}
