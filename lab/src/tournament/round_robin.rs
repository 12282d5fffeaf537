//! A round robin: every pair of players, `games` games per pairing with colours alternating,
//! all the games of the tournament shared out over `concurrency` worker threads (so a small
//! number of games per pairing still keeps every core busy) by the lab's worker pool,
//! [`crate::parallel::parallel_map`].
//!
//! Game `k` of pairing `(i, j)` plays opening `(pairing · games + k) / 2` of the book
//! (cycling), player `i` with White when `k` is even. Each game gets fresh movers (a cleared
//! searcher per side), so with a node limit a tournament is reproducible whatever the
//! concurrency.

use super::game::{play_game, GameRules, Mover, Player};
use super::openings::Opening;
use chainmate::formats::pgn::{Game, GameResult};

/// One player's results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// One game of the tournament.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The player with White.
    pub white: usize,
    /// The player with Black.
    pub black: usize,
    /// The game.
    pub game: Game,
}

/// Plays one game between `players` (White first) with fresh movers: cleared searchers, or
/// engine processes told of a new game.
pub fn play_fresh(
    players: [&Player; 2],
    opening: &Opening,
    rules: &GameRules,
    hash_mb: usize,
) -> Game {
    let mut movers = players.map(|p| Mover::new(p, hash_mb));
    for m in &mut movers {
        let _ = m.new_game();
    }
    let [w, b] = &mut movers;
    play_game(players, [w, b], opening, rules).0
}

/// How a round robin is played: games per pairing, the game rules and openings, worker
/// threads and each engine's table size.
#[derive(Clone, Copy, Debug)]
pub struct Schedule<'a> {
    /// Games per pairing (colours alternate).
    pub games: usize,
    /// Time control, node limit, adjudication.
    pub rules: &'a GameRules,
    /// The book, cycled through.
    pub openings: &'a [Opening],
    /// Games played at once.
    pub concurrency: usize,
    /// Hash size of each engine, MiB.
    pub hash_mb: usize,
}

/// Plays the round robin; `on_game` is called after each game (any order). Returns each
/// player's standing and every game in schedule order.
pub fn round_robin(
    players: &[Player],
    plan: &Schedule,
    on_game: &(dyn Fn(&Pairing) + Sync),
) -> (Vec<Standing>, Vec<Pairing>) {
    let Schedule {
        games,
        rules,
        openings,
        concurrency,
        hash_mb,
    } = *plan;
    let mut schedule = Vec::new();
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            for k in 0..games {
                let (white, black) = if k % 2 == 0 { (i, j) } else { (j, i) };
                schedule.push((white, black));
            }
        }
    }
    let schedule: Vec<(usize, (usize, usize))> = schedule.into_iter().enumerate().collect();
    let played = crate::parallel::parallel_map(
        &schedule,
        concurrency,
        || (),
        |_, &(n, (white, black))| {
            let opening = &openings[(n / 2) % openings.len().max(1)];
            let game = play_fresh([&players[white], &players[black]], opening, rules, hash_mb);
            let pairing = Pairing { white, black, game };
            on_game(&pairing);
            pairing
        },
        &|| {},
    );
    let mut standings = vec![Standing::default(); players.len()];
    for p in &played {
        let (w, b) = (p.white, p.black);
        match p.game.result {
            GameResult::WhiteWins => {
                standings[w].wins += 1;
                standings[b].losses += 1;
            }
            GameResult::BlackWins => {
                standings[b].wins += 1;
                standings[w].losses += 1;
            }
            _ => {
                standings[w].draws += 1;
                standings[b].draws += 1;
            }
        }
    }
    (standings, played)
}
