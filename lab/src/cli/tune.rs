//! `chainmate-lab tune`: fit an evaluator's parameters to game results (Texel's method), or learn
//! weights by games between agents (`--method genetic`: [`super::genetic`]), or tune named
//! parameters by SPSA (`--method spsa`: [`super::spsa`]).

use chainmate::outln;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::{at_least_one, read, write, CliError, EvaluatorArgs};
use crate::eval::param_set::ParamSet;
use crate::eval::Evaluator;
use crate::tune::texel;

/// How to tune.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Texel's method: minimise the error of the evaluation against game results (`--data`).
    Texel,
    /// Paper 000's genetic algorithm: agents play round robins, the fittest breed.
    Genetic,
    /// Texel's objective by gradient descent (Adam) on traced feature counts; for
    /// `full`, whose evaluation is linear in its weights.
    Gradient,
    /// SPSA over named parameters (the search's margins and reductions by default), by game
    /// pairs between two perturbed engines.
    Spsa,
}

/// Arguments of `tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Texel's method on labelled data, or paper 000's genetic algorithm on games.
    #[arg(long, value_enum, default_value = "texel")]
    pub method: Method,
    /// (texel) Labelled positions, `board side castling ep c9 "<result>";`: `--data A B` or
    /// `--data A --data B`.
    #[arg(long = "data", num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// The evaluator to tune and a parameter file to start from.
    #[command(flatten)]
    pub evaluator: EvaluatorArgs,
    /// Where to write the tuned parameters (`name = value`).
    #[arg(long)]
    pub out: PathBuf,
    /// Maximum rounds over all parameters (texel), or passes over the data (gradient).
    #[arg(long, default_value_t = 30)]
    pub rounds: usize,
    /// (gradient) Adam's step in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// (gradient) The share λ of the game's result in the training target, the rest being
    /// the search's score of the position (`ce`, as `chainmate-lab datagen` writes it) through
    /// the same sigmoid: `λ·result + (1 − λ)·σ(score)`. 1 fits the results alone. The
    /// held-out error is always against the results, so runs with different blends compare.
    #[arg(long, default_value_t = 1.0, value_parser = share)]
    pub blend: f64,
    /// (gradient) The weight μ of an L2 penalty `μ·Σ(w − w₀)²` that holds each weight near
    /// its starting value (0: none): rare features then move only as far as their few
    /// positions have evidence for. 1e-8 frees features seen in more than about 1 % of
    /// positions.
    #[arg(long, default_value_t = 0.0, value_parser = non_negative)]
    pub l2: f64,
    /// (gradient) The training data of data/ instead of --data: this README's self-play
    /// chunks (its positions as docs/tuning.md says), the held-out chunks as the held-out
    /// set (the error reported against their results).
    #[arg(long, value_name = "README", conflicts_with = "data")]
    pub viri: Option<PathBuf>,
    /// (gradient, with --viri) The teacher whose chunks give the teacher's scores (its folder
    /// under data/teacher/, e.g. sf11-d8).
    #[arg(long, requires = "viri")]
    pub teacher: Option<String>,
    /// (gradient) The teacher's share τ of the target: `λ·result + τ·σ_t(teacher) + (1 − λ −
    /// τ)·σ(score)`, σ_t with the teacher's own fitted scale; λ + τ at most 1.
    #[arg(long, default_value_t = 0.0, value_parser = share, requires = "teacher")]
    pub teacher_blend: f64,
    /// (gradient, with --teacher-blend) The result's share λu of the target of a position the
    /// teacher did not score, the rest our score's: `λu·result + (1 − λu)·σ(score)`. Without
    /// it such a position shares τ out between the other two in their proportion (all to the
    /// result when λ + τ = 1).
    #[arg(long, value_name = "SHARE", value_parser = share, requires = "teacher")]
    pub untaught_blend: Option<f64>,
    /// (gradient, with --teacher) Fit only the self-play chunks the teacher scored, leaving
    /// the others out (the set the refits of docs/tuning.md were made on while the data grew
    /// past its labels).
    #[arg(long, requires = "teacher", conflicts_with = "untaught_blend")]
    pub taught_only: bool,
    /// (gradient, with --viri) Keep every N-th training position (memory: about 600 bytes a
    /// traced position).
    #[arg(long, default_value_t = 1)]
    pub every: usize,
    /// (gradient) Minutes between the --checkpoint writes of the run's state (Adam's moments,
    /// the weights at full precision; also at the end); data/tune/ keeps it across machines.
    #[arg(long, default_value_t = 10)]
    pub checkpoint_minutes: u64,
    /// Threads for error evaluation.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Use only the first N samples.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Sigmoid scale K (fitted when absent).
    #[arg(long)]
    pub k: Option<f64>,
    /// Parameters to leave alone: full names, or prefixes ending in `*` (repeatable).
    #[arg(long)]
    pub exclude: Vec<String>,
    /// The genetic algorithm's settings (with `--method genetic`; the games and parameters
    /// also serve `--method spsa`).
    #[command(flatten)]
    pub genetic: super::games::GeneticTuneArgs,
    /// SPSA's settings (with `--method spsa`).
    #[command(flatten)]
    pub spsa: super::spsa::SpsaArgs,
}

