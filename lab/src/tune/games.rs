//! Tuning by games: paper 000's genetic algorithm, whose fitness is a round robin of each
//! generation's agents ([`run_genetic`]: records from [`crate::tournament::round_robin`]
//! decide who breeds in [`super::genetic::run`]), and SPSA's game pairs between two
//! perturbed engines ([`play_pairs`]). The drivers behind `tune --method genetic|spsa` and
//! `experiment genetic`; the command line parses arguments, shows progress, and reads and
//! writes the checkpoint files.
//!
//! An agent is a configuration string: the player (`base`, `pruning`, `default`, …) followed
//! by one `group.param=value` per gene ([`agent_spec`]). With a node limit (and no time
//! control) every game is reproducible, so a run resumed from its checkpoint ends exactly as
//! an uninterrupted one.

use std::fmt;

use super::genetic::{self, agent_spec, GaSettings, GaState, Gene, Record};
use super::spsa::Perturbation;
use crate::config::{self, ConfigError};
use crate::tournament::game::{GameRules, Player};
use crate::tournament::openings::Opening;
use crate::tournament::round_robin::{play_fresh, round_robin, Schedule, Standing};
use chainmate::formats::pgn::GameResult;

/// How the games of each round robin are played.
#[derive(Clone, Debug)]
pub struct TuneGames {
    /// Games per pairing (colours alternate; each opening is played twice).
    pub games: usize,
    /// Time control or node limit, and the move cap.
    pub rules: GameRules,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Hash size of each engine, MiB.
    pub hash_mb: usize,
}

impl TuneGames {
    /// Games in a round robin of `players`.
    pub fn round_robin_games(&self, players: usize) -> usize {
        players * players.saturating_sub(1) / 2 * self.games
    }
}

/// Why a run cannot start or go on.
#[derive(Debug)]
pub enum GamesError {
    /// An agent is not a valid configuration (a gene's value out of its option's range).
    Config(ConfigError),
    /// The settings cannot describe a run (no opening, population under 2, ...).
    Settings(String),
}

impl fmt::Display for GamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesError::Config(e) => write!(f, "{e}"),
            GamesError::Settings(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for GamesError {}

impl From<ConfigError> for GamesError {
    fn from(e: ConfigError) -> Self {
        GamesError::Config(e)
    }
}

/// What a run reports as it goes, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaProgress {
    /// A generation's round robin starts: its index (from 0) and number of games.
    RoundStarted {
        /// The generation, from 0.
        generation: usize,
        /// Games in its round robin.
        games: usize,
    },
    /// One game of the round robin finished (reported from the worker threads).
    GameFinished,
    /// The round robin is over.
    RoundFinished,
}

/// The player of one agent: `config` with the genes set to `values`.
pub fn player(config: &str, genes: &[Gene], values: &[f64]) -> Result<Player, GamesError> {
    let spec = agent_spec(config, genes, values);
    let search = config::search_config(&spec, &[])?;
    Ok(Player::internal(spec, search))
}

/// The players of a generation.
pub fn players(
    config: &str,
    genes: &[Gene],
    population: &[Vec<f64>],
) -> Result<Vec<Player>, GamesError> {
    population
        .iter()
        .map(|w| player(config, genes, w))
        .collect()
}

/// Checks that every agent is a valid configuration of `config`, even at the ends of the
/// genes' ranges (before any game is played).
pub fn check_ranges(config: &str, genes: &[Gene]) -> Result<(), GamesError> {
    let ends: Vec<Vec<f64>> = vec![
        genes.iter().map(|g| g.low).collect(),
        genes.iter().map(|g| g.high).collect(),
    ];
    players(config, genes, &ends).map(|_| ())
}

/// Plays a round robin between `players`; each player's record. `on_game` is called from the
/// worker threads after every game.
pub fn play_round_robin(
    players: &[Player],
    games: &TuneGames,
    openings: &[Opening],
    on_game: &(dyn Fn() + Sync),
) -> Vec<Record> {
    let plan = Schedule {
        games: games.games,
        rules: &games.rules,
        openings,
        concurrency: games.concurrency,
        hash_mb: games.hash_mb,
    };
    let (standings, _) = round_robin(players, &plan, &|_| on_game());
    standings.iter().map(record).collect()
}

fn record(s: &Standing) -> Record {
    Record {
        wins: s.wins,
        draws: s.draws,
        losses: s.losses,
    }
}

