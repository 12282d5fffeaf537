//! `Position`: a [`Board`] plus the game history behind it — the undo stack and the hashes
//! needed for repetition detection.
//!
//! Undo is a pop of the copied board (copy-make; see [`Board`]), so `play`/`undo` is exact by
//! construction. The repetition scan walks `hashes`, a dense `u64` array, back to the last
//! irreversible move (the halfmove clock bounds it) looking only at positions with the same
//! side to move.

use super::board::Board;
use super::fen::FenError;
use super::move_error::MoveError;
use super::moves::Move;

/// A position with its history.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    /// Boards before each move played, for `undo`.
    undo: Vec<Board>,
    /// Hashes of every position of the game so far, the current one last.
    hashes: Vec<u64>,
}

impl Default for Position {
    fn default() -> Self {
        Position::new(Board::startpos())
    }
}

impl From<Board> for Position {
    fn from(board: Board) -> Self {
        Position::new(board)
    }
}

impl Position {
    /// A position with no history before `board`.
    pub fn new(board: Board) -> Self {
        let mut hashes = Vec::with_capacity(256);
        hashes.push(board.hash());
        Position {
            board,
            undo: Vec::with_capacity(256),
            hashes,
        }
    }

    /// The position described by `fen`, without history.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Board::from_fen(fen).map(Position::new)
    }

    /// The current board.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Number of moves (and null moves) played since the starting board.
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// The boards before each move played so far, oldest first (the current board is not
    /// included).
    pub fn history(&self) -> &[Board] {
        &self.undo
    }

    /// Hashes of every position so far, oldest first, the current one last.
    pub fn hash_history(&self) -> &[u64] {
        &self.hashes
    }

    /// Plays `mv`, which must be legal (no check is made; see [`Board::play_unchecked`]).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.undo.push(self.board);
        self.board.play_unchecked(mv);
        self.hashes.push(self.board.hash());
    }

    /// Plays `mv` if legal; otherwise returns an error and changes nothing.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        let mut next = self.board;
        next.try_play(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a legal move; panics if it is illegal.
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e} (position {})", self.board.to_fen());
        }
    }

    /// Parses a UCI move, plays it and returns it; on error nothing changes.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.board.parse_uci(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Parses a SAN move, plays it and returns it; on error nothing changes.
    pub fn play_san(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.board.parse_san(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Passes the move; returns false (and changes nothing) when in check.
    pub fn play_null(&mut self) -> bool {
        match self.board.null_move() {
            Some(next) => {
                self.undo.push(self.board);
                self.board = next;
                self.hashes.push(next.hash());
                true
            }
            None => false,
        }
    }

    /// Takes back the last move or null move; returns false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(previous) => {
                self.board = previous;
                self.hashes.pop();
                true
            }
            None => false,
        }
    }

    /// How many earlier positions of the game (within the reach of the halfmove clock, same
    /// side to move) have the current position's hash.
    pub fn repetitions(&self) -> usize {
        let n = self.hashes.len();
        let current = self.hashes[n - 1];
        let reach = (self.board.halfmove_clock() as usize).min(n - 1);
        (4..=reach)
            .step_by(2)
            .filter(|&back| self.hashes[n - 1 - back] == current)
            .count()
    }

    /// Whether the current position occurred before within the last `window` plies
    /// (a search typically treats any repetition after its root as a draw).
    pub fn repeated_within(&self, window: usize) -> bool {
        let n = self.hashes.len();
        let current = self.hashes[n - 1];
        let reach = (self.board.halfmove_clock() as usize)
            .min(n - 1)
            .min(window);
        (4..=reach)
            .step_by(2)
            .any(|back| self.hashes[n - 1 - back] == current)
    }

    /// Threefold repetition: the current position has occurred twice before.
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 2
    }

    /// The fifty-move rule: 100 plies without a capture or pawn move, unless this very move
    /// delivered mate (a mate takes precedence, FIDE 9.3).
    pub fn is_fifty_move_draw(&self) -> bool {
        self.board.halfmove_clock() >= 100
            && (!self.board.is_check() || self.board.has_legal_move())
    }

    /// Whether the game is over here: checkmate, or a draw as [`Position::is_draw`] sees one.
    pub fn is_game_over(&self) -> bool {
        self.is_draw() || !self.board.has_legal_move()
    }

    /// How many moves of `line`, played from here, a game can follow: the line is cut after
    /// the move that ends the game ([`Position::is_game_over`]: mate, stalemate, threefold
    /// repetition with this game's history, the fifty-move rule, insufficient material) and
    /// before a move that is not legal. A search's principal variation is shown only so far:
    /// a GUI that plays a line out warns of moves past the end of the game.
    pub fn playable_prefix(&self, line: &[Move]) -> usize {
        // The hashes are what the rules read; the undo stack is not needed.
        let mut game = Position {
            board: self.board,
            undo: Vec::new(),
            hashes: self.hashes.clone(),
        };
        for (i, &mv) in line.iter().enumerate() {
            if game.try_play(mv).is_err() {
                return i;
            }
            if game.is_game_over() {
                return i + 1;
            }
        }
        line.len()
    }

    /// A draw by rule (threefold repetition, fifty moves, insufficient material) or stalemate.
    pub fn is_draw(&self) -> bool {
        self.is_threefold_repetition()
            || self.is_fifty_move_draw()
            || self.board.is_insufficient_material()
            || (!self.board.is_check() && !self.board.has_legal_move())
    }
}
