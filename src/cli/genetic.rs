//! Paper 000's genetic weight learning on the command line: `chainmate tune --method genetic`
//! (one run: [`run_tune`]) and `chainmate experiment genetic` (the paper's three conditions
//! and the final round robin that produced Table 3: [`run_experiment`]).
//!
//! An agent is a configuration string: `--config` (the player: `base`, `pruning`, …) followed
//! by one `group.param=value` per gene ([`genetic::agent_spec`]). Each generation's round
//! robin is played by [`round_robin`], its games shared over `--concurrency` threads. With
//! `--nodes` (and no `--tc`) every game is reproducible, so a run resumed from its checkpoint
//! ends exactly as an uninterrupted one.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::match_cmd::{limit_text, load_openings};
use super::{progress_bar, read, write_atomic, CliError};
use crate::config::{self, tunables};
use crate::tournament::game::{GameRules, Player};
use crate::tournament::openings::Opening;
use crate::tournament::round_robin::{round_robin, Schedule, Standing};
use crate::tournament::TimeControl;
use crate::tune::genetic::{self, agent_spec, GaSettings, GaState, Gene, Record, Selection};

/// The paper's genes: the three weights of `weighted`.
pub const PAPER_GENES: [&str; 3] = ["weighted.c_mat", "weighted.c_pos", "weighted.c_threat"];
/// Table 3: the weights the paper's final round robin found best.
pub const PAPER_TABLE3: [f64; 3] = [9.752, 0.111, 3.530];
/// The hand-made weights (Zach's, paper 000) that joined the final round robin.
pub const HANDMADE: [f64; 3] = [1.0, 0.02, 0.05];

/// Who breeds, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SelectionArg {
    /// The three agents with the most wins (the paper's third condition).
    TopThree,
    /// Every agent that won a game (the paper's first two conditions).
    AnyWinner,
}

impl From<SelectionArg> for Selection {
    fn from(s: SelectionArg) -> Selection {
        match s {
            SelectionArg::TopThree => Selection::TopThree,
            SelectionArg::AnyWinner => Selection::AnyWinner,
        }
    }
}

/// How the games of a round robin are played (shared by `tune --method genetic` and
/// `experiment genetic`).
#[derive(Args, Debug, Clone)]
pub struct GamesArgs {
    /// Games per pairing (colours alternate; each opening is played twice).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control `BASE+INC` in seconds.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<TimeControl>,
    /// Nodes per move (without --tc: reproducible games, and a resumed run ends as an
    /// uninterrupted one).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games are stopped after this many moves and scored by a short search (the paper: 150).
    #[arg(long, default_value_t = 150)]
    pub max_moves: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings (EPD/FEN, PGN or movetext lines; default: the 32 built-in ones, shuffled with
    /// --seed).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Hash size of each engine, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Seed of the random weights and of the opening order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The GA's own flags.
#[derive(Args, Debug, Clone)]
pub struct GaArgs {
    /// Generations (the paper: 10).
    #[arg(long, default_value_t = 10)]
    pub generations: usize,
    /// Agents per generation (the paper: 5).
    #[arg(long, default_value_t = 5)]
    pub population: usize,
    /// Probability that a child takes a weight from its first parent.
    #[arg(long, default_value_t = 0.5)]
    pub crossover: f64,
    /// Probability that a child's weight is redrawn at random.
    #[arg(long, default_value_t = 0.05)]
    pub mutation: f64,
    /// Who breeds.
    #[arg(long, value_enum, default_value = "top-three")]
    pub selection: SelectionArg,
}

/// Everything one GA run needs.
pub struct GaJob<'a> {
    /// Its name in progress bars and messages.
    pub label: String,
    /// The player the genes are added to (`base`, `pruning`, …).
    pub config: String,
    /// The algorithm's settings.
    pub settings: GaSettings,
    /// The games.
    pub games: &'a GamesArgs,
    /// The openings, in order.
    pub openings: &'a [Opening],
    /// Written after every generation.
    pub checkpoint: Option<PathBuf>,
    /// Read first, if given (an error if it does not exist).
    pub resume: Option<PathBuf>,
}

/// The rules of every game.
pub fn rules(games: &GamesArgs) -> Result<GameRules, CliError> {
    if games.tc.is_none() && games.nodes.is_none() {
        return Err(CliError::Input(
            "the games need a time control (--tc) or a node limit (--nodes)".into(),
        ));
    }
    if games.nodes == Some(0) || games.max_moves == 0 {
        return Err(CliError::Input(
            "--nodes and --max-moves must be at least 1".into(),
        ));
    }
    super::at_least_one("--games", games.games)?;
    super::at_least_one("--concurrency", games.concurrency)?;
    Ok(GameRules {
        time_control: games.tc,
        nodes: games.nodes,
        max_moves: Some(games.max_moves),
    })
}

/// The genes: every tunable matching one of `patterns` (full names or prefixes ending in
/// `*`) and none of `exclude`, with `ranges` (`NAME=LOW:HIGH`) applied.
pub fn genes(
    patterns: &[String],
    exclude: &[String],
    ranges: &[String],
) -> Result<Vec<Gene>, CliError> {
    let matches = |name: &str, pattern: &str| match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    };
    for p in patterns {
        if !tunables().iter().any(|t| matches(&t.name, p)) {
            return Err(CliError::Input(format!(
                "--genes: no parameter is named '{p}' (names are `group.param`, e.g. \
                 weighted.c_mat or tsvetkov.*; `chainmate --tunables` lists them)"
            )));
        }
    }
    let mut genes: Vec<Gene> = tunables()
        .iter()
        .filter(|t| patterns.iter().any(|p| matches(&t.name, p)))
        .filter(|t| {
            !exclude
                .iter()
                .any(|e| matches(&t.name, e) || matches(&t.param, e))
        })
        .filter_map(|t| Gene::tunable(&t.name))
        .collect();
    for range in ranges {
        let bad = || {
            CliError::Input(format!(
                "--range '{range}': expected NAME=LOW:HIGH with LOW < HIGH"
            ))
        };
        let (name, span) = range.split_once('=').ok_or_else(bad)?;
        let (low, high) = span.split_once(':').ok_or_else(bad)?;
        let (low, high): (f64, f64) = (
            low.trim().parse().map_err(|_| bad())?,
            high.trim().parse().map_err(|_| bad())?,
        );
        if !(low.is_finite() && high.is_finite() && low < high) {
            return Err(bad());
        }
        let gene = genes
            .iter_mut()
            .find(|g| g.name == name.trim())
            .ok_or_else(|| {
                CliError::Input(format!(
                    "--range: '{}' is not one of the genes",
                    name.trim()
                ))
            })?;
        gene.low = low;
        gene.high = high;
        // A log-uniform draw needs a positive range.
        gene.log_scale &= low > 0.0;
    }
    if genes.is_empty() {
        return Err(CliError::Input(
            "no gene left to learn (check --genes and --exclude)".into(),
        ));
    }
    Ok(genes)
}

