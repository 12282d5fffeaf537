//! Self-play training data for the evaluator (`chainmate-lab datagen`): games of the engine
//! against itself at a fixed node count, and from each game its quiet positions with the
//! search's score and the game's result.
//!
//! # The games
//!
//! Game number `g` (from 0) is a pure function of `g`, the seed and the settings: an opening
//! drawn from the book with a generator seeded by `seed` and `g`, then `random_plies` legal
//! moves drawn uniformly (variety beyond the book: two plies turn 5,000 book lines into
//! hundreds of thousands of starts), then the engine plays both sides at `nodes` nodes a move
//! with one searcher (its table and histories cleared before the game). A game whose first
//! search scores beyond `max_opening_score` is dropped unplayed: a random ply that hangs a
//! piece makes a lopsided game that teaches little.
//!
//! A game ends by the rules (mate, stalemate, insufficient material, threefold repetition,
//! the fifty-move rule) or by adjudication, stated here because the labels depend on it:
//!
//! * **win**: the searches score the same side at least `win_score` (1,000 cp) ahead for
//!   `win_plies` (4) plies in a row — both sides agree, twice each;
//! * **draw**: from ply `draw_after_plies` (80) of the engines' play on, the scores stay
//!   within `draw_score` (10 cp) of zero for `draw_plies` (10) plies in a row;
//! * **cap**: a game still going after `max_plies` (400) plies of the engines' play is a draw.
//!
//! # The positions kept
//!
//! From the engines' ply `skip_plies` (8) on, a position is kept when the side to move is not
//! in check, the searched best move is neither a capture nor a promotion, the score is not a
//! mate score, and the position is **quiet by the quiescence search**: its full-window
//! quiescence score equals its static evaluation (no capture or promotion changes the value;
//! [`Searcher::quiescence`], on a table of its own). These are the positions where the static
//! evaluation the tuner fits is a fair stand-in for the search. Every such position is kept:
//! neighbours within a game are alike, which many games make up for, and a tuner may
//! subsample.
//!
//! # The file
//!
//! One EPD line per position, readable by any tool that reads Texel-style tuning files:
//!
//! ```text
//! r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R w KQkq - c9 "1/2-1/2"; ce 21; hmvc 2; fmvn 7; id "game 17 ply 12";
//! ```
//!
//! * `c9`: the game's result, White's view (`1-0`, `0-1`, `1/2-1/2`), as in the tuning files
//!   of `../shared/data/tuning` and Ethereal's and Zurichess's sets;
//! * `ce`: the search's score in centipawns, **side to move's view** (EPD's standard meaning);
//! * `hmvc`, `fmvn`: the FEN's two clocks (EPD's standard opcodes);
//! * `id`: the game's number and the position's ply since the opening's first position (an
//!   EPD book's position, or the position a PGN or movetext line starts from).
//!
//! The file is append-only. A game's lines are written in one write once the game ends, so
//! an interrupted run loses only the games in progress; a run started again on the same file
//! first cuts a last line left unfinished by the interruption, then plays only the game
//! numbers the file does not hold yet — with the same settings and seed, the file ends as an
//! uninterrupted run's would, up to line order.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::eval::score::{Score, TB_WIN_IN_MAX_PLY};
use crate::search::{Limits, SearchConfig, SearchControl, Searcher, Silent};
use crate::tournament::game::rules_outcome;
use crate::tournament::Opening;
use chainmate::core::prng::SplitMix64;
use chainmate::core::{Board, Color, Position};
use chainmate::formats::pgn::GameResult;

