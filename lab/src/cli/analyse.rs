//! `chainmate-lab analyse`: evaluation over a game (paper 000's Figures 3 and 4). Each
//! configuration (or external UCI engine, `uci:COMMAND`, named by its `id name`) searches
//! every position of the game; or, without `--configs`, the
//! evaluations written in the game's comments (cutechess, lichess, `chainmate-lab match --pgn`)
//! are read. A table (CSV) and a picture (SVG) come out; several `--pgn` files give one
//! column each, so the paper's three-game figure is one command. With `--by-move PLAYER`,
//! one player's evaluations over every game of the files are averaged by move number (where
//! a configuration loses ground against another in a match).

use chainmate::{out, outln};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;

use super::{progress_bar, read, write_atomic, CliError, SearchLimitArgs};
use crate::experiments::analyse::{self, Analyst, Row};
use crate::experiments::plot::{self, Panel};
use crate::tournament::external::UciProcess;
use crate::tournament::Engine;
use chainmate::formats::pgn::{self, Game};

/// Hash size of each configuration's searcher and each external engine, MiB.
const HASH_MB: usize = 16;

/// Arguments of `analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game's PGN file, or several (one column of the picture per file): `--pgn A B` or
    /// `--pgn A --pgn B`.
    #[arg(long, required = true, num_args = 1..)]
    pub pgn: Vec<PathBuf>,
    /// Which game of each file, from 1.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Configurations that search every position, comma-separated (e.g. `base,pruning` for
    /// paper 000's players, `default` for the engine), or external UCI engines as
    /// `uci:COMMAND` (named by their `id name`). Without it, the evaluations in the game's
    /// comments are plotted.
    #[arg(long, value_delimiter = ',')]
    pub configs: Vec<String>,
    /// How far each configuration searches each position.
    #[command(flatten)]
    pub limit: SearchLimitArgs,
    /// Write the picture here (SVG).
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Write the table here (CSV: one row per position and configuration).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// The picture's title (default: what was analysed and how).
    #[arg(long)]
    pub title: Option<String>,
    /// Instead of one game: over every game of the files, the evaluations PLAYER (a `White`
    /// or `Black` tag, e.g. a match's engine) wrote of its own moves, by move number — mean,
    /// median and how often a pawn ahead or behind, from its side. Where a player gains or
    /// loses ground. `--csv` then gets every move number.
    #[arg(long, value_name = "PLAYER", conflicts_with_all = ["configs", "svg", "title", "game"])]
    pub by_move: Option<String>,
    /// With `--by-move`: a table row at move 1 and every this many moves.
    #[arg(long, default_value_t = 5, requires = "by_move")]
    pub every: usize,
}

/// Game `number` (from 1) of the PGN at `path`. A game with a move that is not legal is cut
/// before it, with a warning naming the game and the ply.
pub fn load_game(path: &Path, number: usize) -> Result<Game, CliError> {
    if number == 0 {
        return Err(CliError::Input("--game counts from 1".into()));
    }
    let text = read(path)?;
    let mut reader = pgn::read_games(&text);
    let mut seen = 0;
    while let Some((game, error)) = reader.next_lenient() {
        seen += 1;
        if seen < number {
            continue;
        }
        return match (game, error) {
            (Some(game), None) => Ok(game),
            (Some(game), Some(error)) => {
                let plies = game.moves().len();
                eprintln!(
                    "warning: {}: {error} (ply {}); analysing the {} before it",
                    path.display(),
                    plies + 1,
                    chainmate::text::count(plies, "ply")
                );
                Ok(game)
            }
            (None, Some(error)) => Err(CliError::Input(format!("{}: {error}", path.display()))),
            (None, None) => Err(CliError::Input(format!(
                "{}: game {number} could not be read",
                path.display()
            ))),
        };
    }
    Err(CliError::Input(format!(
        "{}: there is no game {number} (the file has {seen})",
        path.display()
    )))
}

