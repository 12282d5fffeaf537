//! Evaluation over a game (paper 000's Figures 3 and 4): for every position of a game, what
//! each configuration recommends, its score, nodes and time ([`analyse`]); or the
//! evaluations an engine or GUI wrote into the game's move comments ([`from_comments`]).
//!
//! Paper 000 "called the Players to recommend the best move for every move played" and
//! plotted the score each reported. So every configuration searches the position **before**
//! each move of the game (the move played is then compared with its choice), and its score
//! is turned to **White's** view, so that one line shows who stands better as the game goes.
//! Scores are drawn in **pawns of the configuration's evaluator** ([`pawn_unit`]): the
//! centipawn evaluators (`tsvetkov`, `material`, `power`) as they are, paper 000's `weighted`
//! divided by its value of a pawn of material, `c_mat · pawn · scale` (247 cp with the `base`
//! weights: its raw scores are in the paper's units, where one piece-square-table point is
//! worth 97 cp, so they would otherwise sit at the edge all game). They are clamped to ±10
//! pawns ([`EDGE`] hundredths), the edge of the picture; a mate is drawn at the edge. The
//! raw score is kept in the table.
//!
//! Each configuration has its own [`Searcher`], cleared at the start of the game and kept
//! over its moves, as an engine playing the game would be. An external UCI engine
//! ([`Analyst::Engine`], `--configs uci:COMMAND`) is treated the same way: sent
//! `ucinewgame` at the start of each game, then `position ... moves ...` and `go` with the
//! same limit before each move; its series is named by its `id name`, its scores are
//! centipawns, and its nodes are those of its last `info` line.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

use crate::eval::{score, AnyEvaluator, Evaluator};
use crate::search::{Limits, SearchConfig, SearchControl, Searcher, Silent};
use crate::tournament::external::{EngineError, UciProcess};
use crate::tournament::move_eval::MoveEval;
use chainmate::core::{Color, Move, Position};
use chainmate::formats::pgn::Game;

/// Scores are clamped to ±10 pawns; a mate is drawn at the edge.
pub const EDGE: i32 = 1000;

/// One configuration's view of one position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Plies played before the position (0: the start).
    pub ply: usize,
    /// The position's fullmove number.
    pub move_number: u32,
    /// The side to move.
    pub side: Color,
    /// The move the game played there.
    pub played: Move,
    /// The configuration (or the commenting side's name, for evaluations read from the game).
    pub config: String,
    /// Its recommended move (`None` for comments, which evaluate the move played).
    pub best: Option<Move>,
    /// Its score in hundredths of a pawn of its evaluator ([`pawn_unit`]) from White's
    /// view, clamped to ±[`EDGE`]; `None` when a comment has no evaluation.
    pub score: Option<i32>,
    /// The score as the search or comment gave it, centipawns from White's view (mates at
    /// ±[`EDGE`]).
    pub raw: Option<i32>,
    /// Whether the score is a mate.
    pub mate: bool,
    /// Depth reached (or given in the comment).
    pub depth: Option<u32>,
    /// Nodes searched (0 when read from a comment).
    pub nodes: u64,
    /// Milliseconds spent (as given in the comment, if it says).
    pub time_ms: Option<f64>,
}

impl Row {
    /// Whether the recommended move differs from the game's.
    pub fn differs(&self) -> bool {
        self.best.is_some_and(|m| m != self.played)
    }

    /// The ply as a move number on a continuous axis: White's move 12 at 12.0, Black's at
    /// 12.5.
    pub fn x(&self) -> f64 {
        f64::from(self.move_number) + if self.side == Color::Black { 0.5 } else { 0.0 }
    }
}

/// Centipawns per pawn of `evaluator`: `c_mat · pawn · scale` for `weighted`, 100 for the
/// others (their scores are centipawns).
pub fn pawn_unit(evaluator: &AnyEvaluator) -> f64 {
    let p = evaluator.params();
    match (evaluator, p.get("c_mat"), p.get("pawn"), p.get("scale")) {
        (AnyEvaluator::Weighted(_), Some(c), Some(pawn), Some(scale)) => {
            (c * pawn * scale).abs().max(1.0)
        }
        _ => 100.0,
    }
}

