//! `chainmate-lab tune --method spsa`: SPSA ([`crate::tune::spsa`]) over named parameters, by game
//! pairs between two perturbed copies of a configuration.
//!
//! The parameters are tunables picked as for the genetic algorithm (`--genes`, `--range`,
//! `--exclude`); each starts at its value in `--config`. Every iteration plays one opening
//! twice, the plus engine with White first; `--concurrency` pairs are played at once (one
//! batch). The current values go to `--out` after every batch (`group.param = value`, for
//! `--set` or `setoption`), θ at full precision to `--checkpoint`, one CSV row per batch to
//! `--history`.

use chainmate::outln;
use std::path::Path;
use std::time::Instant;

use clap::Args;

use super::games::GeneticTuneArgs;
use super::{load_openings, progress_bar, read, write_atomic, CliError};
use crate::config::{self, LabOptions};
use crate::tournament::limit_text;
use crate::tune::games;
use crate::tune::genes::{params_text, weights_text};
use crate::tune::genetic::Gene;
use crate::tune::spsa::{self, Perturbation, SpsaParam, SpsaSettings, SpsaState};

/// The search parameters SPSA tunes when `--genes` is not given: the margins and reductions
/// of the engine's own selectivity (not the lab's depth switches, the move chains' settings or
/// the history cap).
pub const DEFAULT_GENES: [&str; 12] = [
    "search.aspiration_window",
    "search.rfp_margin",
    "search.nmp_eval_divisor",
    "search.futility_base",
    "search.futility_per_depth",
    "search.lmp_base",
    "search.see_quiet_margin",
    "search.see_capture_margin",
    "search.lmr_base",
    "search.lmr_divisor",
    "search.qs_delta_margin",
    "search.se_margin",
];

/// SPSA's own flags (the games and parameters are shared with `--method genetic`).
#[derive(Args, Debug, Clone)]
pub struct SpsaArgs {
    /// (spsa) Iterations: game pairs in all.
    #[arg(long, default_value_t = 1000)]
    pub iterations: usize,
    /// (spsa) The perturbation at the last iteration, as a share of each parameter's
    /// starting value (at least one step).
    #[arg(long, default_value_t = 0.1)]
    pub c_end: f64,
    /// (spsa) The learning rate at the last iteration, a_end / c_end² (Fishtest's default
    /// 0.002 suits tens of thousands of pairs; a short run needs more).
    #[arg(long, default_value_t = spsa::DEFAULT_R_END)]
    pub r_end: f64,
}

/// Runs `tune --method spsa`.
pub fn run_tune(
    args: &GeneticTuneArgs,
    spsa_args: &SpsaArgs,
    exclude: &[String],
    out: &Path,
) -> Result<(), CliError> {
    let (config, genes) = args.player_and_genes("default", &DEFAULT_GENES, exclude)?;
    let settings = settings(&config, genes, spsa_args, args)?;
    let games = args.games.to_games()?;
    let openings = load_openings(args.games.book.as_deref(), true, args.games.seed)?;
    if openings.is_empty() {
        return Err(CliError::Input("no opening to play from".into()));
    }
    let genes: Vec<Gene> = settings.params.iter().map(|p| p.gene.clone()).collect();
    // Both ends of every range must make a valid player before any game is played.
    games::check_ranges(&config, &genes)?;
    let mut state = initial_state(args, &settings)?;
    print_plan(&config, &settings, args);
    let mut history = String::from("iteration,results");
    for g in &genes {
        history.push_str(&format!(",{}", g.name));
    }
    history.push('\n');
    let bar = progress_bar(
        settings.iterations as u64,
        "spsa [{bar:30}] {pos}/{len} pairs, {elapsed_precise} (eta {eta}) {msg}",
    );
    bar.set_position(state.iteration as u64);
    let started = Instant::now();
    let mut failure = None;
    let mut play = |batch: &[Perturbation]| -> Vec<f64> {
        match games::play_pairs(&config, &genes, batch, &games, &openings) {
            Ok(results) => results,
            Err(e) => {
                failure.get_or_insert(e);
                vec![0.0; batch.len()]
            }
        }
    };
    let mut after = |s: &SpsaState| {
        bar.set_position(s.iteration as u64);
        let values = s.values(&settings);
        bar.set_message(weights_text(&genes, &values));
        history.push_str(&format!("{},{}", s.iteration, s.result_sum));
        for t in &s.theta {
            history.push_str(&format!(",{t:.3}"));
        }
        history.push('\n');
        let header = format!(
            "chainmate tune --method spsa on `{config}`: iteration {} of {}",
            s.iteration, settings.iterations
        );
        let mut writes = vec![(out, params_text(&genes, &values, &header))];
        if let Some(path) = &args.checkpoint {
            writes.push((path.as_path(), s.to_text(&settings)));
        }
        if let Some(path) = &args.history {
            writes.push((path.as_path(), history.clone()));
        }
        for (path, text) in writes {
            if let Err(e) = write_atomic(path, text.as_bytes()) {
                bar.println(format!("warning: {e}"));
            }
        }
    };
    // Nothing to play (a finished checkpoint): still write the values.
    if state.finished(&settings) {
        after(&state);
    }
    state = spsa::run(&settings, state, &mut play, &mut after);
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e.into());
    }
    outln!(
        "{} in {:.0} s; plus minus minus, summed: {:+}",
        chainmate::text::count(settings.iterations, "pair"),
        started.elapsed().as_secs_f64(),
        state.result_sum
    );
    for (p, v) in settings.params.iter().zip(state.values(&settings)) {
        outln!(
            "  {} = {} (from {})",
            p.gene.name,
            p.gene.text(v),
            p.gene.text(p.start)
        );
    }
    outln!("wrote {}", out.display());
    Ok(())
}

