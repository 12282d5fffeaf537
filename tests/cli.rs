//! The command line through the real binary: subcommands, exit codes and messages.

use crate::common;

use common::{chainmate, chainmate_with_input, text};

#[test]
fn uci_subcommand_runs_the_engine_and_help_says_so() {
    let out = chainmate_with_input(&["uci"], b"uci\nisready\nquit\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("uciok") && stdout.contains("readyok"),
        "{stdout}"
    );
    let help = text(&chainmate(&["--help"]).stdout);
    assert!(help.contains("With no subcommand (or `uci`) it runs as a UCI engine"));
}

#[test]
fn bad_arguments_are_errors_not_crashes() {
    let out = chainmate(&["perft", "3", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--threads must be at least 1"));
    // Zero counts are refused alike: the bench depth as the epd limits, hash as threads.
    let out = chainmate(&["bench", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the bench depth must be at least 1"));
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/suites/wac.epd");
    for (flag, message) in [
        (
            "--depth",
            "--depth, --nodes and --movetime must be at least 1",
        ),
        ("--hash", "--hash must be at least 1"),
        ("--threads", "--threads must be at least 1"),
    ] {
        let mut args = vec!["epd", suite, flag, "0"];
        if flag != "--depth" {
            args.extend(["--depth", "1"]);
        }
        let out = chainmate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let out = chainmate(&["bench", "--set", "Hash=0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("option 'Hash': 0 is outside 1..65536"));
    // The papers' options and commands are the lab's.
    let out = chainmate(&["bench", "--set", "Search=minimax"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown option 'Search'"));
    let out = chainmate(&["match"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `perft --divide` writes castling as the king's destination, or as king takes rook with
/// `--chess960` (the convention UCI_Chess960 and Stockfish's Chess960 mode use); a position
/// with Chess960 castling rights is written so either way.
#[test]
fn perft_divide_writes_castling_in_the_convention_asked_for() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let lines = |extra: &[&str]| {
        let mut args = vec!["perft", "1", "--divide", "--fen", fen];
        args.extend_from_slice(extra);
        let out = chainmate(&args);
        assert!(out.status.success());
        text(&out.stdout)
    };
    let standard = lines(&[]);
    assert!(
        standard.contains("e1g1: 1") && standard.contains("e1c1: 1"),
        "{standard}"
    );
    let chess960 = lines(&["--chess960"]);
    assert!(
        chess960.contains("e1h1: 1") && chess960.contains("e1a1: 1"),
        "{chess960}"
    );
    assert!(!chess960.contains("e1g1"), "{chess960}");
    assert!(standard.contains("Nodes searched: 26") && chess960.contains("Nodes searched: 26"));
    // Shredder-FEN with the rooks on b1 and g1: only Chess960 can have it.
    let out = chainmate(&[
        "perft",
        "1",
        "--divide",
        "--fen",
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
    ]);
    let text960 = text(&out.stdout);
    assert!(
        text960.contains("e1g1: 1") && text960.contains("e1b1: 1"),
        "{text960}"
    );
}

/// A depth no machine could finish is refused at once with the reason, exit code 2.
#[test]
fn perft_refuses_a_depth_that_cannot_finish() {
    let out = chainmate(&["perft", "99"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("perft 99") && err.contains("deepest count is 15"),
        "{err}"
    );
}

/// `--tunables` works before or after `uci`, and lists every parameter as an option.
#[test]
fn tunables_flag_works_before_and_after_uci() {
    common::assert_tunables_flag_works("option name full.", 1000);
}

/// `--tunables` belongs to the UCI engine alone: another subcommand's help does not list it,
/// and given before another subcommand it is refused, naming it, instead of ignored.
#[test]
fn tunables_is_the_uci_engines_flag_alone() {
    for command in ["perft", "eval", "bench", "epd"] {
        let help = text(&chainmate(&[command, "--help"]).stdout);
        assert!(
            help.contains("Usage:") && !help.contains("--tunables"),
            "{command}: {help}"
        );
    }
    let out = chainmate(&["--tunables", "perft", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("--tunables is a flag of the UCI engine") && err.contains("`perft`"),
        "{err}"
    );
    let out = chainmate(&["perft", "3", "--tunables"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
}

/// `perft` without a depth says both ways to call it: a depth, or `--suite`.
#[test]
fn perft_without_a_depth_names_the_suite_too() {
    let out = chainmate(&["perft"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("chainmate perft [OPTIONS] <DEPTH>"), "{err}");
    assert!(err.contains("chainmate perft --suite <SUITE>"), "{err}");
}

/// `tb probe` of a position with more pieces than the tables says so, not that castling
/// rights remain (the start position has both: the pieces are the first reason).
#[test]
fn tb_probe_of_too_many_pieces_says_so() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/tables");
    let out = chainmate(&[
        "tb",
        "probe",
        "--path",
        tables,
        "--fen",
        chainmate::core::STARTPOS_FEN,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("32 pieces, more than the tables' 4: no table holds the position"),
        "{err}"
    );
    let castling = "r3k3/8/8/8/8/8/8/4K3 b q - 0 1";
    let out = chainmate(&["tb", "probe", "--path", tables, "--fen", castling]);
    assert!(
        text(&out.stderr).contains("castling rights remain"),
        "{}",
        text(&out.stderr)
    );
}

/// Every subcommand's help is plain text: no intra-doc links or paths leaked from the doc
/// comments clap reads.
#[test]
fn help_texts_carry_no_doc_links() {
    let mut commands: Vec<Vec<&str>> = vec![vec![]];
    for c in ["uci", "perft", "eval", "bench", "epd", "tb"] {
        commands.push(vec![c]);
    }
    commands.push(vec!["tb", "probe"]);
    common::assert_help_texts_carry_no_doc_links(commands);
}

/// Asserts that the binary ended quietly when its reader went away: no panic, no exit code
/// 101, and an exit code of 0 (what `out!` and `outln!` exit with on a closed pipe).
fn assert_quiet_end(args: &[&str], (status, stderr): (std::process::ExitStatus, String)) {
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_ne!(status.code(), Some(101), "{args:?}: {stderr}");
    assert!(status.success(), "{args:?}: {status} {stderr}");
}

/// `chainmate tb probe ... | head -8`, `bench | head -1` and every other command: a reader
/// that goes away ends the command quietly instead of a panic on the closed pipe.
#[test]
fn every_command_ends_quietly_when_its_reader_goes_away() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/tables");
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/suites/wac.epd");
    let commands: [&[&str]; 7] = [
        &[
            "tb",
            "probe",
            "--path",
            tables,
            "--fen",
            "8/8/8/4k3/8/8/3K4/7Q w - - 0 1",
        ],
        &["bench", "3", "--threads", "2"],
        &["bench", "3"],
        &["perft", "3", "--divide"],
        &["eval"],
        &["eval", "--dump-params"],
        &["epd", suite, "--nodes", "10"],
    ];
    for args in commands {
        assert_quiet_end(args, common::run_into_closed_pipe(args, "", 0));
    }
    // A reader that reads a line first, as `| head -1` does.
    let args = ["perft", "4", "--divide"];
    assert_quiet_end(&args, common::run_into_closed_pipe(&args, "", 1));
}

/// The UCI loop ignores a closed output (the GUI is gone) and ends cleanly at the end of its
/// input, a search's `bestmove` to nobody included.
#[test]
fn the_uci_engine_ends_cleanly_when_the_gui_closes_its_output() {
    let input = "uci\nisready\nposition startpos moves e2e4\ngo depth 4\nd\neval\n";
    for args in [&[][..], &["uci"][..]] {
        assert_quiet_end(args, common::run_into_closed_pipe(args, input, 0));
        assert_quiet_end(args, common::run_into_closed_pipe(args, input, 1));
    }
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("chainmate-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

/// A suite's line without a `bm` or `am` move is named in a warning and not counted as
/// solved; a suite with no position to solve is an error, not `solved 0/0`.
#[test]
fn epd_warns_of_a_line_without_a_target_and_refuses_an_empty_suite() {
    let suite = temp_file(
        "targets.epd",
        b"6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n\
          # a comment\n\
          6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"no target\";\n",
    );
    let out = chainmate(&["epd", suite.to_str().unwrap(), "--depth", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(":3: no 'bm' or 'am' move, nothing to solve; skipped"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).starts_with("solved 1/1 "),
        "{}",
        text(&out.stdout)
    );
    for (name, contents) in [
        ("empty.epd", &b""[..]),
        ("comments.epd", b"# nothing\n\n"),
        ("untargeted.epd", b"6k1/5ppp/8/8/8/8/8/R5K1 w - -\n"),
    ] {
        let path = temp_file(name, contents);
        let out = chainmate(&["epd", path.to_str().unwrap(), "--depth", "3"]);
        std::fs::remove_file(&path).ok();
        assert_eq!(out.status.code(), Some(2), "{name}: {}", text(&out.stdout));
        assert!(
            text(&out.stderr).contains("holds no position to solve"),
            "{name}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stdout).contains("solved"), "{name}");
    }
    std::fs::remove_file(&suite).ok();
}
