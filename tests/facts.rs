//! What the engine's commands print is true: counts agree with their nouns ("1 position",
//! not "1 positions").

mod common;

use common::{chainmate, text};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-facts-{}-{name}", std::process::id()))
}

/// A suite of one position with one count: "1 position, 1 count checked" (it said
/// "1 positions, 1 counts").
#[test]
fn a_one_position_perft_suite_is_counted_in_the_singular() {
    let suite = temp_path("one.epd");
    std::fs::write(
        &suite,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n",
    )
    .unwrap();
    let out = chainmate(&["perft", "--suite", suite.to_str().unwrap()]);
    std::fs::remove_file(&suite).ok();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("1 position, 1 count checked: all match"),
        "{stdout}"
    );
}

/// A FEN of one field: "FEN has 1 field" (it said "1 fields").
#[test]
fn a_fen_of_one_field_is_described_in_the_singular() {
    let out = chainmate(&[
        "eval",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("FEN has 1 field;"), "{stderr}");
    let out = chainmate(&["eval", "--fen", "8/8/8/8 w - - 0 1"]);
    assert!(
        text(&out.stderr).contains("FEN placement has 4 ranks;"),
        "{}",
        text(&out.stderr)
    );
}
