//! Move prediction: how often the action library, the search alone, and the search over the
//! library's replies play the grandmaster's move (paper 003's library tested without games).
//!
//! For every position of the test games in which the opponent's move is known (every ply
//! after the first), three predictors name up to three moves, best first:
//!
//! * **library**: the replies that pass both filters, most frequent first;
//! * **search**: the configuration's search with three principal variations (`MultiPV 3`)
//!   within the node limit;
//! * **library + search**: the same search over the library's replies only (all moves when
//!   it has none, as in play).
//!
//! A prediction is *top-1* when its first move is the game's move and *top-3* when one of its
//! first three is. Positions are grouped by phase: **opening** the first 20 plies,
//! **endgame** at most six pieces besides kings and pawns on the board, **middlegame** the
//! rest. The test games must not be among the mined ones: split by date (`library build
//! --until 2014`, `experiment predict --from 2015`).

use std::fmt::Write as _;
use std::sync::Mutex;

use crate::library::ActionLibrary;
use crate::search::{
    self, Limits, Reporter, SearchConfig, SearchControl, SearchInfo, TranspositionTable,
};
use chainmate::core::{Board, Move, Piece, Position};

/// The three phases, in table order.
pub const PHASES: [&str; 3] = ["opening", "middlegame", "endgame"];
/// The three predictors, in table order.
pub const PREDICTORS: [&str; 3] = ["library", "search", "library + search"];

/// Hits of the three predictors in one phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Positions.
    pub positions: u64,
    /// Positions where the library had at least one legal reply.
    pub covered: u64,
    /// Top-1 hits per predictor.
    pub top1: [u64; 3],
    /// Top-3 hits per predictor.
    pub top3: [u64; 3],
}

impl Cell {
    fn add(&mut self, other: &Cell) {
        self.positions += other.positions;
        self.covered += other.covered;
        for i in 0..3 {
            self.top1[i] += other.top1[i];
            self.top3[i] += other.top3[i];
        }
    }
}

/// The phase of `board` at `ply` (an index into [`PHASES`]).
pub fn phase(board: &Board, ply: usize) -> usize {
    let pieces = (board.occupied().0
        & !(board.pieces(Piece::Pawn).0 | board.pieces(Piece::King).0))
        .count_ones();
    if ply < 20 {
        0
    } else if pieces <= 6 {
        2
    } else {
        1
    }
}

/// Collects the first move of each principal variation of the last report per line.
#[derive(Default)]
struct Lines(Mutex<Vec<Option<Move>>>);

impl Reporter for Lines {
    fn report(&self, info: &SearchInfo) {
        if info.bound.is_some() || info.multipv == 0 {
            return;
        }
        let mut lines = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if lines.len() < info.multipv {
            lines.resize(info.multipv, None);
        }
        lines[info.multipv - 1] = info.pv.first().copied();
    }
}

fn search_lines(
    position: &Position,
    limits: &Limits,
    config: &SearchConfig,
    tt: &TranspositionTable,
) -> Vec<Move> {
    let lines = Lines::default();
    let result = search::search(
        position,
        limits,
        config,
        tt,
        &SearchControl::default(),
        &lines,
    );
    let mut moves: Vec<Move> = result.best_move.into_iter().collect();
    for mv in lines
        .0
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
    {
        if !moves.contains(&mv) {
            moves.push(mv);
        }
    }
    moves.truncate(3);
    moves
}

/// Predicts every position of one game (its start and moves); returns a cell per phase.
pub fn game(
    library: &ActionLibrary,
    start: &Board,
    moves: &[Move],
    degree: Option<f64>,
    nodes: u64,
    config: &SearchConfig,
    tt: &TranspositionTable,
) -> [Cell; 3] {
    let mut cells = [Cell::default(); 3];
    let mut config = config.clone();
    config.multipv = 3;
    config.ext.book = None;
    config.ext.library = None;
    let mut position = Position::new(*start);
    for (ply, &played) in moves.iter().enumerate() {
        if ply > 0 {
            let cell = &mut cells[phase(position.board(), ply)];
            cell.positions += 1;
            let retrieval = library
                .retrieve_in_game(&position, degree)
                .unwrap_or_default();
            let replies: Vec<Move> = retrieval.replies.iter().map(|r| r.mv).collect();
            cell.covered += !replies.is_empty() as u64;
            tt.new_search();
            let alone = search_lines(&position, &Limits::nodes(nodes), &config, tt);
            let with_library = if replies.is_empty() {
                alone.clone()
            } else {
                let limits = Limits {
                    searchmoves: replies.clone(),
                    ..Limits::nodes(nodes)
                };
                tt.new_search();
                search_lines(&position, &limits, &config, tt)
            };
            let top3: Vec<Move> = replies.iter().take(3).copied().collect();
            for (i, predicted) in [top3, alone, with_library].iter().enumerate() {
                cell.top1[i] += (predicted.first() == Some(&played)) as u64;
                cell.top3[i] += predicted.iter().take(3).any(|&m| m == played) as u64;
            }
        }
        position.play(played);
    }
    cells
}

