//! The lab's command line through the real binary (`chainmate-lab`): subcommands, exit codes
//! and messages.

use crate::common;

use common::{chainmate, text};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-cli-{}-{name}", std::process::id()))
}

#[test]
fn bench_prints_a_pinned_configuration_signature() {
    let out = chainmate(&["bench", "--config", "minimax"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("216369 nodes "));
    let out = chainmate(&["bench", "--config", "nonesuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("choose from: all, bench, plain"));
}

#[test]
fn figures_are_printed_and_a_stale_table_fails_the_check() {
    let out = chainmate(&["experiment", "figures", "--only", "paper001"]);
    assert!(out.status.success());
    let fresh = text(&out.stdout);
    assert!(
        fresh.contains("| `minimax` | 216,369 | | 9,254,371 |"),
        "{fresh}"
    );
    let doc = temp_path("figures.md");
    std::fs::write(
        &doc,
        "# x\n<!-- figure paper001 -->\nold\n<!-- /figure -->\n",
    )
    .unwrap();
    let path = doc.to_str().unwrap();
    let figures =
        |mode: &str| chainmate(&["experiment", "figures", "--only", "paper001", mode, path]);
    let check = figures("--check");
    assert_eq!(check.status.code(), Some(1), "{}", text(&check.stderr));
    assert!(text(&check.stderr).contains("paper001"));
    assert!(figures("--write").status.success());
    let check = figures("--check");
    assert!(check.status.success(), "{}", text(&check.stderr));
    // A file that holds none of the figures is refused, and the refusal names their pages.
    std::fs::write(&doc, "# no figures here\n").unwrap();
    let none = figures("--check");
    assert_eq!(none.status.code(), Some(2), "{}", text(&none.stderr));
    assert!(text(&none.stderr).contains("docs/papers/001-minimax-to-alpha-beta.md"));
    std::fs::remove_file(&doc).ok();
    // Without a file, every page that holds the chosen figures, found from the repository.
    let pages = chainmate(&["experiment", "figures", "--only", "paper001", "--check"]);
    assert!(pages.status.success(), "{}", text(&pages.stderr));
    assert!(text(&pages.stdout).contains("001-minimax-to-alpha-beta.md: 1 figure matches"));
}

#[test]
fn bad_arguments_are_errors_not_crashes() {
    let out = chainmate(&["bench", "3", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--threads must be at least 1"));
    let out = chainmate(&["bench", "--set", "Hash=0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("option 'Hash': 0 is outside 1..65536"));
    // No usable position: tune fails and writes nothing.
    let data = temp_path("empty.epd");
    let out_file = temp_path("tuned.txt");
    std::fs::write(&data, "not a labelled position\n").unwrap();
    let out = chainmate(&[
        "tune",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no usable labelled position"));
    assert!(!out_file.exists());
    // A negative L2 penalty would push the weights away from their start: refused.
    for bad in ["-1e-7", "nan", "x"] {
        let out = chainmate(&[
            "tune",
            "--method",
            "gradient",
            "--data",
            data.to_str().unwrap(),
            &format!("--l2={bad}"),
            "--out",
            out_file.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("is not a number of 0 or more"),
            "{bad}"
        );
        assert!(!out_file.exists());
    }
    std::fs::remove_file(&data).ok();
}

#[test]
fn eval_names_the_variant_and_help_lists_the_configuration_tokens() {
    let out = chainmate(&["eval"]);
    assert!(text(&out.stdout).starts_with("Evaluator: full"));
    for args in [
        &["match", "--help"][..],
        &["experiment", "nodes", "--help"],
        &["bench", "--help"],
    ] {
        let help = text(&chainmate(args).stdout);
        for token in [
            "plain",
            "chessmaps",
            "mc",
            "rules",
            "base",
            "pruning",
            "nott",
        ] {
            assert!(
                help.contains(&format!("  {token} ")),
                "{args:?} lacks {token}"
            );
        }
    }
}

#[test]
fn table_4_and_books_through_the_command_line() {
    let out = chainmate(&["experiment", "book", "--games", "4"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("| Pruning vs Pruning | 13.5 | 1.5 | 13.0 | 2.0 |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| book vs engine without book |"),
        "{stdout}"
    );
    // A book built from the test games, probed.
    let book = temp_path("book.bin");
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/8moves_v3_excerpt.pgn"
    );
    let book_path = book.to_str().unwrap();
    let built = chainmate(&[
        "book",
        "build",
        "--pgn",
        pgn,
        "--out",
        book_path,
        "--max-ply",
        "16",
        "--min-games",
        "1",
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    assert!(text(&built.stdout).contains("6 games (0 unreadable skipped)"));
    let probe = chainmate(&["book", "probe", "--book", book_path]);
    let shown = text(&probe.stdout);
    assert!(
        shown.contains("key 463b96181691fc9c") && shown.contains("d2d4   weight     4   66.7%"),
        "{shown}"
    );
    std::fs::write(&book, [0u8; 20]).unwrap();
    let bad = chainmate(&["book", "probe", "--book", book_path]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("20 bytes is not a whole number of 16-byte Polyglot entries")
    );
    std::fs::remove_file(&book).ok();
}

/// A PGN cut short: `book build` and `library build` name each skipped game with its lines
/// and reason, and with nothing usable they exit non-zero and write nothing.
#[test]
fn builders_report_skipped_games_and_write_nothing_from_nothing() {
    let whole = "[Event \"a\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    let cut =
        "[Event \"b\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Nc3";
    let truncated = temp_path("truncated.pgn");
    std::fs::write(&truncated, cut).unwrap();
    for (command, out) in [("book", "t.bin"), ("library", "t.lib")] {
        let out = temp_path(out);
        let _ = std::fs::remove_file(&out);
        let run = chainmate(&[
            command,
            "build",
            "--pgn",
            truncated.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(2), "{command}");
        let err = text(&run.stderr);
        assert!(
            err.contains("game 1 (line 1, p - q), line 6") && err.contains("cut short"),
            "{command}: {err}"
        );
        assert!(err.contains("not written"), "{command}: {err}");
        assert!(!out.exists(), "{command} wrote {}", out.display());
    }
    // One good game beside the cut one: the library is written, the cut game still named.
    let mixed = temp_path("mixed.pgn");
    std::fs::write(&mixed, format!("{whole}{cut}")).unwrap();
    let out = temp_path("m.lib");
    let run = chainmate(&[
        "library",
        "build",
        "--pgn",
        mixed.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains("game 2 (line 8, p - q), line 13"));
    assert!(out.exists());
    for f in [truncated, mixed, out] {
        let _ = std::fs::remove_file(f);
    }
}

/// `--tunables` works before or after `uci`, and lists every parameter as an option.
#[test]
fn tunables_flag_works_before_and_after_uci() {
    common::assert_tunables_flag_works("option name tsvetkov.", 100);
}

/// Every subcommand's help is plain text: no intra-doc links or paths leaked from the doc
/// comments clap reads.
#[test]
fn help_texts_carry_no_doc_links() {
    let mut commands: Vec<Vec<&str>> = vec![vec![]];
    for c in [
        "uci",
        "eval",
        "bench",
        "epd",
        "datagen",
        "tune",
        "experiment",
        "match",
        "book",
        "library",
        "analyse",
    ] {
        commands.push(vec![c]);
    }
    for sub in [
        "figures",
        "nodes",
        "book",
        "book-distance",
        "abr",
        "predict",
        "depth-time",
        "genetic",
        "wdl",
        "label",
    ] {
        commands.push(vec!["experiment", sub]);
    }
    for (c, sub) in [
        ("book", "build"),
        ("book", "probe"),
        ("library", "build"),
        ("library", "stats"),
        ("library", "probe"),
    ] {
        commands.push(vec![c, sub]);
    }
    common::assert_help_texts_carry_no_doc_links(commands);
}

/// `bench --params` loads the file into the chosen evaluator, exactly as the same values
/// given with `--set` do, and the values change the search.
#[test]
fn bench_takes_the_same_evaluator_argument_as_eval() {
    let dir = std::env::temp_dir().join(format!("chainmate-bench-params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("material.txt");
    std::fs::write(&file, "knight = 340\nbishop = 350\n").unwrap();
    let signature = |args: &[&str]| {
        let out = chainmate(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    };
    let plain = signature(&["bench", "5", "--evaluator", "material"]);
    let with_file = signature(&[
        "bench",
        "5",
        "--evaluator",
        "material",
        "--params",
        file.to_str().unwrap(),
    ]);
    let with_set = signature(&[
        "bench",
        "5",
        "--evaluator",
        "material",
        "--set",
        "material.knight=340",
        "--set",
        "material.bishop=350",
    ]);
    assert_ne!(plain, with_file);
    assert_eq!(with_file, with_set);
    std::fs::remove_dir_all(&dir).ok();
}

/// Asserts that the binary ended quietly when its reader went away: no panic, no exit code
/// 101, and an exit code of 0 (what `out!` and `outln!` exit with on a closed pipe).
fn assert_quiet_end(args: &[&str], (status, stderr): (std::process::ExitStatus, String)) {
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_ne!(status.code(), Some(101), "{args:?}: {stderr}");
    assert!(status.success(), "{args:?}: {status} {stderr}");
}

/// `chainmate-lab bench --config all | head -3`, `book probe ... | head -1` and the other
/// commands: a reader that goes away ends the command quietly instead of a panic.
#[test]
fn every_command_ends_quietly_when_its_reader_goes_away() {
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/polyglot_8moves_excerpt.bin"
    );
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/../suites/wac.epd");
    // Each pin takes a moment: the reader is gone before the second line is written.
    let args = ["bench", "--config", "all"];
    assert_quiet_end(&args, common::run_into_closed_pipe(&args, "", 1));
    let commands: [&[&str]; 6] = [
        &["book", "probe", "--book", book],
        &["bench", "3", "--search", "alphabeta"],
        &["eval", "--evaluator", "tsvetkov"],
        &["epd", suite, "--nodes", "10"],
        &["experiment", "figures", "--only", "paper001"],
        &[
            "match",
            "--engine-a",
            "default",
            "--engine-b",
            "minimax",
            "--games",
            "2",
            "--nodes",
            "100",
        ],
    ];
    for args in commands {
        assert_quiet_end(args, common::run_into_closed_pipe(args, "", 0));
    }
    let uci = "uci\nisready\nsetoption name Evaluator value material\ngo depth 3\n";
    assert_quiet_end(&[], common::run_into_closed_pipe(&[], uci, 0));
}

/// The lab's `epd` is the engine's: a line without a target is skipped with a warning, and
/// a suite with nothing to solve is an error.
#[test]
fn epd_skips_a_line_without_a_target_and_refuses_an_empty_suite() {
    let suite = temp_path("targets.epd");
    std::fs::write(
        &suite,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"no target\";\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;\n",
    )
    .unwrap();
    let out = chainmate(&["epd", suite.to_str().unwrap(), "--depth", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains(":1: no 'bm' or 'am' move"));
    assert!(text(&out.stdout).starts_with("solved 1/1 "));
    std::fs::write(&suite, "").unwrap();
    let out = chainmate(&["epd", suite.to_str().unwrap(), "--depth", "3"]);
    std::fs::remove_file(&suite).ok();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("holds no position to solve"));
}

/// List flags take their values either way the documentation writes them: `--pgn A B` and
/// `--pgn A --pgn B` (likewise `--data` and `--fen`).
#[test]
fn list_flags_take_several_values_after_one_flag_or_the_flag_repeated() {
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/8moves_v3_excerpt.pgn"
    );
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/selfplay_sample.epd"
    );
    let out = temp_path("list-flags.out");
    let out_arg = out.to_str().unwrap();
    let forms: [(&[&str], &str); 4] = [
        (
            &["book", "build", "--pgn", pgn, pgn],
            "12 games (0 unreadable skipped)",
        ),
        (
            &["book", "build", "--pgn", pgn, "--pgn", pgn],
            "12 games (0 unreadable skipped)",
        ),
        (
            &[
                "tune",
                "--evaluator",
                "material",
                "--rounds",
                "1",
                "--data",
                data,
                data,
            ],
            "3600 training",
        ),
        (
            &[
                "tune",
                "--evaluator",
                "material",
                "--rounds",
                "1",
                "--data",
                data,
                "--data",
                data,
            ],
            "3600 training",
        ),
    ];
    for (args, expected) in forms {
        let mut args = args.to_vec();
        args.extend(["--out", out_arg]);
        if args[0] == "book" {
            args.extend(["--min-games", "1"]);
        }
        let run = chainmate(&args);
        assert!(run.status.success(), "{args:?}: {}", text(&run.stderr));
        assert!(
            text(&run.stdout).starts_with(expected),
            "{args:?}: {}",
            text(&run.stdout)
        );
    }
    std::fs::remove_file(&out).ok();
    let kqk = "8/8/8/4k3/8/8/3K4/7Q w - - 0 1";
    for fens in [
        &["--fen", "startpos", kqk][..],
        &["--fen", "startpos", "--fen", kqk],
    ] {
        let mut args = vec![
            "experiment",
            "depth-time",
            "--depth",
            "2",
            "--configs",
            "default",
        ];
        args.extend_from_slice(fens);
        let run = chainmate(&args);
        assert!(run.status.success(), "{args:?}: {}", text(&run.stderr));
        assert!(
            text(&run.stdout).contains("over 2 position"),
            "{}",
            text(&run.stdout)
        );
    }
}

/// Every count the commands take is refused at 0 the same way, naming its flag: threads,
/// concurrency, games, the bench depth, a book's plies and games, hash sizes.
#[test]
fn zero_counts_are_refused_alike_naming_their_flag() {
    let cases: [(&[&str], &str); 12] = [
        (&["bench", "0"], "the bench depth must be at least 1"),
        (
            &["experiment", "figures", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            &[
                "experiment",
                "predict",
                "--library",
                "x.lib",
                "--pgn",
                "x.pgn",
                "--threads",
                "0",
            ],
            "--threads must be at least 1",
        ),
        (
            &[
                "experiment",
                "book-distance",
                "--pgn",
                "x.pgn",
                "--threads",
                "0",
            ],
            "--threads must be at least 1",
        ),
        (
            &[
                "experiment",
                "book-distance",
                "--pgn",
                "x.pgn",
                "--max-ply",
                "0",
            ],
            "--max-ply must be at least 1",
        ),
        (
            &[
                "experiment",
                "nodes",
                "--fen",
                "startpos",
                "--depth",
                "1",
                "--configs",
                "default",
                "--hash",
                "0",
            ],
            "--hash must be at least 1",
        ),
        (
            &[
                "experiment",
                "abr",
                "--library",
                "x.lib",
                "--nodes",
                "10",
                "--concurrency",
                "0",
            ],
            "--concurrency must be at least 1",
        ),
        (
            &["tune", "--out", "x.txt", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            &[
                "match",
                "--engine-a",
                "default",
                "--engine-b",
                "default",
                "--games",
                "2",
                "--nodes",
                "10",
                "--concurrency",
                "0",
            ],
            "--concurrency must be at least 1",
        ),
        (
            &[
                "book",
                "build",
                "--pgn",
                "x.pgn",
                "--out",
                "x.bin",
                "--min-games",
                "0",
            ],
            "--min-games must be at least 1",
        ),
        (
            &[
                "book",
                "build",
                "--pgn",
                "x.pgn",
                "--out",
                "x.bin",
                "--max-ply",
                "0",
            ],
            "--max-ply must be at least 1",
        ),
        (
            &["epd", "x.epd", "--depth", "0"],
            "--depth, --nodes and --movetime must be at least 1",
        ),
    ];
    for (args, message) in cases {
        let out = chainmate(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// A `--params` file is held to what `--set` accepts: the same range for each value, and
/// names either bare (`queen`, as `--dump-params` writes them) or as `--set` writes them
/// (`material.queen`); another evaluator's name is refused with the form to write.
#[test]
fn params_files_take_set_style_names_and_refuse_what_set_refuses() {
    let params = temp_path("params.txt");
    let file = params.to_str().unwrap();
    let dump = |evaluator: &str, contents: &str| {
        std::fs::write(&params, contents).unwrap();
        chainmate(&[
            "eval",
            "--evaluator",
            evaluator,
            "--params",
            file,
            "--dump-params",
        ])
    };
    for contents in [
        "queen = 950\n",
        "material.queen = 950\n",
        "Material.queen=950\n",
    ] {
        let out = dump("material", contents);
        assert!(out.status.success(), "{contents}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("\nqueen = 950\n"), "{contents}");
    }
    let set = chainmate(&[
        "bench",
        "1",
        "--evaluator",
        "material",
        "--set",
        "material.queen=-5000",
    ]);
    assert!(text(&set.stderr).contains("-5000 is outside -2700..4500"));
    let out = dump("material", "queen = -5000\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1: queen = -5000 is outside -2700..4500"),
        "{}",
        text(&out.stderr)
    );
    let out = dump("material", "pawn = 90\nfull.queen = 950\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(
            "'full.queen' is not a parameter of material, whose parameters this file sets \
             (write them as 'name' or 'material.name')"
        ),
        "{}",
        text(&out.stderr)
    );
    // Every evaluator's own weights load back, the paper's Tsvetkov weights beside the
    // fitted defaults of its family included.
    for evaluator in [
        "tsvetkov:paper",
        "tsvetkov:tuned",
        "weighted:handmade",
        "full",
        "power",
    ] {
        let weights = chainmate(&["eval", "--evaluator", evaluator, "--dump-params"]);
        let family = evaluator.split(':').next().unwrap();
        let out = dump(family, &text(&weights.stdout));
        assert!(out.status.success(), "{evaluator}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), text(&weights.stdout), "{evaluator}");
    }
    std::fs::remove_file(&params).ok();
}

/// Every `cargo run -p chainmate-lab` command that a Markdown page shows works: its
/// subcommand, flags and values are the binary's (run with `--help` added). The engine's
/// commands are checked by the engine's tests (`tests/docs.rs`).
#[test]
fn every_lab_cargo_run_the_pages_show_works() {
    let lab = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    common::doc_commands::assert_all_work(
        lab.parent().expect("the lab sits in the repository"),
        "chainmate-lab",
        std::path::Path::new(env!("CARGO_BIN_EXE_chainmate-lab")),
        4,
    );
}

/// Every `chainmate-lab` command a page or a source comment shows names real subcommands and
/// flags of the lab's binary.
#[test]
fn every_lab_command_shown_is_a_real_one() {
    let lab = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    common::doc_commands::assert_shown_commands_work(
        lab.parent().expect("the lab sits in the repository"),
        "chainmate-lab",
        std::path::Path::new(env!("CARGO_BIN_EXE_chainmate-lab")),
        50,
    );
}