/// Plays each perturbation's game pair (one pair per worker, the plus engine with White
/// first, opening `iteration` of the book); each pair's plus points minus minus points.
pub fn play_pairs(
    config: &str,
    genes: &[Gene],
    batch: &[Perturbation],
    games: &TuneGames,
    openings: &[Opening],
) -> Result<Vec<f64>, GamesError> {
    let pairs = batch
        .iter()
        .map(|p| -> Result<_, GamesError> {
            let plus = player(config, genes, &p.plus)?;
            let minus = player(config, genes, &p.minus)?;
            Ok((p.iteration, plus, minus))
        })
        .collect::<Result<Vec<_>, GamesError>>()?;
    Ok(crate::parallel::parallel_map(
        &pairs,
        games.concurrency,
        || (),
        |_, (k, plus, minus)| {
            let opening = &openings[k % openings.len()];
            let white_points = |white: &Player, black: &Player| match play_fresh(
                [white, black],
                opening,
                &games.rules,
                games.hash_mb,
            )
            .result
            {
                GameResult::WhiteWins => 1.0,
                GameResult::BlackWins => -1.0,
                _ => 0.0,
            };
            white_points(plus, minus) - white_points(minus, plus)
        },
        &|| {},
    ))
}

/// Checks that `settings` describe a genetic run that can be played from `openings`, and that
/// every agent, even at the ends of the genes' ranges, is a valid configuration of `config`.
pub fn check_genetic(
    config: &str,
    settings: &GaSettings,
    openings: &[Opening],
) -> Result<(), GamesError> {
    let bad = |message: String| Err(GamesError::Settings(message));
    if openings.is_empty() {
        return bad("no opening to play from".into());
    }
    if settings.population < 2 || settings.generations == 0 {
        return bad("--population must be at least 2 and --generations at least 1".into());
    }
    for (flag, p) in [
        ("--crossover", settings.crossover),
        ("--mutation", settings.mutation),
    ] {
        if !(0.0..=1.0).contains(&p) {
            return bad(format!("{flag} {p} is not a probability"));
        }
    }
    check_ranges(config, &settings.genes)
}

/// Runs the genetic algorithm from `state` to its last generation: each generation a round
/// robin of agents of `config`; `after` sees the state after every generation (to print it
/// and write a checkpoint).
pub fn run_genetic(
    config: &str,
    settings: &GaSettings,
    state: GaState,
    games: &TuneGames,
    openings: &[Opening],
    progress: &(dyn Fn(GaProgress) + Sync),
    after: &mut dyn FnMut(&GaState),
) -> Result<GaState, GamesError> {
    check_genetic(config, settings, openings)?;
    let mut failure = None;
    let finished = genetic::run(
        settings,
        state,
        &mut |generation, population| match players(config, &settings.genes, population) {
            Ok(players) => {
                progress(GaProgress::RoundStarted {
                    generation,
                    games: games.round_robin_games(players.len()),
                });
                let records = play_round_robin(&players, games, openings, &|| {
                    progress(GaProgress::GameFinished)
                });
                progress(GaProgress::RoundFinished);
                records
            }
            Err(e) => {
                failure.get_or_insert(e);
                vec![Record::default(); population.len()]
            }
        },
        after,
    );
    match failure {
        Some(e) => Err(e),
        None => Ok(finished),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::genes;
    use crate::tune::genetic::Selection;

    fn settings(population: usize) -> GaSettings {
        GaSettings {
            genes: genes::select(&["weighted.c_mat".to_string()], &[], &[]).unwrap(),
            generations: 2,
            population,
            crossover: 0.5,
            mutation: 0.05,
            selection: Selection::TopThree,
            seed: 7,
        }
    }

    fn games() -> TuneGames {
        TuneGames {
            games: 2,
            rules: GameRules {
                time_control: None,
                nodes: Some(300),
                max_moves: Some(20),
            },
            concurrency: 2,
            hash_mb: 1,
        }
    }

    #[test]
    fn a_run_plays_every_game_and_is_reproducible() {
        let openings = crate::tournament::openings::builtin();
        let settings = settings(3);
        let played = std::sync::atomic::AtomicUsize::new(0);
        let go = || {
            run_genetic(
                "base",
                &settings,
                GaState::new(&settings),
                &games(),
                &openings,
                &|p| {
                    if p == GaProgress::GameFinished {
                        played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                },
                &mut |_| {},
            )
            .unwrap()
        };
        let first = go();
        assert_eq!(played.load(std::sync::atomic::Ordering::Relaxed), 2 * 3 * 2);
        assert_eq!(first.generation, 2);
        assert_eq!(first.to_text(&settings), go().to_text(&settings));
    }

    #[test]
    fn unusable_settings_are_refused_before_any_game() {
        let openings = crate::tournament::openings::builtin();
        assert!(matches!(
            check_genetic("base", &settings(1), &openings),
            Err(GamesError::Settings(_))
        ));
        assert!(matches!(
            check_genetic("base", &settings(3), &[]),
            Err(GamesError::Settings(_))
        ));
        assert!(matches!(
            check_genetic("no-such-player", &settings(3), &openings),
            Err(GamesError::Config(_))
        ));
    }
}
