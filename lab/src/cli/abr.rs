//! `chainmate-lab experiment abr`: paper 003's experiments A, B and C against an external engine at
//! several strength settings, with a performance rating per experiment beside the paper's.
//!
//! Rows (each a configuration of this engine; `--base` is paper 003's engine, `Evaluator=power`
//! by default):
//!
//! * **A (standard)**: `--standard` (the engine's default evaluator), every legal move;
//! * **A (power)**: `--base`, every legal move;
//! * **B**: `--base` with the library and only the action filter (`ActionSimilarity=0`);
//! * **C x**: `--base` with the library and both filters at degree `x` (0.4 … 0.8).
//!
//! Columns: the opponent (`--opponent uci:COMMAND`) with `UCI_LimitStrength=true` and
//! `UCI_Elo` at each of `--elos`. Each cell is one match of `--games` games (openings
//! twice, colours reversed). Cells run one after another; the library is loaded afresh for
//! each cell and learns within it (every game of the cell adds its cases, as the paper's
//! engine does), but nothing is written back to the file. A row's rating is the
//! maximum-likelihood performance against the opponent's nominal ratings
//! ([`crate::tournament::elo::performance_rating`]).

use chainmate::outln;
use std::path::PathBuf;

use clap::Args;

use super::{at_least_one, load_openings, progress_bar, CliError};
use crate::tournament::{self, elo, limit_text, MatchSettings, MatchStats, Player, TimeControl};

/// The paper's ratings: experiment A (power evaluator, all moves), B, C (best degree).
pub const PAPER_RATINGS: [(&str, f64); 3] = [("A", 2167.0), ("B", 2217.0), ("C", 2483.0)];

/// Arguments of `experiment abr`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).multiple(true).args(["tc", "nodes"])))]
pub struct AbrArgs {
    /// The action library (`chainmate-lab library build`).
    #[arg(long)]
    pub library: PathBuf,
    /// The opponent, an external UCI engine with `UCI_LimitStrength`/`UCI_Elo`.
    #[arg(long, default_value = "uci:/usr/games/stockfish")]
    pub opponent: String,
    /// The opponent's strength settings (`UCI_Elo`), comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1900,2100,2300,2500")]
    pub elos: Vec<u32>,
    /// More options for the opponent, `NAME=VALUE` (repeatable).
    #[arg(long = "opponent-option", value_name = "NAME=VALUE")]
    pub opponent_option: Vec<String>,
    /// The similarity degrees of experiment C, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "0.4,0.5,0.6,0.7,0.8")]
    pub similarities: Vec<f64>,
    /// Only these rows (repeatable): `A-standard`, `A`, `B`, `C` (all degrees).
    #[arg(long)]
    pub only: Vec<String>,
    /// Paper 003's engine: the configuration of rows A, B and C.
    #[arg(long, default_value = "Evaluator=power")]
    pub base: String,
    /// The configuration of row A (standard).
    #[arg(long, default_value = "default")]
    pub standard: String,
    /// Games per cell.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Time control `BASE+INC` in seconds.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<TimeControl>,
    /// Nodes per move (this engine; the opponent is sent `go nodes` too).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Openings (EPD/FEN, PGN or movetext lines; default: the 32 built-in ones).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Seed of the random opening order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Hash size of each engine, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Write each cell's games to DIR/<row>-<elo>.pgn.
    #[arg(long, value_name = "DIR")]
    pub pgn_dir: Option<PathBuf>,
}

/// The rows: (name, configuration string).
fn rows(args: &AbrArgs) -> Vec<(String, String)> {
    let library = format!("{}+ActionLibrary={}", args.base, args.library.display());
    let mut rows = vec![
        ("A-standard".to_string(), args.standard.clone()),
        ("A".to_string(), args.base.clone()),
        ("B".to_string(), format!("{library}+ActionSimilarity=0")),
    ];
    for &s in &args.similarities {
        let percent = (s * 100.0).round() as u32;
        rows.push((
            format!("C-{s}"),
            format!("{library}+ActionSimilarity={percent}"),
        ));
    }
    rows.retain(|(name, _)| {
        args.only.is_empty()
            || args
                .only
                .iter()
                .any(|o| o == name || (o == "C" && name.starts_with("C-")))
    });
    rows
}