/// A score from `side`'s view in White's view: (drawn score in hundredths of a pawn of
/// `unit` centipawns, clamped; raw centipawns; whether it is a mate).
pub fn white_view(score_for_side: i32, side: Color, unit: f64) -> (i32, i32, bool) {
    let mate = score::mate_moves(score_for_side).is_some();
    let (drawn, raw) = if mate {
        (
            EDGE * score_for_side.signum(),
            EDGE * score_for_side.signum(),
        )
    } else {
        let scaled = (f64::from(score_for_side) * 100.0 / unit).round();
        (
            scaled.clamp(f64::from(-EDGE), f64::from(EDGE)) as i32,
            score_for_side,
        )
    };
    (drawn * side.sign(), raw * side.sign(), mate)
}

/// Who analyses a game: a configuration of this engine, or an external UCI engine.
pub enum Analyst {
    /// This engine with a configuration, under a name (the configuration string); boxed,
    /// as a configuration is some kilobytes of parameters.
    Config(String, Box<SearchConfig>),
    /// A running external engine (started with [`UciProcess::start`], which reads its
    /// `id name`).
    Engine(UciProcess),
}

impl Analyst {
    /// The name of its series: the configuration string, or the engine's `id name`.
    pub fn name(&self) -> &str {
        match self {
            Analyst::Config(name, _) => name,
            Analyst::Engine(process) => &process.name,
        }
    }
}

/// Searches every position of `game` (before each of its moves) with each analyst within
/// `limits`; `progress` is called after each search. An external engine that fails is an
/// error (an analysis with a hole in one line would mislead).
pub fn analyse(
    game: &Game,
    analysts: &mut [Analyst],
    limits: &Limits,
    progress: &mut dyn FnMut(),
) -> Result<Vec<Row>, EngineError> {
    let mut rows = Vec::new();
    for analyst in analysts.iter_mut() {
        match analyst {
            Analyst::Config(name, config) => {
                rows.extend(search_config(game, name, config, limits, progress));
            }
            Analyst::Engine(process) => {
                rows.extend(search_engine(game, process, limits, progress)?);
            }
        }
    }
    Ok(rows)
}

/// One configuration's rows over the game.
fn search_config(
    game: &Game,
    name: &str,
    config: &SearchConfig,
    limits: &Limits,
    progress: &mut dyn FnMut(),
) -> Vec<Row> {
    let unit = pawn_unit(&crate::search::evaluator_of(config));
    let mut searcher = Searcher::new(16);
    searcher.clear();
    let mut position = Position::new(*game.start());
    let mut rows = Vec::new();
    for (ply, &played) in game.moves().iter().enumerate() {
        let start = Instant::now();
        let result = searcher.search(
            &position,
            limits,
            config,
            &SearchControl::default(),
            &Silent,
        );
        let board = position.board();
        let side = board.side_to_move();
        let (score, raw, mate) = white_view(result.score, side, unit);
        rows.push(Row {
            ply,
            move_number: u32::from(board.fullmove_number()),
            side,
            played,
            config: name.to_string(),
            best: result.best_move,
            score: Some(score),
            raw: Some(raw),
            mate,
            depth: u32::try_from(result.depth).ok(),
            nodes: result.nodes,
            time_ms: Some(start.elapsed().as_secs_f64() * 1000.0),
        });
        progress();
        position.play_unchecked(played);
    }
    rows
}

/// An external engine's rows over the game.
fn search_engine(
    game: &Game,
    process: &mut UciProcess,
    limits: &Limits,
    progress: &mut dyn FnMut(),
) -> Result<Vec<Row>, EngineError> {
    process.new_game()?;
    let chess960 = game
        .tag("Variant")
        .is_some_and(|v| v.eq_ignore_ascii_case("chess960"));
    let mut board = *game.start();
    let mut rows = Vec::new();
    for (ply, &played) in game.moves().iter().enumerate() {
        let start = Instant::now();
        let answer =
            process.search(game.start(), &game.moves()[..ply], &board, chess960, limits)?;
        let side = board.side_to_move();
        // Its centipawns are this engine's units (pawn 100); a mate goes to the edge.
        let view = answer
            .eval
            .map(|(eval, _)| white_view(engine_score(eval), side, 100.0));
        rows.push(Row {
            ply,
            move_number: u32::from(board.fullmove_number()),
            side,
            played,
            config: process.name.clone(),
            best: answer.best.ok(),
            score: view.map(|v| v.0),
            raw: view.map(|v| v.1),
            mate: view.is_some_and(|v| v.2),
            depth: answer.eval.map(|(_, depth)| depth),
            nodes: answer.nodes.unwrap_or(0),
            time_ms: Some(start.elapsed().as_secs_f64() * 1000.0),
        });
        progress();
        board.play_unchecked(played);
    }
    Ok(rows)
}

