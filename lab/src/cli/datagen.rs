//! `chainmate-lab datagen`: self-play training data for the evaluator — the command-line layer
//! over [`crate::tune::datagen`] (which documents the games, the positions kept and the
//! file's format): the workers, the append-only file, resuming, the progress bar and the
//! summary.

use chainmate::outln;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;

use super::{at_least_one, load_openings, progress_bar, CliError, EngineArgs};
use crate::tune::datagen::{self, DatagenSettings, Ending, Existing, GameData, Player};

/// Arguments of `datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The data file: created, or appended to (a run on an existing file resumes it: see
    /// the format's documentation in docs/evaluators.md).
    #[arg(long, required_unless_present = "viri")]
    pub out: Option<PathBuf>,
    /// Stop when the file holds this many positions: the game that reaches it is cut to fit,
    /// and games still in progress then are left out (they are played again by a run that
    /// asks for more).
    #[arg(long, required_unless_present = "viri")]
    pub positions: Option<u64>,
    /// Write viriformat chunks into this folder instead (`chunk-0003.vf`: every move of every
    /// game with its search's score; docs/tuning.md): chunk K holds games K·G to (K+1)·G − 1
    /// of --games-per-chunk G, written whole when its last game ends. A chunk already there
    /// is skipped, so the same command resumes.
    #[arg(long, conflicts_with_all = ["out", "positions"], requires = "chunks")]
    pub viri: Option<PathBuf>,
    /// With --viri: the chunks to make, `K` or `A..B` (B left out).
    #[arg(long, requires = "viri")]
    pub chunks: Option<String>,
    /// With --viri: games of a chunk.
    #[arg(long, default_value_t = 10_000, requires = "viri")]
    pub games_per_chunk: u64,
    /// With --viri: the README whose chunk table lists each chunk written (data/README.md).
    #[arg(long, requires = "viri")]
    pub manifest: Option<PathBuf>,
    /// With --viri: list the chunks as held out (never trained on: the measure of a fit).
    #[arg(long, requires = "viri")]
    pub holdout: bool,
    /// Nodes per move.
    #[arg(long, default_value_t = 5_000)]
    pub nodes: u64,
    /// Openings: `.epd`/`.fen` positions, `.pgn` games, or movetext lines (default: the 32
    /// built-in eight-move openings).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Random legal plies played after the book line.
    #[arg(long, default_value_t = 2)]
    pub random_plies: usize,
    /// Plies of the engines' play passed over before positions are kept (0 keeps the
    /// openings' own positions too: with a short book, the opening's data).
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    /// Seed of the openings and random plies (game number `g` is the same game for the same
    /// seed and settings).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time, each on its own thread.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Hash size of each game's searcher, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// The engine that plays: evaluator, parameter file, `--set` assignments.
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Counts shown as the run goes and in the summary.
#[derive(Default)]
struct Tally {
    positions: AtomicU64,
    games: AtomicU64,
    dropped: AtomicU64,
    adjudicated: AtomicU64,
    plies: AtomicU64,
    /// Games cut to fit `--positions`, or left out once the file was full.
    cut: AtomicU64,
}

impl Tally {
    fn add(&self, game: &GameData) {
        self.positions
            .fetch_add(game.records.len() as u64, Ordering::Relaxed);
        let counter = match game.ending {
            Ending::Dropped => &self.dropped,
            _ => &self.games,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if matches!(
            game.ending,
            Ending::WinAdjudication | Ending::DrawAdjudication | Ending::Cap
        ) {
            self.adjudicated.fetch_add(1, Ordering::Relaxed);
        }
        self.plies.fetch_add(game.plies as u64, Ordering::Relaxed);
    }
}

/// Runs `datagen`.
pub fn run(args: &DatagenArgs) -> Result<(), CliError> {
    at_least_one("--nodes", args.nodes as usize)?;
    at_least_one("--concurrency", args.concurrency)?;
    at_least_one("--hash", args.hash)?;
    let config = args.engine.options(&[])?.search_config();
    let book = load_openings(args.book.as_deref(), false, args.seed)?;
    let settings = DatagenSettings {
        nodes: args.nodes,
        random_plies: args.random_plies,
        skip_plies: args.skip_plies,
        hash_mb: args.hash,
        seed: args.seed,
        pick_records: args.viri.is_none(),
        ..DatagenSettings::default()
    };
    if let Some(dir) = &args.viri {
        return run_viri(args, dir, &config, &book, &settings);
    }
    let (Some(out), Some(positions)) = (&args.out, args.positions) else {
        unreachable!("clap requires --out and --positions without --viri")
    };
    run_epd(args, out, positions, &config, &book, &settings)
}

/// The chunk numbers of `--chunks`: `K` or `A..B`.
fn chunk_range(text: &str) -> Result<std::ops::Range<u64>, CliError> {
    let bad = || CliError::Input(format!("--chunks '{text}': give K or A..B (B left out)"));
    match text.split_once("..") {
        None => {
            let k: u64 = text.trim().parse().map_err(|_| bad())?;
            Ok(k..k + 1)
        }
        Some((a, b)) => {
            let (a, b): (u64, u64) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a >= b {
                return Err(bad());
            }
            Ok(a..b)
        }
    }
}

/// The command line that makes chunk `k` alone: this one with `--chunks` set to `k`.
fn command_for_chunk(k: u64) -> String {
    let mut words = vec!["chainmate-lab".to_string()];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--chunks" {
            args.next();
            words.push(format!("--chunks {k}"));
        } else if arg.starts_with("--chunks=") {
            words.push(format!("--chunks {k}"));
        } else {
            words.push(arg);
        }
    }
    words.join(" ")
}

