//! One game between two engine configurations, ended only by the rules of chess (or by the
//! optional move cap), with real clocks.
//!
//! Each side searches with its own [`Searcher`] (one thread, its own table and heuristics,
//! kept across the game's moves). With a time control the side to move is given both
//! clocks as `wtime/btime/winc/binc`; the wall time its search takes is subtracted from its
//! clock and the increment added. A clock that would go below zero loses on time (the
//! engine keeps a safety margin, so this should never happen; it is counted and reported).
//! With a node limit the search also stops after that many nodes, which makes games
//! reproducible: without a clock, the same settings give the same game on any machine.
//!
//! # The move cap
//!
//! Paper 000 stopped its games at 150 moves and scored them by evaluation. With a cap of
//! `M`, a game that reaches White's move `M + 1` (both sides have played `M` moves, counted
//! by the position's fullmove number, so book moves count) is scored by a depth-1 search
//! (the default configuration: the default evaluator, quiescence at the leaves, so hanging
//! captures are resolved) from White's view: above +100 cp White wins, below −100 cp Black
//! wins, in between a draw. The same neutral judge scores every game, whatever the two
//! configurations' evaluators are.

use std::fmt;
use std::time::{Duration, Instant};

use crate::eval::score::Score;
use crate::search::{Limits, SearchConfig, SearchControl, Searcher, Silent};
use chainmate::core::{Color, Piece, Position};
use chainmate::formats::pgn::{Game, GameResult};

use super::external::{EngineError, ExternalSpec, UciProcess};
pub use super::move_eval::{Chosen, MoveEval};
use super::openings::Opening;
use super::TimeControl;

/// Depth of the search that scores a capped game.
pub const CAP_SEARCH_DEPTH: i32 = 1;
/// Margin (centipawns, White's view) beyond which a capped game is a win.
pub const CAP_WIN_MARGIN: Score = 100;
/// Hash size of the capped-game judge, MiB (a depth-1 search needs next to nothing).
const CAP_HASH_MB: usize = 1;

/// The comment a match writes after an engine's move, as cutechess does: the mover's score
/// in pawns (or `+M3`/`-M2` for mates, in moves), the depth and the time, e.g.
/// `+0.35/12 0.81s`; only the time when the side gave no evaluation.
pub fn eval_comment(eval: Option<(MoveEval, u32)>, elapsed: Duration) -> String {
    let time = format!("{:.2}s", elapsed.as_secs_f64());
    match eval {
        Some((MoveEval::Centipawns(cp), depth)) => {
            format!("{:+.2}/{depth} {time}", f64::from(cp) / 100.0)
        }
        Some((MoveEval::Mate(n), depth)) => {
            let sign = if n > 0 { '+' } else { '-' };
            format!("{sign}M{}/{depth} {time}", n.unsigned_abs())
        }
        None => time,
    }
}

/// Who plays a side: a configuration of this engine, in the process, or an external UCI
/// engine ([`super::external`]).
#[derive(Clone, Debug)]
pub enum Engine {
    /// This engine with this configuration.
    Internal(Box<SearchConfig>),
    /// A separate UCI engine process.
    External(ExternalSpec),
}

/// A side of a match.
#[derive(Clone, Debug)]
pub struct Player {
    /// Name for the PGN and the report: the configuration string; for an external engine,
    /// what to call it until it has named itself (a match replaces it by the engine's
    /// `id name` when it starts the engine, see [`super::start_match`]).
    pub name: String,
    /// Who plays.
    pub engine: Engine,
}

impl Player {
    /// A configuration of this engine.
    pub fn internal(name: impl Into<String>, config: SearchConfig) -> Player {
        Player {
            name: name.into(),
            engine: Engine::Internal(Box::new(config)),
        }
    }

    /// The name, and for an external engine the command that runs it:
    /// `Stockfish 16 (uci:/usr/games/stockfish)`.
    pub fn describe(&self) -> String {
        match &self.engine {
            Engine::Internal(_) => self.name.clone(),
            Engine::External(spec) => format!("{} (uci:{})", self.name, spec.command),
        }
    }
}

/// What a worker plays a side with: a searcher (its table and heuristics, cleared before
/// each game) or an external engine's process (started before the match or on first use,
/// restarted after a crash).
pub enum Mover {
    /// This engine.
    Internal(Searcher),
    /// An external engine.
    External {
        /// The running process (`None` before the first start and after a crash).
        process: Option<UciProcess>,
        /// Why the last start failed, for the comment of the game the engine forfeits.
        failure: Option<String>,
        /// How to start it.
        spec: ExternalSpec,
        /// Its hash size, MiB.
        hash_mb: usize,
    },
}

