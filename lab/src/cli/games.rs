//! The arguments shared by the game tuners (`tune --method genetic|spsa`, `experiment
//! genetic`): how the games are played, which parameters are learned, the GA's settings.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use crate::tournament::game::GameRules;
use crate::tournament::TimeControl;
use crate::tune::games::TuneGames;
use crate::tune::genes;
use crate::tune::genetic::{Gene, Selection};

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
    /// (genetic, spsa, gradient) Write the state after every generation or batch (for
    /// --resume); a gradient fit's every --checkpoint-minutes and at its end.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// (genetic, spsa, gradient) Go on from a checkpoint (the same data and settings): a
    /// gradient fit ends with the weights of an uninterrupted run of --rounds passes.
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
        let genes = genes::select(&patterns, exclude, &self.range)
            .map_err(|e| CliError::Input(e.to_string()))?;
        Ok((config, genes))
    }
}

impl GamesArgs {
    /// The games as the tuners play them, or why the arguments cannot describe them.
    pub fn to_games(&self) -> Result<TuneGames, CliError> {
        if self.tc.is_none() && self.nodes.is_none() {
            return Err(CliError::Input(
                "the games need a time control (--tc) or a node limit (--nodes)".into(),
            ));
        }
        if self.nodes == Some(0) || self.max_moves == 0 {
            return Err(CliError::Input(
                "--nodes and --max-moves must be at least 1".into(),
            ));
        }
        Ok(TuneGames {
            games: super::at_least_one("--games", self.games)?,
            rules: GameRules {
                time_control: self.tc,
                nodes: self.nodes,
                max_moves: Some(self.max_moves),
            },
            concurrency: super::at_least_one("--concurrency", self.concurrency)?,
            hash_mb: self.hash,
        })
    }
}
