//! `chainmate-lab datagen` through the real binary: the file it writes reads back as tuning data,
//! an interrupted run resumes without damage, and each game is the same game however the
//! run was cut.

use crate::common;

use std::collections::{BTreeMap, HashSet};

use common::{chainmate, text};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-datagen-{}-{name}", std::process::id()))
}

fn datagen(out: &std::path::Path, positions: u64, concurrency: usize) -> std::process::Output {
    chainmate(&[
        "datagen",
        "--out",
        out.to_str().unwrap(),
        "--positions",
        &positions.to_string(),
        "--nodes",
        "800",
        "--concurrency",
        &concurrency.to_string(),
        "--seed",
        "5",
    ])
}

/// Each game's lines, by game number.
fn games(file: &str) -> BTreeMap<u64, Vec<String>> {
    let mut games: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for line in file.lines() {
        let game =
            chainmate_lab::tune::datagen::game_of_line(line).expect("every line names its game");
        games.entry(game).or_default().push(line.to_string());
    }
    games
}

#[test]
fn an_interrupted_run_resumes_and_every_game_is_the_same_game() {
    let whole = temp_path("whole.epd");
    let out = datagen(&whole, 400, 2);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let lines = whole_text.lines().count();
    // Exactly the positions asked for: the last game is cut to fit.
    assert_eq!(lines, 400);
    assert!(text(&out.stdout).contains(&format!("now holds {lines} positions")));

    // Every line is a tuning sample with a score, a result and a quiet position.
    let (samples, skipped) = chainmate_lab::tune::texel::parse_samples(&whole_text);
    assert_eq!((samples.len(), skipped), (lines, 0));
    for line in whole_text.lines() {
        let record = chainmate::formats::epd::EpdRecord::parse(line).unwrap();
        let score: i32 = record.operands("ce").unwrap()[0].parse().unwrap();
        assert!(score.abs() < 30_000, "{line}");
        assert!(!record.board.is_check(), "{line}");
    }
    let whole_games = games(&whole_text);
    assert!(whole_games.len() >= 3);

    // Cut the file mid-line, as a kill during a write would, and go on.
    let cut = temp_path("cut.epd");
    let keep: String = whole_text
        .lines()
        .take(lines / 3)
        .map(|l| l.to_string() + "\n")
        .collect();
    let partial = &whole_text.lines().nth(lines / 3).unwrap()[..20];
    std::fs::write(&cut, format!("{keep}{partial}")).unwrap();
    let out = datagen(&cut, 400, 1);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cut 20 bytes of an unfinished last line"));
    let resumed = std::fs::read_to_string(&cut).unwrap();
    assert!(resumed.ends_with('\n'));
    assert!(resumed.starts_with(&keep));
    let resumed_games = games(&resumed);
    // No game was played twice, and a game the first run finished is line for line the same.
    let mut seen = HashSet::new();
    for line in resumed.lines() {
        assert!(seen.insert(line.to_string()), "repeated: {line}");
    }
    let mut compared = 0;
    for (game, lines) in &resumed_games {
        if let Some(first) = whole_games.get(game) {
            // The cut may have taken the end of a game the first part holds.
            let n = lines.len().min(first.len());
            assert_eq!(lines[..n], first[..n], "game {game}");
            compared += 1;
        }
    }
    assert!(compared >= 3);

    // A file that already holds enough positions is left alone.
    let before = std::fs::read_to_string(&cut).unwrap();
    let out = datagen(&cut, 10, 1);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("nothing to do"));
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), before);
    let _ = std::fs::remove_file(whole);
    let _ = std::fs::remove_file(cut);
}

/// `--positions 50` writes 50 positions, not the whole games in progress (it wrote 198 with
/// two at a time): the game that fills the file is cut, later ones are left out.
#[test]
fn the_file_holds_exactly_the_positions_asked_for() {
    let out_file = temp_path("fifty.epd");
    let out = datagen(&out_file, 50, 2);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&out_file).unwrap();
    assert_eq!(written.lines().count(), 50, "{stdout}");
    assert!(stdout.contains("now holds 50 positions"), "{stdout}");
    // Asking for more goes on from there, to exactly the new number.
    let out = datagen(&out_file, 120, 1);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let more = std::fs::read_to_string(&out_file).unwrap();
    assert!(more.starts_with(&written));
    assert_eq!(more.lines().count(), 120);
    let _ = std::fs::remove_file(out_file);
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    let out = chainmate(&[
        "datagen",
        "--out",
        "/nonexistent/dir/x.epd",
        "--positions",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot create /nonexistent/dir/x.epd"));
    let path = temp_path("zero.epd");
    let p = path.to_str().unwrap();
    let out = chainmate(&["datagen", "--out", p, "--positions", "5", "--nodes", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--nodes must be at least 1"));
    let out = chainmate(&[
        "datagen",
        "--out",
        p,
        "--positions",
        "5",
        "--book",
        "/nonexistent.epd",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read book /nonexistent.epd"));
    let _ = std::fs::remove_file(path);
}

#[test]
fn the_shipped_sample_is_consistent_tuning_data() {
    let text = include_str!("../../tests/data/selfplay_sample.epd");
    let (samples, skipped) = chainmate_lab::tune::texel::parse_samples(text);
    assert_eq!((samples.len(), skipped), (2000, 0));
    assert!(samples.iter().all(|s| s.score.is_some()));
    // Every line of a game carries the game's one result, and its plies rise.
    let mut by_game: BTreeMap<u64, Vec<(usize, String)>> = BTreeMap::new();
    for line in text.lines() {
        let record = chainmate::formats::epd::EpdRecord::parse(line).unwrap();
        assert!(!record.board.is_check(), "{line}");
        let score: i32 = record.operands("ce").unwrap()[0].parse().unwrap();
        assert!(score.abs() < 30_000, "{line}");
        let id = &record.operands("id").unwrap()[0];
        let ply: usize = id.rsplit(' ').next().unwrap().parse().unwrap();
        let result = record.operands("c9").unwrap()[0].clone();
        let game = chainmate_lab::tune::datagen::game_of_line(line).unwrap();
        by_game.entry(game).or_default().push((ply, result));
    }
    assert!(by_game.len() > 20);
    for (game, lines) in &by_game {
        assert!(lines.windows(2).all(|w| w[0].0 < w[1].0), "game {game}");
        assert!(lines.iter().all(|l| l.1 == lines[0].1), "game {game}");
    }
    // The search's scores predict the results: positions White's search likes were won by
    // White more often than positions it disliked.
    let mean = |keep: &dyn Fn(f64) -> bool| {
        let chosen: Vec<f64> = samples
            .iter()
            .filter(|s| keep(s.score.unwrap()))
            .map(|s| s.result)
            .collect();
        chosen.iter().sum::<f64>() / chosen.len() as f64
    };
    assert!(mean(&|cp| cp > 100.0) > 0.6);
    assert!(mean(&|cp| cp < -100.0) < 0.4);
}