impl Mover {
    /// The mover for `player` with `hash_mb` MiB of table; an external engine is started by
    /// the first [`Mover::new_game`].
    pub fn new(player: &Player, hash_mb: usize) -> Mover {
        match &player.engine {
            Engine::Internal(_) => Mover::Internal(Searcher::new(hash_mb)),
            Engine::External(spec) => Mover::External {
                process: None,
                failure: None,
                spec: spec.clone(),
                hash_mb,
            },
        }
    }

    /// The mover for `player`, with an external engine started and its handshake done now,
    /// so that a program that cannot play is an error before any game rather than a string
    /// of forfeits.
    pub fn start(player: &Player, hash_mb: usize) -> Result<Mover, EngineError> {
        let mut mover = Mover::new(player, hash_mb);
        if let Mover::External {
            process,
            spec,
            hash_mb,
            ..
        } = &mut mover
        {
            *process = Some(UciProcess::start(spec, *hash_mb)?);
        }
        Ok(mover)
    }

    /// The running external engine's `id name` (`None` for this engine, or when not running).
    pub fn engine_name(&self) -> Option<&str> {
        match self {
            Mover::External {
                process: Some(process),
                ..
            } => Some(&process.name),
            _ => None,
        }
    }

    /// Prepares a new game. An external engine that cannot be (re)started stays down: its
    /// first move of the game is then a crash, whose comment gives this error.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        match self {
            Mover::Internal(searcher) => {
                searcher.clear();
                Ok(())
            }
            Mover::External {
                process,
                failure,
                spec,
                hash_mb,
            } => {
                let ready = process.as_mut().is_some_and(|p| p.new_game().is_ok());
                if ready {
                    return Ok(());
                }
                *process = None;
                let started = UciProcess::start(spec, *hash_mb).and_then(|mut p| {
                    p.new_game()?;
                    Ok(p)
                });
                match started {
                    Ok(p) => {
                        *process = Some(p);
                        *failure = None;
                        Ok(())
                    }
                    Err(e) => {
                        *failure = Some(format!("it could not be restarted: {e}"));
                        Err(e)
                    }
                }
            }
        }
    }

    /// The move for the current position: `Ok(Ok(mv))` a legal move, `Ok(Err(text))` an
    /// answer that is not a legal move, `Err(why)` a crash (the process is dropped).
    fn choose(
        &mut self,
        player: &Player,
        game: &Game,
        position: &Position,
        limits: &Limits,
        control: &SearchControl,
    ) -> Result<Result<Chosen, String>, String> {
        match (self, &player.engine) {
            (Mover::Internal(searcher), Engine::Internal(config)) => {
                let result = searcher.search(position, limits, config, control, &Silent);
                let eval = match crate::eval::score::mate_moves(result.score) {
                    Some(n) => MoveEval::Mate(n),
                    None => MoveEval::Centipawns(crate::eval::score::uci_cp(result.score)),
                };
                let depth = u32::try_from(result.depth).unwrap_or(0);
                Ok(result
                    .best_move
                    .map(|mv| (mv, Some((eval, depth))))
                    .ok_or_else(|| "no move".to_string()))
            }
            (
                Mover::External {
                    process, failure, ..
                },
                Engine::External(_),
            ) => {
                let Some(running) = process.as_mut() else {
                    let why = failure.as_deref().unwrap_or("it is not running");
                    return Err(format!("{}: {why}", player.name));
                };
                let answer = running.go(game, limits);
                if answer.is_err() {
                    *process = None;
                }
                answer.map_err(|e| e.to_string())
            }
            _ => Err("a mover does not match its player".into()),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position for the third time.
    ThreefoldRepetition,
    /// 100 plies without a capture or a pawn move.
    FiftyMoveRule,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// The move cap was reached and the position scored.
    MoveCap,
    /// A clock fell below zero.
    TimeForfeit,
    /// An engine gave no legal move (a bug; counted as a loss).
    IllegalMove,
    /// An external engine exited, closed its output or never answered (a loss).
    Crash,
}

impl Termination {
    /// Every termination, in report order.
    pub const ALL: [Termination; 9] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoveRule,
        Termination::InsufficientMaterial,
        Termination::MoveCap,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crash,
    ];

    /// The value of the PGN `Termination` tag (the standard's vocabulary).
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::MoveCap => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::Crash => "abandoned",
            _ => "normal",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FiftyMoveRule => "fifty-move rule",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::MoveCap => "move cap",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "engine failure",
        })
    }
}

/// A game's result, why, and a sentence for the PGN's closing comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The result.
    pub result: GameResult,
    /// Why the game ended.
    pub termination: Termination,
    /// E.g. `White mates`, `Draw by threefold repetition`.
    pub detail: String,
}

fn draw(termination: Termination) -> Outcome {
    Outcome {
        result: GameResult::Draw,
        termination,
        detail: format!("Draw by {termination}"),
    }
}

