//! Paper 000's genetic weight learning on the command line: `chainmate-lab tune --method genetic`
//! (one run: [`run_tune`]) and `chainmate-lab experiment genetic` (the paper's three conditions
//! and the final round robin that produced Table 3: [`run_experiment`]). The algorithm and its
//! games are [`crate::tune::games::run_genetic`]'s; this file shows progress, resumes from and
//! writes checkpoints, and prints the tables.

use chainmate::outln;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use indicatif::ProgressBar;

use super::games::{GaArgs, GamesArgs, GeneticTuneArgs, SelectionArg};
use super::{load_openings, progress_bar, read, write_atomic, CliError};
use crate::tournament::limit_text;
use crate::tournament::openings::Opening;
use crate::tune::games::{self, GaProgress, GamesError, TuneGames};
use crate::tune::genes::{self, params_text, weights_text};
use crate::tune::genetic::{self, GaSettings, GaState, Gene, Selection};

/// The paper's genes: the three weights of `weighted`.
pub const PAPER_GENES: [&str; 3] = ["weighted.c_mat", "weighted.c_pos", "weighted.c_threat"];
/// Table 3: the weights the paper's final round robin found best.
pub const PAPER_TABLE3: [f64; 3] = [9.752, 0.111, 3.530];
/// The hand-made weights (Zach's, paper 000) that joined the final round robin.
pub const HANDMADE: [f64; 3] = [1.0, 0.02, 0.05];

/// One GA run as the command line sees it: a name for its messages, and its checkpoint.
struct GaJob<'a> {
    /// Its name in progress bars and messages.
    label: String,
    /// The player the genes are added to (`base`, `pruning`, …).
    config: String,
    /// The algorithm's settings.
    settings: GaSettings,
    /// The games.
    games: &'a TuneGames,
    /// The openings, in order.
    openings: &'a [Opening],
    /// Written after every generation.
    checkpoint: Option<PathBuf>,
    /// Read first, if given (an error if it does not exist).
    resume: Option<PathBuf>,
}

impl From<GamesError> for CliError {
    fn from(e: GamesError) -> Self {
        match e {
            GamesError::Config(e) => CliError::Config(e),
            GamesError::Settings(message) => CliError::Input(message),
        }
    }
}

/// Runs one GA job to the end (from its checkpoint if resuming) with a progress bar for
/// each generation's round robin; prints each generation and writes the checkpoint.
fn run_job(job: &GaJob) -> Result<GaState, CliError> {
    games::check_genetic(&job.config, &job.settings, job.openings)?;
    let state = match &job.resume {
        Some(path) => {
            let state = GaState::from_text(&read(path)?, &job.settings)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            outln!(
                "{}: resumed from {} at generation {}",
                job.label,
                path.display(),
                state.generation
            );
            state
        }
        None => GaState::new(&job.settings),
    };
    let started = Instant::now();
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let progress = |event: GaProgress| {
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            GaProgress::RoundStarted { generation, games } => {
                let b = round_bar(games);
                b.set_message(format!(
                    "{}: generation {}/{}",
                    job.label,
                    generation + 1,
                    job.settings.generations
                ));
                *bar = Some(b);
            }
            GaProgress::GameFinished => bar.iter().for_each(|b| b.inc(1)),
            GaProgress::RoundFinished => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
            }
        }
    };
    let finished = games::run_genetic(
        &job.config,
        &job.settings,
        state,
        job.games,
        job.openings,
        &progress,
        &mut |state| {
            print_generation(job, state, started);
            if let Some(path) = &job.checkpoint {
                if let Err(e) = write_atomic(path, state.to_text(&job.settings).as_bytes()) {
                    eprintln!("warning: checkpoint not written: {e}");
                }
            }
        },
    )?;
    Ok(finished)
}

fn round_bar(games: usize) -> ProgressBar {
    progress_bar(
        games as u64,
        "{msg} [{bar:30}] {pos}/{len} games, {elapsed_precise} (eta {eta})",
    )
}

fn print_generation(job: &GaJob, state: &GaState, started: Instant) {
    let generation = state.generation - 1;
    outln!(
        "{}: generation {}/{} played [{:.0} s]",
        job.label,
        generation + 1,
        job.settings.generations,
        started.elapsed().as_secs_f64()
    );
    for a in state.history.iter().filter(|a| a.generation == generation) {
        outln!(
            "  agent {}: {:>2} W {:>2} D {:>2} L  {}",
            a.index,
            a.record.wins,
            a.record.draws,
            a.record.losses,
            weights_text(&job.settings.genes, &a.weights)
        );
    }
}

