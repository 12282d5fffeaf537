//! The engine's `eval` command through the real binary: the evaluation term by term, the
//! weights as a parameter file, and the Rust block of the shipped weights.

use crate::common;

use common::{chainmate, text};

#[test]
fn eval_explains_full_and_dumps_its_weights_as_the_shipped_rust_block() {
    let out = chainmate(&["eval"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("Evaluator: full"));
    let shipped = chainmate(&["eval", "--dump-params", "--rust"]);
    assert!(shipped.status.success(), "{}", text(&shipped.stderr));
    let source = include_str!("../src/eval/full/weights.rs");
    assert!(source.contains(&text(&shipped.stdout)));
    // A parameter file's values override the literals by name.
    let path = std::env::temp_dir().join(format!("chainmate-eval-{}.txt", std::process::id()));
    std::fs::write(&path, "passed_eg_6 = 77\n").unwrap();
    let dump = chainmate(&["eval", "--params", path.to_str().unwrap(), "--dump-params"]);
    std::fs::remove_file(&path).ok();
    assert!(text(&dump.stdout).contains("\npassed_eg_6 = 77\n"));
    // The papers' evaluators are the lab's.
    let out = chainmate(&["eval", "--evaluator", "material"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `--params` names are bare or as `--set` writes them (`full.passed_eg_6`), and a value
/// outside the range `--set` accepts is refused, the file left unapplied.
#[test]
fn params_files_take_set_style_names_and_refuse_out_of_range_values() {
    let path = std::env::temp_dir().join(format!("chainmate-eval-set-{}.txt", std::process::id()));
    let file = path.to_str().unwrap();
    std::fs::write(&path, "full.passed_eg_6 = 77\n").unwrap();
    let dump = chainmate(&["eval", "--params", file, "--dump-params"]);
    assert!(dump.status.success(), "{}", text(&dump.stderr));
    assert!(text(&dump.stdout).contains("\npassed_eg_6 = 77\n"));
    std::fs::write(&path, "passed_eg_6 = 100000\n").unwrap();
    let out = chainmate(&["eval", "--params", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 1: passed_eg_6 = 100000 is outside"));
    let set = chainmate(&["bench", "1", "--set", "full.passed_eg_6=100000"]);
    assert_eq!(set.status.code(), Some(2));
    std::fs::write(&path, "material.queen = 900\n").unwrap();
    let out = chainmate(&["eval", "--params", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("'material.queen' is not a parameter of full"));
    std::fs::remove_file(&path).ok();
}
