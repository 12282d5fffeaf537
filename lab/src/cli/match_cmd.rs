//! `chainmate-lab match`: the command-line layer over [`crate::tournament`] — argument checks,
//! the opening book, a progress bar, incremental PGN output and the final report.

use chainmate::{out, outln};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use indicatif::ProgressBar;

use super::{at_least_one, load_openings, progress_bar, CliError};
use crate::tournament::openings::{self, Opening};
use crate::tournament::{
    self, elo, limit_text, Engine, GameRecord, MatchSettings, MatchStats, Player, Termination,
};

/// Arguments of `match`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).multiple(true).args(["tc", "nodes"])))]
#[command(after_help = crate::config::presets_help())]
pub struct MatchArgs {
    /// Engine A's configuration: `default`, `chessmaps+tt`, `mc`, `rules`, `pruning`,
    /// `Evaluator=material`, ... (tokens joined by `+`; see the `lab` module), or an external
    /// UCI engine as `uci:COMMAND` (e.g. `uci:/usr/games/stockfish`).
    #[arg(long = "engine-a", value_name = "CONFIG")]
    pub engine_a: String,
    /// Engine B's configuration, or `uci:COMMAND`.
    #[arg(long = "engine-b", value_name = "CONFIG")]
    pub engine_b: String,
    /// A UCI option for an external engine A, as `NAME=VALUE` (repeatable).
    #[arg(long = "option-a", value_name = "NAME=VALUE")]
    pub option_a: Vec<String>,
    /// A UCI option for an external engine B, as `NAME=VALUE` (repeatable), e.g.
    /// `UCI_LimitStrength=true`, `UCI_Elo=2100`.
    #[arg(long = "option-b", value_name = "NAME=VALUE")]
    pub option_b: Vec<String>,
    /// Engine B's rating: the report then gives A's rating (B's plus the Elo difference).
    #[arg(long = "rating-b", value_name = "ELO")]
    pub rating_b: Option<f64>,
    /// Number of games (each opening is played twice, colours reversed).
    #[arg(long)]
    pub games: usize,
    /// Time control `BASE+INC` in seconds, e.g. `10+0.1`.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<tournament::TimeControl>,
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
    /// The rules: `standard`, or `chess960` — without --book, games start from Chess960
    /// start positions drawn with --seed (each played twice, colours reversed); with a book,
    /// its positions (Shredder-FEN or X-FEN) are played as Chess960 games.
    #[arg(long, value_enum, default_value = "standard")]
    pub variant: Variant,
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
    /// Stop when a sequential probability ratio test decides, e.g.
    /// `--sprt "elo0=0 elo1=5 alpha=0.05 beta=0.05"` (GSPRT on W/D/L; `--games` is then the
    /// most that are played).
    #[arg(long, value_parser = tournament::sprt::Sprt::parse)]
    pub sprt: Option<tournament::sprt::Sprt>,
    /// Seconds an external engine may take to answer `uci` with `uciok` and `isready` with
    /// `readyok` (decimals allowed). Each external engine is started and asked both before
    /// the first game: one that cannot start, is not a UCI engine or rejects an option
    /// stops the match there.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = positive_seconds)]
    pub uci_timeout: Duration,
    /// Print the final report as one JSON object on standard output (the match's header and
    /// warnings go to standard error): engines, limits, W/D/L, score, Elo and its interval,
    /// colours, terminations, the SPRT, the PGN file.
    #[arg(long)]
    pub json: bool,
}

/// A positive number of seconds, as `--uci-timeout` takes it.
fn positive_seconds(text: &str) -> Result<Duration, String> {
    let seconds = tournament::parse_seconds(text)?;
    if seconds.is_zero() {
        return Err("the time must be positive".into());
    }
    Ok(seconds)
}

/// The rules a match is played under.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Standard chess.
    Standard,
    /// Chess960 (Fischer Random Chess).
    Chess960,
}

/// Opening order of `match`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookOrder {
    /// As in the file.
    Sequential,
    /// Shuffled with `--seed`.
    Random,
}

/// Largest `--hash` accepted, MiB (per engine, per concurrent game).
const MAX_HASH_MB: usize = 1 << 16;

