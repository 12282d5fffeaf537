//! The command line: `chainmate <subcommand>`, one file per subcommand.
//!
//! | command | file |
//! | --- | --- |
//! | (none), `uci` | the UCI engine on standard input and output (`--tunables`: list every parameter) |
//! | `perft` | [`perft`]: leaf counts, divide, EPD suites of known counts |
//! | `eval` | [`eval`]: an evaluation term by term |
//! | `bench` | [`bench`]: the search signature |
//! | `epd` | [`epd`]: solve a `bm`/`am` test suite |
//! | `tb` | [`tb`]: what the Syzygy tables say about a position |
//!
//! Each runner returns `Result<(), CliError>`; [`run`] alone turns an error into a message on
//! standard error and an exit code (2 for unusable input, 1 for a check that failed). The
//! helpers below (errors, file reading, progress bars, limits) are shared with the lab's
//! command line (`chainmate-lab`).

use std::fmt;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::{ConfigError, EngineOptions};
use crate::eval::Evaluator as _;

pub mod bench;
pub mod epd;
pub mod eval;
pub mod perft;
pub mod tb;
pub mod version;

/// chainmate: a bitboard chess engine.
///
/// With no subcommand (or `uci`) it runs as a UCI engine on standard input and output: point
/// a GUI at the binary, or type `uci`, `position startpos`, `go depth 10`, `quit`. The papers'
/// experiments are the lab's: `chainmate-lab --help`.
#[derive(Parser, Debug)]
#[command(name = "chainmate", version, about, long_about)]
pub struct Cli {
    /// What to do (nothing: run the UCI engine).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The UCI engine's flags, for the engine run with no subcommand.
    #[command(flatten)]
    pub uci: UciArgs,
}

/// The UCI engine's flags: of `uci`, and of the binary with no subcommand (`chainmate
/// --tunables` is `chainmate uci --tunables`). No other subcommand takes them.
#[derive(clap::Args, Debug, Default, Clone, Copy)]
pub struct UciArgs {
    /// List every search and evaluator parameter as a UCI option too (for SPSA tuners; over a
    /// thousand); without it `uci` shows only the options a GUI user expects.
    #[arg(long)]
    pub tunables: bool,
}

impl UciArgs {
    /// The flags in force: those given before the subcommand (`top`) and, for `command`,
    /// `Ok` with those given after `uci` or `Err` with the name of another subcommand — which
    /// would ignore them, so they are an error there.
    pub fn in_force(
        top: UciArgs,
        command: Option<Result<UciArgs, &str>>,
    ) -> Result<Self, CliError> {
        match command {
            Some(Err(name)) if top.tunables => Err(CliError::Input(format!(
                "--tunables is a flag of the UCI engine (no subcommand, or `uci`), not of `{name}`"
            ))),
            Some(Ok(sub)) => Ok(UciArgs {
                tunables: top.tunables || sub.tunables,
            }),
            _ => Ok(top),
        }
    }
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the UCI engine (the same as no subcommand).
    Uci(UciArgs),
    /// Count the leaf nodes of the legal move tree (move generator test and benchmark).
    Perft(perft::PerftArgs),
    /// Print the evaluation term by term (White, Black, net) and its total.
    Eval(eval::EvalArgs),
    /// Fixed-depth search of the bench positions; prints `<N> nodes <M> nps`.
    Bench(bench::BenchArgs),
    /// Solve an EPD test suite with `bm`/`am` operations.
    Epd(epd::EpdArgs),
    /// Syzygy endgame tablebases: probe a position and its moves.
    #[command(subcommand)]
    Tb(tb::TbCommand),
}

impl Command {
    /// `uci`'s flags, or the name of another subcommand (for [`UciArgs::in_force`]).
    fn uci_args(&self) -> Result<UciArgs, &'static str> {
        Err(match self {
            Command::Uci(args) => return Ok(*args),
            Command::Perft(_) => "perft",
            Command::Eval(_) => "eval",
            Command::Bench(_) => "bench",
            Command::Epd(_) => "epd",
            Command::Tb(_) => "tb",
        })
    }
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
    let cli: Cli = version::parse(env!("CARGO_PKG_VERSION"));
    let uci = UciArgs::in_force(cli.uci, cli.command.as_ref().map(Command::uci_args));
    let result = uci.and_then(|uci| match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Eval(args)) => eval::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Epd(args)) => epd::run(&args),
        Some(Command::Tb(command)) => tb::run(&command),
        None | Some(Command::Uci(_)) => {
            run_uci::<EngineOptions>(uci.tunables);
            Ok(())
        }
    });
    exit_code(result)
}

/// Writes to standard output as `print!` does (a line with [`outln!`](crate::outln)), for
/// every command's output: a reader that went away (a closed pipe, as in `chainmate bench |
/// head -1`) ends the process quietly with exit code 0 instead of a panic, and any other
/// write error ends it with a message and exit code 2. The UCI loop does not use it: it
/// ignores a closed output and ends at the end of its input.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(::std::format_args!($($arg)*), false)
    };
}

