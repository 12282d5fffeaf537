//! Input files as people have them, through the real binary: a PGN or EPD file with a UTF-8
//! byte-order mark, or in Latin-1 (TWIC and many game databases), is read by every command
//! that reads such files, with the same counts as its plain UTF-8 twin.

use crate::common;

use std::path::PathBuf;

use common::{chainmate, text};

const GAMES: &str = include_str!("../../tests/data/8moves_v3_excerpt.pgn");

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chainmate-input-{}-{name}", std::process::id()))
}

/// The six games of the excerpt with a byte-order mark, and with one Latin-1 byte (0xFC, ü)
/// in a tag and another (0xE9, é) in a comment.
fn variants() -> Vec<(&'static str, Vec<u8>)> {
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(GAMES.as_bytes());
    let latin1 = GAMES
        .replacen("[White \"Stockfish\"]", "[White \"M\u{fc}ller\"]", 1)
        .replacen("1. d4 d6", "1. d4 {Caf\u{e9}} d6", 1)
        .chars()
        .map(|c| u8::try_from(u32::from(c)).expect("Latin-1"))
        .collect();
    vec![("bom", bom), ("latin1", latin1)]
}

fn run(args: &[&str]) -> (String, String) {
    let out = chainmate(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{args:?}: {stderr}");
    assert!(
        !stderr.contains("unexpected character"),
        "{args:?}: {stderr}"
    );
    assert!(!stderr.contains("skipped"), "{args:?}: {stderr}");
    (stdout, stderr)
}

#[test]
fn builds_matches_and_analyses_read_bom_and_latin1_pgn() {
    for (name, bytes) in variants() {
        let pgn = temp_path(&format!("{name}.pgn"));
        std::fs::write(&pgn, &bytes).unwrap();
        let pgn_arg = pgn.to_str().unwrap();
        let out = temp_path(&format!("{name}.out"));
        let out_arg = out.to_str().unwrap();
        let (stdout, stderr) = run(&[
            "book",
            "build",
            "--pgn",
            pgn_arg,
            "--out",
            out_arg,
            "--min-games",
            "1",
        ]);
        assert!(
            stdout.starts_with("6 games (0 unreadable skipped)"),
            "{stdout}"
        );
        assert_eq!(
            name == "latin1",
            stderr.contains("read as Latin-1"),
            "{stderr}"
        );
        let (stdout, _) = run(&["library", "build", "--pgn", pgn_arg, "--out", out_arg]);
        assert!(
            stdout.starts_with("6 games (0 outside the dates, 0 unreadable)"),
            "{stdout}"
        );
        let (stdout, _) = run(&[
            "experiment",
            "label",
            "--pgn",
            pgn_arg,
            "--out",
            out_arg,
            "--skip-plies",
            "2",
        ]);
        assert!(
            stdout.starts_with("60 positions from 6 of 6 games"),
            "{stdout}"
        );
        run(&[
            "analyse",
            "--pgn",
            pgn_arg,
            "--configs",
            "default",
            "--depth",
            "1",
        ]);
        run(&[
            "match",
            "--engine-a",
            "default",
            "--engine-b",
            "default",
            "--games",
            "2",
            "--nodes",
            "50",
            "--book",
            pgn_arg,
        ]);
        std::fs::remove_file(&pgn).ok();
        std::fs::remove_file(&out).ok();
    }
}

#[test]
fn epd_reads_a_suite_with_a_bom_and_latin1() {
    let suite = temp_path("suite.epd");
    std::fs::write(
        &suite,
        b"\xEF\xBB\xBF6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"M\xFCller\";\n",
    )
    .unwrap();
    let (stdout, stderr) = run(&["epd", suite.to_str().unwrap(), "--depth", "3"]);
    std::fs::remove_file(&suite).ok();
    assert!(stdout.starts_with("solved 1/1 "), "{stdout}");
    assert!(stderr.contains("read as Latin-1"), "{stderr}");
}