/// Runs `match`.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let settings = settings(args)?;
    // The engines first: a match that cannot start leaves no PGN file and plays no game.
    let started = tournament::start_match(&settings).map_err(|e| CliError::Input(e.to_string()))?;
    let settings = started.settings.clone();
    let mut pgn = args.pgn.as_deref().map(create_pgn).transpose()?;
    if args.json {
        eprintln!("{}", header(args, &settings));
    } else {
        outln!("{}", header(args, &settings));
    }
    let bar = games_bar(settings.games);
    let mut write_failed = false;
    let report = started.play(|record, stats| {
        bar.inc(1);
        bar.set_message(running_score(stats));
        if let Some(line) = forfeit_line(record) {
            bar.suspend(|| eprintln!("{line}"));
        }
        if let Some(out) = pgn.as_mut() {
            // Flushed after every game, so an interrupted match keeps the games it played.
            let written = out.write_all(record.game.to_pgn().as_bytes());
            if let Err(e) = written.and_then(|()| out.flush()) {
                if !write_failed {
                    bar.suspend(|| eprintln!("error: cannot write the PGN file: {e}"));
                }
                write_failed = true;
            }
        }
    });
    bar.finish_and_clear();
    if !args.json {
        out!("{}", tournament::summary(&settings, &report.stats));
        if let (Some(rating), Some(e)) = (args.rating_b, report.stats.elo()) {
            outln!("{}", e.rating_line(rating));
        }
    }
    let result = finish(args, pgn, &report.stats, write_failed);
    if args.json {
        let pgn = args.pgn.as_ref().map(|p| p.display().to_string());
        let object = tournament::summary_json(&settings, &report.stats, args.rating_b)
            .optional("pgn", pgn.map(|p| chainmate::text::json_string(&p)))
            .boolean("pgn_complete", result.is_ok());
        outln!("{object}");
    }
    result
}

/// A warning for a game lost by a crash, an illegal move or on time, as it happens:
/// `warning: game 3 (default - chainmate 0.2.0): Black forfeits: ...`; `None` for other games.
fn forfeit_line(record: &GameRecord) -> Option<String> {
    let outcome = &record.outcome;
    let forfeit = matches!(
        outcome.termination,
        Termination::Crash | Termination::IllegalMove | Termination::TimeForfeit
    );
    forfeit.then(|| {
        let name = |tag| record.game.tag(tag).unwrap_or("?");
        format!(
            "warning: game {} ({} - {}): {}",
            record.number,
            name("White"),
            name("Black"),
            outcome.detail
        )
    })
}

/// Flushes the PGN file and warns about time forfeits.
fn finish(
    args: &MatchArgs,
    pgn: Option<BufWriter<File>>,
    stats: &MatchStats,
    mut write_failed: bool,
) -> Result<(), CliError> {
    if let Some(mut out) = pgn {
        write_failed |= out.flush().is_err();
    }
    if let (Some(path), false, false) = (&args.pgn, write_failed, args.json) {
        outln!(
            "PGN: {} ({})",
            path.display(),
            chainmate::text::count(stats.games() as usize, "game")
        );
    }
    let forfeits = stats.count(Termination::TimeForfeit)
        + stats.count(Termination::IllegalMove)
        + stats.count(Termination::Crash);
    if forfeits > 0 {
        eprintln!(
            "warning: {} lost on time, by an illegal move or by an engine failure (see \
             the PGN's Termination tags)",
            if forfeits == 1 {
                "1 game was".to_string()
            } else {
                format!("{forfeits} games were")
            }
        );
    }
    match (&args.pgn, write_failed) {
        (Some(path), true) => Err(CliError::Write(
            path.clone(),
            std::io::Error::other("the PGN file is incomplete"),
        )),
        _ => Ok(()),
    }
}

