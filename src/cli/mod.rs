//! The command line: `chainmate <subcommand>`, one file per subcommand.
//!
//! | command | file |
//! | --- | --- |
//! | (none) | the UCI engine on standard input and output (`--tunables`: list every parameter) |
//! | `perft` | [`perft`]: leaf counts, divide, EPD suites of known counts |
//! | `eval` | [`eval`]: an evaluation term by term |
//! | `bench` | [`bench`]: the search signature, and every pinned configuration's |
//! | `epd` | [`epd`]: solve a `bm`/`am` test suite |
//! | `datagen` | [`datagen`]: self-play positions for fitting the evaluator |
//! | `tune` | [`tune`]: fit an evaluator's parameters (Texel's method; [`genetic`]: paper 000's GA; [`spsa`]: SPSA) |
//! | `experiment` | [`experiment`]: node counts over suites; the docs' figures |
//! | `match` | [`match_cmd`]: an in-process match between two configurations |
//! | `book` | [`book`]: build a Polyglot book from PGN games, probe a position |
//! | `analyse` | [`analyse`]: evaluation over a game, CSV and SVG (paper 000's Figures 3–4) |
//!
//! Each runner returns `Result<(), CliError>`; [`run`] alone turns an error into a message on
//! standard error and an exit code (2 for unusable input, 1 for a check that failed).

use std::fmt;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::ConfigError;

pub mod abr;
pub mod analyse;
pub mod bench;
pub mod book;
pub mod datagen;
pub mod epd;
pub mod eval;
pub mod experiment;
pub mod games;
pub mod genetic;
pub mod library;
pub mod match_cmd;
pub mod perft;
pub mod spsa;
pub mod tb;
pub mod tune;

/// chainmate: a bitboard chess engine and a laboratory for five chess-AI papers.
///
/// With no subcommand (or `uci`) it runs as a UCI engine on standard input and output: point
/// a GUI at the binary, or type `uci`, `position startpos`, `go depth 10`, `quit`.
#[derive(Parser, Debug)]
#[command(name = "chainmate", version, about, long_about)]
pub struct Cli {
    /// What to do (nothing: run the UCI engine).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// With no subcommand or `uci`: list every search and evaluator parameter as a UCI option
    /// too (for SPSA tuners; over two thousand); without it `uci` shows only the options a GUI
    /// user expects (34). `chainmate uci --tunables` is the same.
    #[arg(long, global = true)]
    pub tunables: bool,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the UCI engine (the same as no subcommand).
    Uci,
    /// Self-play training data for the evaluator: quiet positions with the search's score
    /// and the game's result, appended to an EPD file (resumable).
    Datagen(datagen::DatagenArgs),
    /// Count the leaf nodes of the legal move tree (move generator test and benchmark).
    Perft(perft::PerftArgs),
    /// Print an evaluation term by term (White, Black, net) and its total.
    Eval(eval::EvalArgs),
    /// Fixed-depth search of the bench positions; prints `<N> nodes <M> nps`.
    Bench(bench::BenchArgs),
    /// Solve an EPD test suite with `bm`/`am` operations.
    Epd(epd::EpdArgs),
    /// Fit an evaluator's parameters: to game results (Texel's method, the default) or by
    /// games between agents (`--method genetic`, paper 000's genetic algorithm).
    Tune(tune::TuneArgs),
    /// The papers' experiments.
    #[command(subcommand)]
    Experiment(experiment::ExperimentCommand),
    /// Play a match between two configurations of the engine; prints W/D/L and Elo.
    Match(match_cmd::MatchArgs),
    /// Polyglot opening books: build from PGN games, probe a position.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Syzygy endgame tablebases: probe a position and its moves.
    #[command(subcommand)]
    Tb(tb::TbCommand),
    /// Paper 003's action library: mine PGN games, statistics, probe a position.
    #[command(subcommand)]
    Library(library::LibraryCommand),
    /// Evaluation over a game (paper 000's Figures 3 and 4): each configuration's score,
    /// move, nodes and time at every position, or the evaluations in the game's comments;
    /// a CSV table and an SVG picture.
    Analyse(analyse::AnalyseArgs),
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// A bad option, tunable or configuration string.
    Config(ConfigError),
    /// A file could not be read.
    Read(PathBuf, std::io::Error),
    /// A file could not be created.
    Create(PathBuf, std::io::Error),
    /// A file could not be written.
    Write(PathBuf, std::io::Error),
    /// Input that cannot be used (a bad FEN, an empty suite, a bad argument).
    Input(String),
    /// The command ran and a check it makes failed (a perft mismatch, a stale figure).
    CheckFailed(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Config(e) => write!(f, "{e}"),
            CliError::Read(path, e) => write!(f, "cannot read {}: {e}", path.display()),
            CliError::Create(path, e) => write!(f, "cannot create {}: {e}", path.display()),
            CliError::Write(path, e) => write!(f, "cannot write {}: {e}", path.display()),
            CliError::Input(message) | CliError::CheckFailed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CliError {}

impl From<ConfigError> for CliError {
    fn from(e: ConfigError) -> Self {
        CliError::Config(e)
    }
}

impl From<crate::tournament::PlayerSpecError> for CliError {
    fn from(e: crate::tournament::PlayerSpecError) -> Self {
        match e {
            crate::tournament::PlayerSpecError::Config(e) => CliError::Config(e),
            e => CliError::Input(e.to_string()),
        }
    }
}

impl CliError {
    /// The process exit code: 1 for a failed check, 2 for anything that stopped the command.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::CheckFailed(_) => 1,
            _ => 2,
        }
    }
}