/// `datagen --viri`: each chunk of the range not already in the folder, played and written
/// whole (see [`crate::data`]).
fn run_viri(
    args: &DatagenArgs,
    dir: &Path,
    config: &crate::search::SearchConfig,
    book: &[crate::tournament::Opening],
    settings: &DatagenSettings,
) -> Result<(), CliError> {
    use crate::data::{self, chunk, manifest::Kind};
    at_least_one("--games-per-chunk", args.games_per_chunk as usize)?;
    let range = chunk_range(args.chunks.as_deref().unwrap_or_default())?;
    let engine = data::engine_label();
    let per = args.games_per_chunk;
    for k in range {
        let path = dir.join(format!("chunk-{k:04}.vf"));
        if path.exists() {
            outln!("{}: there already; skipped", path.display());
            continue;
        }
        let games = k * per..(k + 1) * per;
        let bar = progress_bar(
            per,
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed} / ~{duration}]",
        );
        bar.set_message(format!("chunk {k}"));
        let started = Instant::now();
        let next = AtomicU64::new(games.start);
        let played: Mutex<Vec<(u64, chainmate::formats::viriformat::ViriGame)>> =
            Mutex::new(Vec::new());
        let tally = Tally::default();
        std::thread::scope(|scope| {
            for _ in 0..args.concurrency {
                let mut player = Player::new(config.clone(), settings.hash_mb);
                let (next, played, tally, bar, games) = (&next, &played, &tally, &bar, &games);
                scope.spawn(move || loop {
                    let game = next.fetch_add(1, Ordering::SeqCst);
                    if game >= games.end {
                        break;
                    }
                    let data = datagen::play(&mut player, book, game, settings);
                    tally.add(&data);
                    if let Some(viri) = data.viri() {
                        played
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((game, viri));
                    }
                    bar.inc(1);
                });
            }
        });
        bar.finish_and_clear();
        let mut played = played.into_inner().unwrap_or_else(|e| e.into_inner());
        played.sort_by_key(|(g, _)| *g);
        let viri: Vec<_> = played.into_iter().map(|(_, g)| g).collect();
        let bytes = chunk::bytes_of(&viri);
        if bytes.len() > chunk::MAX_CHUNK_BYTES {
            eprintln!(
                "warning: {}: {} bytes, over the {} a chunk may hold: use fewer --games-per-chunk",
                path.display(),
                bytes.len(),
                chunk::MAX_CHUNK_BYTES
            );
        }
        let counts = chunk::Counts::of(&viri);
        let kind = if args.holdout {
            Kind::Holdout
        } else {
            Kind::SelfPlay
        };
        let info = data::ChunkInfo {
            kind,
            of: None,
            seed: settings.seed,
            engine: engine.clone(),
            command: command_for_chunk(k),
        };
        data::commit_chunk(&path, &bytes, counts, info, args.manifest.as_deref())
            .map_err(CliError::Input)?;
        let seconds = started.elapsed().as_secs_f64();
        outln!(
            "{}: {} ({} dropped), {}, {} bytes in {seconds:.0} s ({:.0} positions/hour)",
            path.display(),
            chainmate::text::count(counts.games, "game"),
            tally.dropped.load(Ordering::Relaxed),
            chainmate::text::count(counts.positions, "position"),
            bytes.len(),
            counts.positions as f64 / seconds.max(1e-3) * 3600.0
        );
    }
    Ok(())
}

