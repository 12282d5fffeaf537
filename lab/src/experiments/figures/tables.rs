//! The docs' other generated tables, each computed whole by one command's code at fixed
//! depths, so that it is the same on any machine: paper 000's Figure 3 summary (`analyse`
//! at depth 4 over the three lichess games), its Table 4 (`experiment book` with its
//! defaults), and the engine's score and win/draw/loss at `go depth 14` beside Stockfish's
//! (`UCI_ShowWDL`). Times are measurements and stay out of these tables.

use std::fmt::Write as _;

use crate::book::ECO_CASES;
use crate::config::{self, ConfigError};
use crate::experiments::analyse::{self, Analyst};
use crate::experiments::table4;
use crate::search::{Limits, SearchControl, Silent};
use chainmate::core::Position;
use chainmate::eval::{score, wdl};
use chainmate::formats::pgn::Game;

/// Paper 000's Figure 3 summary: configurations searching every position of games.
#[derive(Clone, Copy, Debug)]
pub struct AnalyseTable {
    /// The games: a name and the PGN text of one game.
    pub games: &'static [(&'static str, &'static str)],
    /// The configurations and their column names.
    pub players: &'static [(&'static str, &'static str)],
    /// The depth of every search.
    pub depth: i32,
}

/// One row pair of Table 4: the opening player's configuration, its searching opponent's,
/// and the rows' names.
#[derive(Clone, Copy, Debug)]
pub struct Table4 {
    /// The opening player (with the paper's book settings).
    pub player: &'static str,
    /// The searching opponent without a book.
    pub opponent: &'static str,
    /// The three rows' names.
    pub names: [&'static str; 3],
}

/// The games against the random player and its seed: `experiment book`'s defaults.
pub const TABLE4_RANDOM_GAMES: usize = 20;
/// See [`TABLE4_RANDOM_GAMES`].
pub const TABLE4_SEED: u64 = 1;

/// One position of the win/draw/loss table, with Stockfish's reading of it (measured once:
/// the command does not run Stockfish).
#[derive(Clone, Copy, Debug)]
pub struct WdlRow {
    /// How the table names it.
    pub position: &'static str,
    /// Its FEN.
    pub fen: &'static str,
    /// Stockfish's `cp ..., wdl ...` as measured.
    pub stockfish: &'static str,
}

/// The engine's score and win/draw/loss at a fixed depth, beside Stockfish's.
#[derive(Clone, Copy, Debug)]
pub struct WdlTable {
    /// The depth of the engine's searches (`go depth N`).
    pub depth: i32,
    /// The heading of Stockfish's column.
    pub stockfish_column: &'static str,
    /// The positions.
    pub rows: &'static [WdlRow],
}

fn parse_game(name: &str, text: &str) -> Result<Game, ConfigError> {
    match chainmate::formats::pgn::read_games(text).next_lenient() {
        Some((Some(game), None)) => Ok(game),
        _ => Err(ConfigError::Unusable(format!(
            "figure game {name}: not one whole game"
        ))),
    }
}

/// The mean of the players' ratings (`WhiteElo`, `BlackElo`), rounded; `None` without both.
fn mean_rating(game: &Game) -> Option<i64> {
    let elo = |tag| game.tag(tag)?.trim().parse::<f64>().ok();
    Some(((elo("WhiteElo")? + elo("BlackElo")?) / 2.0).round() as i64)
}

/// Paper 000's Figure 3 summary as Markdown: per game, each player's mean absolute change
/// of score per move (pawns) and how often it chose the game's move.
pub fn analyse_table(t: &AnalyseTable) -> Result<String, ConfigError> {
    let names: Vec<&str> = t.players.iter().map(|p| p.1).collect();
    let mut out = format!(
        "| game | mean \\|Δscore\\| per move, {} | plays the game's move, {} |\n| --- |",
        names.join(" | "),
        names.join(" | ")
    );
    out.push_str(&" ---: |".repeat(2 * names.len()));
    out.push('\n');
    for (i, (name, text)) in t.games.iter().enumerate() {
        let game = parse_game(name, text)?;
        let mut analysts = t
            .players
            .iter()
            .map(|(spec, _)| {
                config::search_config(spec, &[])
                    .map(|c| Analyst::Config(spec.to_string(), Box::new(c)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let rows = analyse::analyse(&game, &mut analysts, &Limits::depth(t.depth), &mut || {})
            .map_err(|e| ConfigError::Unusable(e.to_string()))?;
        let summary = analyse::summary(&rows);
        let label = match mean_rating(&game) {
            Some(elo) => format!("{name} ({elo})"),
            None => name.to_string(),
        };
        let _ = write!(out, "| {label} |");
        for (k, (_, _, _, jump, _)) in summary.iter().enumerate() {
            let unit = if i == 0 && k == 0 { " pawns" } else { "" };
            let _ = write!(out, " {:.2}{unit} |", jump / 100.0);
        }
        for (_, n, agree, _, _) in &summary {
            let _ = write!(out, " {agree} of {n} |");
        }
        out.push('\n');
    }
    Ok(out)
}

/// One pair of Table 4's rows as Markdown beside the paper's.
pub fn table4(t: &Table4) -> Result<String, ConfigError> {
    let player = config::search_config(t.player, &[])?;
    let opponent = config::search_config(t.opponent, &[])?;
    let rows = table4::run(
        &ECO_CASES,
        &player,
        &opponent,
        TABLE4_RANDOM_GAMES,
        TABLE4_SEED,
    );
    Ok(table4::markdown(&rows, t.names))
}

/// What the engine says of `fen` at `depth` with its defaults, from a fresh start (a new
/// 16 MiB table, fresh heuristics): `cp 57, wdl 536 245 219` as `go depth N` with
/// `UCI_ShowWDL` reports it.
pub fn engine_reading(fen: &str, depth: i32) -> Result<String, ConfigError> {
    let position = Position::from_fen(fen)
        .map_err(|e| ConfigError::Unusable(format!("figure FEN {fen}: {e}")))?;
    let config = chainmate::config::EngineOptions::default().search_config();
    let tt = chainmate::search::TranspositionTable::new(16);
    let result = chainmate::search::search(
        &position,
        &Limits::depth(depth),
        &config,
        &tt,
        &SearchControl::default(),
        &Silent,
    );
    let shown = match score::mate_moves(result.score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", score::uci_cp(result.score)).replacen('-', "−", 1),
    };
    let [w, d, l] = wdl::FITTED.per_mille(result.score, wdl::material(position.board()));
    Ok(format!("{shown}, wdl {w} {d} {l}"))
}

/// The win/draw/loss table as Markdown.
pub fn wdl_table(t: &WdlTable) -> Result<String, ConfigError> {
    let mut out = format!(
        "| position | chainmate, `go depth {}` | {} |\n| --- | --- | --- |\n",
        t.depth, t.stockfish_column
    );
    for row in t.rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            row.position,
            engine_reading(row.fen, t.depth)?,
            row.stockfish
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_read_as_uci_reports_it() {
        let text = engine_reading(chainmate::core::STARTPOS_FEN, 1).unwrap();
        assert!(text.starts_with("cp ") && text.contains(", wdl "), "{text}");
        let mate = engine_reading("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 3).unwrap();
        assert!(mate.starts_with("mate 1, wdl 1000 0 0"), "{mate}");
    }

    #[test]
    fn a_game_is_labelled_with_its_mean_rating() {
        let game = parse_game(
            "x",
            "[WhiteElo \"1327\"]\n[BlackElo \"1312\"]\n\n1. e4 e5 1-0\n",
        )
        .unwrap();
        assert_eq!(mean_rating(&game), Some(1320));
        assert!(parse_game("y", "not a game").is_err());
    }
}
