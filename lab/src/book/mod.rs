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
use chainmate::core::Position;
use polyglot::PolyglotBook;

/// The shipped ECO case base, loaded once on first use.
pub static ECO_CASES: LazyLock<Arc<CaseBase>> = LazyLock::new(|| Arc::new(CaseBase::eco()));

/// Plies of a game the book is consulted for by default.
pub const DEFAULT_BOOK_DEPTH: usize = 24;

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
            note: found
                .case
                .map_or_else(String::new, |(eco, name)| format!("{eco} {name}")),
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
        let note = ECO_CASES
            .name_of(&{
                let mut next = *board;
                next.play(mv);
                next
            })
            .map_or_else(String::new, |case| format!("{} {}", case.eco, case.name));
        Some(BookMove { mv, note })
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