/// Parses the command line and runs it; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Eval(args)) => eval::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Epd(args)) => epd::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Experiment(command)) => experiment::run(&command),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Book(command)) => book::run(&command),
        Some(Command::Library(command)) => library::run(&command),
        Some(Command::Tb(command)) => tb::run(&command),
        Some(Command::Analyse(args)) => analyse::run(&args),
        Some(Command::Datagen(args)) => datagen::run(&args),
        None | Some(Command::Uci) => {
            let out = crate::uci::Output::new(Box::new(std::io::stdout()));
            crate::uci::Engine::new(out)
                .list_tunables(cli.tunables)
                .run(std::io::stdin().lock());
            Ok(())
        }
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}

/// The one way a command names an evaluator: any value of the engine's `Evaluator` option
/// (the same list, parsed the same way, as `setoption name Evaluator`), and a parameter file
/// to load into it.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct EvaluatorArgs {
    /// Evaluator (default: full, the engine's); `tsvetkov` = `tsvetkov:paper`, `weighted` =
    /// `weighted:base`.
    #[arg(long, ignore_case = true, value_parser = clap::builder::PossibleValuesParser::new(crate::eval::AnyEvaluator::NAMES))]
    pub evaluator: Option<String>,
    /// A `name = value` parameter file to load into the evaluator first.
    #[arg(long)]
    pub params: Option<PathBuf>,
}

impl EvaluatorArgs {
    /// Selects the evaluator in `options`, fresh as its name describes (a family name is its
    /// default variant: `tsvetkov` is `tsvetkov:paper` here, whatever the family held), and
    /// loads the parameter file into it.
    fn apply(&self, options: &mut crate::config::EngineOptions) -> Result<(), CliError> {
        use crate::eval::{AnyEvaluator, Evaluator};
        if let Some(name) = &self.evaluator {
            options.set("Evaluator", Some(name))?;
            *options.evaluator_mut() = AnyEvaluator::by_name(name)
                .expect("clap accepts only the Evaluator option's names");
        }
        if let Some(path) = &self.params {
            crate::eval::params::load_text(options.evaluator_mut().params_mut(), &read(path)?)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        }
        Ok(())
    }

    /// The evaluator alone (`eval`, `tune`).
    pub fn build(&self) -> Result<crate::eval::AnyEvaluator, CliError> {
        let mut options = crate::config::EngineOptions::default();
        self.apply(&mut options)?;
        Ok(options.evaluator().clone())
    }
}

/// The engine settings a command takes: an evaluator and option assignments.
#[derive(clap::Args, Debug, Default)]
pub struct EngineArgs {
    /// The evaluator and its parameter file.
    #[command(flatten)]
    pub evaluator: EvaluatorArgs,
    /// Set an option or tunable first, as `name=value`, or apply a configuration token
    /// (repeatable), e.g. `search.rfp_margin=90`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

impl EngineArgs {
    /// The options: the defaults, the evaluator (with its parameter file), then `extra`
    /// (e.g. `Search=pvs`), then the `--set` assignments in order.
    pub fn options(&self, extra: &[String]) -> Result<crate::config::EngineOptions, CliError> {
        let mut options = crate::config::EngineOptions::from_spec("default", extra)?;
        self.evaluator.apply(&mut options)?;
        for assignment in &self.set {
            options.apply_token(assignment)?;
        }
        Ok(options)
    }
}

/// The PGN files a build reads and the file it writes (`book build`, `library build`).
#[derive(clap::Args, Debug)]
pub struct PgnBuildArgs {
    /// PGN files (repeatable).
    #[arg(long, required = true)]
    pub pgn: Vec<PathBuf>,
    /// The file to write (nothing is written when no usable game was read).
    #[arg(long)]
    pub out: PathBuf,
}

impl PgnBuildArgs {
    /// Reads each PGN file in turn and hands it to `each` with a spinner for its games;
    /// stops early when `each` returns false.
    pub fn read_each(
        &self,
        mut each: impl FnMut(&Path, &str, &indicatif::ProgressBar) -> bool,
    ) -> Result<(), CliError> {
        for path in &self.pgn {
            let text = read(path)?;
            let bar = progress_bar(0, "{spinner} {pos} games of {msg} [{elapsed}]");
            bar.set_message(path.display().to_string());
            let go_on = each(path, &text, &bar);
            bar.finish_and_clear();
            if !go_on {
                break;
            }
        }
        Ok(())
    }
}

/// Bad book lines shown before the rest are only counted.
const SHOWN_WARNINGS: usize = 10;

/// The openings of `path` (the built-in set without one), shuffled with `seed` if `random`;
/// bad book lines are reported on stderr and skipped.
pub(crate) fn load_openings(
    path: Option<&Path>,
    random: bool,
    seed: u64,
) -> Result<Vec<crate::tournament::Opening>, CliError> {
    let (book, warnings) =
        crate::tournament::openings::load(path, random, seed).map_err(CliError::Input)?;
    let shown = path.map_or(String::new(), |p| p.display().to_string());
    for w in warnings.iter().take(SHOWN_WARNINGS) {
        eprintln!("warning: {shown}: {w}; skipped");
    }
    if warnings.len() > SHOWN_WARNINGS {
        eprintln!(
            "warning: {shown}: {} more bad lines skipped",
            warnings.len() - SHOWN_WARNINGS
        );
    }
    Ok(book)
}

/// Reads a whole text file.
pub(crate) fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::Read(path.to_path_buf(), e))
}

