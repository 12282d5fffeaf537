//! Teacher labels: a stronger engine's score of every position of a chunk's games, asked
//! through UCI at a fixed depth or node count, written as a parallel chunk — the same games,
//! the teacher's score (White's view) in place of ours.
//!
//! Each game is one `ucinewgame`; each position is `position fen <start> moves ...` (the game
//! so far, so that the teacher sees repetitions as the players did) and `go depth D` (or
//! `nodes N`); the score is the last `info ... score` before `bestmove` that is not a bound.
//! A mate is written as `±(32000 − plies)`, beyond every evaluation. The teacher keeps its
//! table through a game, which makes its later positions cheaper and is how it would play
//! the game; with one thread a UCI engine such as Stockfish or Ethereal answers a fixed-depth
//! search the same way every time, so a chunk's labels are reproducible. The games are shared
//! out over `concurrency` processes of the teacher, a game at a time; a process that fails is
//! started again once for the game it failed on.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::search::Limits;
use crate::tournament::external::UciProcess;
use crate::tournament::move_eval::MoveEval;
use crate::tournament::{EngineError, ExternalSpec};
use chainmate::core::Color;
use chainmate::formats::viriformat::{ViriGame, NO_SCORE};

/// How a teacher is asked.
#[derive(Clone, Debug)]
pub struct Teacher {
    /// The engine.
    pub spec: ExternalSpec,
    /// `depth` or `nodes` per position.
    pub limits: Limits,
    /// Its table, MiB.
    pub hash_mb: usize,
}

/// The score written for a teacher's evaluation, the mover's view (a mate as `±(32000 −
/// plies)`).
pub fn mover_score(eval: MoveEval) -> i32 {
    match eval {
        MoveEval::Centipawns(cp) => cp.clamp(-31_000, 31_000),
        MoveEval::Mate(n) if n > 0 => 32_000 - (2 * n - 1),
        MoveEval::Mate(n) => -32_000 + 2 * n.abs(),
    }
}

/// `game` with every move's score replaced by the teacher's (White's view; [`NO_SCORE`]
/// where it gave none).
fn label_game(
    process: &mut UciProcess,
    teacher: &Teacher,
    game: &ViriGame,
) -> Result<ViriGame, EngineError> {
    process.new_game()?;
    let mut labelled = game.clone();
    let moves: Vec<_> = game.moves.iter().map(|(m, _)| *m).collect();
    let mut board = game.start;
    for (i, &mv) in moves.iter().enumerate() {
        let answer = process.search(&game.start, &moves[..i], &board, false, &teacher.limits)?;
        let score = match answer.eval {
            Some((eval, _)) => {
                let mover = mover_score(eval);
                let white = match board.side_to_move() {
                    Color::White => mover,
                    Color::Black => -mover,
                };
                white as i16
            }
            None => NO_SCORE,
        };
        labelled.moves[i].1 = score;
        board.play_unchecked(mv);
    }
    Ok(labelled)
}

/// Every game of `games` labelled by `teacher`, in order, with `concurrency` processes;
/// `progress(positions done)` after each game. The teacher's `id name` is returned too.
pub fn label(
    games: &[ViriGame],
    teacher: &Teacher,
    concurrency: usize,
    progress: impl Fn(u64) + Sync,
) -> Result<(Vec<ViriGame>, String), EngineError> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<ViriGame>>> = Mutex::new(vec![None; games.len()]);
    let failure: Mutex<Option<EngineError>> = Mutex::new(None);
    let name: Mutex<String> = Mutex::new(String::new());
    let positions = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..concurrency.max(1) {
            let (next, done, failure, name, positions, progress) =
                (&next, &done, &failure, &name, &positions, &progress);
            scope.spawn(move || {
                let mut process = match UciProcess::start(&teacher.spec, teacher.hash_mb) {
                    Ok(p) => p,
                    Err(e) => {
                        *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                        return;
                    }
                };
                *name.lock().unwrap_or_else(|p| p.into_inner()) = process.name.clone();
                loop {
                    if failure.lock().map_or(true, |f| f.is_some()) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(game) = games.get(i) else { return };
                    let labelled = label_game(&mut process, teacher, game).or_else(|_| {
                        // Once more with a fresh process.
                        process = UciProcess::start(&teacher.spec, teacher.hash_mb)?;
                        label_game(&mut process, teacher, game)
                    });
                    match labelled {
                        Ok(g) => {
                            done.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(g);
                            let n = positions.fetch_add(game.moves.len() as u64, Ordering::SeqCst);
                            progress(n + game.moves.len() as u64);
                        }
                        Err(e) => {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let labelled = done
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|g| g.expect("every game labelled"))
        .collect();
    Ok((
        labelled,
        name.into_inner().unwrap_or_else(|p| p.into_inner()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_lie_beyond_every_evaluation() {
        assert_eq!(mover_score(MoveEval::Centipawns(57)), 57);
        assert_eq!(mover_score(MoveEval::Centipawns(99_999)), 31_000);
        assert_eq!(mover_score(MoveEval::Mate(1)), 31_999);
        assert_eq!(mover_score(MoveEval::Mate(-2)), -31_996);
        assert!(mover_score(MoveEval::Mate(40)) > 31_000);
    }
}
