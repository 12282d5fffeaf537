//! `chainmate-lab analyse` (paper 000's Figures 3 and 4) through the real binary: a row per
//! position and configuration, a well-formed SVG, evaluations read from lichess and match
//! comments, and bad input refused with no file left behind.

use crate::common;

use chainmate::formats::pgn::read_games;
use chainmate_lab::experiments::analyse;
use common::{chainmate, text};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-analyse-{}-{name}", std::process::id()))
}

/// Scholar's mate: 7 plies, White mates.
const SHORT: &str = "[White \"w\"]\n[Black \"b\"]\n[WhiteElo \"1200\"]\n[BlackElo \"1100\"]\n\n\
                     1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

/// The checks a well-formed SVG document passes without an XML parser: one root, every
/// `<text>` closed, the title and legend present.
fn assert_svg(svg: &str, words: &[&str]) {
    assert!(svg.starts_with("<svg "), "{}", &svg[..svg.len().min(80)]);
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<svg").count(), 1);
    assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
    for w in words {
        assert!(svg.contains(w), "missing {w}");
    }
}

/// The `<text>` elements of an SVG as (y, content), in document order.
fn svg_texts(svg: &str) -> Vec<(f64, String)> {
    svg.split("<text")
        .skip(1)
        .map(|element| {
            let y = element
                .split(" y=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .and_then(|y| y.parse().ok())
                .unwrap_or(f64::NAN);
            let content = element
                .split_once('>')
                .and_then(|(_, rest)| rest.split("</text>").next())
                .unwrap_or("")
                .trim()
                .to_string();
            (y, content)
        })
        .collect()
}

/// Tick labels are whole numbers where the axis counts moves or pawns: no `10.0`, no `5.0`.
fn assert_integer_ticks(svg: &str, expected: &[&str]) {
    let texts = svg_texts(svg);
    for (_, text) in &texts {
        if let Some(whole) = text.strip_suffix(".0") {
            assert!(whole.parse::<i64>().is_err(), "tick label {text}");
        }
    }
    assert!(!svg.contains("10.0"));
    for e in expected {
        assert!(texts.iter().any(|(_, t)| t == e), "no tick label {e}");
    }
}

/// The legend's entry `name` is drawn below the score chart's move axis (its `move` label,
/// the first one), so it covers none of the data.
fn assert_legend_below_the_scores(svg: &str, name: &str) {
    let texts = svg_texts(svg);
    let axis = texts
        .iter()
        .find(|(_, t)| t == "move")
        .expect("a move axis")
        .0;
    let entry = texts
        .iter()
        .find(|(_, t)| t == name)
        .expect("a legend entry")
        .0;
    assert!(
        entry > axis,
        "legend entry {name} at y {entry}, move axis at {axis}"
    );
}

/// Every line of the Markdown table in `stdout` has the same number of cells (an escaped
/// `\|` is not a cell border), and there is at least a header, a rule and a row.
fn assert_tables_well_formed(stdout: &str) {
    let cells = |line: &str| line.replace("\\|", "").matches('|').count();
    let table: Vec<&str> = stdout.lines().filter(|l| l.starts_with('|')).collect();
    assert!(table.len() >= 3, "{stdout}");
    assert!(table[0].contains("mean \\|Δscore\\|"), "{}", table[0]);
    for line in &table {
        assert_eq!(cells(line), 6, "{line}");
    }
}

#[test]
fn a_searched_game_gives_a_row_per_position_and_configuration_and_a_picture() {
    let (pgn, csv, svg) = (temp("short.pgn"), temp("short.csv"), temp("short.svg"));
    std::fs::write(&pgn, SHORT).unwrap();
    let out = chainmate(&[
        "analyse",
        "--pgn",
        pgn.to_str().unwrap(),
        "--configs",
        "base,pruning",
        "--depth",
        "3",
        "--csv",
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("ply,move_number,side,played,config,best,differs,score_cp"));
    assert_eq!(lines.len(), 1 + 7 * 2, "{table}");
    // Before 4. Qxf7# both players see the mate and choose it: the edge, White's view.
    for config in ["base", "pruning"] {
        let row = lines
            .iter()
            .find(|l| l.starts_with("6,4,white,h5f7,") && l.contains(config))
            .unwrap_or_else(|| panic!("{table}"));
        assert!(row.contains(",h5f7,false,1000,10.00,true,"), "{row}");
    }
    assert_tables_well_formed(&text(&out.stdout));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_svg(
        &picture,
        &[
            "base vs pruning (depth 3)",
            "w (1200) – b (1100), 1-0",
            "cumulative time",
            "choice differs from the game",
        ],
    );
    // Four moves: a tick at each.
    assert_integer_ticks(&picture, &["1", "2", "3", "4", "10", "-10"]);
    assert_legend_below_the_scores(&picture, "base");
    for p in [pgn, csv, svg] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn the_three_lichess_games_are_plotted_from_their_eval_comments() {
    let svg = temp("lichess.svg");
    let out = chainmate(&[
        "analyse",
        "--pgn",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../games/lichess/low.pgn"),
        "--pgn",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../games/lichess/mid.pgn"),
        "--pgn",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../games/lichess/high.pgn"),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Melcheasedec (1327) – DarioPanarese (1312), 1-0, 55 plies"));
    assert!(stdout.contains("| lichess analysis | 55 |"), "{stdout}");
    assert_tables_well_formed(&stdout);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_svg(&picture, &["lichess analysis", "bwienke (2120)"]);
    assert_integer_ticks(&picture, &["5", "10", "15", "20", "25"]);
    assert_legend_below_the_scores(&picture, "lichess analysis");
    let _ = std::fs::remove_file(svg);
    // The rows: lichess's first evaluation of the low game, and the mate at the end.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../games/lichess/low.pgn"
    ))
    .unwrap();
    let game = read_games(&text).next().unwrap().unwrap();
    let rows = analyse::from_comments(&game);
    assert_eq!(rows.len(), 55);
    assert!(rows.iter().all(|r| r.config == analyse::LICHESS_SERIES));
    assert_eq!(rows.last().unwrap().score, Some(analyse::EDGE));
    assert!(rows.iter().all(|r| r.score.is_some()));
    // The time a side spent is its clock's fall plus the increments (a 300+3 game).
    // White mated with the last move, whose comment is the closing one.
    let last_clock = |from_end: usize| {
        let comment = match from_end {
            1 => game.comment.as_deref(),
            _ => game.note(game.moves().len() - from_end),
        };
        analyse::clock_seconds(comment.unwrap()).unwrap()
    };
    let (white_moves, black_moves) = (28.0, 27.0);
    let expected =
        (300.0 - last_clock(1) + 3.0 * white_moves) + (300.0 - last_clock(2) + 3.0 * black_moves);
    let total: f64 = rows.iter().map(|r| r.time_ms.unwrap()).sum::<f64>() / 1000.0;
    assert!((total - expected).abs() < 1e-6, "{total} vs {expected}");
}

#[test]
fn a_match_writes_evaluation_comments_that_analyse_reads_back() {
    let (pgn, csv) = (temp("match.pgn"), temp("match.csv"));
    let out = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "Evaluator=material",
        "--games",
        "2",
        "--nodes",
        "2000",
        "--max-moves",
        "30",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let games = std::fs::read_to_string(&pgn).unwrap();
    let game = read_games(&games).next().unwrap().unwrap();
    // Every engine move (after the book) carries `score/depth time`, e.g. `+0.35/12 0.01s`.
    let commented = (0..game.moves().len())
        .filter_map(|i| game.note(i))
        .filter(|n| analyse::comment_eval(n, chainmate::core::Color::White).is_some())
        .count();
    assert!(commented >= 20, "{commented} commented moves in\n{games}");
    let out = chainmate(&[
        "analyse",
        "--pgn",
        pgn.to_str().unwrap(),
        "--game",
        "2",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = std::fs::read_to_string(&csv).unwrap();
    // Both engines' lines, named after the players.
    assert!(table.contains(",default,") && table.contains(",Evaluator=material,"));
    for p in [pgn, csv] {
        let _ = std::fs::remove_file(p);
    }
}

/// This crate's binary as an external UCI engine, and the name it gives in its `uci` answer.
fn external_chainmate() -> (String, String) {
    (
        format!("uci:{}", env!("CARGO_BIN_EXE_chainmate-lab")),
        format!("chainmate-lab {}", env!("CARGO_PKG_VERSION")),
    )
}

#[test]
fn an_external_engine_is_named_by_its_id_name() {
    let (engine, id) = external_chainmate();
    let (pgn, csv, svg) = (temp("ext.pgn"), temp("ext.csv"), temp("ext.svg"));
    std::fs::write(&pgn, SHORT).unwrap();
    let configs = format!("default,{engine}");
    let out = chainmate(&[
        "analyse",
        "--pgn",
        pgn.to_str().unwrap(),
        "--configs",
        &configs,
        "--depth",
        "3",
        "--csv",
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("| {id} | 7 | ")), "{stdout}");
    assert_tables_well_formed(&stdout);
    let table = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.contains(&format!(",{id},")))
        .collect();
    assert_eq!(rows.len(), 7, "{table}");
    // Its scores are read from its `info` lines: it sees the mate before 4. Qxf7#.
    assert!(
        rows[6].starts_with(&format!("6,4,white,h5f7,{id},h5f7,false,1000,10.00,true,")),
        "{}",
        rows[6]
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_svg(&picture, &[&format!("default vs {id} (depth 3)")]);
    assert_legend_below_the_scores(&picture, &id);
    assert!(!picture.contains(env!("CARGO_BIN_EXE_chainmate-lab")));
    // A match against it names it the same way in the PGN, and the comments' series follow.
    let out = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        &engine,
        "--games",
        "1",
        "--nodes",
        "500",
        "--max-moves",
        "15",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = chainmate(&[
        "analyse",
        "--pgn",
        pgn.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = std::fs::read_to_string(&csv).unwrap();
    assert!(
        table.contains(&format!(",{id},")) && table.contains(",default,"),
        "{table}"
    );
    for p in [pgn, csv, svg] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn bad_input_is_refused_clearly_and_leaves_no_file() {
    let (pgn, svg) = (temp("bad.pgn"), temp("bad.svg"));
    std::fs::write(&pgn, SHORT.replace("Nf6", "Ke3")).unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["analyse"];
        all.extend_from_slice(args);
        chainmate(&all)
    };
    let p = pgn.to_str().unwrap();
    let s = svg.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["--pgn", "/nonexistent/x.pgn"],
            "cannot read /nonexistent/x.pgn",
        ),
        (
            &["--pgn", p, "--game", "3"],
            "there is no game 3 (the file has 1)",
        ),
        (&["--pgn", p, "--game", "0"], "--game counts from 1"),
        (
            &["--pgn", p, "--configs", "base"],
            "--depth, --nodes or --movetime",
        ),
        (
            &["--pgn", p, "--configs", "nonsense", "--depth", "2"],
            "nonsense",
        ),
        (
            &[
                "--pgn",
                p,
                "--configs",
                "uci:/no/such/engine",
                "--depth",
                "2",
            ],
            "cannot start '/no/such/engine': No such file or directory",
        ),
        (
            &[
                "--pgn",
                p,
                "--configs",
                "base",
                "--depth",
                "2",
                "--svg",
                "/nonexistent-dir/f.svg",
            ],
            "cannot write /nonexistent-dir/f.svg",
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // A game without evaluation comments cannot be plotted from them.
    let out = run(&["--pgn", p, "--svg", s]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no evaluation in its comments"));
    assert!(!svg.exists());
    // An illegal move: reported with the game and move, analysed up to it.
    let out = run(&[
        "--pgn",
        p,
        "--configs",
        "Evaluator=material",
        "--depth",
        "1",
        "--svg",
        s,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("game 1") && stderr.contains("3... Ke3"),
        "{stderr}"
    );
    assert!(
        stderr.contains("(ply 6); analysing the 5 plies before it"),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("| Evaluator=material | 5 |"));
    for p in [pgn, svg] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn by_move_averages_one_players_evaluations_over_every_game() {
    // "A" plays White, then Black; each comment is the mover's view. A's moves: move 1
    // +0.20 and -0.40, move 2 +0.50 and a mate (drawn at +10); its third move is a book move.
    let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
               1. e4 {+0.20/10 0.1s} e5 {-0.10/10 0.1s} 2. Nf3 {+0.50/11 0.1s} \
               Nc6 {+0.30/9 0.1s} 3. Bb5 *\n\n\
               [White \"B\"]\n[Black \"A\"]\n[Result \"*\"]\n\n\
               1. d4 {+0.10/9 0.1s} d5 {-0.40/9 0.1s} 2. c4 {+0.20/9 0.1s} \
               e6 {+M3/9 0.1s} *\n";
    let (path, csv) = (temp("bymove.pgn"), temp("bymove.csv"));
    std::fs::write(&path, pgn).unwrap();
    let (p, c) = (path.to_str().unwrap(), csv.to_str().unwrap());
    let out = chainmate(&[
        "analyse",
        "--pgn",
        p,
        "--by-move",
        "A",
        "--every",
        "1",
        "--csv",
        c,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("in 2 of 2 games"), "{stdout}");
    assert!(
        stdout.contains("| 1 | 2 | -0.10 | -0.10 | 0 | 0 |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| 2 | 2 | +5.25 | +5.25 | 1 | 0 |"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "move,positions,mean_cp,median_cp,ahead,behind\n1,2,-10.0,-10.0,0,0\n2,2,525.0,525.0,1,0\n"
    );
    // B, from its side: +0.10 and -0.10 at move 1, +0.20 and +0.30 at move 2.
    let out = chainmate(&["analyse", "--pgn", p, "--by-move", "B", "--every", "2"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("| 1 | 2 | +0.00 | +0.00 | 0 | 0 |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| 2 | 2 | +0.25 | +0.25 | 0 | 0 |"),
        "{stdout}"
    );
    // A player who is not there, a zero step, a picture and one game's number are refused.
    let out = chainmate(&["analyse", "--pgn", p, "--by-move", "C"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no evaluation by 'C' in 2 games (0 with that player"));
    for bad in [
        vec!["--by-move", "A", "--every", "0"],
        vec!["--by-move", "A", "--svg", c],
        vec!["--by-move", "A", "--game", "2"],
        vec!["--every", "3"],
    ] {
        let mut args = vec!["analyse", "--pgn", p];
        args.extend(bad.iter().copied());
        let out = chainmate(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    for f in [path, csv] {
        let _ = std::fs::remove_file(f);
    }
}