/// `datagen --out FILE --positions N`: the EPD file of quiet positions.
fn run_epd(
    args: &DatagenArgs,
    out: &Path,
    positions: u64,
    config: &crate::search::SearchConfig,
    book: &[crate::tournament::Opening],
    settings: &DatagenSettings,
) -> Result<(), CliError> {
    let (config, book, settings) = (config.clone(), book.to_vec(), settings.clone());
    let (mut file, existing) = open_for_append(out)?;
    outln!(
        "datagen: {} nodes a move, {} + {} random plies, positions from the engines' \
         ply {}, seed {}, {} at a time; {} holds {} from {}",
        settings.nodes,
        chainmate::text::count(book.len(), "opening"),
        settings.random_plies,
        settings.skip_plies,
        settings.seed,
        args.concurrency,
        out.display(),
        chainmate::text::count(existing.positions, "position"),
        chainmate::text::count(existing.games.len(), "game")
    );
    if existing.positions >= positions {
        outln!("nothing to do: the file already holds --positions {positions}");
        return Ok(());
    }
    let bar = progress_bar(
        positions,
        "{bar:30} {pos}/{len} positions  {msg}  [{elapsed} / ~{duration}]",
    );
    bar.set_position(existing.positions);
    let tally = Tally::default();
    let next_game = AtomicU64::new(0);
    let written = AtomicU64::new(existing.positions);
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let file_lock = Mutex::new(&mut file);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            let mut player = Player::new(config.clone(), settings.hash_mb);
            let (book, settings, existing) = (&book, &settings, &existing.games);
            let (tally, next_game, written, failure, file_lock, bar) =
                (&tally, &next_game, &written, &failure, &file_lock, &bar);
            scope.spawn(move || loop {
                let stop = written.load(Ordering::SeqCst) >= positions
                    || failure.lock().map_or(true, |f| f.is_some());
                if stop {
                    break;
                }
                let game = next_game_number(next_game, existing);
                let mut data = datagen::play(&mut player, book, game, settings);
                let mut out = file_lock.lock().unwrap_or_else(|e| e.into_inner());
                // The file holds exactly --positions: the game that fills it is cut to fit,
                // and a game that ends after it is full is left out.
                let room = positions.saturating_sub(written.load(Ordering::SeqCst));
                if room < data.records.len() as u64 {
                    tally.cut.fetch_add(1, Ordering::Relaxed);
                    if room == 0 {
                        break;
                    }
                    data.records.truncate(room as usize);
                }
                // One write per game, flushed: an interruption loses only games in progress.
                if let Err(e) = out
                    .write_all(data.text().as_bytes())
                    .and_then(|()| out.flush())
                {
                    *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                    break;
                }
                let total = written.fetch_add(data.records.len() as u64, Ordering::SeqCst)
                    + data.records.len() as u64;
                drop(out);
                tally.add(&data);
                bar.set_position(total.min(positions));
                bar.set_message(format!(
                    "{}, {:.0} positions/s",
                    chainmate::text::count(tally.games.load(Ordering::Relaxed), "game"),
                    tally.positions.load(Ordering::Relaxed) as f64
                        / started.elapsed().as_secs_f64().max(1e-3)
                ));
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(CliError::Write(out.to_path_buf(), e));
    }
    print_summary(out, &tally, written.load(Ordering::SeqCst), started);
    Ok(())
}

/// The next game number the file does not hold yet.
fn next_game_number(next: &AtomicU64, done: &HashSet<u64>) -> u64 {
    loop {
        let game = next.fetch_add(1, Ordering::SeqCst);
        if !done.contains(&game) {
            return game;
        }
    }
}

/// Opens `path` for appending, creating it if need be; an existing file is scanned and cut
/// after its last whole line (an interrupted write's remains).
fn open_for_append(path: &Path) -> Result<(File, Existing), CliError> {
    let mut file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| CliError::Create(path.to_path_buf(), e))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| CliError::Read(path.to_path_buf(), e))?;
    let text = String::from_utf8_lossy(&bytes);
    let existing = Existing::scan(&text);
    if existing.complete_len < bytes.len() as u64 {
        eprintln!(
            "warning: {}: cut {} bytes of an unfinished last line",
            path.display(),
            bytes.len() as u64 - existing.complete_len
        );
        file.set_len(existing.complete_len)
            .map_err(|e| CliError::Write(path.to_path_buf(), e))?;
    }
    Ok((file, existing))
}

fn print_summary(out: &Path, tally: &Tally, total: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    let positions = tally.positions.load(Ordering::Relaxed);
    let games = tally.games.load(Ordering::Relaxed);
    outln!(
        "{} from {} ({} adjudicated, {} cut or left out at --positions, {} dropped, \
         {:.0} plies a game) in {:.1} s: {:.0} positions/hour; {} now holds {}",
        chainmate::text::count(positions, "position"),
        chainmate::text::count(games, "game"),
        tally.adjudicated.load(Ordering::Relaxed),
        tally.cut.load(Ordering::Relaxed),
        chainmate::text::count(tally.dropped.load(Ordering::Relaxed), "opening"),
        tally.plies.load(Ordering::Relaxed) as f64 / games.max(1) as f64,
        seconds,
        positions as f64 / seconds.max(1e-3) * 3600.0,
        out.display(),
        chainmate::text::count(total, "position")
    );
}