/// An engine's reported score as a search score (the mover's view): centipawns kept
/// below the mate range, `mate N` as a mate in `N` moves (`2N - 1` plies; mated: `2N`).
fn engine_score(eval: MoveEval) -> i32 {
    match eval {
        MoveEval::Centipawns(cp) => cp.clamp(-score::MAX_EVAL, score::MAX_EVAL),
        MoveEval::Mate(n) if n > 0 => score::mate_in((2 * n - 1) as usize),
        MoveEval::Mate(n) => score::mated_in((2 * n.unsigned_abs()) as usize),
    }
}

/// The name of the series of lichess's `[%eval]` comments.
pub const LICHESS_SERIES: &str = "lichess analysis";

/// The evaluations in the game's move comments: one series per side, named after the player
/// (a match game's two engines each commenting their own moves), or one series
/// [`LICHESS_SERIES`] for lichess's `[%eval]` comments (one analyser for both sides). Moves
/// without an evaluation comment (book moves, the mating move on lichess) have no score.
pub fn from_comments(game: &Game) -> Vec<Row> {
    let name = |side: Color| {
        let tag = match side {
            Color::White => "White",
            Color::Black => "Black",
        };
        game.tag(tag).unwrap_or(tag).to_string()
    };
    let mut board = *game.start();
    let mut rows = Vec::new();
    // Lichess's `[%clk]` comments give the clock after each move: the time a move took is
    // the side's previous clock (at first the base time of the `TimeControl` tag) minus this
    // one, plus the increment.
    let control = game.tag("TimeControl").and_then(|tc| {
        let (base, inc) = tc.split_once('+')?;
        Some((base.parse::<f64>().ok()?, inc.parse::<f64>().ok()?))
    });
    let mut clocks = control.map(|(base, _)| [base; 2]);
    for (ply, &played) in game.moves().iter().enumerate() {
        let side = board.side_to_move();
        // The last move's comment is the game's closing comment.
        let last = ply + 1 == game.moves().len();
        let note = game
            .note(ply)
            .or_else(|| game.comment.as_deref().filter(|_| last));
        let mut eval = note.and_then(|c| comment_eval(c, side));
        let clock = note.and_then(clock_seconds);
        let spent = match (clocks.as_mut(), clock, control) {
            (Some(clocks), Some(now), Some((_, inc))) => {
                let before = std::mem::replace(&mut clocks[side as usize], now);
                Some(((before - now + inc) * 1000.0).max(0.0))
            }
            _ => None,
        };
        if let Some(e) = eval.as_mut().filter(|e| e.time_ms.is_none()) {
            e.time_ms = spent;
        }
        // Lichess's evaluations are one analyser's, in White's view: one line. An engine's
        // comments in a match are each side's own: one line per player.
        let config = if note.is_some_and(|c| c.contains("[%eval ")) {
            LICHESS_SERIES.to_string()
        } else {
            name(side)
        };
        rows.push(Row {
            ply,
            move_number: u32::from(board.fullmove_number()),
            side,
            played,
            config,
            best: None,
            score: eval.map(|e| e.score),
            raw: eval.map(|e| e.score),
            mate: eval.is_some_and(|e| e.mate),
            depth: eval.and_then(|e| e.depth),
            nodes: 0,
            time_ms: eval.and_then(|e| e.time_ms).or(spent),
        });
        board.play_unchecked(played);
    }
    // The mating move has no evaluation on lichess (nothing is left to analyse): a mate is
    // drawn at the edge for the side that gave it.
    if board.is_check() && board.legal_moves().is_empty() {
        let lichess = rows.len() >= 2 && rows[rows.len() - 2].config == LICHESS_SERIES;
        if let Some(last) = rows.last_mut().filter(|r| r.score.is_none()) {
            last.score = Some(EDGE * last.side.sign());
            last.raw = last.score;
            last.mate = true;
            if lichess {
                last.config = LICHESS_SERIES.to_string();
            }
        }
    }
    rows
}

/// An evaluation read from a comment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CommentEval {
    /// Centipawns from White's view, clamped to ±[`EDGE`].
    pub score: i32,
    /// Whether it is a mate.
    pub mate: bool,
    /// The depth, if given.
    pub depth: Option<u32>,
    /// The time in milliseconds, if given.
    pub time_ms: Option<f64>,
}

