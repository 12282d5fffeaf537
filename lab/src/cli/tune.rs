//! `chainmate tune`: fit an evaluator's parameters to game results (Texel's method), or learn
//! weights by games between agents (`--method genetic`: [`super::genetic`]), or tune named
//! parameters by SPSA (`--method spsa`: [`super::spsa`]).

use chainmate::outln;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::{at_least_one, read, write, CliError, EvaluatorArgs};
use crate::eval::params::ParamSet;
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
    /// the search's score of the position (`ce`, as `chainmate datagen` writes it) through
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

/// Runs `tune`.
pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    at_least_one("--threads", args.threads)?;
    if args.method == Method::Genetic {
        return super::genetic::run_tune(&args.genetic, &args.exclude, &args.out);
    }
    if args.method == Method::Spsa {
        return super::spsa::run_tune(&args.genetic, &args.spsa, &args.exclude, &args.out);
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
    let any = crate::eval::AnyEvaluator::Full(full.clone());
    let k = args
        .k
        .unwrap_or_else(|| texel::fit_k(&any, train, args.threads));
    let mut train_set = gradient::Dataset::new(&full, train, args.threads);
    let validation_set = gradient::Dataset::new(&full, validation, args.threads);
    let scored = train.iter().filter(|s| s.score.is_some()).count();
    if args.blend < 1.0 {
        if scored == 0 {
            return Err(CliError::Input(
                "--blend below 1 needs search scores in the data (`ce` operations, as \
                 `chainmate datagen` writes them)"
                    .into(),
            ));
        }
        train_set.blend(train, args.blend, k);
    }
    outln!(
        "{} training and {} held-out positions traced in {:.0} s ({scored} with a search \
         score); K = {k:.4}; blend λ = {}; starting error: train {:.6}  held-out {:.6} \
         (against the results)",
        train_set.len(),
        validation_set.len(),
        start.elapsed().as_secs_f64(),
        args.blend,
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
    gradient::tune(&mut full, &train_set, &validation_set, &settings, |p, e| {
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
    });
    write(&args.out, &full.weights().to_text())?;
    outln!("wrote {}", args.out.display());
    Ok(())
}
