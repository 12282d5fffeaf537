//! Paper 000's Table 4: how many moves the case-based opening player makes from its book
//! before it switches to search, against three opponents, with the matches sorted by
//! sequence length and not sorted.
//!
//! The opening player is the paper's: case-based retrieval over the ECO lines with the
//! paper's fixed choices (1.e4 as White, 1...c5 against 1.e4) and no distance limit. Its
//! opponents: the same player (both use the book), a player choosing uniformly random legal
//! moves (seeded), and a searching player without a book. A game is played only as long as
//! the opening player's book lasts; the count is its book moves. The opening player plays
//! White in half the games and Black in the other half; against the deterministic opponents
//! that is two games (the paper notes its deterministic games were always the same), against
//! the random player `games` games. For the same-player row both players' counts are
//! averaged.
//!
//! Searching opponents (and the book players once out of book, which never matters for the
//! count) search to a fixed depth with the configuration given, so the table is reproducible.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::book::cbr::{CaseBase, CbrBook, CbrSettings};
use crate::search::{self, Limits, SearchConfig, SearchControl, Silent, TranspositionTable};
use chainmate::core::prng::SplitMix64;
use chainmate::core::{Board, Color, Move, Position};

/// The opponent of the opening player.
#[derive(Clone, Debug)]
pub enum Opponent {
    /// Another opening player (the same book and settings).
    Opening,
    /// Uniformly random legal moves.
    Random,
    /// A searching player without a book.
    Search(Box<SearchConfig>),
}

/// One row's result: average book moves, sorted and not sorted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// Average book moves with matches sorted by sequence length.
    pub sorted: f64,
    /// Average book moves without sorting.
    pub unsorted: f64,
}

/// The search depth of searching opponents.
pub const OPPONENT_DEPTH: i32 = 4;
/// Longest game considered (plies): a book never lasts this long.
const MAX_PLIES: usize = 200;

fn search_move(position: &Position, config: &SearchConfig, tt: &TranspositionTable) -> Move {
    tt.new_search();
    let result = search::search(
        position,
        &Limits::depth(OPPONENT_DEPTH),
        config,
        tt,
        &SearchControl::default(),
        &Silent,
    );
    result
        .best_move
        .unwrap_or_else(|| position.board().legal_moves()[0])
}

/// Plays one game while the opening player (`colour`) has book moves; returns the book moves
/// of the opening player and, for an opening opponent, of the opponent too.
fn play(
    base: &Arc<CaseBase>,
    settings: CbrSettings,
    colour: Color,
    opponent: &Opponent,
    searcher: &SearchConfig,
    rng: &mut SplitMix64,
) -> (usize, Option<usize>) {
    let tt = TranspositionTable::new(16);
    let mut mine = CbrBook::new(base.clone(), settings);
    let mut theirs = CbrBook::new(base.clone(), settings);
    let (mut my_count, mut their_count) = (0, 0);
    let mut position = Position::new(Board::startpos());
    for _ in 0..MAX_PLIES {
        let board = *position.board();
        if board.legal_moves().is_empty() {
            break;
        }
        let mv = if board.side_to_move() == colour {
            match mine.choose(&board) {
                Some(m) => {
                    my_count += 1;
                    m.mv
                }
                None => break,
            }
        } else {
            match opponent {
                Opponent::Opening => match theirs.choose(&board) {
                    Some(m) => {
                        their_count += 1;
                        m.mv
                    }
                    None => search_move(&position, searcher, &tt),
                },
                Opponent::Random => {
                    let moves = board.legal_moves();
                    moves[(rng.next_u64() % moves.len() as u64) as usize]
                }
                Opponent::Search(config) => search_move(&position, config, &tt),
            }
        };
        position.play(mv);
    }
    let theirs = matches!(opponent, Opponent::Opening).then_some(their_count);
    (my_count, theirs)
}

/// Average book moves of the opening player against `opponent`: `games` games (at least
/// two, alternating colours), with matches sorted or not.
pub fn average_book_moves(
    base: &Arc<CaseBase>,
    sorted: bool,
    opponent: &Opponent,
    searcher: &SearchConfig,
    games: usize,
    seed: u64,
) -> f64 {
    let settings = CbrSettings {
        sort_by_length: sorted,
        paper_choices: true,
        max_distance: None,
    };
    let mut rng = SplitMix64::new(seed);
    let (mut total, mut counted) = (0usize, 0usize);
    for g in 0..games.max(2) {
        let colour = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (mine, theirs) = play(base, settings, colour, opponent, searcher, &mut rng);
        total += mine + theirs.unwrap_or(0);
        counted += 1 + theirs.is_some() as usize;
    }
    total as f64 / counted as f64
}

/// The paper's Table 4 values (sorted, not sorted) for each opponent, in [`PAPER_ROWS`] order.
pub const PAPER: [(f64, f64); 3] = [(13.0, 2.0), (5.8, 5.2), (12.0, 8.0)];

/// The rows' names for paper 000's players, in table order.
pub const PAPER_ROWS: [&str; 3] = ["Pruning vs Pruning", "Pruning vs Random", "Pruning vs Base"];

/// The rows' names for the engine with and without the book.
pub const ENGINE_ROWS: [&str; 3] = [
    "book vs book",
    "book vs random",
    "book vs engine without book",
];

/// Runs the three rows: the opening player and the searching side are `player` (paper 000's
/// Pruning player, or the engine), the Base opponent `base_player`.
pub fn run(
    base: &Arc<CaseBase>,
    player: &SearchConfig,
    base_player: &SearchConfig,
    random_games: usize,
    seed: u64,
) -> Vec<Row> {
    let opponents = [
        (Opponent::Opening, 2),
        (Opponent::Random, random_games),
        (Opponent::Search(Box::new(base_player.clone())), 2),
    ];
    opponents
        .iter()
        .map(|(opponent, games)| Row {
            sorted: average_book_moves(base, true, opponent, player, *games, seed),
            unsorted: average_book_moves(base, false, opponent, player, *games, seed),
        })
        .collect()
}

/// The rows, named by `names`, as a Markdown table beside the paper's.
pub fn markdown(rows: &[Row], names: [&str; 3]) -> String {
    let mut out = String::from(
        "| games | sorted | not sorted | paper 000: sorted | not sorted |\n| --- | ---: | ---: | ---: | ---: |\n",
    );
    for ((name, row), (ps, pu)) in names.iter().zip(rows).zip(PAPER) {
        let _ = writeln!(
            out,
            "| {name} | {:.1} | {:.1} | {ps:.1} | {pu:.1} |",
            row.sorted, row.unsorted
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_opening_players_follow_the_sicilian_from_the_paper_choices() {
        let base = Arc::new(CaseBase::eco());
        let config = crate::config::search_config("pruning", &[]).unwrap();
        let both = average_book_moves(&base, true, &Opponent::Opening, &config, 2, 1);
        // 1.e4 c5 are the fixed choices; sorted retrieval then follows a long Sicilian line.
        assert!(both >= 4.0, "{both}");
        let random = average_book_moves(&base, true, &Opponent::Random, &config, 6, 1);
        assert!(random >= 1.0 && random < both, "{random} vs {both}");
    }
}