/// A number from 0 to 1, as `--blend` takes it.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// A penalty's weight: a finite number, 0 or more (a negative one would push weights away).
fn non_negative(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!("'{text}' is not a number of 0 or more")),
    }
}

/// Reads every data file's labelled positions (the first `limit`).
fn samples(args: &TuneArgs) -> Result<Vec<texel::Sample>, CliError> {
    let mut samples = Vec::new();
    for path in &args.data {
        let (mut s, skipped) = texel::parse_samples(&read(path)?);
        if skipped > 0 {
            eprintln!("{}: {skipped} unreadable lines skipped", path.display());
        }
        samples.append(&mut s);
    }
    if let Some(limit) = args.limit {
        samples.truncate(limit);
    }
    Ok(samples)
}

/// The training and held-out samples of a data README: the self-play chunks' positions
/// (every `--every`-th), with their teacher's scores under `--teacher`, and the held-out
/// chunks' (all of them).
fn viri_samples(
    args: &TuneArgs,
    readme: &std::path::Path,
) -> Result<(Vec<texel::Sample>, Vec<texel::Sample>), CliError> {
    use crate::data::manifest::{self, Kind};
    use crate::data::{chunk, positions};
    at_least_one("--every", args.every)?;
    let rows = manifest::parse(&read(readme)?)
        .map_err(|e| CliError::Input(format!("{}: {e}", readme.display())))?;
    let dir = readme.parent().unwrap_or(std::path::Path::new("."));
    let chooser = crate::config::LabOptions::default().search_config();
    let (mut train, mut validation) = (Vec::new(), Vec::new());
    let bad = |e: chunk::ChunkError| CliError::Input(e.to_string());
    for row in rows.iter().filter(|r| r.kind != Kind::Teacher) {
        let teacher_row = args.teacher.as_ref().and_then(|name| {
            rows.iter().find(|t| {
                t.of.as_deref() == Some(row.file.as_str())
                    && t.file.starts_with(&format!("teacher/{name}/"))
            })
        });
        if args.taught_only && row.kind != Kind::Holdout && teacher_row.is_none() {
            continue;
        }
        let games = chunk::read_games(&dir.join(&row.file)).map_err(bad)?;
        let scored = teacher_row
            .map(|t| {
                let path = dir.join(&t.file);
                let scored = chunk::read_games(&path).map_err(bad)?;
                positions::check_parallel(&games, &scored, &path).map_err(bad)?;
                Ok::<_, CliError>(scored)
            })
            .transpose()?;
        let found = positions::samples(
            &games,
            scored.as_deref(),
            positions::Filter::default(),
            &chooser,
            args.threads,
        );
        if row.kind == Kind::Holdout {
            validation.extend(found);
        } else {
            train.extend(found.into_iter().step_by(args.every));
        }
    }
    if let Some(limit) = args.limit {
        train.truncate(limit);
    }
    if train.is_empty() || validation.is_empty() {
        return Err(CliError::Input(format!(
            "{}: {} training and {} held-out positions; a fit needs both",
            readme.display(),
            train.len(),
            validation.len()
        )));
    }
    Ok((train, validation))
}

