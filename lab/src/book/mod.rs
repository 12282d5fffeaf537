//! Opening books, consulted at the root of the search before it searches.
//!
//! * [`cbr`]: paper 000's case-based opening retrieval over the ECO openings.
//! * [`polyglot`]: Polyglot books — keys, reading, probing, building.

pub mod cbr;
pub mod polyglot;
pub mod polyglot_random;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};

use crate::search::{BookMove, Named, OpeningBook};
use cbr::{CaseBase, CbrBook, CbrSettings};
use chainmate::core::prng::SplitMix64;
use chainmate::core::{Move, Position};
use polyglot::PolyglotBook;

/// The shipped ECO case base, loaded once on first use.
pub static ECO_CASES: LazyLock<Arc<CaseBase>> = LazyLock::new(|| Arc::new(CaseBase::eco()));

/// Plies of a game the book is consulted for by default.
pub const DEFAULT_BOOK_DEPTH: usize = 24;

/// The note a book move is announced with: the ECO code and name of the opening the game
/// reaches with `mv` ([`CaseBase::opening_of`] over the game's boards and the one after the
/// move), not of the line the move was found in; empty when no line names it.
pub fn opening_after(position: &Position, mv: Move) -> String {
    let mut boards = position.history().to_vec();
    let mut next = *position.board();
    boards.push(next);
    next.play(mv);
    boards.push(next);
    ECO_CASES
        .opening_of(&boards)
        .map_or_else(String::new, |case| format!("{} {}", case.eco, case.name))
}

/// Paper 000's case-based book as the search's [`OpeningBook`].
///
/// The book keeps no state between searches: "off for the rest of the game" is decided from
/// the game itself — if a retrieval at any earlier position of the game where the same side
/// was to move found no move, the book stays off. So one book can serve any number of games
/// at once (matches), and a GUI that resends the game each move gets the paper's behaviour.
pub struct CbrSource {
    /// The cases.
    pub base: Arc<CaseBase>,
    /// Retrieval settings.
    pub settings: CbrSettings,
    /// Plies of the game the book is used for.
    pub max_ply: usize,
}

impl OpeningBook for CbrSource {
    fn probe(&self, position: &Position) -> Option<BookMove> {
        if position.ply() >= self.max_ply {
            return None;
        }
        let mut book = CbrBook::new(self.base.clone(), self.settings);
        // Earlier positions of the same side, oldest first: each must have had a book move.
        let history = position.history();
        let ours = history.iter().rev().skip(1).step_by(2).collect::<Vec<_>>();
        for board in ours.into_iter().rev() {
            book.choose(board)?;
        }
        let found = book.choose(position.board())?;
        Some(BookMove {
            mv: found.mv,
            note: opening_after(position, found.mv),
        })
    }
}

impl Named for CbrSource {
    fn name(&self) -> &'static str {
        "cbr"
    }
}

/// A Polyglot book as the search's [`OpeningBook`].
pub struct PolyglotSource {
    /// The book.
    pub book: Arc<PolyglotBook>,
    /// Weighted random choice (else the heaviest move).
    pub variety: bool,
    /// Plies of the game the book is used for.
    pub max_ply: usize,
    /// Draws of the variety generator so far (each probe uses the next seed).
    pub draws: AtomicU64,
}

impl OpeningBook for PolyglotSource {
    fn probe(&self, position: &Position) -> Option<BookMove> {
        if position.ply() >= self.max_ply {
            return None;
        }
        let board = position.board();
        let seed = polyglot::key(board) ^ self.draws.fetch_add(1, Ordering::Relaxed);
        let mv = self
            .book
            .choose(board, self.variety, &mut SplitMix64::new(seed))?;
        Some(BookMove {
            mv,
            note: opening_after(position, mv),
        })
    }
}

impl Named for PolyglotSource {
    fn name(&self) -> &'static str {
        "polyglot"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(moves: &[&str]) -> Position {
        let mut p = Position::default();
        for m in moves {
            p.play_uci(m).unwrap();
        }
        p
    }

    fn cbr() -> CbrSource {
        CbrSource {
            base: ECO_CASES.clone(),
            settings: CbrSettings::default(),
            max_ply: DEFAULT_BOOK_DEPTH,
        }
    }

    /// The note names the opening of the position the book move reaches — after 1.e4 the
    /// King's Pawn Game — not the line deep in the book the move was retrieved from.
    #[test]
    fn a_book_move_is_announced_with_the_opening_it_reaches() {
        let first = cbr().probe(&Position::default()).unwrap();
        assert_eq!(first.mv.to_string(), "e2e4");
        assert_eq!(first.note, "B00 King's Pawn Game");
        let indian = position(&["d2d4", "g8f6", "c2c4"]);
        let reply = cbr().probe(&indian).unwrap();
        let mut game = indian.clone();
        game.play(reply.mv);
        // The longest line that the game's four moves begin with, found the slow way: by the
        // lines' SAN moves.
        let played: Vec<String> = {
            let mut p = Position::default();
            ["d2d4", "g8f6", "c2c4", &reply.mv.to_string()]
                .iter()
                .map(|m| {
                    let mv = p.board().parse_uci(m).unwrap();
                    let san = p.board().san(mv);
                    p.play(mv);
                    san
                })
                .collect()
        };
        let expected = ECO_CASES
            .cases
            .iter()
            .filter(|c| c.san.len() <= played.len() && played.starts_with(&c.san))
            .max_by_key(|c| c.len())
            .unwrap();
        assert_eq!(reply.note, format!("{} {}", expected.eco, expected.name));
        assert!(
            reply.note.starts_with("A5") || reply.note.starts_with("E"),
            "{}",
            reply.note
        );
        // The same note from a Polyglot book's move: both books name the position reached.
        assert_eq!(opening_after(&indian, reply.mv), reply.note);
    }

    /// A game set up from a FEN has no moves from the start: the line that ends on the board
    /// names it.
    #[test]
    fn a_position_without_a_game_is_named_by_its_board() {
        let after_e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .unwrap();
        let mv = after_e4.board().parse_uci("c7c5").unwrap();
        assert_eq!(opening_after(&after_e4, mv), "B20 Sicilian Defense");
    }

    #[test]
    fn the_case_based_book_stays_off_once_a_retrieval_failed_in_the_game() {
        let source = CbrSource {
            base: ECO_CASES.clone(),
            settings: CbrSettings::default(),
            max_ply: DEFAULT_BOOK_DEPTH,
        };
        // In the Sicilian the book answers, with the line's name.
        let sicilian = source.probe(&position(&["e2e4", "c7c5"])).unwrap();
        assert!(sicilian.note.starts_with('B'), "{}", sicilian.note);
        // Knights out and back: the start position again, which alone would be in the book,
        // but a retrieval of White's failed on the way, so the book is off for the game.
        assert!(source.probe(&Position::default()).is_some());
        let wandering = position(&[
            "b1a3", "g8h6", "a3b1", "h6g8", "g1h3", "b8a6", "h3g1", "a6b8",
        ]);
        assert_eq!(source.probe(&wandering), None);
        // Past the book depth: nothing.
        let shallow = CbrSource {
            max_ply: 1,
            ..source
        };
        assert_eq!(shallow.probe(&position(&["e2e4"])), None);
    }
}
