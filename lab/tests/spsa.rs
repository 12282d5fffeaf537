//! `chainmate-lab tune --method spsa` with real, node-limited games: reproducible runs, values in
//! range and on the resolution, checkpoints that resume, clear errors for bad input.

use crate::common;

use common::{chainmate, text};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-spsa-{}-{name}", std::process::id()))
}

/// `name = value` of the parameter file `text`.
fn value(text: &str, name: &str) -> i64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{name} =")))
        .unwrap_or_else(|| panic!("no {name} in {text}"));
    line[name.len() + 2..].trim().parse().unwrap()
}

#[test]
fn tune_method_spsa_is_reproducible_writes_usable_values_and_resumes() {
    let (out_a, out_b, ck, hist) = (temp("a.txt"), temp("b.txt"), temp("ck"), temp("h.csv"));
    let common = [
        "tune",
        "--method",
        "spsa",
        "--genes",
        "search.futility_base,search.lmr_base",
        "--nodes",
        "300",
        "--max-moves",
        "40",
        "--iterations",
        "6",
        "--concurrency",
        "2",
        "--r-end",
        "0.05",
        "--seed",
        "5",
    ];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = common.iter().chain(extra).copied().collect();
        let out = chainmate(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let first = run(&[
        "--out",
        out_a.to_str().unwrap(),
        "--checkpoint",
        ck.to_str().unwrap(),
        "--history",
        hist.to_str().unwrap(),
    ]);
    assert!(first.contains("search.futility_base from 91"), "{first}");
    run(&["--out", out_b.to_str().unwrap()]);
    let (a, b) = (
        std::fs::read_to_string(&out_a).unwrap(),
        std::fs::read_to_string(&out_b).unwrap(),
    );
    assert_eq!(a, b, "node-limited games: the same run twice");
    // Integers, in the parameters' ranges ([0, 1000] for both).
    for name in ["search.futility_base", "search.lmr_base"] {
        assert!((0..=1000).contains(&value(&a, name)), "{a}");
    }
    // One history row per batch of two pairs.
    let history = std::fs::read_to_string(&hist).unwrap();
    assert_eq!(history.lines().count(), 1 + 3, "{history}");
    assert!(history.starts_with("iteration,results,search.futility_base,search.lmr_base"));
    // The checkpoint is at the end; resuming from it plays nothing and writes the same values.
    let checkpoint = std::fs::read_to_string(&ck).unwrap();
    assert!(checkpoint.contains("iteration 6"), "{checkpoint}");
    let resumed = run(&[
        "--out",
        out_b.to_str().unwrap(),
        "--resume",
        ck.to_str().unwrap(),
    ]);
    assert!(resumed.contains("resumed from"), "{resumed}");
    assert_eq!(std::fs::read_to_string(&out_b).unwrap(), a);
    // The values are options a player accepts.
    let set = |name: &str| format!("{name}={}", value(&a, name));
    let (f, l) = (set("search.futility_base"), set("search.lmr_base"));
    let bench = chainmate(&["bench", "3", "--set", &f, "--set", &l]);
    assert!(bench.status.success(), "{}", text(&bench.stderr));
    for p in [out_a, out_b, ck, hist] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn tune_method_spsa_refuses_bad_input_and_leaves_no_file() {
    let out = temp("never.txt");
    let base = ["tune", "--method", "spsa", "--nodes", "100", "--out"];
    let cases: [(&[&str], &str); 5] = [
        (&["--genes", "search.nothing"], "no parameter is named"),
        (&["--iterations", "0"], "--iterations"),
        (&["--r-end=-1"], "--r-end"),
        (&["--c-end", "nan"], "--c-end"),
        (&["--resume", "/nonexistent/ck"], "cannot read"),
    ];
    common::assert_each_refused(&base, &out, &cases);
    // A checkpoint of other parameters is refused with a reason.
    let ck = temp("foreign");
    std::fs::write(&ck, "iteration 2\nsearch.rfp_margin = 80\n").unwrap();
    let result = chainmate(&[
        "tune",
        "--method",
        "spsa",
        "--nodes",
        "100",
        "--genes",
        "search.lmr_base",
        "--resume",
        ck.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(2));
    assert!(text(&result.stderr).contains("not being tuned"));
    assert!(!out.exists());
    let _ = std::fs::remove_file(ck);
}