/// Runs `tune`.
pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    at_least_one("--threads", args.threads)?;
    if args.method == Method::Genetic {
        return super::genetic::run_tune(&args.genetic, &args.exclude, &args.out);
    }
    if args.method == Method::Spsa {
        return super::spsa::run_tune(&args.genetic, &args.spsa, &args.exclude, &args.out);
    }
    if let Some(readme) = &args.viri {
        if args.method != Method::Gradient {
            return Err(CliError::Input(
                "--viri is read by --method gradient".into(),
            ));
        }
        let (train, validation) = viri_samples(args, readme)?;
        let evaluator = args.evaluator.build()?;
        return run_gradient(args, evaluator, &train, &validation);
    }
    if args.data.is_empty() {
        return Err(CliError::Input(
            "Texel's method needs labelled positions: --data FILE (or --method genetic)".into(),
        ));
    }
    let samples = samples(args)?;
    if samples.is_empty() {
        return Err(CliError::Input(
            "no usable labelled position in the data (expected lines like \
             'board side castling ep c9 \"1-0\";'); nothing tuned, nothing written"
                .into(),
        ));
    }
    let held_out = samples.len() / 10;
    let (train, validation) = samples.split_at(samples.len() - held_out);
    let mut evaluator = args.evaluator.build()?;
    if args.method == Method::Gradient {
        return run_gradient(args, evaluator, train, validation);
    }
    outln!(
        "{} training and {} held-out positions; tuning {}",
        train.len(),
        validation.len(),
        evaluator.name()
    );
    let start = Instant::now();
    let k = args
        .k
        .unwrap_or_else(|| texel::fit_k(&evaluator, train, args.threads));
    outln!(
        "K = {k:.4}; starting error: train {:.6}  held-out {:.6}",
        texel::mean_error(&evaluator, train, k, args.threads),
        texel::mean_error(&evaluator, validation, k, args.threads)
    );
    let settings = texel::TuneSettings {
        k: Some(k),
        rounds: args.rounds,
        threads: args.threads,
        exclude: args.exclude.clone(),
    };
    texel::tune(&mut evaluator, train, validation, &settings, |r, e| {
        outln!("{r}  [{:.0} s]", start.elapsed().as_secs_f64());
        // Saved after every round, so a long run can be stopped at any time.
        if let Err(err) = write(&args.out, &e.params().to_text()) {
            eprintln!("warning: {err}");
        }
    });
    write(&args.out, &evaluator.params().to_text())?;
    outln!("wrote {}", args.out.display());
    Ok(())
}

/// `tune --method gradient`: traces every position once, then Adam on the exact gradient.
fn run_gradient(
    args: &TuneArgs,
    evaluator: crate::eval::AnyEvaluator,
    train: &[texel::Sample],
    validation: &[texel::Sample],
) -> Result<(), CliError> {
    use crate::tune::gradient;
    let crate::eval::AnyEvaluator::Full(mut full) = evaluator else {
        return Err(CliError::Input(format!(
            "--method gradient needs an evaluator linear in its weights (full), not {}",
            evaluator.name()
        )));
    };
    let start = Instant::now();
    let resumed = resumed_state(args, train.len())?;
    let any = crate::eval::AnyEvaluator::Full(full.clone());
    let k = match (&resumed, args.k) {
        (Some(state), _) => state.k,
        (None, Some(k)) => k,
        (None, None) => texel::fit_k(&any, train, args.threads),
    };
    let mut train_set = gradient::Dataset::new(&full, train, args.threads);
    let validation_set = gradient::Dataset::new(&full, validation, args.threads);
    let scored = train.iter().filter(|s| s.score.is_some()).count();
    let taught = train.iter().filter(|s| s.teacher.is_some()).count();
    let k_teacher = set_target(args, &mut train_set, train, k)?;
    outln!(
        "{} training and {} held-out positions traced in {:.0} s ({scored} with a search \
         score, {} with a teacher's); K = {k:.4}{}; blend λ = {}, τ = {}{}; starting error: \
         train {:.6}  held-out {:.6} (against the results)",
        train_set.len(),
        validation_set.len(),
        start.elapsed().as_secs_f64(),
        taught,
        k_teacher
            .map(|kt| format!(", teacher's K = {kt:.4}"))
            .unwrap_or_default(),
        args.blend,
        args.teacher_blend,
        args.untaught_blend
            .map(|lu| format!(" (untaught: λu = {lu})"))
            .unwrap_or_default(),
        gradient::dataset_error(&full, &train_set, k, args.threads),
        gradient::dataset_result_error(&full, &validation_set, k, args.threads),
    );
    let settings = gradient::GradientSettings {
        k,
        epochs: args.rounds,
        rate: args.rate,
        threads: args.threads,
        exclude: args.exclude.clone(),
        report_every: (args.rounds / 20).max(1),
        l2: args.l2,
    };
    let state = match resumed {
        Some(state) => {
            outln!("resumed from pass {} of {}", state.epoch, args.rounds);
            state
        }
        None => gradient::GradientState::new(gradient::real(&full), k, train_set.len()),
    };
    fit_with_checkpoints(
        args,
        &mut full,
        state,
        &train_set,
        &validation_set,
        &settings,
    )?;
    write(&args.out, &full.weights().to_text())?;
    outln!("wrote {}", args.out.display());
    Ok(())
}

