//! Chess960 games between the lab's in-process player and the engine over UCI (`match
//! --variant chess960`).

use crate::common;

use chainmate::core::chess960;
use chainmate::formats::pgn::read_games;
use common::{chainmate, text};

#[test]
fn chess960_games_play_through_match_internally_and_over_uci() {
    let pgn = std::env::temp_dir().join(format!("chainmate-960-{}.pgn", std::process::id()));
    let external = format!("uci:{}", env!("CARGO_BIN_EXE_chainmate-lab"));
    let out = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        &external,
        "--variant",
        "chess960",
        "--games",
        "4",
        "--nodes",
        "3000",
        "--max-moves",
        "60",
        "--seed",
        "7",
        "--hash",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("random Chess960 start positions"),
        "{stdout}"
    );
    let written = std::fs::read_to_string(&pgn).unwrap();
    let games: Vec<_> = read_games(&written).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 4);
    for game in &games {
        assert_eq!(game.tag("Variant"), Some("Chess960"));
        let termination = game.tag("Termination").unwrap_or_default();
        assert!(
            matches!(termination, "normal" | "adjudication"),
            "{termination}: {:?}",
            game.comment
        );
        assert!(chess960::number_of(game.start()).is_some());
        // The moves replay legally from the start (the reader checked each one).
        assert!(!game.moves().is_empty());
    }
    // Games 1 and 2 share an opening, colours reversed.
    assert_eq!(games[0].start(), games[1].start());
    let _ = std::fs::remove_file(&pgn);
}