/// The evaluation in a move's comment, if any: lichess's `[%eval 0.35]` / `[%eval #-3]`
/// (White's view, pawns) or cutechess's `+0.35/12 0.81s` / `-M5/20 1.2s` (the view of
/// `mover`, the side that played the move). Returns `None` for comments without one.
pub fn comment_eval(comment: &str, mover: Color) -> Option<CommentEval> {
    if let Some(start) = comment.find("[%eval ") {
        let value = comment[start + 7..].split([']', ' ', ',']).next()?;
        let (score, mate) = match value.strip_prefix('#') {
            Some(moves) => (EDGE * moves.parse::<i32>().ok()?.signum().max(-1), true),
            None => (pawns_to_cp(value)?.clamp(-EDGE, EDGE), false),
        };
        return Some(CommentEval {
            score: if mate && score == 0 { -EDGE } else { score },
            mate,
            depth: None,
            time_ms: None,
        });
    }
    let word = comment
        .split_whitespace()
        .find(|w| w.split_once('/').is_some_and(|(v, _)| looks_like_score(v)))?;
    let (value, depth) = word.split_once('/')?;
    let (mover_view, mate) = match value.trim_start_matches(['+', '-']).strip_prefix('M') {
        Some(moves) => {
            moves.parse::<u32>().ok()?;
            (if value.starts_with('-') { -EDGE } else { EDGE }, true)
        }
        None => (pawns_to_cp(value)?.clamp(-EDGE, EDGE), false),
    };
    let time_ms = comment
        .split_whitespace()
        .find_map(|w| w.strip_suffix('s')?.parse::<f64>().ok())
        .filter(|t| t.is_finite() && *t >= 0.0)
        .map(|s| s * 1000.0);
    Some(CommentEval {
        score: mover_view * mover.sign(),
        mate,
        depth: depth.parse().ok(),
        time_ms,
    })
}

/// The clock in a lichess comment, `[%clk 0:02:57]` (hours, minutes, seconds), in seconds.
pub fn clock_seconds(comment: &str) -> Option<f64> {
    let start = comment.find("[%clk ")?;
    let value = comment[start + 6..].split([']', ' ']).next()?;
    let mut seconds = 0.0;
    for part in value.split(':') {
        seconds = seconds * 60.0 + part.parse::<f64>().ok().filter(|x| x.is_finite())?;
    }
    Some(seconds)
}

/// A cutechess score: signed or with a decimal point (`+0.35`, `-1.20`, `0.00`, `+M5`), so
/// that `1/2` is not one.
fn looks_like_score(v: &str) -> bool {
    let signed = v.starts_with(['+', '-']);
    let body = v.trim_start_matches(['+', '-']);
    let number = !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    (signed && body.starts_with('M')) || (number && (signed || body.contains('.')))
}

fn pawns_to_cp(text: &str) -> Option<i32> {
    let pawns: f64 = text.parse().ok().filter(|x: &f64| x.is_finite())?;
    Some((pawns * 100.0).round().clamp(-1e6, 1e6) as i32)
}

/// The rows as CSV:
/// `ply,move_number,side,played,config,best,differs,score_cp,pawns,mate,depth,nodes,time_ms`
/// (`score_cp` raw, `pawns` as drawn; empty fields where unknown; moves in UCI notation).
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "ply,move_number,side,played,config,best,differs,score_cp,pawns,mate,depth,nodes,time_ms\n",
    );
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in rows {
        let config = if r.config.contains([',', '"']) {
            format!("\"{}\"", r.config.replace('"', "\"\""))
        } else {
            r.config.clone()
        };
        let _ = writeln!(
            out,
            "{},{},{},{},{config},{},{},{},{},{},{},{},{}",
            r.ply,
            r.move_number,
            r.side,
            r.played,
            opt(r.best.map(|m| m.to_string())),
            r.differs(),
            opt(r.raw.map(|s| s.to_string())),
            opt(r.score.map(|s| format!("{:.2}", f64::from(s) / 100.0))),
            r.mate,
            opt(r.depth.map(|d| d.to_string())),
            r.nodes,
            opt(r.time_ms.map(|t| format!("{t:.1}"))),
        );
    }
    out
}

/// The rows of each configuration (or commenting side), in the order they first appear.
pub fn by_config(rows: &[Row]) -> Vec<(String, Vec<&Row>)> {
    let mut groups: Vec<(String, Vec<&Row>)> = Vec::new();
    for r in rows {
        match groups.iter_mut().find(|(name, _)| *name == r.config) {
            Some((_, mine)) => mine.push(r),
            None => groups.push((r.config.clone(), vec![r])),
        }
    }
    groups
}

