//! `chainmate-lab data`: the training data of `data/` — `stats` (totals, every chunk checked
//! against the table of `data/README.md`; [`crate::data`]) and `label` (a teacher's scores of
//! chunks, [`crate::data::teacher`]).

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
    /// Score every position of chunks by a stronger engine through UCI, at a fixed depth or
    /// node count, into parallel teacher chunks (the same games, the teacher's scores),
    /// each listed in the README's table as it is written.
    Label(LabelArgs),
    /// The evaluation error: the mean squared difference in win probability between our
    /// quiescence score and the teacher's on the held-out chunks' positions, overall, by
    /// phase and by material balance (docs/tuning.md).
    Error(ErrorArgs),
}

/// Arguments of `data error`.
#[derive(Args, Debug)]
pub struct ErrorArgs {
    /// The README whose table lists the held-out chunks and their teachers' chunks.
    #[arg(long, default_value = "data/README.md")]
    pub manifest: PathBuf,
    /// The teacher (its folder under data/teacher/); default: the first that scored each
    /// held-out chunk.
    #[arg(long)]
    pub teacher: Option<String>,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// One JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The evaluation measured: evaluator, parameter file, `--set` assignments.
    #[command(flatten)]
    pub engine: super::EngineArgs,
}

/// Arguments of `data label`.
#[derive(Args, Debug)]
pub struct LabelArgs {
    /// The chunks to label (each one listed in the README's table); one already labelled by
    /// this teacher is skipped, so the same command resumes.
    #[arg(required = true)]
    pub chunks: Vec<PathBuf>,
    /// The teacher's command line (an engine on the PATH after ../shared/anchors/build.sh:
    /// stockfish-11, ethereal-12.00).
    #[arg(long)]
    pub teacher: String,
    /// The teacher's folder under data/teacher/ (e.g. sf11-d8).
    #[arg(long)]
    pub name: String,
    /// Depth of each search.
    #[arg(long, required_unless_present = "nodes", conflicts_with = "nodes")]
    pub depth: Option<i32>,
    /// Nodes of each search.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Processes of the teacher, a game at a time each.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// The teacher's table, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// The README whose table lists the chunks (the teacher chunks go into its folder's
    /// teacher/NAME/, mirroring the chunks' paths).
    #[arg(long, default_value = "data/README.md")]
    pub manifest: PathBuf,
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
        DataCommand::Label(args) => run_label(args),
        DataCommand::Error(args) => run_error(args),
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

fn run_label(args: &LabelArgs) -> Result<(), CliError> {
    use crate::data::{self, chunk, manifest, teacher};
    super::at_least_one("--concurrency", args.concurrency)?;
    let text = super::read(&args.manifest)?;
    let rows = manifest::parse(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", args.manifest.display())))?;
    let dir = args.manifest.parent().unwrap_or(Path::new("."));
    let limits = match (args.depth, args.nodes) {
        (Some(d), _) => crate::search::Limits::depth(d),
        (None, Some(n)) => crate::search::Limits::nodes(n),
        (None, None) => unreachable!("clap requires one"),
    };
    let (limit_text, limit_arg) = match (args.depth, args.nodes) {
        (Some(d), _) => (format!("depth {d}"), format!("--depth {d}")),
        (_, n) => {
            let n = n.unwrap_or_default();
            (format!("{n} nodes"), format!("--nodes {n}"))
        }
    };
    let teacher = teacher::Teacher {
        spec: crate::tournament::ExternalSpec::new(args.teacher.clone(), Vec::new()),
        limits,
        hash_mb: args.hash,
    };
    for path in &args.chunks {
        let file = data::relative_to(path, dir);
        let row = rows.iter().find(|r| r.file == file).ok_or_else(|| {
            CliError::Input(format!(
                "{file}: not in the table of {}",
                args.manifest.display()
            ))
        })?;
        if row.kind == manifest::Kind::Teacher {
            return Err(CliError::Input(format!(
                "{file} is a teacher chunk already"
            )));
        }
        let out = dir.join("teacher").join(&args.name).join(&file);
        if out.exists() {
            outln!("{}: there already; skipped", out.display());
            continue;
        }
        let games = chunk::read_games(path).map_err(|e| CliError::Input(e.to_string()))?;
        let total: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
        let bar = super::progress_bar(
            total,
            "{bar:30} {pos}/{len} positions  [{elapsed} / ~{duration}]",
        );
        let started = std::time::Instant::now();
        let (labelled, name) =
            teacher::label(&games, &teacher, args.concurrency, |n| bar.set_position(n))
                .map_err(|e| CliError::Input(e.to_string()))?;
        bar.finish_and_clear();
        let bytes = chunk::bytes_of(&labelled);
        let counts = chunk::Counts::of(&labelled);
        let command = format!(
            "chainmate-lab data label {} --teacher {} --name {} {limit_arg} --concurrency {} --hash {} --manifest {}",
            path.display(),
            args.teacher,
            args.name,
            args.concurrency,
            args.hash,
            args.manifest.display()
        );
        let info = data::ChunkInfo {
            kind: manifest::Kind::Teacher,
            of: Some(file.clone()),
            seed: row.seed,
            engine: format!("{name}, {limit_text}"),
            command,
        };
        data::commit_chunk(&out, &bytes, counts, info, Some(&args.manifest))
            .map_err(CliError::Input)?;
        let seconds = started.elapsed().as_secs_f64();
        outln!(
            "{}: {} of {} positions scored in {seconds:.0} s ({:.0} a second)",
            out.display(),
            counts.scored,
            counts.positions,
            counts.scored as f64 / seconds.max(1e-3)
        );
    }
    Ok(())
}

/// The held-out chunks of a table with their teacher's chunks: `(holdout, teacher)` paths.
pub fn holdout_pairs(
    manifest: &Path,
    teacher: Option<&str>,
) -> Result<Vec<(PathBuf, PathBuf)>, CliError> {
    use crate::data::manifest::{self, Kind};
    let text = super::read(manifest)?;
    let rows = manifest::parse(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", manifest.display())))?;
    let dir = manifest.parent().unwrap_or(Path::new("."));
    let mut pairs = Vec::new();
    for holdout in rows.iter().filter(|r| r.kind == Kind::Holdout) {
        let scored = rows.iter().find(|r| {
            r.kind == Kind::Teacher
                && r.of.as_deref() == Some(holdout.file.as_str())
                && teacher.is_none_or(|t| r.file.starts_with(&format!("teacher/{t}/")))
        });
        if let Some(t) = scored {
            pairs.push((dir.join(&holdout.file), dir.join(&t.file)));
        }
    }
    if pairs.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no held-out chunk with a teacher's chunk{}",
            manifest.display(),
            teacher
                .map(|t| format!(" from teacher/{t}/"))
                .unwrap_or_default()
        )));
    }
    Ok(pairs)
}

