//! `chainmate tb probe`: what the Syzygy tables say about a position and each of its moves.

use crate::outln;
use std::io::BufRead;

use clap::{Args, Subcommand};

use super::CliError;
use crate::core::Board;
use crate::tb::{ProbeError, Tablebase, Wdl};

/// Tablebase commands.
#[derive(Subcommand, Debug)]
pub enum TbCommand {
    /// WDL and DTZ of a position and of the position after each legal move (as python-chess's
    /// `probe_wdl` and `probe_dtz` give them), best move first.
    Probe(ProbeArgs),
}

/// Arguments of `tb probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// The table directories (`:`-separated, `;` on Windows), as `SyzygyPath`.
    #[arg(long)]
    pub path: String,
    /// The position; without it, one FEN per line is read from standard input.
    #[arg(long)]
    pub fen: Option<String>,
}

/// Runs a tablebase command.
pub fn run(command: &TbCommand) -> Result<(), CliError> {
    match command {
        TbCommand::Probe(args) => probe(args),
    }
}

fn probe(args: &ProbeArgs) -> Result<(), CliError> {
    let tables = Tablebase::open(&args.path);
    if tables.is_empty() {
        return Err(CliError::Input(format!(
            "no Syzygy WDL table (.rtbw) found in '{}'",
            args.path
        )));
    }
    outln!(
        "tables    {} WDL and {} DTZ, up to {} pieces, in {}",
        tables.len(),
        tables.dtz_count(),
        tables.max_pieces(),
        args.path
    );
    if let Some(fen) = &args.fen {
        return print_position(&tables, fen);
    }
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!(
            "reading one FEN per line from standard input (end it with Ctrl-D; --fen F probes one)"
        );
    }
    let mut failed = 0usize;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| CliError::Input(format!("standard input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        outln!();
        if let Err(e) = print_position(&tables, line.trim()) {
            outln!("error     {e}");
            failed += 1;
        }
    }
    if failed > 0 {
        return Err(CliError::Input(format!(
            "{} could not be probed",
            crate::text::count(failed, "position")
        )));
    }
    Ok(())
}

/// The name of a WDL result.
fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Win => "win",
        Wdl::CursedWin => "cursed win",
        Wdl::Draw => "draw",
        Wdl::BlessedLoss => "blessed loss",
        Wdl::Loss => "loss",
    }
}

/// The opposite result (the other side's view).
fn flip(wdl: Wdl) -> Wdl {
    match wdl {
        Wdl::Win => Wdl::Loss,
        Wdl::CursedWin => Wdl::BlessedLoss,
        Wdl::Draw => Wdl::Draw,
        Wdl::BlessedLoss => Wdl::CursedWin,
        Wdl::Loss => Wdl::Win,
    }
}

/// Prints one position's probe and its moves'.
fn print_position(tables: &Tablebase, fen: &str) -> Result<(), CliError> {
    let board = Board::from_fen(fen).map_err(|e| CliError::Input(format!("bad FEN: {e}")))?;
    let failed = |e: ProbeError| CliError::Input(format!("{fen}: {e}"));
    let wdl = tables.probe_wdl(&board).map_err(failed)?;
    let dtz = tables.probe_dtz(&board).map_err(failed)?;
    outln!("position  {}", board.to_fen());
    outln!("wdl       {} ({})", wdl_name(wdl), wdl as i32);
    outln!("dtz       {dtz}");
    let mut rows = Vec::new();
    for &mv in board.legal_moves().iter() {
        let mut child = board;
        child.play_unchecked(mv);
        let child_wdl = tables.probe_wdl(&child).map_err(failed)?;
        let child_dtz = tables.probe_dtz(&child).map_err(failed)?;
        rows.push((flip(child_wdl), child_dtz, board.san(mv), mv));
    }
    // Best first: the result for the mover, then the opponent's DTZ (the nearest win, the
    // longest loss: the larger the better either way), then the move.
    rows.sort_by(|a, b| (b.0, b.1).cmp(&(a.0, a.1)).then_with(|| a.2.cmp(&b.2)));
    outln!(
        "moves     {} (result for the mover; DTZ after it, opponent to move)",
        rows.len()
    );
    for (wdl, dtz, san, mv) in rows {
        outln!(
            "  {san:<8} {:<6} {:<13} dtz {dtz}",
            mv.uci(false),
            wdl_name(wdl)
        );
    }
    Ok(())
}