/// A short summary per configuration: positions analysed, how many times its choice is the
/// game's move, the mean absolute change of its drawn score from one position to the next
/// (hundredths of a pawn; the paper's "smoothness": smaller is smoother), total milliseconds.
pub fn summary(rows: &[Row]) -> Vec<(String, usize, usize, f64, f64)> {
    by_config(rows)
        .into_iter()
        .map(|(name, mine)| {
            let agree = mine
                .iter()
                .filter(|r| r.best.is_some() && !r.differs())
                .count();
            let scores: Vec<i32> = mine.iter().filter_map(|r| r.score).collect();
            let jumps: Vec<f64> = scores
                .windows(2)
                .map(|w| f64::from((w[1] - w[0]).abs()))
                .collect();
            let jump = if jumps.is_empty() {
                0.0
            } else {
                jumps.iter().sum::<f64>() / jumps.len() as f64
            };
            let time = mine
                .iter()
                .filter_map(|r| r.time_ms)
                .fold(0.0, |a, t| a + t);
            (name, mine.len(), agree, jump, time)
        })
        .collect()
}

/// The scores of a finished game's commented moves with the game's outcome for the mover:
/// the data [`crate::eval::wdl::WdlModel::fit`] fits. Only moves of `player` (its `White` or
/// `Black` tag) when given; mates and moves without a score are left out, and so is a game
/// without a result.
pub fn wdl_samples(game: &Game, player: Option<&str>) -> Vec<crate::eval::wdl::WdlSample> {
    use chainmate::formats::pgn::GameResult;
    let white_result = match game.result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
        GameResult::Unknown => return Vec::new(),
    };
    let mut board = *game.start();
    let mut samples = Vec::new();
    for row in from_comments(game) {
        let mover = board.side_to_move();
        if let (Some(score), false) = (row.score, row.mate) {
            if player.is_none_or(|p| p == row.config) {
                samples.push(crate::eval::wdl::WdlSample {
                    score: (score * mover.sign()) as f64,
                    material: crate::eval::wdl::material(&board),
                    outcome: if mover == Color::White {
                        white_result
                    } else {
                        1.0 - white_result
                    },
                });
            }
        }
        board.play_unchecked(row.played);
    }
    samples
}

/// One player's evaluations of its own moves in one game, added to `by_move` by move
/// number: centipawns from that player's side, clamped to ±[`EDGE`] (a mate at the edge).
/// Collected over many games, their averages show where a player gains or loses ground
/// (`analyse --by-move NAME`). `player` is the game's `White` or `Black` tag; moves without
/// an evaluation (book moves) are left out.
pub fn player_scores_by_move(game: &Game, player: &str, by_move: &mut BTreeMap<u32, Vec<i32>>) {
    for row in from_comments(game) {
        if let Some(score) = row.score.filter(|_| row.config == player) {
            by_move
                .entry(row.move_number)
                .or_default()
                .push(score * row.side.sign());
        }
    }
}

/// The evaluations at one move number ([`player_scores_by_move`]), summarised.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveNumberSummary {
    /// The fullmove number.
    pub move_number: u32,
    /// Evaluations at it.
    pub positions: usize,
    /// Their mean, centipawns from the player's side.
    pub mean: f64,
    /// Their median (the mean of the middle two for an even count).
    pub median: f64,
    /// How many say the player is at least a pawn ahead.
    pub ahead: usize,
    /// How many say it is at least a pawn behind.
    pub behind: usize,
}