/// The match settings the arguments describe, or why they are not usable.
fn settings(args: &MatchArgs) -> Result<MatchSettings, CliError> {
    let bad = |message: String| Err(CliError::Input(message));
    if args.games == 0 {
        return bad("--games must be at least 1".into());
    }
    at_least_one("--concurrency", args.concurrency)?;
    if !(1..=MAX_HASH_MB).contains(&args.hash) {
        return bad(format!("--hash must be between 1 and {MAX_HASH_MB} MiB"));
    }
    let (name_a, name_b) = if args.engine_a == args.engine_b {
        (
            format!("{} (A)", args.engine_a),
            format!("{} (B)", args.engine_b),
        )
    } else {
        (args.engine_a.clone(), args.engine_b.clone())
    };
    let mut a = Player::from_spec(name_a, &args.engine_a, &args.option_a, &args.set)?;
    let mut b = Player::from_spec(name_b, &args.engine_b, &args.option_b, &args.set)?;
    for side in [&mut a, &mut b] {
        if let Engine::External(spec) = &mut side.engine {
            spec.handshake = args.uci_timeout;
        }
    }
    let settings = MatchSettings {
        a,
        b,
        games: args.games,
        time_control: args.tc,
        nodes: args.nodes,
        max_moves: args.max_moves,
        hash_mb: args.hash,
        concurrency: args.concurrency,
        openings: book(args)?,
        event: format!("chainmate match: {} vs {}", args.engine_a, args.engine_b),
        sprt: args.sprt,
    };
    settings.validate().map_err(CliError::Input)?;
    Ok(settings)
}

/// The openings in the order they will be used; bad book lines are reported and skipped.
fn book(args: &MatchArgs) -> Result<Vec<Opening>, CliError> {
    if args.variant == Variant::Chess960 {
        let mut book = match &args.book {
            None => return Ok(openings::chess960(args.games.div_ceil(2), args.seed)),
            Some(_) => load_openings(
                args.book.as_deref(),
                args.book_order == BookOrder::Random,
                args.seed,
            )?,
        };
        for opening in &mut book {
            opening.chess960 = true;
        }
        return Ok(book);
    }
    load_openings(
        args.book.as_deref(),
        args.book_order == BookOrder::Random,
        args.seed,
    )
}

fn create_pgn(path: &Path) -> Result<BufWriter<File>, CliError> {
    File::create(path)
        .map(BufWriter::new)
        .map_err(|e| CliError::Create(path.to_path_buf(), e))
}

/// One line describing the match about to be played.
fn header(args: &MatchArgs, settings: &MatchSettings) -> String {
    let limit = limit_text(settings.time_control, settings.nodes);
    let book = match (&args.book, args.variant) {
        (None, Variant::Chess960) => "random Chess960 start positions".to_string(),
        (None, Variant::Standard) => "built-in openings".to_string(),
        (Some(p), Variant::Chess960) => format!("Chess960, book {}", p.display()),
        (Some(p), Variant::Standard) => format!("book {}", p.display()),
    };
    let order = match args.book_order {
        BookOrder::Random => format!("random order, seed {}", args.seed),
        BookOrder::Sequential => "in file order".to_string(),
    };
    let cap = settings
        .max_moves
        .map_or(String::new(), |m| format!(", move cap {m}"));
    format!(
        "Match: {}, {limit}{cap}, {book} ({}, {order}), {} at a time, hash {} MiB",
        chainmate::text::count(settings.games, "game"),
        chainmate::text::count(settings.openings.len(), "opening"),
        settings.concurrency,
        settings.hash_mb
    )
}

fn games_bar(games: usize) -> ProgressBar {
    progress_bar(
        games as u64,
        "{bar:30} {pos}/{len} games  {msg}  [{elapsed} / ~{duration}]",
    )
}

/// `A +3 =2 -1 (66.7%) Elo +120 ± 250` for the progress bar; the Elo part only once the
/// interval is finite (a 1-1 start has none).
fn running_score(stats: &MatchStats) -> String {
    let Some(e) = stats.elo() else {
        return String::new();
    };
    let score = format!(
        "A +{} ={} -{} ({:.1}%)",
        stats.wins,
        stats.draws,
        stats.losses,
        100.0 * e.score
    );
    if !e.has_interval() {
        return score;
    }
    format!("{score} Elo {} ± {:.0}", elo::format_elo(e.elo), e.margin())
}