/// Runs the experiment.
pub fn run(args: &AbrArgs) -> Result<(), CliError> {
    at_least_one("--games", args.games)?;
    at_least_one("--concurrency", args.concurrency)?;
    if args.elos.is_empty() {
        return Err(CliError::Input("--elos must not be empty".into()));
    }
    if let Some(bad) = args.similarities.iter().find(|s| !(0.0..=1.0).contains(*s)) {
        return Err(CliError::Input(format!(
            "--similarities: {bad} is not within 0 and 1"
        )));
    }
    if !args.library.exists() {
        return Err(CliError::Input(format!(
            "--library {}: no such file (build one with `chainmate-lab library build`)",
            args.library.display()
        )));
    }
    let openings = load_openings(args.book.as_deref(), true, args.seed)?;
    let rows = rows(args);
    outln!(
        "Paper 003's experiments: {} × {} × {}, {}, opponent {}, {} at a time.\n",
        chainmate::text::count(rows.len(), "row"),
        chainmate::text::count(args.elos.len(), "opponent setting"),
        chainmate::text::count(args.games, "game"),
        limit_text(args.tc, args.nodes),
        args.opponent,
        args.concurrency
    );
    let mut table = String::from("| experiment | configuration |");
    for elo in &args.elos {
        table.push_str(&format!(" vs {elo}: W / D / L |"));
    }
    table.push_str(" rating (95 %) |\n| --- | --- |");
    table.push_str(&" ---: |".repeat(args.elos.len() + 1));
    table.push('\n');
    for (name, config) in &rows {
        let mut results = Vec::new();
        table.push_str(&format!("| {name} | `{config}` |"));
        for &rating in &args.elos {
            let stats = cell(args, name, config, rating, &openings)?;
            let points = f64::from(stats.wins) + f64::from(stats.draws) / 2.0;
            results.push((f64::from(rating), points, stats.games()));
            table.push_str(&format!(
                " {} / {} / {} |",
                stats.wins, stats.draws, stats.losses
            ));
            if let Some(e) = stats.elo() {
                outln!("{name} vs {rating}: {}", e.rating_line(f64::from(rating)));
            }
        }
        table.push_str(&match elo::performance_rating(&results) {
            Some((r, se)) if r.is_finite() => format!(
                " {r:.0} [{:.0}, {:.0}] |\n",
                r - elo::Z_95 * se,
                r + elo::Z_95 * se
            ),
            Some((r, _)) => format!(" {} |\n", elo::format_elo(r)),
            None => " – |\n".to_string(),
        });
    }
    outln!("\n{table}");
    outln!(
        "Paper 003 (200 games per cell against Rybka 2.3.2a, Bayeselo): {}",
        PAPER_RATINGS
            .iter()
            .map(|(n, r)| format!("{n} {r:.0}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// One cell: the row's configuration against the opponent at `rating`.
fn cell(
    args: &AbrArgs,
    name: &str,
    config: &str,
    rating: u32,
    openings: &[tournament::Opening],
) -> Result<MatchStats, CliError> {
    let mut options = vec![
        "UCI_LimitStrength=true".to_string(),
        format!("UCI_Elo={rating}"),
    ];
    options.extend(args.opponent_option.iter().cloned());
    let settings = MatchSettings {
        a: Player::from_spec(name.to_string(), config, &[], &[])?,
        b: Player::from_spec(args.opponent.clone(), &args.opponent, &options, &[])?,
        games: args.games,
        time_control: args.tc,
        nodes: args.nodes,
        max_moves: None,
        hash_mb: args.hash,
        concurrency: args.concurrency,
        openings: openings.to_vec(),
        event: format!("chainmate experiment abr: {name} vs {rating}"),
        sprt: None,
    };
    // Started before the bar, so that an opponent that cannot play stops the experiment
    // with its reason at once.
    let mut started =
        tournament::start_match(&settings).map_err(|e| CliError::Input(e.to_string()))?;
    // The opponent is named by its `id name` now; its strength setting stays in the name.
    started.settings.b.name.push_str(&format!(" ({rating})"));
    let mut pgn = String::new();
    let bar = progress_bar(
        args.games as u64,
        "{bar:30} {pos}/{len} games  {msg}  [{elapsed} / ~{duration}]",
    );
    bar.set_message(format!("{name} vs {rating}"));
    let report = started.play(|record, _| {
        bar.inc(1);
        pgn.push_str(&record.game.to_pgn());
    });
    bar.finish_and_clear();
    if let Some(dir) = &args.pgn_dir {
        std::fs::create_dir_all(dir).map_err(|e| CliError::Create(dir.clone(), e))?;
        super::write(&dir.join(format!("{name}-{rating}.pgn")), &pgn)?;
    }
    Ok(report.stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: AbrArgs,
    }

    #[test]
    fn rows_follow_the_papers_design() {
        let cli = Cli::parse_from(["x", "--library", "gm.lib", "--nodes", "100"]);
        let rows = rows(&cli.args);
        let names: Vec<&str> = rows.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "A-standard",
                "A",
                "B",
                "C-0.4",
                "C-0.5",
                "C-0.6",
                "C-0.7",
                "C-0.8"
            ]
        );
        assert_eq!(rows[1].1, "Evaluator=power");
        assert_eq!(
            rows[2].1,
            "Evaluator=power+ActionLibrary=gm.lib+ActionSimilarity=0"
        );
        assert_eq!(
            rows[4].1,
            "Evaluator=power+ActionLibrary=gm.lib+ActionSimilarity=50"
        );
        let only = Cli::parse_from(["x", "--library", "l", "--nodes", "1", "--only", "C"]);
        assert_eq!(super::rows(&only.args).len(), 5);
    }
}