/// Writes the history as CSV (`.csv`) or JSON (any other extension).
fn write_history(path: &Path, state: &GaState, genes: &[Gene]) -> Result<(), CliError> {
    let is_csv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let text = if is_csv {
        state.history_csv(genes)
    } else {
        state.history_json(genes)
    };
    write_atomic(path, text.as_bytes())
}

/// Runs `tune --method genetic`; the best agent's weights go to `out`.
pub fn run_tune(args: &GeneticTuneArgs, exclude: &[String], out: &Path) -> Result<(), CliError> {
    let (config, genes) = args.player_and_genes("base", &PAPER_GENES, exclude)?;
    let settings = settings(&genes, &args.ga, args.games.seed);
    let openings = load_openings(args.games.book.as_deref(), true, args.games.seed)?;
    outln!(
        "Genetic learning of {} on `{}`: {} × {}, {} per pairing, {}, \
         selection {:?}, crossover {}, mutation {}, seed {}",
        genes
            .iter()
            .map(|g| format!("{} ∈ [{}, {}]", g.name, g.text(g.low), g.text(g.high)))
            .collect::<Vec<_>>()
            .join(", "),
        config,
        chainmate::text::count(settings.generations, "generation"),
        chainmate::text::count(settings.population, "agent"),
        chainmate::text::count(args.games.games, "game"),
        limit_text(args.games.tc, args.games.nodes),
        settings.selection,
        settings.crossover,
        settings.mutation,
        settings.seed
    );
    let games = args.games.to_games()?;
    let job = GaJob {
        label: "ga".into(),
        config: config.clone(),
        settings,
        games: &games,
        openings: &openings,
        checkpoint: args.checkpoint.clone(),
        resume: args.resume.clone(),
    };
    let state = run_job(&job)?;
    let result = state.result();
    outln!("\nThe last generation, best first:");
    for (rank, a) in result.iter().enumerate() {
        outln!(
            "  {}. {:>2} W {:>2} D {:>2} L  {}",
            rank + 1,
            a.record.wins,
            a.record.draws,
            a.record.losses,
            weights_text(&genes, &a.weights)
        );
    }
    if let Some(path) = &args.history {
        write_history(path, &state, &genes)?;
        outln!("history: {}", path.display());
    }
    let best = result
        .first()
        .ok_or_else(|| CliError::Input("no generation was played".into()))?;
    let header = format!(
        "chainmate tune --method genetic on `{}`: the best agent of generation {} \
         ({} W {} D {} L in its round robin), seed {}",
        job.config,
        best.generation + 1,
        best.record.wins,
        best.record.draws,
        best.record.losses,
        job.settings.seed
    );
    write_atomic(out, params_text(&genes, &best.weights, &header).as_bytes())?;
    outln!("wrote {}", out.display());
    Ok(())
}

fn settings(genes: &[Gene], ga: &GaArgs, seed: u64) -> GaSettings {
    GaSettings {
        genes: genes.to_vec(),
        generations: ga.generations,
        population: ga.population,
        crossover: ga.crossover,
        mutation: ga.mutation,
        selection: ga.selection.into(),
        seed,
    }
}

/// Arguments of `experiment genetic`.
#[derive(Args, Debug)]
pub struct GeneticExperimentArgs {
    /// Generations per condition (the paper: 10).
    #[arg(long, default_value_t = 10)]
    pub generations: usize,
    /// Agents per generation (the paper: 5).
    #[arg(long, default_value_t = 5)]
    pub population: usize,
    /// How the round robins are played.
    #[command(flatten)]
    pub games: GamesArgs,
    /// Games per pairing of the final round robin (the paper: 64 games among 4 agents,
    /// about 11 per pairing).
    #[arg(long, default_value_t = 10)]
    pub final_games: usize,
    /// Directory for each condition's checkpoint and history; a rerun with the same
    /// directory goes on where it stopped.
    #[arg(long)]
    pub dir: Option<PathBuf>,
}

/// The paper's three conditions: (name, player, selection).
pub const CONDITIONS: [(&str, &str, Selection); 3] = [
    ("base-any-winner", "base", Selection::AnyWinner),
    ("pruning-any-winner", "pruning", Selection::AnyWinner),
    ("pruning-top-three", "pruning", Selection::TopThree),
];