/// Summarises the evaluations `scores` (centipawns) at `move_number`; `None` without any.
pub fn summarise_move(move_number: u32, scores: &[i32]) -> Option<MoveNumberSummary> {
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let middle = |i: usize| f64::from(sorted[i]);
    let median = match n {
        0 => return None,
        _ if n % 2 == 1 => middle(n / 2),
        _ => (middle(n / 2 - 1) + middle(n / 2)) / 2.0,
    };
    Some(MoveNumberSummary {
        move_number,
        positions: n,
        mean: sorted.iter().map(|&s| f64::from(s)).sum::<f64>() / n as f64,
        median,
        ahead: sorted.iter().filter(|&&s| s >= 100).count(),
        behind: sorted.iter().filter(|&&s| s <= -100).count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_of_cutechess_and_lichess_give_white_view_scores() {
        let e = comment_eval("+0.35/12 0.81s", Color::White).unwrap();
        assert_eq!((e.score, e.depth, e.time_ms), (35, Some(12), Some(810.0)));
        assert_eq!(
            comment_eval("+0.35/12 0.81s", Color::Black).unwrap().score,
            -35
        );
        let mate = comment_eval("-M5/20 1.2s", Color::White).unwrap();
        assert_eq!((mate.score, mate.mate), (-EDGE, true));
        assert_eq!(
            comment_eval("+M3/9 0.1s", Color::Black).unwrap().score,
            -EDGE
        );
        let lichess = "[%eval 0.35] [%clk 0:01:00]";
        assert_eq!(comment_eval(lichess, Color::Black).unwrap().score, 35);
        assert_eq!(
            comment_eval("[%eval #-3]", Color::White).unwrap().score,
            -EDGE
        );
        assert_eq!(
            comment_eval("[%eval #2]", Color::Black).unwrap().score,
            EDGE
        );
        assert_eq!(
            comment_eval("[%eval 25.4]", Color::White).unwrap().score,
            EDGE
        );
        assert_eq!(
            comment_eval("[%eval -1.5,20]", Color::White).unwrap().score,
            -150
        );
        for none in ["book", "White mates", "[%clk 0:00:58]", "1/2 done", "a/b"] {
            assert_eq!(comment_eval(none, Color::White), None, "{none}");
        }
        assert_eq!(clock_seconds("[%eval 0.2] [%clk 0:02:57]"), Some(177.0));
        assert_eq!(clock_seconds("[%clk 1:00:00.5]"), Some(3600.5));
        assert_eq!(clock_seconds("[%clk x]"), None);
        assert_eq!(white_view(-50, Color::Black, 100.0), (50, 50, false));
        assert_eq!(
            white_view(-5000, Color::White, 100.0),
            (-EDGE, -5000, false)
        );
        assert_eq!(white_view(494, Color::White, 247.0), (200, 494, false));
        let mate = white_view(score::mate_in(3), Color::Black, 100.0);
        assert_eq!(mate, (-EDGE, -EDGE, true));
        let base = AnyEvaluator::by_name("weighted:base").unwrap();
        assert!((pawn_unit(&base) - 246.6).abs() < 1e-9);
        assert_eq!(pawn_unit(&AnyEvaluator::default()), 100.0);
        assert_eq!(engine_score(MoveEval::Centipawns(-35)), -35);
        assert_eq!(score::mate_moves(engine_score(MoveEval::Mate(3))), Some(3));
        assert_eq!(
            score::mate_moves(engine_score(MoveEval::Mate(-2))),
            Some(-2)
        );
        assert_eq!(
            score::mate_moves(engine_score(MoveEval::Centipawns(31_999))),
            None
        );
    }

    #[test]
    fn a_players_scores_are_collected_by_move_from_its_side() {
        // "A" is Black: its comments are its own view (a mate at the edge); White's moves
        // and A's uncommented book move are left out. Both colours and the command line are
        // tested in tests/analyse.rs.
        let pgn = "[White \"B\"]\n[Black \"A\"]\n\n1. d4 {+0.10/9 0.1s} d5 \
                   2. c4 {+0.20/9 0.1s} e6 {-0.40/9 0.1s} 3. Nc3 {+0.5/9} Nf6 {-M4/9} *\n";
        let mut by_move = BTreeMap::new();
        let game = chainmate::formats::pgn::read_games(pgn)
            .next()
            .unwrap()
            .unwrap();
        player_scores_by_move(&game, "A", &mut by_move);
        assert_eq!(
            by_move.into_iter().collect::<Vec<_>>(),
            [(2, vec![-40]), (3, vec![-EDGE])]
        );
        let by_move = BTreeMap::from([(1, vec![20, -40]), (2, vec![50, EDGE])]);
        let first = summarise_move(1, &by_move[&1]).unwrap();
        assert_eq!(
            (first.positions, first.mean, first.median),
            (2, -10.0, -10.0)
        );
        assert_eq!((first.ahead, first.behind), (0, 0));
        let second = summarise_move(2, &by_move[&2]).unwrap();
        assert_eq!((second.mean, second.ahead, second.behind), (525.0, 1, 0));
        let odd = summarise_move(9, &[-300, 40, -120]).unwrap();
        assert_eq!((odd.median, odd.behind), (-120.0, 2));
        assert_eq!(summarise_move(3, &[]), None);
    }
}