fn run_error(args: &ErrorArgs) -> Result<(), CliError> {
    use crate::data::{chunk, error, positions};
    super::at_least_one("--threads", args.threads)?;
    let config = args.engine.options(&[])?.search_config();
    // The positions are chosen by the engine's own evaluation, whatever is measured, so that
    // every evaluation is measured on the same positions.
    let chooser = crate::config::LabOptions::default().search_config();
    let mut samples = Vec::new();
    let pairs = holdout_pairs(&args.manifest, args.teacher.as_deref())?;
    for (holdout, teacher) in &pairs {
        let games = chunk::read_games(holdout).map_err(|e| CliError::Input(e.to_string()))?;
        let scored = chunk::read_games(teacher).map_err(|e| CliError::Input(e.to_string()))?;
        positions::check_parallel(&games, &scored, teacher)
            .map_err(|e| CliError::Input(e.to_string()))?;
        samples.extend(positions::samples(
            &games,
            Some(&scored),
            positions::Filter::default(),
            &chooser,
            args.threads,
        ));
    }
    let report = error::evaluation_error(&samples, &config, args.threads);
    let files: Vec<String> = pairs
        .iter()
        .map(|(h, t)| format!("{} ({})", h.display(), t.display()))
        .collect();
    if args.json {
        let buckets = |names: &[(&str, u32)], b: &[error::Bucket]| {
            names
                .iter()
                .zip(b)
                .map(|((name, _), b)| {
                    JsonObject::new()
                        .string("class", name)
                        .int("positions", b.positions)
                        .float("error", b.error)
                        .render()
                })
                .collect::<Vec<_>>()
        };
        let object = JsonObject::new()
            .int("positions", report.overall.positions)
            .float("error", report.overall.error)
            .float("k_ours", report.k_ours)
            .float("k_teacher", report.k_teacher)
            .float("result_error", report.result_error)
            .array("by_phase", buckets(&error::PHASES, &report.by_phase))
            .array(
                "by_material",
                buckets(&error::MATERIAL, &report.by_material),
            )
            .array(
                "by_concept",
                error::CONCEPTS
                    .iter()
                    .zip(&report.by_concept)
                    .map(|(&(group, class), b)| {
                        JsonObject::new()
                            .string("group", group)
                            .string("class", class)
                            .int("positions", b.positions)
                            .float("error", b.error)
                            .render()
                    })
                    .collect::<Vec<_>>(),
            )
            .array(
                "chunks",
                files.iter().map(|f| chainmate::text::json_string(f)),
            );
        outln!("{object}");
        return Ok(());
    }
    outln!(
        "evaluation error {:.6} on {} held-out positions: {}",
        report.overall.error,
        report.overall.positions,
        files.join(", ")
    );
    outln!(
        "K ours {:.4}, teacher {:.4}; Texel's error of our quiescence score against the results {:.6}",
        report.k_ours,
        report.k_teacher,
        report.result_error
    );
    outln!();
    outln!("| phase | positions | error |");
    outln!("| --- | ---: | ---: |");
    for ((name, _), b) in error::PHASES.iter().zip(&report.by_phase) {
        outln!("| {name} | {} | {:.6} |", b.positions, b.error);
    }
    outln!();
    outln!("| material | positions | error |");
    outln!("| --- | ---: | ---: |");
    for ((name, _), b) in error::MATERIAL.iter().zip(&report.by_material) {
        outln!("| {name} | {} | {:.6} |", b.positions, b.error);
    }
    outln!();
    outln!("| concept | class | positions | error |");
    outln!("| --- | --- | ---: | ---: |");
    for ((group, class), b) in error::CONCEPTS.iter().zip(&report.by_concept) {
        outln!("| {group} | {class} | {} | {:.6} |", b.positions, b.error);
    }
    Ok(())
}