/// `White (Elo) – Black (Elo), result`.
pub fn caption(game: &Game) -> String {
    let side = |name: &str, elo: &str| {
        let who = game.tag(name).unwrap_or("?");
        match game.tag(elo).filter(|e| !e.is_empty() && *e != "?") {
            Some(e) => format!("{who} ({e})"),
            None => who.to_string(),
        }
    };
    format!(
        "{} – {}, {}",
        side("White", "WhiteElo"),
        side("Black", "BlackElo"),
        game.result.as_str()
    )
}

/// The directory an output goes to must exist (checked before a long analysis).
fn check_output(path: &Option<PathBuf>) -> Result<(), CliError> {
    let Some(path) = path else { return Ok(()) };
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if dir.is_some_and(|d| !d.is_dir()) || path.is_dir() {
        return Err(CliError::Write(
            path.clone(),
            std::io::Error::new(std::io::ErrorKind::NotFound, "no such directory"),
        ));
    }
    Ok(())
}

/// The analysts `--configs` names: configurations of this engine, and external engines
/// (`uci:COMMAND`) started now, through the same start-up as `match`'s, so that one that
/// cannot start stops the command before any search and the others are named by their
/// `id name`.
fn analysts(configs: &[String]) -> Result<Vec<Analyst>, CliError> {
    configs
        .iter()
        .map(
            |c| match crate::tournament::Player::from_spec(c.clone(), c, &[], &[])?.engine {
                Engine::Internal(config) => Ok(Analyst::Config(c.clone(), config)),
                Engine::External(spec) => UciProcess::start(&spec, HASH_MB)
                    .map(Analyst::Engine)
                    .map_err(|e| CliError::Input(e.to_string())),
            },
        )
        .collect()
}

/// The Markdown summary of one game's rows: positions, agreement with the game's moves
/// (when searched), mean absolute change of score, time. A `|` inside a cell is escaped
/// (`\|`), so that every line has the table's five columns.
pub fn summary_table(rows: &[Row], searched: bool) -> String {
    let mut out = String::from(
        "| configuration | positions | plays the game's move | mean \\|Δscore\\| (pawns) | time (s) |\n\
         | --- | ---: | ---: | ---: | ---: |\n",
    );
    for (name, n, agree, jump, ms) in analyse::summary(rows) {
        let agreement = if searched {
            format!("{agree} ({:.0} %)", 100.0 * agree as f64 / n.max(1) as f64)
        } else {
            "–".to_string()
        };
        out.push_str(&format!(
            "| {} | {n} | {agreement} | {:.2} | {:.2} |\n",
            name.replace('|', "\\|"),
            jump / 100.0,
            ms / 1000.0
        ));
    }
    out
}

/// `analyse --by-move PLAYER`: PLAYER's evaluations over every game of the files.
fn run_by_move(args: &AnalyseArgs, player: &str) -> Result<(), CliError> {
    check_output(&args.csv)?;
    let every = super::at_least_one("--every", args.every)? as u32;
    let mut by_move = BTreeMap::new();
    let (mut games, mut with_player) = (0usize, 0usize);
    super::experiment::for_each_game(&args.pgn, |game| {
        games += 1;
        with_player += usize::from([game.tag("White"), game.tag("Black")].contains(&Some(player)));
        analyse::player_scores_by_move(game, player, &mut by_move);
    })?;
    let files: Vec<String> = args.pgn.iter().map(|p| p.display().to_string()).collect();
    if by_move.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no evaluation by '{player}' in {} ({with_player} with that player; \
             players are named by the White and Black tags, evaluations read from comments \
             such as `+0.35/12 0.8s`)",
            files.join(", "),
            chainmate::text::count(games, "game")
        )));
    }
    let summaries: Vec<_> = by_move
        .iter()
        .filter_map(|(&n, scores)| analyse::summarise_move(n, scores))
        .collect();
    outln!(
        "{player}: its evaluations of its own moves in {with_player} of {} ({}), \
         pawns from its side (clamped to ±10, a mate at the edge)",
        chainmate::text::count(games, "game"),
        files.join(", ")
    );
    outln!("| move | positions | mean | median | ≥ +1 | ≤ −1 |");
    outln!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    for s in summaries
        .iter()
        .filter(|s| s.move_number == 1 || s.move_number % every == 0)
    {
        outln!(
            "| {} | {} | {:+.2} | {:+.2} | {} | {} |",
            s.move_number,
            s.positions,
            s.mean / 100.0,
            s.median / 100.0,
            s.ahead,
            s.behind
        );
    }
    if let Some(path) = &args.csv {
        let mut text = String::from("move,positions,mean_cp,median_cp,ahead,behind\n");
        for s in &summaries {
            text.push_str(&format!(
                "{},{},{:.1},{:.1},{},{}\n",
                s.move_number, s.positions, s.mean, s.median, s.ahead, s.behind
            ));
        }
        write_atomic(path, text.as_bytes())?;
        outln!("table: {}", path.display());
    }
    Ok(())
}