/// Writes a whole text file.
pub(crate) fn write(path: &Path, contents: &str) -> Result<(), CliError> {
    write_bytes(path, contents.as_bytes())
}

/// Writes a whole file.
pub(crate) fn write_bytes(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, contents).map_err(|e| CliError::Write(path.to_path_buf(), e))
}

/// A limit for each search, `--depth`, `--nodes` or `--movetime` (at most one; `epd`,
/// `analyse`).
#[derive(clap::Args, Debug, Clone)]
#[group(id = "limit", multiple = false)]
pub struct SearchLimitArgs {
    /// Search each position to this depth.
    #[arg(long)]
    pub depth: Option<i32>,
    /// Search each position this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search each position this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
}

impl SearchLimitArgs {
    /// The limits with a description (`depth 4`), `None` when no limit is given; a limit
    /// below 1 is an error.
    pub fn limits(&self) -> Result<Option<(crate::search::Limits, String)>, CliError> {
        use crate::search::Limits;
        let positive = match (self.depth, self.nodes, self.movetime) {
            (Some(d), _, _) => d >= 1,
            (_, Some(n), _) => n >= 1,
            (_, _, Some(ms)) => ms >= 1,
            _ => return Ok(None),
        };
        if !positive {
            return Err(CliError::Input(
                "--depth, --nodes and --movetime must be at least 1".into(),
            ));
        }
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(std::time::Duration::from_millis),
            ..Limits::default()
        };
        let text = match (self.depth, self.nodes, self.movetime) {
            (Some(d), _, _) => format!("depth {d}"),
            (_, Some(n), _) => format!("{n} nodes"),
            (_, _, Some(ms)) => format!("{ms} ms"),
            _ => String::new(),
        };
        Ok(Some((limits, text)))
    }
}

/// Writes a file atomically (see [`crate::formats::write_atomic`]): an interrupted or failed
/// write leaves no partial file.
pub(crate) fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    crate::formats::write_atomic(path, contents).map_err(|e| CliError::Write(path.to_path_buf(), e))
}

/// Reports skipped input (one `warning:` line each on stderr, the first 20, then how many
/// more): a file's games that could not be read, with their number, lines and reason.
pub(crate) fn report_skipped(skipped: &[String]) {
    const SHOWN: usize = 20;
    for s in skipped.iter().take(SHOWN) {
        eprintln!("warning: {s}; skipped");
    }
    if skipped.len() > SHOWN {
        eprintln!("warning: {} more games skipped", skipped.len() - SHOWN);
    }
}

/// A progress bar of `len` steps drawn with `template` (an indicatif template).
pub(crate) fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
    bar
}

/// `Ok(value)` if it is at least 1, else an error naming the flag.
pub(crate) fn at_least_one(flag: &str, value: usize) -> Result<usize, CliError> {
    if value == 0 {
        return Err(CliError::Input(format!("{flag} must be at least 1")));
    }
    Ok(value)
}

/// `unknown <what> '<name>' (choose from: a, b, c)`.
pub(crate) fn unknown_name<'a>(
    what: &str,
    name: &str,
    choices: impl IntoIterator<Item = &'a str>,
) -> CliError {
    let choices: Vec<&str> = choices.into_iter().collect();
    CliError::Input(format!(
        "unknown {what} '{name}' (choose from: {})",
        choices.join(", ")
    ))
}

/// Millions of nodes per second.
pub(crate) fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes as f64 / seconds.max(1e-9) / 1e6
}