/// Runs `experiment genetic`: the three conditions, then the final round robin of their
/// winners and the hand-made weights with the Pruning player; prints Table 3.
pub fn run_experiment(args: &GeneticExperimentArgs) -> Result<(), CliError> {
    let genes = genes::select(&PAPER_GENES.map(String::from), &[], &[])
        .map_err(|e| CliError::Input(e.to_string()))?;
    let games = args.games.to_games()?;
    let openings = load_openings(args.games.book.as_deref(), true, args.games.seed)?;
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).map_err(|e| CliError::Create(dir.clone(), e))?;
    }
    outln!(
        "Paper 000's genetic learning: 3 conditions × {} × {}, {} per pairing, {}; \
         final round robin {} per pairing.\n",
        chainmate::text::count(args.generations, "generation"),
        chainmate::text::count(args.population, "agent"),
        chainmate::text::count(args.games.games, "game"),
        limit_text(args.games.tc, args.games.nodes),
        chainmate::text::count(args.final_games, "game")
    );
    let started = Instant::now();
    let mut finalists: Vec<(String, Vec<f64>)> = Vec::new();
    for (i, (name, config, selection)) in CONDITIONS.iter().enumerate() {
        let ga = GaArgs {
            generations: args.generations,
            population: args.population,
            crossover: 0.5,
            mutation: 0.05,
            selection: match selection {
                Selection::TopThree => SelectionArg::TopThree,
                Selection::AnyWinner => SelectionArg::AnyWinner,
            },
        };
        // Each condition its own seed, so the three do not start from the same agents.
        let settings = settings(&genes, &ga, args.games.seed.wrapping_add(i as u64));
        let checkpoint = args
            .dir
            .as_ref()
            .map(|d| d.join(format!("{name}.checkpoint")));
        let resume = checkpoint.clone().filter(|p| p.exists());
        let job = GaJob {
            label: name.to_string(),
            config: config.to_string(),
            settings,
            games: &games,
            openings: &openings,
            checkpoint,
            resume,
        };
        let state = run_job(&job)?;
        if let Some(dir) = &args.dir {
            write_history(&dir.join(format!("{name}.csv")), &state, &genes)?;
        }
        let best = state
            .result()
            .into_iter()
            .next()
            .ok_or_else(|| CliError::Input(format!("{name}: no generation was played")))?;
        outln!(
            "{name}: winner {}  [{:.0} s]\n",
            weights_text(&genes, &best.weights),
            started.elapsed().as_secs_f64()
        );
        finalists.push((name.to_string(), best.weights));
    }
    finalists.push(("handmade".into(), HANDMADE.to_vec()));
    let final_games = TuneGames {
        games: super::at_least_one("--final-games", args.final_games)?,
        ..games.clone()
    };
    let weights: Vec<Vec<f64>> = finalists.iter().map(|(_, w)| w.clone()).collect();
    let players = games::players("pruning", &genes, &weights)?;
    let bar = round_bar(final_games.round_robin_games(players.len()));
    bar.set_message("final round robin");
    let records = games::play_round_robin(&players, &final_games, &openings, &|| bar.inc(1));
    bar.finish_and_clear();
    let order = genetic::ranking(&records);
    outln!("Final round robin (Pruning player), best first:\n");
    outln!("| agent | c_mat | c_pos | c_threat | W / D / L | points |");
    outln!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for &i in &order {
        let (name, w) = &finalists[i];
        let r = records[i];
        outln!(
            "| {name} | {:.3} | {:.3} | {:.3} | {} / {} / {} | {} |",
            w[0],
            w[1],
            w[2],
            r.wins,
            r.draws,
            r.losses,
            r.points()
        );
    }
    let (winner, w) = &finalists[order[0]];
    outln!("\nTable 3 (learned heuristic weights):\n");
    outln!("| | material value | positioning | threats |");
    outln!("| --- | ---: | ---: | ---: |");
    outln!(
        "| paper 000 | {:.3} | {:.3} | {:.3} |",
        PAPER_TABLE3[0],
        PAPER_TABLE3[1],
        PAPER_TABLE3[2]
    );
    outln!(
        "| this run ({winner}) | {:.3} | {:.3} | {:.3} |",
        w[0],
        w[1],
        w[2]
    );
    let played: usize = {
        let per_rr = |n: usize, g: usize| n * (n - 1) / 2 * g;
        3 * args.generations * per_rr(args.population, args.games.games)
            + per_rr(finalists.len(), args.final_games)
    };
    outln!(
        "\n{} in {:.0} s (the paper: about 250 + 64 games in three and a half days)",
        chainmate::text::count(played, "game"),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
