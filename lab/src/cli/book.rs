//! `chainmate-lab book`: build a Polyglot book from PGN games, and probe a book for a position.

use chainmate::outln;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::{at_least_one, write_bytes, CliError, PgnBuildArgs};
use crate::book::cbr::CaseBase;
use crate::book::polyglot::{self, BookBuilder, PolyglotBook, Side};
use chainmate::core::{Board, STARTPOS_FEN};
use chainmate::formats::pgn::read_games;

/// Book commands.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Build a Polyglot book from PGN games (weights: win 2, draw 1, as Polyglot's make-book).
    Build(BuildArgs),
    /// The book entries of a position, with weights and shares, and its ECO name.
    Probe(ProbeArgs),
}

/// Arguments of `book build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The games to read and the book to write.
    #[command(flatten)]
    pub io: PgnBuildArgs,
    /// Plies of each game to use.
    #[arg(long, default_value_t = 24)]
    pub max_ply: usize,
    /// Keep only moves played in at least this many games.
    #[arg(long, default_value_t = 3)]
    pub min_games: u32,
    /// Keep only White's moves.
    #[arg(long, conflicts_with = "only_black")]
    pub only_white: bool,
    /// Keep only Black's moves.
    #[arg(long)]
    pub only_black: bool,
}

/// Arguments of `book probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// The book.
    #[arg(long)]
    pub book: PathBuf,
    /// The position (default: the start position).
    #[arg(long, default_value = STARTPOS_FEN)]
    pub fen: String,
}

/// Runs a book command.
pub fn run(command: &BookCommand) -> Result<(), CliError> {
    match command {
        BookCommand::Build(args) => build(args),
        BookCommand::Probe(args) => probe(args),
    }
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    let side = match (args.only_white, args.only_black) {
        (true, _) => Side::White,
        (_, true) => Side::Black,
        _ => Side::Both,
    };
    at_least_one("--max-ply", args.max_ply)?;
    at_least_one("--min-games", args.min_games as usize)?;
    let mut builder = BookBuilder::new(args.max_ply, args.min_games, side);
    let start = Instant::now();
    let mut games = 0usize;
    let mut skipped = Vec::new();
    args.io.read_each(|path, text, bar| {
        for game in read_games(text) {
            bar.inc(1);
            match game {
                Ok(game) => {
                    builder.add(&game);
                    games += 1;
                }
                Err(e) => skipped.push(format!("{}: {e}", path.display())),
            }
        }
        true
    })?;
    super::report_skipped(&skipped);
    let bad = skipped.len();
    let book = builder.build();
    if book.entries().is_empty() {
        let why = if games == 0 {
            format!("no usable game ({bad} unreadable)")
        } else {
            format!(
                "no position of {} was played in at least {} of them (--min-games)",
                chainmate::text::count(games, "game"),
                args.min_games
            )
        };
        return Err(CliError::Input(format!(
            "{why}: {} not written",
            args.io.out.display()
        )));
    }
    let bytes = book.to_bytes();
    write_bytes(&args.io.out, &bytes)?;
    outln!(
        "{} ({bad} unreadable skipped), {} counted, {} \
         ({} bytes) written to {} in {:.1} s",
        chainmate::text::count(games, "game"),
        chainmate::text::count(builder.len(), "position-move pair"),
        chainmate::text::count(book.entries().len(), "entry"),
        bytes.len(),
        args.io.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<(), CliError> {
    let board = Board::from_fen(&args.fen).map_err(|e| CliError::Input(e.to_string()))?;
    let book = PolyglotBook::load(&args.book).map_err(|e| CliError::Input(e.to_string()))?;
    let (moves, skipped) = book.probe(&board);
    outln!("key {:016x}", polyglot::key(&board));
    if let Some(case) = CaseBase::eco().name_of(&board) {
        outln!("opening {} {}", case.eco, case.name);
    }
    let total: u64 = moves.iter().map(|(_, e)| e.weight as u64).sum();
    for (mv, e) in &moves {
        outln!(
            "{:<8} {:<6} weight {:>5}  {:5.1}%",
            board.san(*mv),
            mv.to_string(),
            e.weight,
            100.0 * e.weight as f64 / total.max(1) as f64
        );
    }
    if moves.is_empty() {
        outln!("no book moves");
    }
    if skipped > 0 {
        eprintln!("warning: {skipped} entries with moves not legal here (key collisions) skipped");
    }
    Ok(())
}
