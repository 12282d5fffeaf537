//! `chainmate eval` through the real binary: every evaluator explains a position, parameter
//! files written by `--dump-params` are read back by `--params`, and bad input gives an
//! error message and exit code 2 instead of a panic.

use std::path::PathBuf;

use chainmate_lab::eval::AnyEvaluator;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

use crate::common;
use common::{chainmate, text};

/// A file in the temporary directory, unique to this test process and `tag`.
fn temp_file(tag: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "chainmate-eval-cli-{}-{tag}.txt",
        std::process::id()
    ));
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn every_evaluator_explains_a_position() {
    for name in AnyEvaluator::NAMES {
        let out = chainmate(&["eval", "--evaluator", name, "--fen", KIWIPETE]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Total"), "{name}");
        assert!(stdout.contains("Final evaluation"), "{name}");
    }
}

#[test]
fn the_default_evaluator_is_full() {
    let out = chainmate(&["eval"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("Evaluator: full"));
    // Its pawn-structure and king-safety terms are part of the table.
    assert!(text(&out.stdout).contains("shelter_pawn"));
}

#[test]
fn dumped_parameters_load_back() {
    for name in AnyEvaluator::NAMES {
        let dump = chainmate(&["eval", "--evaluator", name, "--dump-params"]);
        assert!(dump.status.success(), "{name}");
        let path = temp_file(&name.replace(':', "-"), &text(&dump.stdout));
        let out = chainmate(&[
            "eval",
            "--evaluator",
            name,
            "--params",
            path.to_str().unwrap(),
            "--dump-params",
        ]);
        std::fs::remove_file(&path).ok();
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), text(&dump.stdout), "{name}");
    }
}

#[test]
fn a_fit_prints_as_the_rust_block_of_the_shipped_weights() {
    // The shipped weights print as the block in src/eval/full/weights.rs.
    let shipped = chainmate(&["eval", "--evaluator", "full", "--dump-params", "--rust"]);
    assert!(shipped.status.success(), "{}", text(&shipped.stderr));
    let source = include_str!("../../src/eval/full/weights.rs");
    assert!(source.contains(&text(&shipped.stdout)));
    // A fitted file's values replace the literals, and only those: one weight moved by one,
    // away from zero unless that adds a digit, so that the table keeps its column widths.
    let plain = chainmate(&["eval", "--evaluator", "full", "--dump-params"]);
    let value: i32 = text(&plain.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("passed_eg_6 = "))
        .expect("passed_eg_6 in the dump")
        .trim()
        .parse()
        .unwrap();
    let away = if value < 0 { value - 1 } else { value + 1 };
    let moved = if away.abs() % 10 == 0 {
        value - value.signum()
    } else {
        away
    };
    let path = temp_file("fit", &format!("passed_eg_6 = {moved}\n"));
    let fit = chainmate(&[
        "eval",
        "--params",
        path.to_str().unwrap(),
        "--dump-params",
        "--rust",
    ]);
    std::fs::remove_file(&path).ok();
    assert!(fit.status.success(), "{}", text(&fit.stderr));
    let (before, after) = (text(&shipped.stdout), text(&fit.stdout));
    let changed: Vec<_> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].1.contains(&format!("{moved}]")), "{changed:?}");
    // Only full's weights are Rust.
    let out = chainmate(&["eval", "--evaluator", "material", "--dump-params", "--rust"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("only full's weights"));
}

#[test]
fn a_parameter_file_changes_the_evaluation() {
    // Material only, with the pawn worth 250: after 1.e4 d5 2.exd5 White is a pawn up:
    // +250 from White's side, -250 for Black, who is to move.
    let fen = "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let path = temp_file("pawn250", "# pawns are precious\npawn = 250\n");
    let out = chainmate(&[
        "eval",
        "--evaluator",
        "material",
        "--params",
        path.to_str().unwrap(),
        "--fen",
        fen,
    ]);
    std::fs::remove_file(&path).ok();
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("+250 cp from White's side, -250 cp for the side to move"));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let bad_params = temp_file("bad", "c_mat = 2\nc_pos two\n");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["eval", "--fen", "not a fen"], "error"),
        (
            vec!["eval", "--evaluator", "stockfish"],
            "possible values: tsvetkov, tsvetkov:paper",
        ),
        (
            vec!["eval", "--evaluator", "weighted:best"],
            "invalid value 'weighted:best' for '--evaluator",
        ),
        (
            vec![
                "eval",
                "--evaluator",
                "weighted",
                "--params",
                bad_params.to_str().unwrap(),
            ],
            "line 2",
        ),
        (
            vec!["eval", "--params", "/nonexistent/chainmate/params.txt"],
            "cannot read",
        ),
    ];
    for (args, message) in cases {
        let out = chainmate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    std::fs::remove_file(&bad_params).ok();
}
