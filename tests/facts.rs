//! What the engine's commands print is true: counts agree with their nouns ("1 position",
//! not "1 positions").

use crate::common;

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
/// The reader accepts what JSON is and refuses what it is not.
#[test]
fn the_reader_is_strict() {
    let v =
        common::json::parse(r#" {"a": [1, -2.5e3, "x\"\u00e9"], "b": {"c": null, "d": true}} "#)
            .unwrap();
    assert_eq!(
        v.get("a").unwrap().as_array().unwrap()[1].as_f64(),
        Some(-2500.0)
    );
    assert_eq!(
        v.get("a").unwrap().as_array().unwrap()[2].as_str(),
        Some("x\"é")
    );
    for bad in [
        "{",
        "[1,]",
        "{\"a\":1,}",
        "01",
        "1.",
        "nul",
        "{} x",
        "\"a\nb\"",
        "NaN",
        "{\"a\":1,\"a\":2}",
    ] {
        assert!(common::json::parse(bad).is_err(), "{bad}");
    }
}

/// `--version` names the version, the commit the binary was built from (`unknown` outside a
/// checkout) and the CPU path: PEXT or magics for the sliders, and the target's features.
#[test]
fn the_version_names_commit_and_cpu_path() {
    for flag in ["--version", "-V"] {
        let out = chainmate(&[flag]);
        assert!(out.status.success());
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(
            lines[0],
            format!("chainmate {}", env!("CARGO_PKG_VERSION")),
            "{stdout}"
        );
        let commit = lines[1].strip_prefix("commit ").expect("a commit line");
        assert!(
            commit == "unknown"
                || (commit.len() >= 7 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
            "{stdout}"
        );
        assert!(
            lines[2] == "sliders PEXT (BMI2)" || lines[2].starts_with("sliders magics ("),
            "{stdout}"
        );
        let pext = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"))
            && !lines[2].contains("no-pext");
        assert_eq!(lines[2] == "sliders PEXT (BMI2)", pext, "{stdout}");
        for feature in ["popcnt", "bmi2", "avx2"] {
            assert!(
                lines[3].contains(&format!("+{feature}"))
                    || lines[3].contains(&format!("-{feature}")),
                "{stdout}"
            );
        }
        assert_eq!(
            lines[3].contains("+bmi2"),
            cfg!(target_feature = "bmi2"),
            "{stdout}"
        );
    }
}

#[test]
fn bench_json_is_one_object_with_the_signature() {
    let v = common::json::object_of(&["bench", "4", "--json"]);
    let plain = chainmate(&["bench", "4"]);
    let nodes: f64 = text(&plain.stdout)
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(v.get("nodes").and_then(|n| n.as_f64()), Some(nodes));
    assert_eq!(v.get("depth").and_then(|n| n.as_f64()), Some(4.0));
    assert_eq!(v.get("threads").and_then(|n| n.as_f64()), Some(1.0));
    assert!(v.get("nps").and_then(|n| n.as_f64()).is_some());
    assert!(v
        .get("seconds")
        .and_then(|n| n.as_f64())
        .is_some_and(|s| s >= 0.0));
    assert_eq!(
        v.get("version").and_then(|s| s.as_str()),
        Some(env!("CARGO_PKG_VERSION"))
    );
    assert!(v.get("commit").and_then(|s| s.as_str()).is_some());
}

/// `bench --positions` prints the bench's positions, the ones its signature searches.
#[test]
fn bench_positions_are_the_signatures_positions() {
    let out = chainmate(&["bench", "--positions"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let fens: Vec<&str> = stdout.lines().collect();
    assert_eq!(fens, chainmate::bench::BENCH_FENS);
}

/// `bench --stats` counts in a build with the feature `search-stats` (the counts add up:
/// every node is a PV, cut, all or quiescence node, a cutoff follows a try) and is refused
/// with the way to make such a build in any other.
#[test]
fn bench_stats_count_or_say_how_to_build_a_counting_engine() {
    if !cfg!(feature = "search-stats") {
        let out = chainmate(&["bench", "4", "--stats"]);
        assert!(!out.status.success());
        let stderr = text(&out.stderr);
        assert!(stderr.contains("--features search-stats"), "{stderr}");
        return;
    }
    let v = common::json::object_of(&["bench", "6", "--stats", "--json"]);
    let stats = v.get("stats").expect("a stats object");
    let count = |key: &str| {
        stats
            .get(key)
            .and_then(|n| n.as_f64())
            .unwrap_or_else(|| panic!("{key}"))
    };
    let nodes = v.get("nodes").and_then(|n| n.as_f64()).unwrap();
    let typed = count("pv_nodes") + count("cut_nodes") + count("all_nodes") + count("qs_nodes");
    // The root of each iteration is counted as a node outside pvs.
    assert!(
        typed <= nodes && typed >= 0.95 * nodes,
        "{typed} of {nodes}"
    );
    assert!(count("null_cutoffs") <= count("null_tried"));
    let singular = count("singular_extended") + count("multi_cuts") + count("negative_extensions");
    assert!(singular <= count("singular_tried"));
    assert!(count("re_searches") <= count("reduced"));
    assert!(count("reduction_plies") >= count("reduced"));
    assert!(count("stand_pats") <= count("qs_nodes"));
}

/// A suite whose file name holds a quote and a backslash: the JSON escapes them, parses,
/// and gives the name back.
#[test]
fn epd_json_is_one_object_with_every_failure() {
    let suite = temp_path("json\"q\\.epd");
    std::fs::write(
        &suite,
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"mate\";\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm a3; id \"unlikely\";\n",
    )
    .unwrap();
    let name = suite.to_str().unwrap();
    let v = common::json::object_of(&["epd", name, "--depth", "3", "--json"]);
    std::fs::remove_file(&suite).ok();
    assert_eq!(v.get("file").and_then(|s| s.as_str()), Some(name));
    assert_eq!(v.get("positions").and_then(|n| n.as_f64()), Some(2.0));
    assert_eq!(v.get("solved").and_then(|n| n.as_f64()), Some(1.0));
    let failures = v.get("failures").and_then(|f| f.as_array()).unwrap();
    assert_eq!(failures.len(), 1);
    assert_eq!(
        failures[0].get("id").and_then(|s| s.as_str()),
        Some("unlikely")
    );
    let best = failures[0].get("best").and_then(|b| b.as_array()).unwrap();
    assert_eq!(best[0].as_str(), Some("a3"));
    assert!(failures[0].get("played").and_then(|s| s.as_str()).is_some());
}