/// Predicts every position of `games` on `threads` threads (each game with a cleared table,
/// so the counts do not depend on the number of threads); `progress` is called after each
/// game.
pub fn run(
    library: &ActionLibrary,
    games: &[(Board, Vec<Move>)],
    degree: Option<f64>,
    nodes: u64,
    config: &SearchConfig,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> [Cell; 3] {
    let per_game = crate::parallel::parallel_map(
        games,
        threads,
        || TranspositionTable::new(16),
        |tt, (start, moves)| {
            // A fresh table per game: results do not depend on the threads.
            tt.clear();
            game(library, start, moves, degree, nodes, config, tt)
        },
        progress,
    );
    let mut total = [Cell::default(); 3];
    for cells in &per_game {
        for (t, c) in total.iter_mut().zip(cells) {
            t.add(c);
        }
    }
    total
}

/// The cells as a Markdown table: per phase and in all, top-1 and top-3 of each predictor.
pub fn markdown(cells: &[Cell; 3]) -> String {
    let mut all = Cell::default();
    for c in cells {
        all.add(c);
    }
    let mut out = String::from(
        "| phase | positions | library has a reply | library top-1 / top-3 | search top-1 / top-3 | library + search top-1 / top-3 |\n\
         | --- | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let pct = |n: u64, d: u64| 100.0 * n as f64 / d.max(1) as f64;
    for (name, c) in PHASES.iter().copied().zip(cells).chain([("all", &all)]) {
        let _ = write!(
            out,
            "| {name} | {} | {:.1} % |",
            c.positions,
            pct(c.covered, c.positions)
        );
        for i in 0..3 {
            let _ = write!(
                out,
                " {:.1} % / {:.1} % |",
                pct(c.top1[i], c.positions),
                pct(c.top3[i], c.positions)
            );
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::build::{mine, BuildOptions};
    use crate::library::file::Contents;

    #[test]
    fn a_library_of_the_test_game_itself_predicts_every_reply() {
        let pgn = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 *\n";
        let mined = mine(pgn, &BuildOptions::default());
        let library = ActionLibrary::new(Contents::from_records(mined.records, 1));
        let game = chainmate::formats::pgn::read_games(pgn)
            .next()
            .unwrap()
            .unwrap();
        let config = crate::config::search_config("default", &[]).unwrap();
        let tt = TranspositionTable::new(1);
        let cells = super::game(
            &library,
            game.start(),
            game.moves(),
            Some(0.5),
            2000,
            &config,
            &tt,
        );
        // Seven positions with a move before, all in the opening.
        assert_eq!(cells[0].positions, 7);
        assert_eq!(cells[1].positions + cells[2].positions, 0);
        assert_eq!(cells[0].covered, 7);
        assert_eq!(
            cells[0].top1[0], 7,
            "the library holds exactly these replies"
        );
        // Library + search can only choose among the library's replies: one each here.
        assert_eq!(cells[0].top1[2], 7);
        assert!(cells[0].top3[1] >= cells[0].top1[1]);
        let table = markdown(&cells);
        assert!(
            table.contains("| opening | 7 | 100.0 % | 100.0 % / 100.0 % |"),
            "{table}"
        );
    }

    #[test]
    fn phases_follow_the_ply_and_the_pieces() {
        assert_eq!(phase(&Board::startpos(), 0), 0);
        assert_eq!(phase(&Board::startpos(), 30), 1);
        let rook_ending = Board::from_fen("8/5k2/8/3r4/8/8/2KR4/8 w - - 0 60").unwrap();
        assert_eq!(phase(&rook_ending, 100), 2);
    }
}
