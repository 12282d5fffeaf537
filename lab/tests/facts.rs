//! What the lab prints is true: percentages that sum to 100, a fit refused when the games
//! cannot support it, the book's opening named after the position its move reaches, lists
//! of names without empty entries, counts that agree with their nouns.

use crate::common;

use common::{chainmate, text};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-facts-{}-{name}", std::process::id()))
}

/// A short game whose moves carry the engine's score comments (`+0.35/12 0.81s`), with
/// White's scores `white_cp` and Black's the opposite, ending in `result`.
fn scored_game(white_cp: i32, result: &str) -> String {
    let w = |cp: i32| format!("{{{:+.2}/10 0.10s}}", cp as f64 / 100.0);
    format!(
        "[White \"a\"]\n[Black \"b\"]\n[Result \"{result}\"]\n\n\
         1. e4 {} e5 {} 2. Nf3 {} Nc6 {} 3. Bb5 {} a6 {} {result}\n\n",
        w(white_cp),
        w(-white_cp),
        w(white_cp + 20),
        w(-white_cp - 20),
        w(white_cp + 40),
        w(-white_cp - 40),
    )
}

/// The W / D / L cells of a calibration table's rows, as numbers.
fn percentage_cells(table: &str) -> Vec<[u32; 3]> {
    table
        .lines()
        .filter(|l| l.starts_with("| ["))
        .flat_map(|l| {
            l.split('|')
                .filter(|cell| cell.matches(" / ").count() == 2)
                .map(|cell| {
                    let v: Vec<u32> = cell
                        .split('/')
                        .map(|x| x.trim().parse().expect("a whole percentage"))
                        .collect();
                    [v[0], v[1], v[2]]
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// One decisive game cannot support a fit of the win/draw/loss model: no draw, too few
/// games. It used to print "100 / 0 / 100".
#[test]
fn a_wdl_fit_on_one_decisive_game_is_refused_naming_what_is_missing() {
    let pgn = temp_path("one-decisive.pgn");
    std::fs::write(&pgn, scored_game(80, "1-0")).unwrap();
    let out = chainmate(&["experiment", "wdl", "--pgn", pgn.to_str().unwrap()]);
    std::fs::remove_file(&pgn).ok();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.contains("1 game (at least 10 needed)"), "{stderr}");
    assert!(stderr.contains("no drawn game"), "{stderr}");
    assert!(!stdout.contains("100 / 0 / 100"), "{stdout}");
}

/// Games that are all drawn say nothing of wins and losses: refused too.
#[test]
fn a_wdl_fit_without_a_decisive_game_is_refused() {
    let pgn = temp_path("all-drawn.pgn");
    let games: String = (0..12).map(|i| scored_game(10 * i, "1/2-1/2")).collect();
    std::fs::write(&pgn, games).unwrap();
    let out = chainmate(&["experiment", "wdl", "--pgn", pgn.to_str().unwrap()]);
    std::fs::remove_file(&pgn).ok();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no won or lost game"), "{stderr}");
    assert!(!stderr.contains("needed"), "{stderr}");
}

/// With wins, draws and losses the fit runs, and every row's observed and fitted
/// percentages are whole numbers that sum to exactly 100.
#[test]
fn a_supported_wdl_fit_prints_percentages_that_sum_to_100() {
    let pgn = temp_path("mixed.pgn");
    let games: String = (0..15)
        .map(|i| {
            let cp = -240 + 35 * i;
            let result = match i % 3 {
                0 => "1/2-1/2",
                _ if cp > 0 => "1-0",
                _ => "0-1",
            };
            scored_game(cp, result)
        })
        .collect();
    std::fs::write(&pgn, games).unwrap();
    let path = pgn.to_str().unwrap();
    let out = chainmate(&["experiment", "wdl", "--pgn", path, "--iterations", "300"]);
    std::fs::remove_file(&pgn).ok();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("90 scored moves from 15 games"),
        "{stdout}"
    );
    let cells = percentage_cells(&stdout);
    assert!(cells.len() >= 4, "{stdout}");
    for cell in cells {
        assert_eq!(cell.iter().sum::<u32>(), 100, "{cell:?} in\n{stdout}");
    }
}

/// With `OwnBook true` the case-based book announces its move with the opening the move
/// reaches, as docs/books.md says: `e2e4 (B00 King's Pawn Game)` from the start position (it
/// said `C89 Ruy Lopez: Marshall Attack, ...`, a line deep in the book), and after 1.d4 Nf6
/// 2.c4 an Indian defence's name, not the Grünfeld's D89.
#[test]
fn the_book_names_the_opening_its_move_reaches() {
    let mut e = common::uci::Engine::start();
    e.send("setoption name OwnBook value true");
    e.send("setoption name Book value cbr");
    e.send("position startpos");
    e.send("go wtime 60000 btime 60000");
    let (mv, lines) = e.bestmove();
    assert_eq!(mv, "e2e4");
    assert!(
        lines.contains(&"info string book e2e4 (B00 King's Pawn Game)".to_string()),
        "{lines:?}"
    );
    e.send("position startpos moves d2d4 g8f6 c2c4");
    e.send("go wtime 60000 btime 60000");
    let (mv, lines) = e.bestmove();
    let note = lines
        .iter()
        .find(|l| l.starts_with(&format!("info string book {mv} (")))
        .unwrap_or_else(|| panic!("{lines:?}"));
    let eco = &note[note.find('(').unwrap() + 1..][..3];
    assert!(eco.starts_with("A5") || eco.starts_with('E'), "{note}");
}

/// No list of names has an empty entry: the presets offered for a bad engine (the empty
/// preset, which changes nothing, showed as "default, pvs, , minimax"), the configurations
/// of `bench --config`, the figures of `experiment figures --only`, a UCI combo's values.
#[test]
fn lists_of_names_have_no_empty_entry() {
    let runs: [&[&str]; 3] = [
        &[
            "match",
            "--engine-a",
            "default",
            "--engine-b",
            "bogus",
            "--games",
            "2",
            "--nodes",
            "100",
        ],
        &["bench", "--config", "bogus"],
        &["experiment", "figures", "--only", "bogus"],
    ];
    for args in runs {
        let out = chainmate(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("bogus"), "{args:?}: {stderr}");
        assert!(
            !stderr.contains(", ,") && !stderr.contains(": ,") && !stderr.contains(", )"),
            "{args:?}: {stderr}"
        );
    }
    let mut e = common::uci::Engine::start();
    e.send("setoption name Book value bogus");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    let note = lines
        .iter()
        .find(|l| l.contains("bogus"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(!note.contains(", ,") && !note.contains("of ,"), "{note}");
}

/// `experiment wdl` and the figures' check count in the singular when there is one.
#[test]
fn counts_agree_with_their_nouns() {
    let pgn = temp_path("label.pgn");
    std::fs::write(&pgn, scored_game(30, "1-0")).unwrap();
    let out_file = temp_path("label.epd");
    let out = chainmate(&[
        "experiment",
        "label",
        "--pgn",
        pgn.to_str().unwrap(),
        "--out",
        out_file.to_str().unwrap(),
        "--skip-plies",
        "5",
        "--per-game",
        "1",
    ]);
    std::fs::remove_file(&pgn).ok();
    std::fs::remove_file(&out_file).ok();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("1 position from 1 of 1 game "),
        "{stdout}"
    );
}

/// The lab's `--version` is the engine's form under its own name.
#[test]
fn the_lab_version_names_commit_and_cpu_path() {
    let out = chainmate(&["--version"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("chainmate-lab {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("commit "), "{stdout}");
    assert!(lines[2].starts_with("sliders "), "{stdout}");
    assert!(
        lines[3].contains("popcnt") && lines[3].contains("avx2"),
        "{stdout}"
    );
}

fn number(v: &common::json::Value, key: &str) -> f64 {
    v.get(key)
        .and_then(|n| n.as_f64())
        .unwrap_or_else(|| panic!("{key} in {v:?}"))
}

#[test]
fn the_labs_bench_json_gives_the_signature_and_the_pins() {
    let v = common::json::object_of(&["bench", "3", "--search", "alphabeta", "--json"]);
    assert_eq!(number(&v, "depth"), 3.0);
    assert!(number(&v, "nodes") > 0.0);
    let v = common::json::object_of(&["bench", "--config", "minimax", "--json"]);
    assert_eq!(v.get("name").and_then(|s| s.as_str()), Some("minimax"));
    assert_eq!(number(&v, "nodes"), 216_369.0);
    assert_eq!(number(&v, "pinned"), 216_369.0);
    assert_eq!(v.get("ok"), Some(&common::json::Value::Bool(true)));
}

#[test]
fn the_labs_epd_json_is_one_object() {
    let suite = temp_path("lab.epd");
    std::fs::write(
        &suite,
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"mate\";\n",
    )
    .unwrap();
    let v = common::json::object_of(&[
        "epd",
        suite.to_str().unwrap(),
        "--depth",
        "2",
        "--evaluator",
        "material",
        "--json",
    ]);
    std::fs::remove_file(&suite).ok();
    assert_eq!((number(&v, "positions"), number(&v, "solved")), (1.0, 1.0));
    assert_eq!(
        v.get("failures")
            .and_then(|f| f.as_array())
            .map(|f| f.len()),
        Some(0)
    );
}

/// `match --json`: the report as one object on standard output (the header goes to standard
/// error), with W/D/L that add up to the games, the colours, every termination, the SPRT.
#[test]
fn match_json_is_one_object_with_the_report() {
    let pgn = temp_path("match.pgn");
    let v = common::json::object_of(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "Evaluator=material",
        "--games",
        "4",
        "--nodes",
        "400",
        "--sprt",
        "elo0=0 elo1=10 alpha=0.05 beta=0.05",
        "--rating-b",
        "1500",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
    ]);
    std::fs::remove_file(&pgn).ok();
    let games = number(&v, "games");
    assert_eq!(games, 4.0);
    assert_eq!(
        number(&v, "wins") + number(&v, "draws") + number(&v, "losses"),
        games
    );
    let colours = v.get("by_colour").unwrap();
    assert_eq!(
        number(colours, "white") + number(colours, "draw") + number(colours, "black"),
        games
    );
    let ends: f64 = match v.get("terminations") {
        Some(common::json::Value::Object(map)) => map.values().map(|n| n.as_f64().unwrap()).sum(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ends, games);
    assert_eq!(
        v.get("engine_b").and_then(|s| s.as_str()),
        Some("Evaluator=material")
    );
    assert_eq!(number(&v, "nodes"), 400.0);
    assert!(v.get("elo").is_some() && v.get("rating_a").is_some());
    let sprt = v.get("sprt").unwrap();
    assert_eq!(number(sprt, "elo1"), 10.0);
    assert!(number(sprt, "upper") > 0.0);
    assert_eq!(
        v.get("pgn").and_then(|s| s.as_str()),
        Some(pgn.to_str().unwrap())
    );
}