/// The state to start from: `--resume`'s checkpoint, or iteration 0.
fn initial_state(args: &GeneticTuneArgs, settings: &SpsaSettings) -> Result<SpsaState, CliError> {
    let Some(path) = &args.resume else {
        return Ok(SpsaState::new(settings));
    };
    let state = SpsaState::from_text(&read(path)?, settings)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    outln!(
        "resumed from {} at iteration {}",
        path.display(),
        state.iteration
    );
    Ok(state)
}

/// Prints what the run will do: iterations, limits and each parameter's start and range.
fn print_plan(config: &str, settings: &SpsaSettings, args: &GeneticTuneArgs) {
    outln!(
        "SPSA on `{config}`: {} (game pairs), {}, {} at once, r_end {}, seed {}",
        chainmate::text::count(settings.iterations, "iteration"),
        limit_text(args.games.tc, args.games.nodes),
        chainmate::text::count(settings.batch, "pair"),
        settings.r_end,
        settings.seed
    );
    for p in &settings.params {
        outln!(
            "  {} from {} in [{}, {}], c_end {:.2}",
            p.gene.name,
            p.gene.text(p.start),
            p.gene.text(p.gene.low),
            p.gene.text(p.gene.high),
            p.c_end
        );
    }
}

/// The run's settings: each parameter starts at its value in `config`.
fn settings(
    config: &str,
    genes: Vec<Gene>,
    spsa_args: &SpsaArgs,
    args: &GeneticTuneArgs,
) -> Result<SpsaSettings, CliError> {
    super::at_least_one("--iterations", spsa_args.iterations)?;
    for (flag, v) in [("--c-end", spsa_args.c_end), ("--r-end", spsa_args.r_end)] {
        if !(v.is_finite() && v > 0.0) {
            return Err(CliError::Input(format!("{flag} must be a positive number")));
        }
    }
    let options = LabOptions::from_spec(config, &[])?;
    let params = genes
        .into_iter()
        .map(|gene| {
            let t = config::tunable(&gene.name).expect("genes are tunables");
            let start = options
                .get(&gene.name)
                .and_then(|text| t.parse(&text).ok())
                .unwrap_or(t.default);
            let start = gene.quantize(start);
            SpsaParam::new(gene, start, spsa_args.c_end)
        })
        .collect();
    Ok(SpsaSettings {
        params,
        iterations: spsa_args.iterations,
        r_end: spsa_args.r_end,
        batch: args.games.concurrency.max(1),
        seed: args.games.seed,
    })
}
