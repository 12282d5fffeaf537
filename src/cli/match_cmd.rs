//! `chainmate match`: the command-line layer over [`crate::tournament`] — argument checks,
//! the opening book, a progress bar, incremental PGN output and the final report.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};

use super::{BookOrder, MatchArgs};
use crate::core::prng::SplitMix64;
use crate::lab::parse_config;
use crate::tournament::openings::{self, Opening};
use crate::tournament::{self, elo, MatchSettings, MatchStats, Player, Termination};

/// Largest `--hash` accepted, MiB (per engine, per concurrent game).
const MAX_HASH_MB: usize = 1 << 16;
/// At most this many bad book lines are listed one by one.
const SHOWN_WARNINGS: usize = 10;

/// Runs the command; returns the exit code (2 for bad input).
pub fn run(args: &MatchArgs) -> i32 {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut pgn = match args.pgn.as_deref().map(create_pgn).transpose() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    println!("{}", header(args, &settings));
    let bar = progress_bar(settings.games);
    let mut write_failed = false;
    let report = tournament::run_match(&settings, |record, stats| {
        bar.inc(1);
        bar.set_message(running_score(stats));
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
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    print!("{}", tournament::summary(&settings, &report.stats));
    finish(args, pgn, &report.stats, write_failed)
}

/// Flushes the PGN file, warns about time forfeits; the exit code.
fn finish(
    args: &MatchArgs,
    pgn: Option<BufWriter<File>>,
    stats: &MatchStats,
    mut write_failed: bool,
) -> i32 {
    if let Some(mut out) = pgn {
        write_failed |= out.flush().is_err();
    }
    if let (Some(path), false) = (&args.pgn, write_failed) {
        println!("PGN: {} ({} games)", path.display(), stats.games());
    }
    let forfeits = stats.count(Termination::TimeForfeit) + stats.count(Termination::IllegalMove);
    if forfeits > 0 {
        eprintln!(
            "warning: {forfeits} games were lost on time or by an illegal move; \
             this should never happen (see the PGN's Termination tags)"
        );
    }
    i32::from(write_failed)
}

/// The match settings the arguments describe, or why they are not usable.
fn settings(args: &MatchArgs) -> Result<MatchSettings, String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    if !(1..=MAX_HASH_MB).contains(&args.hash) {
        return Err(format!("--hash must be between 1 and {MAX_HASH_MB} MiB"));
    }
    let (name_a, name_b) = if args.engine_a == args.engine_b {
        (
            format!("{} (A)", args.engine_a),
            format!("{} (B)", args.engine_b),
        )
    } else {
        (args.engine_a.clone(), args.engine_b.clone())
    };
    let settings = MatchSettings {
        a: Player {
            name: name_a,
            config: parse_config(&args.engine_a, &args.set)?,
        },
        b: Player {
            name: name_b,
            config: parse_config(&args.engine_b, &args.set)?,
        },
        games: args.games,
        time_control: args.tc,
        nodes: args.nodes,
        max_moves: args.max_moves,
        hash_mb: args.hash,
        concurrency: args.concurrency,
        openings: book(args)?,
        event: format!("chainmate match: {} vs {}", args.engine_a, args.engine_b),
    };
    settings.validate()?;
    Ok(settings)
}

/// The openings in the order they will be used; bad book lines are reported and skipped.
fn book(args: &MatchArgs) -> Result<Vec<Opening>, String> {
    let mut book = match &args.book {
        None => openings::builtin(),
        Some(path) => {
            let (book, warnings) = openings::load_book(path)?;
            for w in warnings.iter().take(SHOWN_WARNINGS) {
                eprintln!("warning: {}: {w}; skipped", path.display());
            }
            if warnings.len() > SHOWN_WARNINGS {
                eprintln!(
                    "warning: {}: {} more bad lines skipped",
                    path.display(),
                    warnings.len() - SHOWN_WARNINGS
                );
            }
            book
        }
    };
    if args.book_order == BookOrder::Random {
        shuffle(&mut book, args.seed);
    }
    Ok(book)
}

/// Fisher-Yates with the engine's pinned generator, so a seed means the same order on every
/// build.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

fn create_pgn(path: &Path) -> Result<BufWriter<File>, String> {
    File::create(path)
        .map(BufWriter::new)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))
}

/// One line describing the match about to be played.
fn header(args: &MatchArgs, settings: &MatchSettings) -> String {
    let limit = match (&settings.time_control, settings.nodes) {
        (Some(tc), Some(n)) => format!("tc {tc}, {n} nodes/move"),
        (Some(tc), None) => format!("tc {tc}"),
        (None, Some(n)) => format!("{n} nodes/move"),
        (None, None) => String::new(),
    };
    let book = args.book.as_ref().map_or_else(
        || "built-in openings".to_string(),
        |p| format!("book {}", p.display()),
    );
    let order = match args.book_order {
        BookOrder::Random => format!("random order, seed {}", args.seed),
        BookOrder::Sequential => "in file order".to_string(),
    };
    let cap = settings
        .max_moves
        .map_or(String::new(), |m| format!(", move cap {m}"));
    format!(
        "Match: {} games, {limit}{cap}, {book} ({} openings, {order}), {} at a time, hash {} MiB",
        settings.games,
        settings.openings.len(),
        settings.concurrency,
        settings.hash_mb
    )
}

fn progress_bar(games: usize) -> ProgressBar {
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed} / ~{duration}]",
        )
        .expect("valid template"),
    );
    bar
}

/// `A +3 =2 -1 (66.7%) Elo +120 ± 250` for the progress bar.
fn running_score(stats: &MatchStats) -> String {
    let Some(e) = stats.elo() else {
        return String::new();
    };
    format!(
        "A +{} ={} -{} ({:.1}%) Elo {} ± {:.0}",
        stats.wins,
        stats.draws,
        stats.losses,
        100.0 * e.score,
        elo::format_elo(e.elo),
        e.margin()
    )
}