/// The players of a generation.
fn players(config: &str, genes: &[Gene], population: &[Vec<f64>]) -> Result<Vec<Player>, CliError> {
    population
        .iter()
        .map(|w| {
            let spec = agent_spec(config, genes, w);
            let search = config::search_config(&spec, &[])?;
            Ok(Player::internal(spec, search))
        })
        .collect()
}

/// Plays a round robin between `players` with a progress bar; each player's record.
pub fn play_round_robin(
    label: &str,
    players: &[Player],
    games: &GamesArgs,
    rules: &GameRules,
    openings: &[Opening],
) -> Vec<Record> {
    let n = players.len();
    let total = n * n.saturating_sub(1) / 2 * games.games;
    let bar = progress_bar(
        total as u64,
        "{msg} [{bar:30}] {pos}/{len} games, {elapsed_precise} (eta {eta})",
    );
    bar.set_message(label.to_string());
    let plan = Schedule {
        games: games.games,
        rules,
        openings,
        concurrency: games.concurrency,
        hash_mb: games.hash,
    };
    let (standings, _) = round_robin(players, &plan, &|_| bar.inc(1));
    bar.finish_and_clear();
    standings.iter().map(record).collect()
}

fn record(s: &Standing) -> Record {
    Record {
        wins: s.wins,
        draws: s.draws,
        losses: s.losses,
    }
}