/// Runs `analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), CliError> {
    if let Some(player) = &args.by_move {
        return run_by_move(args, player);
    }
    check_output(&args.svg)?;
    check_output(&args.csv)?;
    let games = args
        .pgn
        .iter()
        .map(|p| load_game(p, args.game))
        .collect::<Result<Vec<_>, _>>()?;
    let searched = !args.configs.is_empty();
    let (mut configs, how) = if searched {
        let (limits, how) = args.limit.limits()?.ok_or_else(|| {
            CliError::Input(
                "--configs needs a limit per position: --depth, --nodes or --movetime".into(),
            )
        })?;
        (Some((analysts(&args.configs)?, limits)), how)
    } else {
        (None, "the evaluations in the game's comments".to_string())
    };
    let mut all_rows: Vec<Vec<Row>> = Vec::new();
    for (path, game) in args.pgn.iter().zip(&games) {
        let rows = match &mut configs {
            Some((analysts, limits)) => {
                let bar = progress_bar(
                    (game.moves().len() * analysts.len()) as u64,
                    "{msg} [{bar:30}] {pos}/{len} searches, {elapsed_precise}",
                );
                bar.set_message(path.display().to_string());
                let rows = analyse::analyse(game, analysts, limits, &mut || bar.inc(1));
                bar.finish_and_clear();
                rows.map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?
            }
            None => {
                let rows = analyse::from_comments(game);
                if rows.iter().all(|r| r.score.is_none()) {
                    return Err(CliError::Input(format!(
                        "{}: game {} has no evaluation in its comments (`+0.35/12 0.8s` or \
                         `[%eval 0.35]`); give --configs and a limit to search it",
                        path.display(),
                        args.game
                    )));
                }
                rows
            }
        };
        outln!(
            "{}: {}, {}",
            path.display(),
            caption(game),
            chainmate::text::count(game.moves().len(), "ply")
        );
        out!("{}", summary_table(&rows, searched));
        outln!();
        all_rows.push(rows);
    }
    if let Some(path) = &args.csv {
        let mut text = String::new();
        for (i, rows) in all_rows.iter().enumerate() {
            let table = analyse::csv(rows);
            if all_rows.len() == 1 {
                text = table;
            } else {
                // Several games: a `game` column in front.
                for (k, line) in table.lines().enumerate() {
                    if k == 0 && i == 0 {
                        text.push_str(&format!("game,{line}\n"));
                    } else if k > 0 {
                        text.push_str(&format!("{},{line}\n", i + 1));
                    }
                }
            }
        }
        write_atomic(path, text.as_bytes())?;
        outln!("table: {}", path.display());
    }
    if let Some(path) = &args.svg {
        let title = args.title.clone().unwrap_or_else(|| match &configs {
            Some((analysts, _)) => {
                let names: Vec<&str> = analysts.iter().map(Analyst::name).collect();
                format!("{} ({how})", names.join(" vs "))
            }
            None => how.clone(),
        });
        let panels: Vec<Panel> = games
            .iter()
            .zip(&all_rows)
            .map(|(game, rows)| Panel {
                caption: caption(game),
                rows,
            })
            .collect();
        let svg = plot::svg(&title, &panels).map_err(CliError::Input)?;
        write_atomic(path, svg.as_bytes())?;
        outln!("picture: {}", path.display());
    }
    Ok(())
}