/// How games are played, adjudicated and sampled (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenSettings {
    /// Nodes per move.
    pub nodes: u64,
    /// Random legal plies after the book line.
    pub random_plies: usize,
    /// A game whose first search scores beyond this (centipawns) is dropped.
    pub max_opening_score: Score,
    /// Plies of the engines' play passed over before positions are kept.
    pub skip_plies: usize,
    /// Adjudicated win: a score at least this far ahead ...
    pub win_score: Score,
    /// ... for this many plies in a row.
    pub win_plies: usize,
    /// Adjudicated draw: scores within this of zero ...
    pub draw_score: Score,
    /// ... for this many plies in a row ...
    pub draw_plies: usize,
    /// ... from this ply of the engines' play on.
    pub draw_after_plies: usize,
    /// A game still going after this many plies of the engines' play is a draw.
    pub max_plies: usize,
    /// Hash table of the searcher, MiB.
    pub hash_mb: usize,
    /// Seed of the openings and the random plies.
    pub seed: u64,
    /// Whether the quiet positions are picked out as [`Record`]s (the EPD file's lines); a
    /// viriformat chunk keeps every move instead ([`GameData::viri`]) and leaves the choice
    /// to its reader, so it skips the quiescence test.
    pub pick_records: bool,
}

impl Default for DatagenSettings {
    fn default() -> Self {
        DatagenSettings {
            nodes: 5_000,
            random_plies: 2,
            max_opening_score: 300,
            skip_plies: 8,
            win_score: 1_000,
            win_plies: 4,
            draw_score: 10,
            draw_plies: 10,
            draw_after_plies: 80,
            max_plies: 400,
            hash_mb: 16,
            seed: 1,
            pick_records: true,
        }
    }
}

/// One kept position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position.
    pub board: Board,
    /// The search's score, side to move's view.
    pub score: Score,
    /// The game's number.
    pub game: u64,
    /// Plies since the opening's first position (a book's FEN, or the position its moves
    /// start from).
    pub ply: usize,
}

impl Record {
    /// The record's line (see the module documentation), without a newline.
    pub fn line(&self, result: GameResult) -> String {
        let fen = self.board.to_fen();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut line = fields[..4].join(" ");
        let _ = write!(
            line,
            " c9 \"{}\"; ce {}; hmvc {}; fmvn {}; id \"game {} ply {}\";",
            result.as_str(),
            self.score,
            fields[4],
            fields[5],
            self.game,
            self.ply
        );
        line
    }
}

/// The game number of a line written by [`Record::line`], if it is one.
pub fn game_of_line(line: &str) -> Option<u64> {
    let rest = &line[line.find("id \"game ")? + "id \"game ".len()..];
    rest.split_whitespace().next()?.parse().ok()
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of chess.
    Rules,
    /// Adjudicated a win by the scores.
    WinAdjudication,
    /// Adjudicated a draw by the scores.
    DrawAdjudication,
    /// The ply cap.
    Cap,
    /// Dropped before play: a lopsided opening, or one with no move left.
    Dropped,
}

/// One game's outcome and kept positions.
#[derive(Clone, Debug)]
pub struct GameData {
    /// The game's number.
    pub game: u64,
    /// The result (`Unknown` for a dropped game).
    pub result: GameResult,
    /// How it ended.
    pub ending: Ending,
    /// Plies the engines played.
    pub plies: usize,
    /// The kept positions.
    pub records: Vec<Record>,
    /// The position the engines' play started from (after the book line and the random
    /// plies; `None` for a dropped game).
    pub start: Option<Board>,
    /// Every move the engines played, with its search's score (side to move's view).
    pub moves: Vec<(chainmate::core::Move, Score)>,
}

impl GameData {
    /// The game as a viriformat record (scores White's view), or `None` for a dropped game.
    pub fn viri(&self) -> Option<chainmate::formats::viriformat::ViriGame> {
        let start = self.start?;
        let mut game = chainmate::formats::viriformat::ViriGame::new(start, self.result);
        let mut side = start.side_to_move();
        for &(mv, score) in &self.moves {
            let white = score * side.sign();
            game.moves.push((mv, white.clamp(-32_000, 32_000) as i16));
            side = !side;
        }
        Some(game)
    }