/// Runs one GA job to the end (from its checkpoint if resuming); prints each generation.
pub fn run_job(job: &GaJob) -> Result<GaState, CliError> {
    let rules = rules(job.games)?;
    if job.openings.is_empty() {
        return Err(CliError::Input("no opening to play from".into()));
    }
    if job.settings.population < 2 || job.settings.generations == 0 {
        return Err(CliError::Input(
            "--population must be at least 2 and --generations at least 1".into(),
        ));
    }
    for (flag, p) in [
        ("--crossover", job.settings.crossover),
        ("--mutation", job.settings.mutation),
    ] {
        if !(0.0..=1.0).contains(&p) {
            return Err(CliError::Input(format!("{flag} {p} is not a probability")));
        }
    }
    // Every agent must be a valid configuration; check the ranges' ends before playing.
    let ends: Vec<Vec<f64>> = vec![
        job.settings.genes.iter().map(|g| g.low).collect(),
        job.settings.genes.iter().map(|g| g.high).collect(),
    ];
    players(&job.config, &job.settings.genes, &ends)?;
    let state = match &job.resume {
        Some(path) => {
            let state = GaState::from_text(&read(path)?, &job.settings)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            println!(
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
    let mut failure = None;
    let finished = genetic::run(
        &job.settings,
        state,
        &mut |generation, population| {
            let label = format!(
                "{}: generation {}/{}",
                job.label,
                generation + 1,
                job.settings.generations
            );
            match players(&job.config, &job.settings.genes, population) {
                Ok(players) => play_round_robin(&label, &players, job.games, &rules, job.openings),
                Err(e) => {
                    failure.get_or_insert(e);
                    vec![Record::default(); population.len()]
                }
            }
        },
        &mut |state| {
            print_generation(job, state, started);
            if let Some(path) = &job.checkpoint {
                if let Err(e) = write_atomic(path, state.to_text(&job.settings).as_bytes()) {
                    eprintln!("warning: checkpoint not written: {e}");
                }
            }
        },
    );
    match failure {
        Some(e) => Err(e),
        None => Ok(finished),
    }
}

fn print_generation(job: &GaJob, state: &GaState, started: Instant) {
    let generation = state.generation - 1;
    let agents: Vec<&genetic::Agent> = state
        .history
        .iter()
        .filter(|a| a.generation == generation)
        .collect();
    println!(
        "{}: generation {}/{} played [{:.0} s]",
        job.label,
        generation + 1,
        job.settings.generations,
        started.elapsed().as_secs_f64()
    );
    for a in agents {
        println!(
            "  agent {}: {:>2} W {:>2} D {:>2} L  {}",
            a.index,
            a.record.wins,
            a.record.draws,
            a.record.losses,
            weights_text(&job.settings.genes, &a.weights)
        );
    }
}

/// `name=value name=value ...`.
pub fn weights_text(genes: &[Gene], weights: &[f64]) -> String {
    genes
        .iter()
        .zip(weights)
        .map(|(g, &w)| format!("{}={}", g.name, g.text(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The weights as a parameter file: `param = value` when every gene is of one evaluator
/// (loadable with `--params`), `group.param = value` otherwise (usable with `--set`).
pub fn params_text(genes: &[Gene], weights: &[f64], header: &str) -> String {
    let groups: Vec<&str> = genes
        .iter()
        .map(|g| g.name.split_once('.').map_or("", |(group, _)| group))
        .collect();
    let one_group = groups.windows(2).all(|w| w[0] == w[1]) && groups.first() != Some(&"search");
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    if one_group {
        out.push_str(&format!("# evaluator family: {}\n", groups[0]));
    }
    for (g, &w) in genes.iter().zip(weights) {
        let name = match g.name.split_once('.') {
            Some((_, param)) if one_group => param,
            _ => &g.name,
        };
        out.push_str(&format!("{name} = {}\n", g.text(w)));
    }
    out
}

/// Writes the history as CSV (`.csv`) or JSON (any other extension).
pub fn write_history(path: &Path, state: &GaState, genes: &[Gene]) -> Result<(), CliError> {
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

/// Arguments of `tune --method genetic` (flattened into `tune`'s).
#[derive(Args, Debug, Clone)]
pub struct GeneticTuneArgs {
    /// (genetic, spsa) The player whose parameters are learned: a configuration string
    /// (`base` = paper 000's Base player, `pruning` = its Pruning player, `default`, ...;
    /// default: `base` for genetic, `default` for spsa).
    #[arg(long)]
    pub config: Option<String>,
    /// (genetic, spsa) The parameters to learn: tunable names or prefixes ending in `*`
    /// (comma-separated; default: the three weights of `weighted` for genetic, the search's
    /// margins and reductions for spsa).
    #[arg(long, value_delimiter = ',')]
    pub genes: Vec<String>,
    /// (genetic, spsa) A gene's range, `NAME=LOW:HIGH` (repeatable; default: the parameter
    /// table's range, fractions from 0.01 and drawn log-uniformly; a range from 0 or below
    /// is drawn uniformly).
    #[arg(long)]
    pub range: Vec<String>,
    /// (genetic) The algorithm's settings.
    #[command(flatten)]
    pub ga: GaArgs,
    /// (genetic, spsa) How the games are played (spsa plays game pairs: --games is unused).
    #[command(flatten)]
    pub games: GamesArgs,
    /// (genetic, spsa) Write the state after every generation or batch (for --resume).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// (genetic, spsa) Go on from a checkpoint.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// (genetic) Write every agent of every generation, its weights and its score: CSV if
    /// the name ends in `.csv`, else JSON; (spsa) θ after every batch, CSV.
    #[arg(long)]
    pub history: Option<PathBuf>,
}

impl GeneticTuneArgs {
    /// The player (`--config`, else `default_config`) and the genes (`--genes`, else
    /// `default_genes`, less `exclude`, with `--range` applied): what both game tuners learn on.
    pub fn player_and_genes(
        &self,
        default_config: &str,
        default_genes: &[&str],
        exclude: &[String],
    ) -> Result<(String, Vec<Gene>), CliError> {
        let config = self
            .config
            .clone()
            .unwrap_or_else(|| default_config.to_string());
        let patterns: Vec<String> = if self.genes.is_empty() {
            default_genes.iter().map(|g| g.to_string()).collect()
        } else {
            self.genes.clone()
        };
        Ok((config, genes(&patterns, exclude, &self.range)?))
    }
}

/// Runs `tune --method genetic`; the best agent's weights go to `out`.
pub fn run_tune(args: &GeneticTuneArgs, exclude: &[String], out: &Path) -> Result<(), CliError> {
    let (config, genes) = args.player_and_genes("base", &PAPER_GENES, exclude)?;
    let settings = settings(&genes, &args.ga, args.games.seed);
    let openings = load_openings(args.games.book.as_deref(), true, args.games.seed)?;
    println!(
        "Genetic learning of {} on `{}`: {} generations × {} agents, {} games per pairing, {}, \
         selection {:?}, crossover {}, mutation {}, seed {}",
        genes
            .iter()
            .map(|g| format!("{} ∈ [{}, {}]", g.name, g.text(g.low), g.text(g.high)))
            .collect::<Vec<_>>()
            .join(", "),
        config,
        settings.generations,
        settings.population,
        args.games.games,
        limit_text(args.games.tc, args.games.nodes),
        settings.selection,
        settings.crossover,
        settings.mutation,
        settings.seed
    );
    let job = GaJob {
        label: "ga".into(),
        config: config.clone(),
        settings,
        games: &args.games,
        openings: &openings,
        checkpoint: args.checkpoint.clone(),
        resume: args.resume.clone(),
    };
    let state = run_job(&job)?;
    let result = state.result();
    println!("\nThe last generation, best first:");
    for (rank, a) in result.iter().enumerate() {
        println!(
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
        println!("history: {}", path.display());
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
    println!("wrote {}", out.display());
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
    let genes = genes(&PAPER_GENES.map(String::from), &[], &[])?;
    let openings = load_openings(args.games.book.as_deref(), true, args.games.seed)?;
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).map_err(|e| CliError::Create(dir.clone(), e))?;
    }
    println!(
        "Paper 000's genetic learning: 3 conditions × {} generations × {} agents, {} games \
         per pairing, {}; final round robin {} games per pairing.\n",
        args.generations,
        args.population,
        args.games.games,
        limit_text(args.games.tc, args.games.nodes),
        args.final_games
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
            games: &args.games,
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
        println!(
            "{name}: winner {}  [{:.0} s]\n",
            weights_text(&genes, &best.weights),
            started.elapsed().as_secs_f64()
        );
        finalists.push((name.to_string(), best.weights));
    }
    finalists.push(("handmade".into(), HANDMADE.to_vec()));
    let final_games = GamesArgs {
        games: args.final_games,
        ..args.games.clone()
    };
    let rules = rules(&final_games)?;
    let weights: Vec<Vec<f64>> = finalists.iter().map(|(_, w)| w.clone()).collect();
    let players = players("pruning", &genes, &weights)?;
    let records = play_round_robin(
        "final round robin",
        &players,
        &final_games,
        &rules,
        &openings,
    );
    let order = genetic::ranking(&records);
    println!("Final round robin (Pruning player), best first:\n");
    println!("| agent | c_mat | c_pos | c_threat | W / D / L | points |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for &i in &order {
        let (name, w) = &finalists[i];
        let r = records[i];
        println!(
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
    println!("\nTable 3 (learned heuristic weights):\n");
    println!("| | material value | positioning | threats |");
    println!("| --- | ---: | ---: | ---: |");
    println!(
        "| paper 000 | {:.3} | {:.3} | {:.3} |",
        PAPER_TABLE3[0], PAPER_TABLE3[1], PAPER_TABLE3[2]
    );
    println!(
        "| this run ({winner}) | {:.3} | {:.3} | {:.3} |",
        w[0], w[1], w[2]
    );
    let played: usize = {
        let per_rr = |n: usize, g: usize| n * (n - 1) / 2 * g;
        3 * args.generations * per_rr(args.population, args.games.games)
            + per_rr(finalists.len(), args.final_games)
    };
    println!(
        "\n{played} games in {:.0} s (the paper: about 250 + 64 games in three and a half days)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