/// The checkpoint `--resume` names, checked against the training data's size.
fn resumed_state(
    args: &TuneArgs,
    positions: usize,
) -> Result<Option<crate::tune::gradient::GradientState>, CliError> {
    let Some(path) = &args.genetic.resume else {
        return Ok(None);
    };
    let state =
        crate::tune::gradient::GradientState::from_text(&read(path)?, crate::eval::full::idx::LEN)
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    if state.positions != positions {
        return Err(CliError::Input(format!(
            "the checkpoint fits {} training positions, these data give {positions}: resume \
             with the data and settings it was made with",
            state.positions
        )));
    }
    Ok(Some(state))
}

/// Sets the training target from `--blend` and `--teacher-blend`; returns the teacher's
/// fitted scale when the teacher has a share.
fn set_target(
    args: &TuneArgs,
    data: &mut crate::tune::gradient::Dataset,
    train: &[texel::Sample],
    k: f64,
) -> Result<Option<f64>, CliError> {
    if args.blend + args.teacher_blend > 1.0 + 1e-9 {
        return Err(CliError::Input(format!(
            "--blend {} and --teacher-blend {} add up to more than 1",
            args.blend, args.teacher_blend
        )));
    }
    if args.blend < 1.0 && train.iter().all(|s| s.score.is_none()) {
        return Err(CliError::Input(
            "--blend below 1 needs search scores in the data (`ce` operations, as \
             `chainmate-lab datagen` writes them, or --viri)"
                .into(),
        ));
    }
    if args.untaught_blend.is_some() && args.teacher_blend == 0.0 {
        return Err(CliError::Input(
            "--untaught-blend sets the target of positions the teacher did not score: it \
             needs --teacher-blend above 0"
                .into(),
        ));
    }
    if args.teacher_blend > 0.0 {
        let taught: Vec<(f64, f64)> = train
            .iter()
            .filter_map(|s| Some((s.teacher?, s.result)))
            .collect();
        if taught.is_empty() {
            return Err(CliError::Input(
                "--teacher-blend needs teacher scores (--viri with --teacher)".into(),
            ));
        }
        let kt = crate::data::error::fit_k(&taught, args.threads);
        let shares = (args.blend, args.teacher_blend, args.untaught_blend);
        data.blend_teacher(train, shares, k, kt);
        return Ok(Some(kt));
    }
    if args.blend < 1.0 {
        data.blend(train, args.blend, k);
    }
    Ok(None)
}

/// The passes from `state` on, the weights written to `--out` at each report, the state to
/// `--checkpoint` every `--checkpoint-minutes` and at the end.
fn fit_with_checkpoints(
    args: &TuneArgs,
    full: &mut crate::eval::full::Full,
    state: crate::tune::gradient::GradientState,
    train: &crate::tune::gradient::Dataset,
    validation: &crate::tune::gradient::Dataset,
    settings: &crate::tune::gradient::GradientSettings,
) -> Result<(), CliError> {
    use crate::tune::gradient::{self, GradientState};
    let start = Instant::now();
    let every = std::time::Duration::from_secs(args.checkpoint_minutes.max(1) * 60);
    let mut saved_at = Instant::now();
    let mut last: Option<GradientState> = None;
    let save = |state: &GradientState| -> Result<(), CliError> {
        match &args.genetic.checkpoint {
            Some(path) => chainmate::formats::write_atomic(path, state.to_text().as_bytes())
                .map_err(|e| CliError::Write(path.clone(), e)),
            None => Ok(()),
        }
    };
    gradient::tune_from(
        full,
        state,
        train,
        validation,
        settings,
        |p, e| {
            outln!(
                "pass {:>5}: train {:.6}  held-out {:.6}  [{:.0} s]",
                p.epoch,
                p.train,
                p.validation,
                start.elapsed().as_secs_f64()
            );
            if let Err(err) = write(&args.out, &e.weights().to_text()) {
                eprintln!("warning: {err}");
            }
        },
        |state| {
            // The clock decides only when a state is kept, never what the run computes.
            if saved_at.elapsed() >= every {
                saved_at = Instant::now();
                if let Err(err) = save(state) {
                    eprintln!("warning: {err}");
                }
            }
            last = Some(state.clone());
        },
    );
    match &last {
        Some(state) => save(state),
        None => Ok(()),
    }
}
