//! `chainmate-lab library`: mine PGN games into an action library (paper 003), print a library's
//! statistics, and show a retrieval.

use chainmate::{out, outln};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::{CliError, PgnBuildArgs};
use crate::library::build::{mine_into, BuildOptions, Mined};
use crate::library::encoding::Encoding;
use crate::library::file::Contents;
use crate::library::{ActionLibrary, DEFAULT_SIMILARITY};
use chainmate::core::{Move, Position, STARTPOS_FEN};

/// Action-library commands.
#[derive(Subcommand, Debug)]
pub enum LibraryCommand {
    /// Mine PGN games into an action library file: every reply to the move before it.
    Build(BuildArgs),
    /// Counts, size and the most frequent replies to a move.
    Stats(StatsArgs),
    /// The two filters for a position reached by a move: cases kept and replies offered.
    Probe(ProbeArgs),
}

/// Arguments of `library build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The games to read and the library to write.
    #[command(flatten)]
    pub io: PgnBuildArgs,
    /// Read at most this many games (all files together; the paper mined 6,000).
    #[arg(long)]
    pub max_games: Option<usize>,
    /// Keep only replies by players rated at least this (`WhiteElo`/`BlackElo`).
    #[arg(long)]
    pub min_elo: Option<u32>,
    /// Keep only games on or after this date (`YYYY`, `YYYY.MM`, `YYYY.MM.DD`).
    #[arg(long)]
    pub from: Option<String>,
    /// Keep only games on or before this date (a prefix: `2014` = to the end of 2014).
    #[arg(long)]
    pub until: Option<String>,
}

/// Arguments of `library stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The library.
    pub file: PathBuf,
    /// Show the replies to this opponent move (UCI, e.g. `e2e4`; default: the most frequent
    /// moves, each with its replies).
    #[arg(long = "move")]
    pub mv: Option<String>,
    /// How many moves and replies to list.
    #[arg(long, default_value_t = 5)]
    pub top: usize,
}

/// Arguments of `library probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// The library.
    #[arg(long)]
    pub library: PathBuf,
    /// The position before the moves.
    #[arg(long, default_value = STARTPOS_FEN)]
    pub fen: String,
    /// Moves played from it (UCI, space-separated); the last is the opponent's move.
    #[arg(long, required = true)]
    pub moves: String,
    /// Similarity degree in [0, 1] (0: the action filter only).
    #[arg(long, default_value_t = DEFAULT_SIMILARITY)]
    pub similarity: f64,
    /// Also print the position's encoding S.
    #[arg(long)]
    pub encoding: bool,
}

/// Runs a library command.
pub fn run(command: &LibraryCommand) -> Result<(), CliError> {
    match command {
        LibraryCommand::Build(args) => build(args),
        LibraryCommand::Stats(args) => stats(args),
        LibraryCommand::Probe(args) => probe(args),
    }
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    let options = BuildOptions {
        max_games: args.max_games,
        min_elo: args.min_elo,
        from: args.from.clone(),
        until: args.until.clone(),
    };
    let start = Instant::now();
    let mut mined = Mined::default();
    args.io.read_each(|path, text, bar| {
        let name = path.display().to_string();
        mine_into(text, &name, &options, &mut mined, &mut |n| {
            bar.set_position(n)
        });
        !mined.full(&options)
    })?;
    let mined_in = start.elapsed();
    let stats = mined.stats.clone();
    super::report_skipped(&stats.skipped);
    if mined.records.is_empty() {
        return Err(CliError::Input(format!(
            "no usable game ({} read, {} outside the dates, {} unreadable): {} not written",
            stats.games,
            stats.out_of_dates,
            stats.unreadable,
            args.io.out.display()
        )));
    }
    let cases = mined.records.len();
    let contents = Contents::from_records(mined.records, stats.games);
    contents
        .save(&args.io.out)
        .map_err(|e| CliError::Input(e.to_string()))?;
    let size = std::fs::metadata(&args.io.out).map_or(0, |m| m.len());
    outln!(
        "{} ({} outside the dates, {} unreadable), {}, {} distinct, \
         {size} bytes written to {} in {:.1} s (mining {:.1} s)",
        chainmate::text::count(stats.games as usize, "game"),
        stats.out_of_dates,
        stats.unreadable,
        chainmate::text::count(cases, "case"),
        contents.records.len(),
        args.io.out.display(),
        start.elapsed().as_secs_f64(),
        mined_in.as_secs_f64()
    );
    Ok(())
}

