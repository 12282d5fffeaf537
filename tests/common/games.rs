//! Random legal games for quickcheck: a start position — one of a fixed list, or one of the
//! 960 Chess960 start positions — and a sequence of choices, each selecting one legal move
//! (`moves[choice % len]`).

use chainmate::core::{Board, Move};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// Start positions: the standard perft positions plus positions chosen for promotions,
/// castling and every en-passant case (legal, pinned horizontally, capture as evasion).
pub const START_FENS: &[&str] = &[
    // Initial position.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // CPW-2 "Kiwipete": castling, pins, en passant after ...c5 or a4.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // CPW-3: rook-and-pawn ending full of horizontal en-passant pins.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // CPW-4: promotions with capture, castling rights of one side only.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // CPW-5.
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // CPW-6.
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // Perft suite: promotions on both sides, knights guarding the promotion squares.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    // Perft suite: both sides may castle both ways.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    // En passant given in the FEN and legal (exf6).
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // En passant given in the FEN but illegal: bxc6 would expose the king to the rook.
    "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
    // En passant given in the FEN but illegal: exd3 would expose the king to the queen.
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    // En passant as the only way to capture the checking pawn.
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
];

/// At most this many plies are played in one random game.
pub const MAX_PLIES: usize = 300;

/// A random game: an index into [`START_FENS`] and one choice per ply.
#[derive(Clone, Debug)]
pub struct Game {
    /// Index into [`START_FENS`], or `START_FENS.len()` plus a Chess960 number.
    pub start: usize,
    /// `choices[i] % n` picks the move at ply `i` among the `n` legal moves.
    pub choices: Vec<u16>,
}

/// Number of start positions: [`START_FENS`], then the 960 Chess960 start positions.
pub const STARTS: usize = START_FENS.len() + 960;

impl Arbitrary for Game {
    fn arbitrary(g: &mut Gen) -> Game {
        // Half the games from the fixed list, half from Chess960 set-ups.
        let start = if bool::arbitrary(g) {
            usize::arbitrary(g) % START_FENS.len()
        } else {
            START_FENS.len() + usize::arbitrary(g) % 960
        };
        let len = usize::arbitrary(g) % (MAX_PLIES + 1);
        let choices = (0..len).map(|_| u16::arbitrary(g)).collect();
        Game { start, choices }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Game>> {
        let start = self.start;
        Box::new(
            self.choices
                .shrink()
                .map(move |choices| Game { start, choices }),
        )
    }
}

/// A played game: `boards[0]` is the start, `boards[i + 1]` is `boards[i]` after `moves[i]`.
pub struct Line {
    /// The start FEN as written in [`START_FENS`].
    pub start_fen: String,
    /// Every position of the game, the start first.
    pub boards: Vec<Board>,
    /// The moves between them.
    pub moves: Vec<Move>,
}

impl Game {
    /// The start position's FEN.
    pub fn start_fen(&self) -> String {
        match START_FENS.get(self.start) {
            Some(fen) => fen.to_string(),
            None => chainmate::core::chess960::start_fen((self.start - START_FENS.len()) as u16)
                .expect("a Chess960 number below 960"),
        }
    }

    /// Plays the game with [`Board::play_unchecked`] until the choices run out or the side to
    /// move has no legal move.
    pub fn line(&self) -> Line {
        let start_fen = self.start_fen();
        let mut board = super::board(&start_fen);
        let mut boards = vec![board];
        let mut moves = Vec::new();
        for &choice in &self.choices {
            let Some(mv) = pick(&board, choice) else {
                break;
            };
            board.play_unchecked(mv);
            boards.push(board);
            moves.push(mv);
        }
        Line {
            start_fen,
            boards,
            moves,
        }
    }
}

/// The legal move that `choice` selects, or `None` when there is none.
pub fn pick(board: &Board, choice: u16) -> Option<Move> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        None
    } else {
        Some(moves[choice as usize % moves.len()])
    }
}

impl Line {
    /// "start FEN, moves m1 m2 ... (position i: FEN)", to reproduce a failure at position `i`.
    pub fn describe(&self, i: usize) -> String {
        let path: Vec<String> = self.moves[..i].iter().map(|m| m.to_string()).collect();
        format!(
            "start {:?}, moves [{}], position {i}: {}",
            self.start_fen,
            path.join(" "),
            self.boards[i].to_fen()
        )
    }

    /// Runs `check` on every position of the game; the first failure is returned with the
    /// path that leads to it.
    pub fn check_each(
        &self,
        mut check: impl FnMut(&Board) -> Result<(), String>,
    ) -> Result<(), String> {
        for (i, board) in self.boards.iter().enumerate() {
            check(board).map_err(|e| format!("{e}\n  at {}", self.describe(i)))?;
        }
        Ok(())
    }
}

/// Runs a property over `tests` random games (a tenth in debug builds; see
/// [`super::cases`]). Quickcheck shrinks a failing game to a short one before reporting it.
pub fn check_games(tests: u64, prop: fn(Game) -> Result<(), String>) {
    QuickCheck::new()
        .tests(super::cases(tests))
        .quickcheck(prop);
}
