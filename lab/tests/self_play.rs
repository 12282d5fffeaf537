//! Self-play data for the tuners: games from `chainmate-lab match`, labelled positions from
//! `chainmate-lab experiment label`, read by `chainmate-lab tune`.

use crate::common;

use chainmate_lab::tune::texel::parse_samples;
use common::{chainmate, text};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-selfplay-{}-{name}", std::process::id()))
}

#[test]
fn self_play_games_give_labelled_quiet_positions_the_tuner_reads() {
    let (pgn, data, weights) = (temp("games.pgn"), temp("data.epd"), temp("w.txt"));
    let out = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "default",
        "--games",
        "4",
        "--nodes",
        "1500",
        "--max-moves",
        "60",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let label = |extra: &[&str]| {
        let mut args = vec![
            "experiment",
            "label",
            "--pgn",
            pgn.to_str().unwrap(),
            "--out",
            data.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        chainmate(&args)
    };
    let out = label(&["--skip-plies", "10", "--per-game", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("of 4 games"),
        "{}",
        text(&out.stdout)
    );
    let lines = std::fs::read_to_string(&data).unwrap();
    let (samples, skipped) = parse_samples(&lines);
    assert_eq!(skipped, 0);
    assert!(
        !samples.is_empty() && samples.len() <= 12,
        "{}",
        samples.len()
    );
    assert!(samples.iter().all(|s| !s.board.is_check()));
    // The tuner reads them.
    let tune = chainmate(&[
        "tune",
        "--method",
        "gradient",
        "--evaluator",
        "full",
        "--data",
        data.to_str().unwrap(),
        "--rounds",
        "2",
        "--out",
        weights.to_str().unwrap(),
    ]);
    assert!(tune.status.success(), "{}", text(&tune.stderr));
    // Nothing quiet that late: a clear error, no file.
    let _ = std::fs::remove_file(&data);
    let none = label(&["--skip-plies", "100000"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("nothing written"));
    assert!(!data.exists());
    for p in [pgn, weights] {
        let _ = std::fs::remove_file(p);
    }
}