fn load(path: &std::path::Path) -> Result<ActionLibrary, CliError> {
    let library = ActionLibrary::load(path).map_err(|e| CliError::Input(e.to_string()))?;
    if library.contents().skipped > 0 {
        eprintln!(
            "warning: {}: {} corrupt records skipped",
            path.display(),
            library.contents().skipped
        );
    }
    Ok(library)
}

fn stats(args: &StatsArgs) -> Result<(), CliError> {
    let start = Instant::now();
    let library = load(&args.file)?;
    let loaded = start.elapsed();
    let contents = library.contents();
    let size = std::fs::metadata(&args.file).map_or(0, |m| m.len());
    outln!(
        "{}: {}, {}, {} distinct, {size} bytes, loaded in {:.0} ms",
        args.file.display(),
        chainmate::text::count(contents.games as usize, "game"),
        chainmate::text::count(contents.cases() as usize, "case"),
        contents.records.len(),
        loaded.as_secs_f64() * 1000.0
    );
    // Cases per opponent move.
    let mut per_move: Vec<(u16, u64)> = Vec::new();
    for r in &contents.records {
        match per_move.last_mut() {
            Some((m, n)) if *m == r.opponent.to_bits() => *n += r.count as u64,
            _ => per_move.push((r.opponent.to_bits(), r.count as u64)),
        }
    }
    outln!("{} different opponent moves", per_move.len());
    let moves: Vec<Move> = match &args.mv {
        // The index key is the whole 16-bit move (with its kind): match by the UCI text.
        Some(text) => {
            let found: Vec<Move> = per_move
                .iter()
                .filter_map(|&(m, _)| Move::from_bits(m))
                .filter(|m| m.to_string() == text.trim())
                .collect();
            if found.is_empty() {
                outln!("no cases after {}", text.trim());
            }
            found
        }
        None => {
            per_move.sort_by_key(|&(m, n)| (std::cmp::Reverse(n), m));
            per_move
                .iter()
                .take(args.top)
                .filter_map(|&(m, _)| Move::from_bits(m))
                .collect()
        }
    };
    for mv in moves {
        let records = library.replies_to(mv);
        let mut replies: Vec<(Move, u64)> = Vec::new();
        for r in records {
            match replies.iter_mut().find(|(m, _)| *m == r.reply) {
                Some((_, n)) => *n += r.count as u64,
                None => replies.push((r.reply, r.count as u64)),
            }
        }
        replies.sort_by_key(|&(m, n)| (std::cmp::Reverse(n), m.to_bits()));
        let total: u64 = replies.iter().map(|(_, n)| n).sum();
        let list: Vec<String> = replies
            .iter()
            .take(args.top)
            .map(|(m, n)| format!("{m} {:.1}%", 100.0 * *n as f64 / total.max(1) as f64))
            .collect();
        outln!(
            "after {mv} ({}): {}; replies {}",
            mv.kind().describe(),
            chainmate::text::count(total as usize, "case"),
            list.join(", ")
        );
    }
    Ok(())
}

/// A similarity degree must be within 0 and 1.
pub(crate) fn check_similarity(degree: f64) -> Result<(), CliError> {
    if (0.0..=1.0).contains(&degree) {
        Ok(())
    } else {
        Err(CliError::Input(format!(
            "--similarity {degree}: must be within 0 and 1"
        )))
    }
}

fn probe(args: &ProbeArgs) -> Result<(), CliError> {
    check_similarity(args.similarity)?;
    let mut position = Position::from_fen(&args.fen).map_err(|e| CliError::Input(e.to_string()))?;
    for text in args.moves.split_whitespace() {
        position
            .play_uci(text)
            .map_err(|e| CliError::Input(format!("--moves: {e}")))?;
    }
    let library = load(&args.library)?;
    let start = Instant::now();
    let Some(found) = library.retrieve_in_game(&position, Some(args.similarity)) else {
        return Err(CliError::Input("--moves: give at least one move".into()));
    };
    let took = start.elapsed();
    outln!("{}", found.describe());
    let board = position.board();
    for r in &found.replies {
        outln!(
            "{:<8} {:<6} {:>7} cases  similarity {:.3}",
            board.san(r.mv),
            r.mv.to_string(),
            r.count,
            r.similarity
        );
    }
    outln!("retrieval {:.2} ms", took.as_secs_f64() * 1000.0);
    if args.encoding {
        out!("{}", Encoding::of(board).to_text());
    }
    Ok(())
}