    /// The game's lines, each ending with a newline.
    pub fn text(&self) -> String {
        self.records
            .iter()
            .map(|r| r.line(self.result) + "\n")
            .collect()
    }
}

/// A worker's engine: the searcher that plays, and a small one of its own for the quiet test.
pub struct Player {
    searcher: Searcher,
    quiet: Searcher,
    config: SearchConfig,
}

impl Player {
    /// A player with `config` and a table of `hash_mb` MiB.
    pub fn new(config: SearchConfig, hash_mb: usize) -> Player {
        Player {
            searcher: Searcher::new(hash_mb),
            quiet: Searcher::new(1),
            config,
        }
    }
}

/// The start of game `game`: a book line and the random plies after it, or `None` when a
/// random ply finds no legal move (the game is then dropped).
pub fn opening(book: &[Opening], game: u64, settings: &DatagenSettings) -> Option<Position> {
    let mut rng = SplitMix64::new(settings.seed ^ (game + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let line = &book[(rng.next_u64() % book.len() as u64) as usize];
    let mut position = Position::new(line.start);
    for &mv in &line.moves {
        position.play_unchecked(mv);
    }
    for _ in 0..settings.random_plies {
        let moves = position.board().legal_moves();
        if moves.is_empty() || rules_outcome(&position).is_some() {
            return None;
        }
        position.play_unchecked(moves[(rng.next_u64() % moves.len() as u64) as usize]);
    }
    (rules_outcome(&position).is_none()).then_some(position)
}

/// The adjudication rules' running counts (see the module documentation).
#[derive(Default)]
struct Adjudicator {
    /// Plies in a row the same side has been `win_score` ahead, and which side.
    winning: (usize, Option<Color>),
    /// Plies in a row within `draw_score`.
    level: usize,
}

impl Adjudicator {
    /// Takes the score of ply `ply` (side to move's view) and returns the adjudicated
    /// result, if any.
    fn take(
        &mut self,
        s: &DatagenSettings,
        side: Color,
        score: Score,
        ply: usize,
    ) -> Option<(GameResult, Ending)> {
        let ahead = if score >= s.win_score {
            Some(side)
        } else if score <= -s.win_score {
            Some(!side)
        } else {
            None
        };
        self.winning = match (ahead, self.winning) {
            (Some(a), (n, Some(b))) if a == b => (n + 1, Some(a)),
            (Some(a), _) => (1, Some(a)),
            (None, _) => (0, None),
        };
        if let (n, Some(winner)) = self.winning {
            if n >= s.win_plies {
                return Some((GameResult::win_for(winner), Ending::WinAdjudication));
            }
        }
        self.level = if score.abs() <= s.draw_score {
            self.level + 1
        } else {
            0
        };
        (ply + 1 >= s.draw_after_plies && self.level >= s.draw_plies)
            .then_some((GameResult::Draw, Ending::DrawAdjudication))
    }
}

/// Plays game number `game` (see the module documentation).
pub fn play(player: &mut Player, book: &[Opening], game: u64, s: &DatagenSettings) -> GameData {
    let mut data = GameData {
        game,
        result: GameResult::Unknown,
        ending: Ending::Dropped,
        plies: 0,
        records: Vec::new(),
        start: None,
        moves: Vec::new(),
    };
    let Some(mut position) = opening(book, game, s) else {
        return data;
    };
    player.searcher.clear();
    player.quiet.clear();
    let control = SearchControl::default();
    let limits = Limits::nodes(s.nodes);
    let mut adjudicator = Adjudicator::default();
    loop {
        if let Some(outcome) = rules_outcome(&position) {
            (data.result, data.ending) = (outcome.result, Ending::Rules);
            break;
        }
        if data.plies >= s.max_plies {
            (data.result, data.ending) = (GameResult::Draw, Ending::Cap);
            break;
        }
        let found = player
            .searcher
            .search(&position, &limits, &player.config, &control, &Silent);
        let Some(mv) = found.best_move else {
            unreachable!("the rules end a game without legal moves")
        };
        if data.plies == 0 && found.score.abs() > s.max_opening_score {
            data.records.clear();
            return data;
        }
        let board = *position.board();
        if data.plies == 0 {
            data.start = Some(board);
        }
        data.moves.push((mv, found.score));
        if s.pick_records
            && data.plies >= s.skip_plies
            && !board.is_check()
            && !mv.is_noisy()
            && found.score.abs() < TB_WIN_IN_MAX_PLY
            && player
                .quiet
                .quiescence(&position, &player.config)
                .is_quiet()
        {
            data.records.push(Record {
                board,
                score: found.score,
                game,
                ply: position.ply(),
            });
        }
        let adjudged = adjudicator.take(s, board.side_to_move(), found.score, data.plies);
        position.play_unchecked(mv);
        data.plies += 1;
        if let Some((result, ending)) = adjudged {
            (data.result, data.ending) = (result, ending);
            break;
        }
    }
    data
}

/// What an existing data file holds: its positions, the games they came from, and the byte
/// length of its finished lines (a resumed run cuts the file there).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Existing {
    /// Lines (positions).
    pub positions: u64,
    /// Game numbers present.
    pub games: HashSet<u64>,
    /// Bytes up to and including the last newline.
    pub complete_len: u64,
}

impl Existing {
    /// Reads `text`, an earlier run's output (possibly cut short mid-line).
    pub fn scan(text: &str) -> Existing {
        let complete_len = text.rfind('\n').map_or(0, |i| i + 1);
        let mut existing = Existing {
            complete_len: complete_len as u64,
            ..Existing::default()
        };
        for line in text[..complete_len].lines() {
            if let Some(game) = game_of_line(line) {
                existing.positions += 1;
                existing.games.insert(game);
            }
        }
        existing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> Vec<Opening> {
        crate::tournament::openings::builtin()
    }

    fn quick() -> DatagenSettings {
        DatagenSettings {
            nodes: 600,
            ..DatagenSettings::default()
        }
    }

    #[test]
    fn a_line_reads_back_as_a_tuning_sample_and_names_its_game() {
        let record = Record {
            board: Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 3 41").unwrap(),
            score: -57,
            game: 1234,
            ply: 80,
        };
        let line = record.line(GameResult::WhiteWins);
        assert_eq!(
            line,
            "4k3/8/8/8/8/8/4P3/4K3 b - - c9 \"1-0\"; ce -57; hmvc 3; fmvn 41; id \"game 1234 ply 80\";"
        );
        assert_eq!(game_of_line(&line), Some(1234));
        let (samples, skipped) = crate::tune::texel::parse_samples(&line);
        assert_eq!((samples.len(), skipped), (1, 0));
        assert_eq!(samples[0].result, 1.0);
        // The sample's board is the record's (EPD readers take the clocks from `hmvc`/`fmvn`
        // or not at all: the tuner needs neither).
        assert_eq!(samples[0].board.hash(), record.board.hash());
        let epd = chainmate::formats::epd::EpdRecord::parse(&line).unwrap();
        assert_eq!(epd.operands("ce").unwrap()[0], "-57");
    }

    #[test]
    fn a_cut_file_is_scanned_up_to_its_last_whole_line() {
        let text = "8/8/8/8/8/8/8/K6k w - - c9 \"1/2-1/2\"; ce 0; hmvc 0; fmvn 1; id \"game 3 ply 20\";\n\
                    8/8/8/8/8/8/8/K6k b - - c9 \"1/2-1/2\"; ce 0; hmvc 0; fmvn 1; id \"game 5 ply 21\";\n\
                    8/8/8/8/8/8/8/K6k w - - c9 \"1/2-1/2\"; ce 0; hmvc 0; fmvn 2; id \"ga";
        let e = Existing::scan(text);
        assert_eq!(e.positions, 2);
        assert_eq!(e.games, HashSet::from([3, 5]));
        assert_eq!(
            &text[e.complete_len as usize - 1..e.complete_len as usize],
            "\n"
        );
        assert!(text[..e.complete_len as usize].ends_with("ply 21\";\n"));
    }

    #[test]
    fn adjudication_needs_agreement_in_a_row() {
        let s = DatagenSettings::default();
        let mut a = Adjudicator::default();
        // White to move +1200, Black to move −1200 (White ahead): four plies.
        assert_eq!(a.take(&s, Color::White, 1200, 20), None);
        assert_eq!(a.take(&s, Color::Black, -1200, 21), None);
        assert_eq!(a.take(&s, Color::White, 1200, 22), None);
        assert_eq!(
            a.take(&s, Color::Black, -1100, 23),
            Some((GameResult::WhiteWins, Ending::WinAdjudication))
        );
        // A ply below the margin starts the count again.
        let mut a = Adjudicator::default();
        for (i, score) in [1200, -1200, 900, -1200, 1200, -1200]
            .into_iter()
            .enumerate()
        {
            let side = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(a.take(&s, side, score, 30 + i), None);
        }
        // Level scores are a draw only from ply 80 on.
        let mut a = Adjudicator::default();
        for ply in 60..79 {
            assert_eq!(a.take(&s, Color::White, 5, ply), None);
        }
        assert_eq!(
            a.take(&s, Color::White, 5, 79),
            Some((GameResult::Draw, Ending::DrawAdjudication))
        );
    }

    #[test]
    fn a_game_is_a_function_of_its_number_and_keeps_only_quiet_positions() {
        let book = book();
        let s = quick();
        let config = SearchConfig::default();
        let mut player = Player::new(config.clone(), 1);
        // The first game whose opening is not dropped as lopsided.
        let (game, first) = (0..20)
            .map(|g| (g, play(&mut player, &book, g, &s)))
            .find(|(_, d)| d.ending != Ending::Dropped)
            .expect("most openings are played");
        // Another player, after another game: the same game again.
        let mut other = Player::new(config.clone(), 1);
        play(&mut other, &book, game + 1, &s);
        let again = play(&mut other, &book, game, &s);
        assert_eq!(first.text(), again.text());
        assert!(!first.records.is_empty());
        assert_ne!(first.result, GameResult::Unknown);
        let mut quiet = Searcher::new(1);
        let start = opening(&book, game, &s).unwrap();
        for r in &first.records {
            assert!(!r.board.is_check());
            assert!(r.ply >= start.ply() + s.skip_plies, "{}", r.ply);
            assert!(quiet
                .quiescence(&Position::new(r.board), &config)
                .is_quiet());
        }
    }

    #[test]
    fn openings_differ_by_game_and_follow_the_book() {
        let book = book();
        let s = DatagenSettings::default();
        let a = opening(&book, 1, &s).unwrap();
        let b = opening(&book, 2, &s).unwrap();
        assert_ne!(a.board(), b.board());
        // Eight book moves a side, then two random plies.
        assert_eq!(a.ply(), 18);
        let no_random = DatagenSettings {
            random_plies: 0,
            ..s
        };
        let line = opening(&book, 1, &no_random).unwrap();
        assert!(book.iter().any(|o| o.position() == *line.board()));
    }

    #[test]
    fn the_quiescence_test_sees_a_hanging_piece() {
        let config = SearchConfig::default();
        let mut quiet = Searcher::new(1);
        // Black's queen hangs to the knight: not quiet.
        let hanging = Position::from_fen("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1").unwrap();
        assert!(!quiet.quiescence(&hanging, &config).is_quiet());
        let calm = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        assert!(quiet.quiescence(&calm, &config).is_quiet());
        let check = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        assert_eq!(quiet.quiescence(&check, &config).eval, None);
    }
}
