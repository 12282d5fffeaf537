//! `chainmate-lab experiment`: node counts of configurations over position suites (`nodes`), and
//! the docs' node-count tables regenerated or checked (`figures`).

use chainmate::{out, outln};
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{at_least_one, progress_bar, read, unknown_name, write, CliError};
use crate::config;
use crate::experiments::{experiment, figures};
use chainmate::core::Position;
use chainmate::formats::epd::EpdRecord;
use chainmate::text::count;

/// Experiments.
#[derive(Subcommand, Debug)]
pub enum ExperimentCommand {
    /// Average nodes per position of several configurations at fixed depths (paper 002's
    /// Table 1, paper 001's start-position counts, paper 000's Base vs Pruning).
    ///
    /// Configurations are `+`-joined tokens: default|pvs, minimax, alphabeta, tt, nott,
    /// chessmaps (no table), mc (move chains), rules (paper 000 pruning), base, pruning
    /// (paper 000's players), plain, or NAME=VALUE for any option.
    Nodes(NodesArgs),
    /// The docs' generated tables (node counts, paper 000's Figure 3 summary and Table 4, the
    /// win/draw/loss readings): print them, write each onto its page between its markers
    /// (`--write`), or check that the pages' tables equal a fresh run (`--check`).
    Figures(FiguresArgs),
    /// Paper 000's Table 4: book moves of the case-based opening player before it searches,
    /// against the same player, a random player and the Base player, sorted and not sorted;
    /// then with the engine's own search in place of the papers' players.
    Book(BookArgs),
    /// What a case-based book move costs by the distance it was retrieved at (the measure
    /// behind the default `BookMaxDistance`): positions of real games, the book's move
    /// without a distance limit, its loss against the search's best move.
    BookDistance(BookDistanceArgs),
    /// Move prediction (paper 003's library): how often the library's top reply, the search
    /// alone, and the search over the library's replies play the game's move, top-1 and
    /// top-3, by phase. Test on games that were not mined (split by date).
    Predict(PredictArgs),
    /// Paper 003's experiments A, B and C: the power evaluator without and with the action
    /// library (action filter only; both filters at several degrees) against an external
    /// engine at several strength settings, with a rating per experiment.
    Abr(super::abr::AbrArgs),
    /// Time to depth (paper 004's figure: plain minimax with an all-zero evaluation reached
    /// 5 plies in about 3 s and 6 in about 18 s): each configuration searches each position
    /// to each depth from a fresh table; wall time and nodes, iterations included.
    DepthTime(DepthTimeArgs),
    /// Paper 000's genetic weight learning (Table 3): its three conditions (Base agents, any
    /// winner breeds; Pruning agents, any winner; Pruning agents, top three), then a round
    /// robin of their winners and the hand-made weights; prints Table 3 beside the paper's.
    Genetic(super::genetic::GeneticExperimentArgs),
    /// Fits the win/draw/loss model behind `UCI_ShowWDL` to games whose move comments carry
    /// the engine's score (`chainmate-lab match --pgn` writes them): prints the constants, the
    /// likelihood and a calibration table (predicted and observed outcomes by score).
    Wdl(WdlArgs),
    /// Labelled positions for Texel's method from games (self-play, say): quiet positions
    /// after the opening, a few per game, each with its game's result (module tune::label);
    /// the lines `tune --data` reads.
    Label(LabelArgs),
    /// Search speed of UCI engines on the same positions: each searches each bench position
    /// for a fixed time in turn with the others, through a real UCI client; nodes per second
    /// by round, the medians and their ratio to the first engine's.
    Speed(super::speed::SpeedArgs),
}

