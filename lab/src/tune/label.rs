//! Labelled positions from games — the engine's own, typically (`chainmate-lab match --pgn` at a
//! short control) — for Texel's method: each chosen position with its game's result, as the
//! lines [`super::texel::parse_samples`] reads (`board side castling ep c9 "1-0";`).
//!
//! Which positions, and why:
//!
//! * **after the opening**: from ply `skip_plies` of the game on (book moves are not the
//!   engines' choices, and a book position played twice with colours reversed would enter
//!   twice with opposite labels);
//! * **quiet**: the side to move is not in check, the move the game went on with is neither a
//!   capture nor a promotion, and no capture of the side to move wins material by SEE — the
//!   tuner fits the static evaluation, which is only a fair stand-in for the search's score
//!   when nothing hangs;
//! * **few per game**: at most `per_game`, drawn with a seeded generator from the quiet ones
//!   (neighbouring positions of one game are nearly the same sample and share one label);
//! * games without a result are skipped.

use crate::search::see::see_ge;
use chainmate::core::prng::SplitMix64;
use chainmate::core::Board;
use chainmate::formats::pgn::{Game, GameResult};

/// What [`label_game`] picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelSettings {
    /// Plies of each game passed over first.
    pub skip_plies: usize,
    /// Most positions taken from one game.
    pub per_game: usize,
    /// Seed of the draw.
    pub seed: u64,
}

/// Whether `board`, where the game went on with `next`, is quiet (see the module doc).
pub fn is_quiet(board: &Board, next: chainmate::core::Move) -> bool {
    if board.is_check() || next.is_noisy() {
        return false;
    }
    !board
        .legal_moves()
        .iter()
        .any(|&mv| mv.is_capture() && see_ge(board, mv, 1))
}

/// The labelled lines of game number `index` (which seeds its draw).
pub fn label_game(game: &Game, settings: &LabelSettings, index: usize) -> Vec<String> {
    let label = match game.result {
        GameResult::Unknown => return Vec::new(),
        result => result.as_str(),
    };
    let mut board = *game.start();
    let mut quiet = Vec::new();
    for (ply, &mv) in game.moves().iter().enumerate() {
        if ply >= settings.skip_plies && is_quiet(&board, mv) {
            quiet.push(board);
        }
        board.play_unchecked(mv);
    }
    // A partial Fisher-Yates: the first `per_game` places get a uniform sample.
    let mut rng =
        SplitMix64::new(settings.seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let take = settings.per_game.min(quiet.len());
    for i in 0..take {
        let j = i + (rng.next_u64() % (quiet.len() - i) as u64) as usize;
        quiet.swap(i, j);
    }
    quiet[..take]
        .iter()
        .map(|b| {
            let fen = b.to_fen();
            let fields: Vec<&str> = fen.split_whitespace().take(4).collect();
            format!("{} c9 \"{label}\";", fields.join(" "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::texel::parse_samples;
    use chainmate::formats::pgn::read_games;

    const GAME: &str = r#"[Event "t"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+
8. Nbxd2 d5 9. exd5 Nxd5 10. Qb3 Na5 11. Qa4+ c6 12. Bxd5 Qxd5 13. O-O O-O
14. Rfe1 Be6 15. Qc2 Rad8 16. Re5 Qd6 17. Rae1 h6 18. h3 Bd5 19. Nb3 Nc4 0-1
"#;

    fn game(text: &str) -> Game {
        read_games(text).next_lenient().unwrap().0.unwrap()
    }

    #[test]
    fn quiet_positions_after_the_opening_labelled_with_the_result() {
        let g = game(GAME);
        let settings = LabelSettings {
            skip_plies: 8,
            per_game: 5,
            seed: 1,
        };
        let lines = label_game(&g, &settings, 0);
        assert_eq!(lines.len(), 5);
        let (samples, skipped) = parse_samples(&lines.join("\n"));
        assert_eq!((samples.len(), skipped), (5, 0));
        // Every sample is a position of the game from ply 8 on, quiet, labelled 0-1.
        let mut board = *g.start();
        let mut positions = Vec::new();
        for (ply, &mv) in g.moves().iter().enumerate() {
            if ply >= 8 {
                positions.push((board, mv));
            }
            board.play_unchecked(mv);
        }
        for s in &samples {
            assert_eq!(s.result, 0.0);
            let (b, next) = positions
                .iter()
                .find(|(b, _)| b.hash() == s.board.hash())
                .expect("a position of the game");
            assert!(is_quiet(b, *next) && !b.is_check());
        }
        // The same seed draws the same positions; another game index, others in general.
        assert_eq!(label_game(&g, &settings, 0), lines);
        let all = label_game(
            &g,
            &LabelSettings {
                per_game: 1000,
                ..settings
            },
            0,
        );
        assert!(all.len() > 5 && all.len() < g.moves().len() - 8);
        // None in check (6...Bb4+ and 7...Bxd2+ gave check after ply 8), none where a
        // capture wins material (after 10...Na5 the queen on b3 is attacked, not capturable).
        let (every, _) = parse_samples(&all.join("\n"));
        assert_eq!(every.len(), all.len());
        assert!(positions.iter().any(|(b, _)| b.is_check()));
        for s in &every {
            assert!(!s.board.is_check());
            assert!(!s
                .board
                .legal_moves()
                .iter()
                .any(|&m| m.is_capture() && see_ge(&s.board, m, 1)));
        }
    }

    #[test]
    fn a_game_without_a_result_gives_nothing() {
        let text = GAME
            .replace("[Result \"0-1\"]", "[Result \"*\"]")
            .replace(" 0-1\n", " *\n");
        let g = game(&text);
        assert_eq!(g.result, GameResult::Unknown);
        let settings = LabelSettings {
            skip_plies: 0,
            per_game: 10,
            seed: 1,
        };
        assert!(label_game(&g, &settings, 0).is_empty());
    }
}
