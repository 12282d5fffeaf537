//! The lab's command line: `chainmate-lab <subcommand>`, one file per subcommand.
//!
//! | command | file |
//! | --- | --- |
//! | `uci` (or none) | the engine with the papers' options, on standard input and output |
//! | `bench` | [`bench`]: the search signature of a configuration, and every pinned configuration's |
//! | `eval` | [`eval`]: any evaluator's evaluation term by term |
//! | `epd` | [`epd`]: solve a `bm`/`am` test suite with a configuration |
//! | `datagen` | [`datagen`]: self-play positions for fitting the evaluator |
//! | `tune` | [`tune`]: fit an evaluator's parameters (Texel's method; [`genetic`]: paper 000's GA; [`spsa`]: SPSA) |
//! | `experiment` | [`experiment`]: node counts over suites; the documentation's figures |
//! | `match` | [`match_cmd`]: a match between two configurations or engines |
//! | `book` | [`book`]: build a Polyglot book from PGN games, probe a position |
//! | `library` | [`library`]: paper 003's action library |
//! | `analyse` | [`analyse`]: evaluation over a game, CSV and SVG (paper 000's Figures 3–4) |
//!
//! The errors and helpers are the engine's command line's ([`chainmate::cli`]), re-exported.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

pub use chainmate::cli::{
    at_least_one, exit_code, mnps, progress_bar, read, report_skipped, unknown_name, write,
    write_atomic, write_bytes, CliError, SearchLimitArgs, UciArgs,
};

use crate::config::LabOptions;
use crate::eval::AnyEvaluator;

pub mod abr;
pub mod analyse;
pub mod bench;
pub mod book;
pub mod data;
pub mod datagen;
pub mod epd;
pub mod eval;
pub mod experiment;
pub mod games;
pub mod genetic;
pub mod library;
pub mod match_cmd;
pub mod speed;
pub mod spsa;
pub mod tune;

/// chainmate-lab: the search and evaluation ideas of five chess-AI papers on the chainmate
/// engine, with matches, tuning and experiments.
///
/// With no subcommand (or `uci`) it runs as a UCI engine with the papers' options
/// (`Evaluator`, `Search`, `Ordering`, `Pruning`, `MoveChains`, `OwnBook`, `ActionLibrary`,
/// ...) besides the engine's.
#[derive(Parser, Debug)]
#[command(name = "chainmate-lab", version, about, long_about)]
pub struct Cli {
    /// What to do (nothing: run the UCI engine with the papers' options).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The UCI engine's flags, for the engine run with no subcommand.
    #[command(flatten)]
    pub uci: UciArgs,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the UCI engine with the papers' options (the same as no subcommand).
    Uci(UciArgs),
    /// Fixed-depth search of the bench positions with a configuration; prints `<N> nodes <M>
    /// nps`; `--config` prints or checks the pinned signatures.
    Bench(bench::BenchArgs),
    /// Print an evaluation term by term (White, Black, net) and its total.
    Eval(eval::EvalArgs),
    /// Solve an EPD test suite with `bm`/`am` operations.
    Epd(epd::EpdArgs),
    /// Self-play training data for the evaluator: quiet positions with the search's score
    /// and the game's result, appended to an EPD file (resumable).
    Datagen(datagen::DatagenArgs),
    /// Fit an evaluator's parameters: to game results (Texel's method, the default) or by
    /// games between agents (`--method genetic`, paper 000's genetic algorithm).
    Tune(Box<tune::TuneArgs>),
    /// The papers' experiments.
    #[command(subcommand)]
    Experiment(experiment::ExperimentCommand),
    /// Play a match between two configurations of the engine (or external UCI engines);
    /// prints W/D/L and Elo.
    Match(match_cmd::MatchArgs),
    /// Polyglot opening books: build from PGN games, probe a position.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Paper 003's action library: mine PGN games, statistics, probe a position.
    #[command(subcommand)]
    Library(library::LibraryCommand),
    /// Training data under data/: totals, each chunk checked against data/README.md.
    #[command(subcommand)]
    Data(data::DataCommand),
    /// Evaluation over a game (paper 000's Figures 3 and 4): each configuration's score,
    /// move, nodes and time at every position, or the evaluations in the game's comments;
    /// a CSV table and an SVG picture.
    Analyse(analyse::AnalyseArgs),
}

impl Command {
    /// `uci`'s flags, or the name of another subcommand (for [`UciArgs::in_force`]).
    fn uci_args(&self) -> Result<UciArgs, &'static str> {
        Err(match self {
            Command::Uci(args) => return Ok(*args),
            Command::Bench(_) => "bench",
            Command::Eval(_) => "eval",
            Command::Epd(_) => "epd",
            Command::Datagen(_) => "datagen",
            Command::Data(_) => "data",
            Command::Tune(_) => "tune",
            Command::Experiment(_) => "experiment",
            Command::Match(_) => "match",
            Command::Book(_) => "book",
            Command::Library(_) => "library",
            Command::Analyse(_) => "analyse",
        })
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

/// Parses the command line and runs it; returns the process exit code.
pub fn run() -> i32 {
    let cli: Cli = chainmate::cli::version::parse(env!("CARGO_PKG_VERSION"));
    let uci = UciArgs::in_force(cli.uci, cli.command.as_ref().map(Command::uci_args));
    let result = uci.and_then(|uci| match cli.command {
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Eval(args)) => eval::run(&args),
        Some(Command::Epd(args)) => epd::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Experiment(command)) => experiment::run(&command),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Book(command)) => book::run(&command),
        Some(Command::Library(command)) => library::run(&command),
        Some(Command::Analyse(args)) => analyse::run(&args),
        Some(Command::Datagen(args)) => datagen::run(&args),
        Some(Command::Data(command)) => data::run(&command),
        None | Some(Command::Uci(_)) => {
            chainmate::cli::run_uci::<LabOptions>(uci.tunables);
            Ok(())
        }
    });
    exit_code(result)
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
    /// A `name = value` parameter file to load into the evaluator first: names bare
    /// (`queen`) or as `--set` writes them (`material.queen`), values within the range `--set`
    /// accepts.
    #[arg(long)]
    pub params: Option<PathBuf>,
}

impl EvaluatorArgs {
    /// Selects the evaluator in `options`, fresh as its name describes (a family name is its
    /// default variant: `tsvetkov` is `tsvetkov:paper` here, whatever the family held), and
    /// loads the parameter file into it.
    fn apply(&self, options: &mut LabOptions) -> Result<(), CliError> {
        if let Some(name) = &self.evaluator {
            options.set("Evaluator", Some(name))?;
            options.set_evaluator(
                AnyEvaluator::by_name(name)
                    .expect("clap accepts only the Evaluator option's names"),
            );
        }
        if let Some(path) = &self.params {
            options
                .load_evaluator_params(&read(path)?)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        }
        Ok(())
    }

    /// The evaluator alone (`eval`, `tune`).
    pub fn build(&self) -> Result<AnyEvaluator, CliError> {
        let mut options = LabOptions::default();
        self.apply(&mut options)?;
        Ok(options.evaluator())
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
    pub fn options(&self, extra: &[String]) -> Result<LabOptions, CliError> {
        let mut options = LabOptions::from_spec("default", extra)?;
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
    /// PGN files: `--pgn A B` or `--pgn A --pgn B`.
    #[arg(long, required = true, num_args = 1..)]
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
pub fn load_openings(
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