/// Arguments of `experiment label`.
#[derive(Args, Debug)]
pub struct LabelArgs {
    /// Games (PGN): `--pgn A B` or `--pgn A --pgn B`.
    #[arg(long, required = true, num_args = 1..)]
    pub pgn: Vec<PathBuf>,
    /// Where to write the labelled positions.
    #[arg(long)]
    pub out: PathBuf,
    /// Plies of each game passed over first (the book's and the first replies).
    #[arg(long, default_value_t = 16)]
    pub skip_plies: usize,
    /// Most positions taken from one game.
    #[arg(long, default_value_t = 10)]
    pub per_game: usize,
    /// Seed of the draw.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Arguments of `experiment wdl`.
#[derive(Args, Debug)]
pub struct WdlArgs {
    /// Games (PGN): `--pgn A B` or `--pgn A --pgn B`.
    #[arg(long, required = true, num_args = 1..)]
    pub pgn: Vec<PathBuf>,
    /// Only the moves of this player (its name in the `White`/`Black` tags).
    #[arg(long)]
    pub player: Option<String>,
    /// Iterations of the fit.
    #[arg(long, default_value_t = 3000)]
    pub iterations: usize,
}

/// Arguments of `experiment predict`.
#[derive(Args, Debug)]
pub struct PredictArgs {
    /// The action library (`chainmate-lab library build`).
    #[arg(long)]
    pub library: PathBuf,
    /// Test games (PGN).
    #[arg(long, required = true)]
    pub pgn: PathBuf,
    /// Only test games on or after this date (`YYYY`, `YYYY.MM`, `YYYY.MM.DD`).
    #[arg(long)]
    pub from: Option<String>,
    /// Test this many games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Nodes per search.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// Similarity degree in [0, 1] (0: the action filter only).
    #[arg(long, default_value_t = crate::library::DEFAULT_SIMILARITY)]
    pub similarity: f64,
    /// The searching configuration.
    #[arg(long, default_value = "default")]
    pub config: String,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Arguments of `experiment book-distance`.
#[derive(Args, Debug)]
pub struct BookDistanceArgs {
    /// Games whose positions are measured (PGN).
    #[arg(long, required = true)]
    pub pgn: PathBuf,
    /// Use the first N games.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Positions after 1 to this many plies of each game.
    #[arg(long, default_value_t = 30)]
    pub max_ply: usize,
    /// Search depth of the position (the position after the book move: one less).
    #[arg(long, default_value_t = 8)]
    pub depth: i32,
    /// The searching configuration.
    #[arg(long, default_value = "default")]
    pub config: String,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Arguments of `experiment book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Use a seeded sample of this many ECO lines as the case base (the paper had 500).
    #[arg(long)]
    pub cases: Option<usize>,
    /// Games against the random player (alternating colours).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Seed of the case sample and of the random player.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Arguments of `experiment nodes`.
#[derive(Args, Debug)]
#[command(after_help = crate::config::presets_help())]
pub struct NodesArgs {
    /// EPD file of positions (first 4 fields used).
    #[arg(long, required_unless_present = "fen")]
    pub suite: Option<PathBuf>,
    /// Use only the first N positions of the suite.
    #[arg(long)]
    pub positions: Option<usize>,
    /// Positions to search instead of a suite (`startpos` or a FEN): `--fen A B` or
    /// `--fen A --fen B`.
    #[arg(long, conflicts_with = "suite", num_args = 1..)]
    pub fen: Vec<String>,
    /// Depths, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    pub depth: Vec<i32>,
    /// Configurations, comma-separated; the first is the baseline.
    #[arg(long, value_delimiter = ',', required = true)]
    pub configs: Vec<String>,
    /// Options applied to every configuration first, as NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Hash size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Also write the results as CSV to this file.
    #[arg(long)]
    pub csv: Option<PathBuf>,
}

/// Arguments of `experiment depth-time`.
#[derive(Args, Debug)]
#[command(after_help = crate::config::presets_help())]
pub struct DepthTimeArgs {
    /// Positions (`startpos` or a FEN; default: the start position): `--fen A B` or
    /// `--fen A --fen B`.
    #[arg(long, default_value = "startpos", num_args = 1..)]
    pub fen: Vec<String>,
    /// Depths, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "5,6")]
    pub depth: Vec<i32>,
    /// Configurations, comma-separated (paper 004's: `minimax+Evaluator=material:zero`).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "minimax+Evaluator=material:zero,alphabeta+Evaluator=material:zero"
    )]
    pub configs: Vec<String>,
    /// Hash size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

/// Arguments of `experiment figures`.
#[derive(Args, Debug)]
pub struct FiguresArgs {
    /// Replace the tables (between `<!-- figure ID -->` and `<!-- /figure -->`) with a fresh
    /// run: on every page that holds figures, or only in FILE.
    #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with = "check")]
    pub write: Option<Option<PathBuf>>,
    /// Exit with 1 if a table differs from a fresh run: on every page that holds figures, or
    /// only in FILE.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub check: Option<Option<PathBuf>>,
    /// Only these figures (repeatable): try-it, paper001, paper000, table1, figure3, table4,
    /// table4-engine, wdl.
    #[arg(long, value_name = "ID")]
    pub only: Vec<String>,
    /// Worker threads (each runs single-threaded searches).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Runs an experiment.
pub fn run(command: &ExperimentCommand) -> Result<(), CliError> {
    match command {
        ExperimentCommand::Nodes(args) => run_nodes(args),
        ExperimentCommand::Figures(args) => run_figures(args),
        ExperimentCommand::Book(args) => run_book(args),
        ExperimentCommand::BookDistance(args) => run_book_distance(args),
        ExperimentCommand::Predict(args) => run_predict(args),
        ExperimentCommand::Abr(args) => super::abr::run(args),
        ExperimentCommand::Genetic(args) => super::genetic::run_experiment(args),
        ExperimentCommand::DepthTime(args) => run_depth_time(args),
        ExperimentCommand::Wdl(args) => run_wdl(args),
        ExperimentCommand::Label(args) => run_label(args),
        ExperimentCommand::Speed(args) => super::speed::run(args),
    }
}

fn positions(args: &NodesArgs) -> Result<Vec<Position>, CliError> {
    if let Some(path) = &args.suite {
        let text = read(path)?;
        let mut positions = Vec::new();
        for (line, record) in chainmate::formats::records(&text) {
            match EpdRecord::parse(record) {
                Ok(r) => positions.push(Position::new(r.board)),
                Err(e) => eprintln!("warning: {}:{line}: {e}; skipped", path.display()),
            }
        }
        positions.truncate(args.positions.unwrap_or(usize::MAX));
        return Ok(positions);
    }
    parse_fens(&args.fen)
}

/// `--fen` values: `startpos` or a FEN each.
fn parse_fens(fens: &[String]) -> Result<Vec<Position>, CliError> {
    fens.iter()
        .map(|f| match f.as_str() {
            "startpos" => Ok(Position::default()),
            _ => Position::from_fen(f).map_err(|e| CliError::Input(format!("--fen '{f}': {e}"))),
        })
        .collect()
}

fn run_nodes(args: &NodesArgs) -> Result<(), CliError> {
    at_least_one("--hash", args.hash)?;
    let configs = args
        .configs
        .iter()
        .map(|spec| config::search_config(spec, &args.set).map(|c| (spec.clone(), c)))
        .collect::<Result<Vec<_>, _>>()?;
    let positions = positions(args)?;
    if positions.is_empty() {
        return Err(CliError::Input("no positions".into()));
    }
    let total = (configs.len() * args.depth.len() * positions.len()) as u64;
    let bar = progress_bar(
        total,
        "{bar:40} {pos}/{len} searches [{elapsed} / ~{duration}]",
    );
    let cells = experiment::run_nodes(&configs, &args.depth, &positions, args.hash, |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    out!(
        "{}",
        experiment::markdown(&configs, &args.depth, &cells, positions.len())
    );
    if let Some(path) = &args.csv {
        write(path, &experiment::csv(&configs, &cells))?;
        outln!("(CSV written to {})", path.display());
    }
    Ok(())
}

fn run_depth_time(args: &DepthTimeArgs) -> Result<(), CliError> {
    at_least_one("--hash", args.hash)?;
    let configs = args
        .configs
        .iter()
        .map(|spec| config::search_config(spec, &[]).map(|c| (spec.clone(), c)))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(bad) = args.depth.iter().find(|&&d| !(1..=64).contains(&d)) {
        return Err(CliError::Input(format!(
            "--depth {bad} is not within 1..64"
        )));
    }
    let positions = parse_fens(&args.fen)?;
    let mut header = String::from("| configuration |");
    let mut rule = String::from("| --- |");
    for d in &args.depth {
        header.push_str(&format!(" depth {d}: time | nodes |"));
        rule.push_str(" ---: | ---: |");
    }
    outln!("{header}\n{rule}");
    for (spec, config) in &configs {
        let mut row = format!("| `{spec}` |");
        for &depth in &args.depth {
            let (mut seconds, mut nodes) = (0.0, 0u64);
            for position in &positions {
                let mut searcher = crate::search::Searcher::new(args.hash);
                let start = std::time::Instant::now();
                let result = searcher.search(
                    position,
                    &crate::search::Limits::depth(depth),
                    config,
                    &crate::search::SearchControl::default(),
                    &crate::search::Silent,
                );
                seconds += start.elapsed().as_secs_f64();
                nodes += result.nodes;
            }
            let n = positions.len() as f64;
            row.push_str(&format!(
                " {:.3} s | {:.0} |",
                seconds / n,
                nodes as f64 / n
            ));
        }
        outln!("{row}");
    }
    outln!(
        "\n(Averages over {} position(s), iterations included; paper 004: depth 5 in about 3 s, \
         depth 6 in about 18 s, plain minimax with all-zero scores.)",
        positions.len()
    );
    Ok(())
}

fn run_figures(args: &FiguresArgs) -> Result<(), CliError> {
    at_least_one("--threads", args.threads)?;
    let chosen = if args.only.is_empty() {
        figures::FIGURES.iter().collect()
    } else {
        args.only
            .iter()
            .map(|id| {
                figures::find(id).ok_or_else(|| {
                    unknown_name("figure", id, figures::FIGURES.iter().map(|f| f.id))
                })
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    let target = args.write.as_ref().or(args.check.as_ref());
    let pages = match target {
        None => Vec::new(),
        Some(file) => figure_pages(file.as_deref(), &chosen)?,
    };
    let needed: Vec<&figures::Figure> = match target {
        None => chosen,
        Some(_) => chosen
            .into_iter()
            .filter(|f| {
                pages
                    .iter()
                    .any(|(_, _, on)| on.iter().any(|g| g.id == f.id))
            })
            .collect(),
    };
    let bar = progress_bar(0, "{bar:40} {pos}/{len} jobs [{elapsed} / ~{duration}]");
    let tables = figures::compute(&needed, args.threads, |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    if target.is_none() {
        for (id, table) in &tables {
            outln!("<!-- figure {id} -->\n{table}<!-- /figure -->\n");
        }
        return Ok(());
    }
    let mut stale = Vec::new();
    for (path, doc, on) in &pages {
        let mine: Vec<(&str, String)> = tables
            .iter()
            .filter(|(id, _)| on.iter().any(|f| f.id == *id))
            .map(|(id, table)| (*id, table.clone()))
            .collect();
        let bad_doc = |e: figures::FigureError| CliError::Input(format!("{}: {e}", path.display()));
        if args.write.is_some() {
            write(path, &figures::splice(doc, &mine).map_err(bad_doc)?)?;
            outln!(
                "wrote {} into {}",
                count(mine.len(), "table"),
                path.display()
            );
            continue;
        }
        let differ = figures::differences(doc, &mine).map_err(bad_doc)?;
        if differ.is_empty() {
            let verb = if mine.len() == 1 { "matches" } else { "match" };
            outln!("{}: {} {verb}", path.display(), count(mine.len(), "figure"));
        } else {
            stale.push(format!("{}: {}", path.display(), differ.join(", ")));
        }
    }
    if !stale.is_empty() {
        return Err(CliError::CheckFailed(format!(
            "figures differ from a fresh run (regenerate with --write): {}",
            stale.join("; ")
        )));
    }
    Ok(())
}

/// A page to write or check: its path, its text, and the chosen figures it shows.
type FigurePage = (PathBuf, String, Vec<&'static figures::Figure>);

/// The pages `--write`/`--check` go through: `file` alone (the chosen figures whose markers
/// it holds), or every page of the chosen figures, found from the repository root above the
/// current directory.
fn figure_pages(
    file: Option<&std::path::Path>,
    chosen: &[&'static figures::Figure],
) -> Result<Vec<FigurePage>, CliError> {
    if let Some(path) = file {
        let doc = read(path)?;
        let on = figures::present_in(&doc, chosen);
        if on.is_empty() {
            return Err(CliError::Input(format!(
                "{}: holds none of the figures' markers ('<!-- figure ID -->'); they live on {}",
                path.display(),
                figures::pages().join(", ")
            )));
        }
        return Ok(vec![(path.to_path_buf(), doc, on)]);
    }
    let here = std::env::current_dir().map_err(|e| CliError::Input(e.to_string()))?;
    let root = figures::root_from(&here).ok_or_else(|| {
        CliError::Input(format!(
            "{} is not inside the repository (no {} above it): run from the repository or name the file",
            here.display(),
            figures::pages().join(", ")
        ))
    })?;
    let mut out = Vec::new();
    for page in figures::pages() {
        let on: Vec<_> = chosen.iter().copied().filter(|f| f.page == page).collect();
        if !on.is_empty() {
            let path = root.join(page);
            let doc = read(&path)?;
            out.push((path, doc, on));
        }
    }
    Ok(out)
}

fn run_book(args: &BookArgs) -> Result<(), CliError> {
    use crate::book::cbr::CaseBase;
    use crate::experiments::table4;
    let mut base = CaseBase::eco();
    if let Some(n) = args.cases {
        base = base.sample(n, args.seed);
    }
    outln!(
        "Case base: {}, {}; searching players at depth {}; {} against the random player.\n",
        count(base.cases.len(), "line"),
        count(base.move_count(), "move"),
        table4::OPPONENT_DEPTH,
        count(args.games, "game")
    );
    let base = std::sync::Arc::new(base);
    for (title, player, opponent, names) in [
        (
            "Paper 000's players (`pruning` with the book, `base`)",
            "pruning",
            "base",
            table4::PAPER_ROWS,
        ),
        (
            "The engine (`default` with the book, `default` without)",
            "default",
            "default",
            table4::ENGINE_ROWS,
        ),
    ] {
        let player = config::search_config(player, &[])?;
        let opponent = config::search_config(opponent, &[])?;
        let rows = table4::run(&base, &player, &opponent, args.games, args.seed);
        outln!("{title}:\n\n{}", table4::markdown(&rows, names));
    }
    Ok(())
}

fn run_book_distance(args: &BookDistanceArgs) -> Result<(), CliError> {
    use crate::experiments::book_distance;
    at_least_one("--threads", args.threads)?;
    at_least_one("--max-ply", args.max_ply)?;
    let games = pgn_games(&args.pgn, args.games, None)?;
    let positions = book_distance::positions(&games, args.max_ply);
    let config = config::search_config(&args.config, &[])?;
    outln!(
        "{} after 1 to {} of {}; `{}` searches to depth {}.\n",
        count(positions.len(), "distinct position"),
        count(args.max_ply, "ply"),
        count(games.len(), "game"),
        args.config,
        args.depth
    );
    let bar = progress_bar(
        positions.len() as u64,
        "{bar:40} {pos}/{len} positions [{elapsed} < {eta}]",
    );
    let samples = book_distance::run(
        &crate::book::ECO_CASES,
        &positions,
        args.depth,
        &config,
        args.threads,
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    out!(
        "{}",
        book_distance::markdown(&book_distance::buckets(&samples))
    );
    Ok(())
}

fn run_predict(args: &PredictArgs) -> Result<(), CliError> {
    use crate::experiments::predict;
    super::library::check_similarity(args.similarity)?;
    at_least_one("--threads", args.threads)?;
    let library = crate::library::ActionLibrary::load(&args.library)
        .map_err(|e| CliError::Input(e.to_string()))?;
    let games = pgn_games(&args.pgn, args.games, args.from.as_deref())?;
    let config = config::search_config(&args.config, &[])?;
    let positions: usize = games.iter().map(|(_, m)| m.len().saturating_sub(1)).sum();
    outln!(
        "{}{} ({}), library {} ({}), similarity {}, `{}` at {} nodes.\n",
        count(games.len(), "test game"),
        args.from
            .as_deref()
            .map_or(String::new(), |d| format!(" from {d}")),
        count(positions, "position"),
        args.library.display(),
        count(library.contents().cases() as usize, "case"),
        args.similarity,
        args.config,
        args.nodes
    );
    let bar = progress_bar(
        games.len() as u64,
        "{bar:40} {pos}/{len} games [{elapsed} < {eta}]",
    );
    let cells = predict::run(
        &library,
        &games,
        Some(args.similarity),
        args.nodes,
        &config,
        args.threads,
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    out!("{}", predict::markdown(&cells));
    Ok(())
}

/// The first `limit` games of a PGN file (on or after the date `from`, if given) as start
/// positions and moves; games that do not parse are skipped, the first one reported.
fn pgn_games(
    path: &std::path::Path,
    limit: usize,
    from: Option<&str>,
) -> Result<Vec<(chainmate::core::Board, Vec<chainmate::core::Move>)>, CliError> {
    let text = read(path)?;
    let mut games = Vec::new();
    let mut unreadable = 0;
    for game in chainmate::formats::pgn::read_games(&text) {
        if games.len() >= limit {
            break;
        }
        match game {
            Ok(g) if crate::library::build::date_within(&g, from, None) => {
                games.push((*g.start(), g.moves().to_vec()));
            }
            Ok(_) => {}
            Err(e) => {
                unreadable += 1;
                if unreadable == 1 {
                    eprintln!("warning: {}: {e}; skipped", path.display());
                }
            }
        }
    }
    if unreadable > 1 {
        eprintln!(
            "warning: {}: {unreadable} unreadable games skipped in all",
            path.display()
        );
    }
    Ok(games)
}

/// Calls `f` with every game of the PGN files, in order; a game with a broken move is
/// reported and given up to the move before it.
pub(super) fn for_each_game(
    paths: &[PathBuf],
    mut f: impl FnMut(&chainmate::formats::pgn::Game),
) -> Result<(), CliError> {
    for path in paths {
        let text = read(path)?;
        let mut reader = chainmate::formats::pgn::read_games(&text);
        while let Some((game, error)) = reader.next_lenient() {
            if let Some(e) = error {
                eprintln!(
                    "warning: {}: {e}; its moves up to the error are used",
                    path.display()
                );
            }
            if let Some(game) = game {
                f(&game);
            }
        }
    }
    Ok(())
}

fn run_label(args: &LabelArgs) -> Result<(), CliError> {
    use crate::tune::label::{label_game, LabelSettings};
    let settings = LabelSettings {
        skip_plies: args.skip_plies,
        per_game: super::at_least_one("--per-game", args.per_game)?,
        seed: args.seed,
    };
    let (mut lines, mut games, mut used) = (Vec::new(), 0usize, 0usize);
    for_each_game(&args.pgn, |game| {
        let picked = label_game(game, &settings, games);
        games += 1;
        used += usize::from(!picked.is_empty());
        lines.extend(picked);
    })?;
    if lines.is_empty() {
        return Err(CliError::Input(format!(
            "no quiet position after ply {} in a finished game: nothing written",
            args.skip_plies
        )));
    }
    let with = |label: &str| lines.iter().filter(|l| l.ends_with(label)).count();
    outln!(
        "{} from {used} of {} (1-0: {}, 1/2-1/2: {}, 0-1: {})",
        count(lines.len(), "position"),
        count(games, "game"),
        with("\"1-0\";"),
        with("\"1/2-1/2\";"),
        with("\"0-1\";")
    );
    let mut text = lines.join("\n");
    text.push('\n');
    write(&args.out, &text)?;
    outln!("wrote {}", args.out.display());
    Ok(())
}

fn run_wdl(args: &WdlArgs) -> Result<(), CliError> {
    use crate::eval::wdl::{check_support, whole_percentages, WdlModel, FITTED};
    let mut samples = Vec::new();
    let mut games = 0;
    for_each_game(&args.pgn, |game| {
        let before = samples.len();
        samples.extend(crate::experiments::analyse::wdl_samples(
            game,
            args.player.as_deref(),
        ));
        games += usize::from(samples.len() > before);
    })?;
    if samples.is_empty() {
        return Err(CliError::Input(
            "no scored move in a finished game (are the moves commented like \
             `+0.35/12 0.81s`, and is --player a name in the White/Black tags?)"
                .into(),
        ));
    }
    check_support(&samples, games).map_err(|e| {
        CliError::Input(format!(
            "{e} ({} from {}; no fit printed)",
            count(samples.len(), "scored move"),
            count(games, "game")
        ))
    })?;
    let fitted = WdlModel::fit(&samples, FITTED, args.iterations);
    outln!(
        "{} from {}",
        count(samples.len(), "scored move"),
        count(games, "game")
    );
    outln!(
        "mean log-likelihood: built-in model {:.5}, fitted {:.5}",
        FITTED.log_likelihood(&samples),
        fitted.log_likelihood(&samples)
    );
    outln!(
        "fitted: a = [{:.1}, {:.1}], b = [{:.1}, {:.1}]  (a = a0 + a1*m, b = b0 + b1*m, m = material/58)",
        fitted.a[0], fitted.a[1], fitted.b[0], fitted.b[1]
    );
    outln!("\n| score (cp) | moves | observed W / D / L % | fitted W / D / L % |");
    outln!("| --- | ---: | --- | --- |");
    let edges = [
        -10_000.0, -300.0, -150.0, -50.0, 50.0, 150.0, 300.0, 10_000.0,
    ];
    for pair in edges.windows(2) {
        let bucket: Vec<_> = samples
            .iter()
            .filter(|s| s.score >= pair[0] && s.score < pair[1])
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let n = bucket.len() as f64;
        let share =
            |f: &dyn Fn(f64) -> bool| bucket.iter().filter(|s| f(s.outcome)).count() as f64 / n;
        let observed = whole_percentages([
            share(&|o| o > 0.75),
            share(&|o| (0.25..=0.75).contains(&o)),
            share(&|o| o < 0.25),
        ]);
        let mut predicted = [0.0; 3];
        for s in &bucket {
            for (p, q) in predicted
                .iter_mut()
                .zip(fitted.probabilities(s.score, s.material))
            {
                *p += q / n;
            }
        }
        let predicted = whole_percentages(predicted);
        outln!(
            "| [{}, {}) | {} | {} / {} / {} | {} / {} / {} |",
            pair[0],
            pair[1],
            bucket.len(),
            observed[0],
            observed[1],
            observed[2],
            predicted[0],
            predicted[1],
            predicted[2]
        );
    }
    Ok(())
}
