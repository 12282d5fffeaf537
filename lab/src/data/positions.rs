//! The positions of chunks that a fit and the evaluation error use, and their labels.
//!
//! A chunk keeps every move of every game; the positions taken from it are those where the
//! static evaluation is a fair stand-in for the search, as `datagen` picked them for its EPD
//! files: from the engines' ply `skip_plies` (8) on, the side to move not in check, the move
//! played neither a capture nor a promotion, the search's score not a mate or tablebase
//! score, and the position quiet by the quiescence search (its full-window score equals its
//! static evaluation; a table of its own, cleared for every game, so that a position's test
//! does not depend on which positions a thread saw before). Each comes with the game's result,
//! our search's score and, when a teacher chunk of the same games is given, the teacher's
//! score (all White's view; a teacher's mate or missing score is left out).

use super::chunk::ChunkError;
use crate::search::{SearchConfig, Searcher};
use crate::tune::texel::Sample;
use chainmate::core::Position;
use chainmate::eval::score::TB_WIN_IN_MAX_PLY;
use chainmate::formats::pgn::GameResult;
use chainmate::formats::viriformat::{ViriGame, NO_SCORE};

/// A teacher's score beyond this is a mate (see [`super::teacher::mover_score`]).
const TEACHER_MATE: i16 = 31_000;

/// Which positions are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// Plies of each game passed over first.
    pub skip_plies: usize,
    /// Whether the quiescence test applies.
    pub quiet: bool,
}

impl Default for Filter {
    fn default() -> Self {
        Filter {
            skip_plies: 8,
            quiet: true,
        }
    }
}

/// A game's result as White's score.
fn white_score(result: GameResult) -> f64 {
    match result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        _ => 0.5,
    }
}

/// The samples of one game (its teacher's scores of the same moves in `teacher`).
fn game_samples(
    game: &ViriGame,
    teacher: Option<&ViriGame>,
    filter: Filter,
    quiet: &mut Searcher,
    config: &SearchConfig,
) -> Vec<Sample> {
    quiet.clear();
    let result = white_score(game.result);
    let mut out = Vec::new();
    for (ply, (board, mv, score)) in game.positions().enumerate() {
        let Some(score) = score else { continue };
        if ply < filter.skip_plies
            || board.is_check()
            || mv.is_noisy()
            || i32::from(score).abs() >= TB_WIN_IN_MAX_PLY
        {
            continue;
        }
        if filter.quiet && !quiet.quiescence(&Position::new(board), config).is_quiet() {
            continue;
        }
        let teacher = teacher
            .map(|t| t.moves[ply].1)
            .filter(|&t| t != NO_SCORE && t.abs() < TEACHER_MATE)
            .map(f64::from);
        out.push(Sample {
            board,
            result,
            score: Some(f64::from(score)),
            teacher,
        });
    }
    out
}

/// The samples of `games` (and of their teacher's chunk, the same games), with `threads`
/// threads; in the games' order whatever the threads.
pub fn samples(
    games: &[ViriGame],
    teacher: Option<&[ViriGame]>,
    filter: Filter,
    config: &SearchConfig,
    threads: usize,
) -> Vec<Sample> {
    let numbered: Vec<usize> = (0..games.len()).collect();
    let per_game = crate::parallel::parallel_map(
        &numbered,
        threads,
        || Searcher::new(1),
        |quiet, &i| game_samples(&games[i], teacher.map(|t| &t[i]), filter, quiet, config),
        &|| {},
    );
    per_game.into_iter().flatten().collect()
}

/// A teacher chunk's games checked against the chunk they score (same starts and moves).
pub fn check_parallel(
    base: &[ViriGame],
    teacher: &[ViriGame],
    teacher_path: &std::path::Path,
) -> Result<(), ChunkError> {
    let same = base.len() == teacher.len()
        && base.iter().zip(teacher).all(|(a, b)| {
            a.start == b.start
                && a.moves.len() == b.moves.len()
                && a.moves.iter().zip(&b.moves).all(|(x, y)| x.0 == y.0)
        });
    if same {
        Ok(())
    } else {
        Err(ChunkError::Read(
            teacher_path.to_path_buf(),
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "its games are not those of the chunk it scores",
            ),
        ))
    }
}