/// The outcome the rules of chess give the current position, if the game is over: mate,
/// stalemate, insufficient material, threefold repetition, the fifty-move rule (in that
/// order, so a mate on the hundredth ply is a mate).
pub fn rules_outcome(position: &Position) -> Option<Outcome> {
    let board = position.board();
    if !board.has_legal_move() {
        if board.is_check() {
            let winner = !board.side_to_move();
            return Some(Outcome {
                result: GameResult::win_for(winner),
                termination: Termination::Checkmate,
                detail: format!("{} mates", color_name(winner)),
            });
        }
        return Some(draw(Termination::Stalemate));
    }
    if board.is_insufficient_material() {
        Some(draw(Termination::InsufficientMaterial))
    } else if position.is_threefold_repetition() {
        Some(draw(Termination::ThreefoldRepetition))
    } else if position.is_fifty_move_draw() {
        Some(draw(Termination::FiftyMoveRule))
    } else {
        None
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// What limits each move of a game.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameRules {
    /// The clock, if any.
    pub time_control: Option<TimeControl>,
    /// Nodes per move, if limited.
    pub nodes: Option<u64>,
    /// The move cap, if any.
    pub max_moves: Option<u32>,
}

/// The two sides' remaining time, indexed by colour.
#[derive(Clone, Copy, Debug)]
struct Clocks {
    remaining: [Duration; 2],
    increment: Duration,
}

impl Clocks {
    /// Charges `side` for `elapsed` and adds its increment; false if its time ran out.
    fn charge(&mut self, side: Color, elapsed: Duration) -> bool {
        let clock = &mut self.remaining[side as usize];
        match clock.checked_sub(elapsed) {
            Some(left) => {
                *clock = left + self.increment;
                true
            }
            None => {
                *clock = Duration::ZERO;
                false
            }
        }
    }
}

/// The search limits for the side to move.
fn limits(rules: &GameRules, clocks: Option<&Clocks>) -> Limits {
    let mut limits = Limits {
        nodes: rules.nodes,
        ..Limits::default()
    };
    if let Some(c) = clocks {
        limits.wtime = Some(c.remaining[Color::White as usize]);
        limits.btime = Some(c.remaining[Color::Black as usize]);
        limits.winc = Some(c.increment);
        limits.binc = Some(c.increment);
    }
    limits
}

/// Plays one game from `opening`: `players[0]` has White, with `movers[0]`. The returned
/// game holds the book moves and the engines' moves, the result and the closing comment
/// (its tags are left to the caller).
pub fn play_game(
    players: [&Player; 2],
    movers: [&mut Mover; 2],
    opening: &Opening,
    rules: &GameRules,
) -> (Game, Outcome) {
    let mut game = Game::new(opening.start);
    if opening.chess960 {
        game.set_tag("Variant", "Chess960");
    }
    let mut position = Position::new(opening.start);
    for &mv in &opening.moves {
        if game.push(mv).is_ok() {
            position.play_unchecked(mv);
        }
    }
    let outcome = play_out(players, movers, &mut game, &mut position, rules);
    game.result = outcome.result;
    game.comment = Some(outcome.detail.clone());
    (game, outcome)
}

/// The engines' moves until the game ends.
fn play_out(
    players: [&Player; 2],
    movers: [&mut Mover; 2],
    game: &mut Game,
    position: &mut Position,
    rules: &GameRules,
) -> Outcome {
    let mut clocks = rules.time_control.map(|tc| Clocks {
        remaining: [tc.base; 2],
        increment: tc.increment,
    });
    let control = SearchControl::default();
    loop {
        if let Some(outcome) = rules_outcome(position) {
            return outcome;
        }
        if let Some(cap) = rules.max_moves {
            if u32::from(position.board().fullmove_number()) > cap {
                return adjudicate_cap(position, cap);
            }
        }
        let side = position.board().side_to_move();
        let index = side as usize;
        control.reset(false);
        let started = Instant::now();
        // The engine's clock runs from the moment the game's clock does.
        let limits = Limits {
            started: Some(started),
            ..limits(rules, clocks.as_ref())
        };
        let choice = movers[index].choose(players[index], game, position, &limits, &control);
        let elapsed = started.elapsed();
        let answer = match choice {
            Ok(answer) => answer,
            Err(why) => return crash(side, &why),
        };
        if let Some(c) = clocks.as_mut() {
            if !c.charge(side, elapsed) {
                return time_forfeit(position, side);
            }
        }
        match answer {
            Ok((mv, eval)) if game.push(mv).is_ok() => {
                game.annotate_last(eval_comment(eval, elapsed));
                position.play_unchecked(mv);
            }
            Ok((mv, _)) => return illegal_move(side, &format!("the illegal move {mv}")),
            Err(text) => return illegal_move(side, &text),
        }
    }
}

/// `loser` ran out of time: a loss, unless the opponent has a bare king and so could never
/// mate (FIDE 6.9).
fn time_forfeit(position: &Position, loser: Color) -> Outcome {
    let board = position.board();
    let winner = !loser;
    let bare_king = board.color(winner) == board.colored(winner, Piece::King);
    let mut detail = format!("{} loses on time", color_name(loser));
    let result = if bare_king {
        detail.push_str(&format!(", but {} cannot mate", color_name(winner)));
        GameResult::Draw
    } else {
        GameResult::win_for(winner)
    };
    Outcome {
        result,
        termination: Termination::TimeForfeit,
        detail,
    }
}

fn illegal_move(side: Color, what: &str) -> Outcome {
    Outcome {
        result: GameResult::win_for(!side),
        termination: Termination::IllegalMove,
        detail: format!("{} played {what}", color_name(side)),
    }
}

fn crash(side: Color, why: &str) -> Outcome {
    Outcome {
        result: GameResult::win_for(!side),
        termination: Termination::Crash,
        detail: format!("{} forfeits: {why}", color_name(side)),
    }
}

/// Scores a game that reached the move cap (see the module documentation).
fn adjudicate_cap(position: &Position, cap: u32) -> Outcome {
    let white_cp = judge_score(position);
    let result = if white_cp > CAP_WIN_MARGIN {
        GameResult::WhiteWins
    } else if white_cp < -CAP_WIN_MARGIN {
        GameResult::BlackWins
    } else {
        GameResult::Draw
    };
    Outcome {
        result,
        termination: Termination::MoveCap,
        detail: format!(
            "Move cap {cap}: {white_cp:+} cp for White by a depth-{CAP_SEARCH_DEPTH} search"
        ),
    }
}

/// The neutral judge's score of `position`, centipawns from White's view.
pub fn judge_score(position: &Position) -> Score {
    let mut searcher = Searcher::new(CAP_HASH_MB);
    let result = searcher.search(
        position,
        &Limits::depth(CAP_SEARCH_DEPTH),
        &SearchConfig::default(),
        &SearchControl::default(),
        &Silent,
    );
    result.score * position.board().side_to_move().sign()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chainmate::core::Board;

    fn position(fen: &str) -> Position {
        Position::new(Board::from_fen(fen).unwrap())
    }

    #[test]
    fn the_rules_end_games() {
        let mate = rules_outcome(&position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")).unwrap();
        assert_eq!(mate.result, GameResult::WhiteWins);
        assert_eq!(mate.detail, "White mates");
        let stalemate = rules_outcome(&position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).unwrap();
        assert_eq!(stalemate.termination, Termination::Stalemate);
        let bare = rules_outcome(&position("7k/8/6K1/8/8/8/8/5B2 b - - 0 1")).unwrap();
        assert_eq!(bare.termination, Termination::InsufficientMaterial);
        let fifty = rules_outcome(&position("7k/8/6K1/8/8/8/8/5R2 b - - 100 80")).unwrap();
        assert_eq!(fifty.termination, Termination::FiftyMoveRule);
        assert_eq!(rules_outcome(&Position::default()), None);
    }

    #[test]
    fn threefold_repetition_is_a_draw() {
        let mut p = Position::default();
        for _ in 0..2 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                assert_eq!(rules_outcome(&p), None);
                p.play_uci(m).unwrap();
            }
        }
        let o = rules_outcome(&p).unwrap();
        assert_eq!(o.termination, Termination::ThreefoldRepetition);
    }

    #[test]
    fn a_flag_fall_against_a_bare_king_is_a_draw() {
        let p = position("7k/8/6K1/8/8/8/8/5R2 w - - 0 1");
        assert_eq!(time_forfeit(&p, Color::White).result, GameResult::Draw);
        assert_eq!(time_forfeit(&p, Color::Black).result, GameResult::WhiteWins);
    }

    #[test]
    fn clocks_subtract_time_and_add_the_increment() {
        let mut c = Clocks {
            remaining: [Duration::from_millis(1000); 2],
            increment: Duration::from_millis(100),
        };
        assert!(c.charge(Color::White, Duration::from_millis(300)));
        assert_eq!(c.remaining[0], Duration::from_millis(800));
        assert!(!c.charge(Color::Black, Duration::from_millis(1001)));
    }

    #[test]
    fn the_cap_judge_sees_material() {
        // White is a rook up: a win by the cap rule, whoever is to move.
        let up = position("4k3/8/8/8/8/8/3PPP2/R3K3 b - - 0 150");
        assert_eq!(adjudicate_cap(&up, 149).result, GameResult::WhiteWins);
        let level = position("4k3/3ppp2/8/8/8/8/3PPP2/4K3 w - - 0 150");
        assert_eq!(adjudicate_cap(&level, 149).result, GameResult::Draw);
    }
}
