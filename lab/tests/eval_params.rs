//! Every evaluator's parameters round-trip through the `name = value` file, and a bad file is
//! rejected without changing anything.

use chainmate::core::Board;
use chainmate_lab::eval::param_set::{load_text, ParamError};
use chainmate_lab::eval::{AnyEvaluator, Evaluator};

fn fresh(name: &str) -> AnyEvaluator {
    AnyEvaluator::by_name(name).unwrap()
}

/// Changes every parameter of `e` to another valid value: numbers go up by one, a flag that
/// cannot (it is already 1) goes to 0.
fn perturb(e: &mut AnyEvaluator) {
    for (name, value) in e.params().entries() {
        if e.params_mut().set(&name, value + 1.0).is_err() {
            e.params_mut().set(&name, 0.0).unwrap();
        }
    }
}

#[test]
fn defaults_round_trip_for_every_evaluator() {
    for name in AnyEvaluator::NAMES {
        let e = fresh(name);
        let text = e.params().to_text();
        let mut loaded = fresh(name);
        load_text(loaded.params_mut(), &text).unwrap();
        assert_eq!(e.params().entries(), loaded.params().entries(), "{name}");
    }
}

#[test]
fn changed_values_round_trip_for_every_evaluator() {
    let boards = [
        Board::startpos(),
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap(),
    ];
    for name in AnyEvaluator::NAMES {
        let mut changed = fresh(name);
        perturb(&mut changed);
        assert_ne!(
            changed.params().entries(),
            fresh(name).params().entries(),
            "{name}: perturb changed nothing"
        );
        let text = changed.params().to_text();
        let mut loaded = fresh(name);
        load_text(loaded.params_mut(), &text).unwrap();
        assert_eq!(
            changed.params().entries(),
            loaded.params().entries(),
            "{name}"
        );
        for b in &boards {
            assert_eq!(changed.evaluate(b), loaded.evaluate(b), "{name}");
        }
    }
}

#[test]
fn every_parameter_has_a_documented_line_in_the_dump() {
    for name in AnyEvaluator::NAMES {
        let e = fresh(name);
        let text = e.params().to_text();
        for (param, value) in e.params().entries() {
            assert!(
                text.contains(&format!("\n{param} = {value}\n"))
                    || text.starts_with(&format!("{param} = {value}\n")),
                "{name}: {param} missing"
            );
        }
        // One comment line per field: as many as there are fields.
        let comments = text.lines().filter(|l| l.starts_with("# ")).count();
        assert_eq!(comments, e.params().fields().len(), "{name}");
    }
}

#[test]
fn bad_files_are_rejected_and_change_nothing() {
    for name in AnyEvaluator::NAMES {
        let mut e = fresh(name);
        let before = e.params().entries();
        let (first, value) = before[0].clone();
        let cases = [
            (
                format!("{first} = {}\nno_such_parameter = 1\n", value + 1.0),
                ParamError::Unknown("no_such_parameter".into()),
            ),
            (
                format!("{first} = {}\n{first} = lots\n", value + 1.0),
                ParamError::BadValue {
                    name: first.clone(),
                    value: "lots".into(),
                },
            ),
            (
                format!(
                    "# comment\n{first} = {}\nthis is not a setting\n",
                    value + 1.0
                ),
                ParamError::BadLine {
                    line: 3,
                    text: "this is not a setting".into(),
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(load_text(e.params_mut(), &text), Err(expected), "{name}");
            assert_eq!(
                e.params().entries(),
                before,
                "{name}: a failed load changed values"
            );
        }
    }
}

#[test]
fn integer_and_flag_parameters_refuse_fractions() {
    let mut t = fresh("tsvetkov");
    assert!(matches!(
        t.params_mut().set_text("pawn", "1000.5"),
        Err(ParamError::BadValue { .. })
    ));
    let mut w = fresh("weighted");
    assert!(matches!(
        w.params_mut().set_text("one_sided_positioning", "2"),
        Err(ParamError::BadValue { .. })
    ));
    w.params_mut()
        .set_text("one_sided_positioning", "true")
        .unwrap();
    assert_eq!(w.params().get("one_sided_positioning"), Some(1.0));
}

#[test]
fn array_and_table_parameters_are_addressed_by_index_and_square() {
    let mut t = fresh("tsvetkov");
    t.params_mut().set("rank_bonus_5", 80.0).unwrap();
    t.params_mut().set("endgame_king_square_e4", 999.0).unwrap();
    assert_eq!(t.params().get("rank_bonus_5"), Some(80.0));
    assert_eq!(t.params().get("endgame_king_square_e4"), Some(999.0));
    // The paper's values: rank 6 is 75 mp, the king on c4-f4 0.35 pawns.
    assert_eq!(fresh("tsvetkov").params().get("rank_bonus_5"), Some(75.0));
    assert_eq!(
        fresh("tsvetkov").params().get("endgame_king_square_e4"),
        Some(350.0)
    );
    assert!(matches!(
        t.params_mut().set("rank_bonus_8", 1.0),
        Err(ParamError::Unknown(_))
    ));
}

#[test]
fn absurd_parameter_values_neither_panic_nor_leave_the_range() {
    use chainmate_lab::eval::score::MAX_EVAL;
    // Every parameter at the largest (then the most negative) integer; flags, which take
    // only 0 and 1, at 1. Scores must stay clamped and nothing may overflow (debug builds
    // check arithmetic overflow).
    let boards = [
        Board::startpos(),
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap(),
        Board::from_fen("rnbqkbnr/qqqqqqqq/8/8/8/8/QQQQQQQQ/RNBQKBNR w KQkq - 0 1").unwrap(),
        Board::from_fen("8/4k3/8/8/8/8/4P3/4K3 b - - 0 1").unwrap(),
    ];
    for extreme in [i32::MAX as f64, i32::MIN as f64] {
        for name in AnyEvaluator::NAMES {
            let mut e = fresh(name);
            for (param, _) in e.params().entries() {
                if e.params_mut().set(&param, extreme).is_err() {
                    e.params_mut().set(&param, 1.0).unwrap();
                }
            }
            for b in &boards {
                let score = e.evaluate(b);
                assert!(score.abs() <= MAX_EVAL, "{name}");
                assert_eq!(e.explain(b).score, score, "{name}");
            }
        }
    }
}
