//! The papers' root-level ideas as the lab holds them: an opening book asked before searching
//! ([`OpeningBook`]: the case-based book of paper 000 and Polyglot books) and a filter of the
//! root moves ([`RootFilter`]: paper 003's action library), each held in a [`Hook`] that
//! searches and threads share. [`super::Lab`] answers the engine's search with them.

use std::fmt;

use chainmate::core::{Move, Position};
use chainmate::search::{BookMove, RootMoves};

/// An opening book the search consults at its root before searching (see [`crate::book`]).
pub trait OpeningBook: Named + Send + Sync {
    /// The book's move for the game's current position, or `None` to search.
    fn probe(&self, position: &Position) -> Option<BookMove>;
}

/// Something a hook holds: a short name for debugging output.
pub trait Named {
    /// The name, e.g. `polyglot`.
    fn name(&self) -> &'static str;
}

/// A paper idea the search consults through a trait object, shared between searches and
/// threads: the opening book ([`BookHook`]) and the action library ([`LibraryHook`]).
pub struct Hook<T: ?Sized>(pub std::sync::Arc<T>);

impl<T: ?Sized> Clone for Hook<T> {
    fn clone(&self) -> Self {
        Hook(self.0.clone())
    }
}

impl<T: ?Sized + Named> fmt::Debug for Hook<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hook({})", self.0.name())
    }
}

/// The book a search consults.
pub type BookHook = Hook<dyn OpeningBook>;

/// Restricts the moves the search considers at its root, and learns from the moves played
/// (paper 003's action library: see [`crate::library`]).
pub trait RootFilter: Named + Send + Sync {
    /// The moves to search in the game's current position (empty: every legal move), with a
    /// line for the GUI.
    fn root_moves(&self, position: &Position) -> RootMoves;
    /// The search chose `mv` to play in `position` (not called for analysis).
    fn played(&self, position: &Position, mv: Move);
}

/// The root filter a search consults.
pub type LibraryHook = Hook<dyn RootFilter>;
