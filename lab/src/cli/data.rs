//! `chainmate-lab data`: the training data of `data/` — `stats` (totals, every chunk checked
//! against the table of `data/README.md`; [`crate::data`]).

use chainmate::outln;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::CliError;
use crate::data::stats;
use chainmate::text::JsonObject;

/// Data commands.
#[derive(Subcommand, Debug)]
pub enum DataCommand {
    /// Totals of the data (games, positions, teacher-scored positions, chunks, bytes), each
    /// chunk checked against its row of the README's table: its SHA-256, every game legal,
    /// its counts. Exits with 1 on any problem.
    Stats(StatsArgs),
}

/// Arguments of `data stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The data folder (its README.md holds the chunk table), or the README itself.
    #[arg(default_value = "data")]
    pub path: PathBuf,
    /// One JSON object: games, positions, holdout_positions, teacher_positions, chunks,
    /// bytes, checksums_ok, problems.
    #[arg(long)]
    pub json: bool,
}

/// Runs a data command.
pub fn run(command: &DataCommand) -> Result<(), CliError> {
    match command {
        DataCommand::Stats(args) => run_stats(args),
    }
}

/// The README of a data folder, or the file given.
pub fn readme_of(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join("README.md")
    } else {
        path.to_path_buf()
    }
}

fn run_stats(args: &StatsArgs) -> Result<(), CliError> {
    let readme = readme_of(&args.path);
    let s = stats::check(&readme).map_err(CliError::Input)?;
    if args.json {
        let problems = s.problems.iter().map(|p| chainmate::text::json_string(p));
        let object = JsonObject::new()
            .int("games", s.games)
            .int("positions", s.positions)
            .int("holdout_positions", s.holdout_positions)
            .int("teacher_positions", s.teacher_positions)
            .int("chunks", s.chunks)
            .int("bytes", s.bytes)
            .boolean("checksums_ok", s.checksums_ok)
            .array("problems", problems);
        outln!("{object}");
    } else {
        let count = chainmate::text::count;
        outln!(
            "{}: {}, {} ({} held out), {} scored by a teacher; {}, {:.1} MB",
            readme.display(),
            count(s.games, "game"),
            count(s.positions, "position"),
            s.holdout_positions,
            s.teacher_positions,
            count(s.chunks, "chunk"),
            s.bytes as f64 / 1e6
        );
        for problem in &s.problems {
            outln!("problem: {problem}");
        }
        if s.problems.is_empty() {
            outln!("every chunk matches its row (SHA-256, games, counts)");
        }
    }
    if !s.problems.is_empty() {
        return Err(CliError::CheckFailed(format!(
            "{} in {}",
            count_problems(s.problems.len()),
            readme.display()
        )));
    }
    Ok(())
}

fn count_problems(n: usize) -> String {
    chainmate::text::count(n, "problem")
}