/// Writes a line to standard output as `println!` does; see [`out!`](crate::out) for what
/// happens when the reader has gone away.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::cli::write_stdout(::std::format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(::std::format_args!($($arg)*), true)
    };
}

/// What [`out!`](crate::out) and [`outln!`](crate::outln) call: writes `args` (and a newline)
/// to standard output; a closed pipe exits quietly (code 0), another error exits with code 2.
pub fn write_stdout(args: fmt::Arguments<'_>, newline: bool) {
    use std::io::Write as _;
    let result = {
        let mut out = std::io::stdout().lock();
        out.write_fmt(args).and_then(|()| {
            if newline {
                out.write_all(b"\n")
            } else {
                Ok(())
            }
        })
    };
    if let Err(e) = result {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(2);
    }
}

/// Runs the UCI engine with the options `O` on standard input and output.
pub fn run_uci<O: crate::config::Options>(tunables: bool) {
    let out = crate::uci::Output::new(Box::new(std::io::stdout()));
    crate::uci::Engine::<O>::new(out)
        .list_tunables(tunables)
        .run(std::io::stdin().lock());
}

/// The process exit code of a command's result, its error printed on standard error.
pub fn exit_code(result: Result<(), CliError>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}

/// The engine settings a command takes: the evaluator's parameter file and option
/// assignments.
#[derive(clap::Args, Debug, Default)]
pub struct EngineArgs {
    /// A `name = value` parameter file to load into the evaluator first (as `EvalFile`):
    /// names bare (`queen`) or as `--set` writes them (`full.queen`), values within the range
    /// `--set` accepts.
    #[arg(long)]
    pub params: Option<PathBuf>,
    /// Set an option or tunable first, as `name=value` (repeatable), e.g.
    /// `search.rfp_margin=90`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

impl EngineArgs {
    /// The options: the defaults, the parameter file, then the `--set` assignments in order.
    pub fn options(&self) -> Result<EngineOptions, CliError> {
        let mut options = EngineOptions::default();
        if let Some(path) = &self.params {
            crate::config::load_params_text(
                options.search.evaluator.params_mut(),
                crate::config::FULL,
                &read(path)?,
                &crate::config::tunable,
            )
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        }
        for assignment in &self.set {
            options.apply_token(assignment)?;
        }
        Ok(options)
    }
}

/// Reads a whole text file through [`crate::formats::read_text`]: a UTF-8 byte-order mark is
/// dropped, and a file that is not UTF-8 is read as Latin-1 with a warning on stderr.
pub fn read(path: &Path) -> Result<String, CliError> {
    let (text, encoding) =
        crate::formats::read_text(path).map_err(|e| CliError::Read(path.to_path_buf(), e))?;
    if encoding == crate::formats::Encoding::Latin1 {
        eprintln!(
            "warning: {} is not UTF-8: read as Latin-1 (ISO 8859-1)",
            path.display()
        );
    }
    Ok(text)
}

/// Writes a whole text file.
pub fn write(path: &Path, contents: &str) -> Result<(), CliError> {
    write_bytes(path, contents.as_bytes())
}

/// Writes a whole file.
pub fn write_bytes(path: &Path, contents: &[u8]) -> Result<(), CliError> {
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
            (_, Some(n), _) => crate::text::count(n as usize, "node"),
            (_, _, Some(ms)) => format!("{ms} ms"),
            _ => String::new(),
        };
        Ok(Some((limits, text)))
    }
}

/// Writes a file atomically (see [`crate::formats::write_atomic`]): an interrupted or failed
/// write leaves no partial file.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    crate::formats::write_atomic(path, contents).map_err(|e| CliError::Write(path.to_path_buf(), e))
}

/// Reports skipped input (one `warning:` line each on stderr, the first 20, then how many
/// more): a file's games that could not be read, with their number, lines and reason.
pub fn report_skipped(skipped: &[String]) {
    const SHOWN: usize = 20;
    for s in skipped.iter().take(SHOWN) {
        eprintln!("warning: {s}; skipped");
    }
    if skipped.len() > SHOWN {
        eprintln!("warning: {} more games skipped", skipped.len() - SHOWN);
    }
}

/// A progress bar of `len` steps drawn with `template` (an indicatif template).
pub fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
    bar
}

/// `Ok(value)` if it is at least 1, else an error naming the flag.
pub fn at_least_one(flag: &str, value: usize) -> Result<usize, CliError> {
    if value == 0 {
        return Err(CliError::Input(format!("{flag} must be at least 1")));
    }
    Ok(value)
}

/// `unknown <what> '<name>' (choose from: a, b, c)`.
pub fn unknown_name<'a>(
    what: &str,
    name: &str,
    choices: impl IntoIterator<Item = &'a str>,
) -> CliError {
    CliError::Input(format!(
        "unknown {what} '{name}' (choose from: {})",
        crate::text::name_list(choices)
    ))
}

/// Millions of nodes per second.
pub fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes as f64 / seconds.max(1e-9) / 1e6
}
