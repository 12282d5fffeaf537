//! The lab's options beside the engine's: the papers' switches, evaluator families, tunables,
//! configuration strings.

use super::*;
use chainmate::eval::Evaluator;

#[test]
fn the_papers_options_validate_their_values() {
    let mut o = LabOptions::default();
    assert!(o.set("Search", Some("alphabeta+tt")).is_ok());
    assert_eq!(o.lab.algorithm, Algorithm::AlphaBetaTt);
    assert!(matches!(
        o.set("Search", Some("dfs")),
        Err(ConfigError::NotAChoice { .. })
    ));
    // The engine's options pass through.
    assert_eq!(o.set("Hash", Some("64")), Ok(Effect::None));
    assert_eq!(o.engine.hash_mb, 64);
    assert!(matches!(
        o.set("Nonsense", Some("1")),
        Err(ConfigError::UnknownOption(_))
    ));
    assert!(o.set("Evaluator", Some("material")).is_ok());
    assert_eq!(o.evaluator().name(), "material");
    // A preset selects its family and loads the paper's weights.
    o.set("Evaluator", Some("weighted:pruning")).unwrap();
    assert_eq!(o.evaluator().params().get("c_pos"), Some(0.3));
    o.set("Evaluator", Some("weighted")).unwrap();
    assert_eq!(
        o.evaluator().params().get("c_pos"),
        Some(0.3),
        "the family keeps its values"
    );
    assert!(o.set("Evaluator", Some("weighted:random")).is_err());
    // Play defaults to the engine's `full`; the `tsvetkov` family holds paper 004's evaluator
    // with its fitted weights, and `tsvetkov:paper` loads the paper's into it.
    let mut o = LabOptions::default();
    assert_eq!(o.evaluator().name(), "full");
    assert!(o.search_config().ext.evaluator.is_none());
    o.set("full.passed_eg_5", Some("120")).unwrap();
    assert_eq!(o.evaluator().params().get("passed_eg_5"), Some(120.0));
    let paper = AnyEvaluator::by_name("tsvetkov:paper").unwrap();
    let tuned = AnyEvaluator::by_name("tsvetkov:tuned").unwrap();
    o.set("Evaluator", Some("tsvetkov")).unwrap();
    assert_eq!(o.evaluator().params().entries(), tuned.params().entries());
    o.set("tsvetkov.mobility", Some("7")).unwrap();
    o.set("Evaluator", Some("tsvetkov:paper")).unwrap();
    assert_eq!(o.evaluator().params().entries(), paper.params().entries());
    assert_ne!(paper.params().entries(), tuned.params().entries());
    // Back to `full`: its weights were kept.
    o.set("Evaluator", Some("full")).unwrap();
    assert_eq!(o.evaluator().params().get("passed_eg_5"), Some(120.0));
}

#[test]
fn declared_defaults_are_the_default_values() {
    let defaults = LabOptions::default();
    let mut o = LabOptions::default();
    for row in LAB_OPTIONS.iter().filter(|r| r.kind() != Kind::Button) {
        o.set(row.name, Some(&(row.get)(&defaults))).unwrap();
    }
    for t in tunables() {
        o.set(&t.name, Some(&t.to_uci(t.default))).unwrap();
        assert_eq!(o.get(&t.name), defaults.get(&t.name), "{}", t.name);
    }
    assert_eq!(
        format!("{:?}", o.search_config()),
        format!("{:?}", defaults.search_config())
    );
}

#[test]
fn an_eval_file_loads_into_the_selected_evaluator_all_or_nothing() {
    let dir = std::env::temp_dir();
    let good = dir.join(format!("chainmate-lab-evalfile-{}.txt", std::process::id()));
    std::fs::write(&good, "# a fit\ntempo_mg = 77\ntempo_eg = 5\n").unwrap();
    let mut o = LabOptions::default();
    let tempo = |o: &LabOptions| o.evaluator().params().get("tempo_mg").unwrap();
    o.set("EvalFile", Some(good.to_str().unwrap())).unwrap();
    assert_eq!(tempo(&o), 77.0);
    assert_eq!(o.get("EvalFile").as_deref(), good.to_str());
    assert_eq!(
        o.search_config().evaluator.params().get("tempo_eg"),
        Some(5.0)
    );
    // It loads into the evaluator selected at the time: `tsvetkov` has no `tempo_mg`.
    o.set("Evaluator", Some("tsvetkov:paper")).unwrap();
    assert!(o.set("EvalFile", Some(good.to_str().unwrap())).is_err());
    o.set("Evaluator", Some("full")).unwrap();
    assert_eq!(tempo(&o), 77.0, "full keeps its loaded values");
    let _ = std::fs::remove_file(good);
}

#[test]
fn the_uci_list_shows_the_engines_and_the_papers_options() {
    let shown = LabOptions::declarations(false);
    assert_eq!(
        shown.len(),
        chainmate::config::OPTIONS.len() - 1 + LAB_OPTIONS.len()
    );
    let strings: Vec<&String> = shown.iter().filter(|d| d.contains("type string")).collect();
    assert_eq!(
        strings,
        [
            "option name SyzygyPath type string default <empty>",
            "option name EvalFile type string default <empty>",
            "option name BookFile type string default <empty>",
            "option name ActionLibrary type string default <empty>",
        ]
    );
    let all = LabOptions::declarations(true);
    assert_eq!(all.len(), shown.len() + tunables().len());
    assert!(all
        .contains(&"option name weighted.c_pos type spin default 974 min -9026 max 10974".into()));
    assert!(
        all.contains(&"option name weighted.one_sided_positioning type check default false".into())
    );
    assert!(
        all.contains(&"option name chains.max_depth type spin default 1000 min 0 max 4000".into())
    );
}

#[test]
fn lab_tunables_are_options_by_name_with_ranges_and_scaling() {
    let mut o = LabOptions::default();
    o.set("material.queen", Some("950")).unwrap();
    let (_, material) = o.evaluators.iter().find(|(n, _)| *n == "material").unwrap();
    assert_eq!(material.params().get("queen"), Some(950.0));
    assert!(o.set("material.queen", Some("9.5")).is_err());
    assert!(o.set("material.dragon", Some("1")).is_err());
    // Fractions: thousandths, or the number itself when written with a decimal point.
    o.set("weighted.c_pos", Some("300")).unwrap();
    assert_eq!(o.get("weighted.c_pos").as_deref(), Some("300"));
    o.set("Weighted.C_Pos", Some("0.02")).unwrap();
    assert_eq!(o.get("weighted.c_pos").as_deref(), Some("20"));
    assert!(o.set("weighted.c_pos", Some("1e400")).is_err());
    o.set("weighted.one_sided_positioning", Some("true"))
        .unwrap();
    assert!(o.set("weighted.one_sided_positioning", Some("2")).is_err());
    o.set("chains.max_depth", Some("2")).unwrap();
    assert_eq!(o.search_config().ext.chains.max_depth, 2);
}

#[test]
fn configuration_strings_apply_presets_and_assignments_in_order() {
    let c = search_config("chessmaps", &[]).unwrap();
    assert_eq!(
        (c.ext.ordering, c.ext.use_tt, c.ext.move_chains),
        (OrderingScheme::Chessmaps, false, false)
    );
    assert!(search_config("chessmaps+tt", &[]).unwrap().ext.use_tt);
    let c = search_config("chessmaps+mc", &[]).unwrap();
    assert!(!c.ext.use_tt && c.ext.move_chains);
    assert_eq!(
        search_config("alphabeta+tt", &[]).unwrap().ext.algorithm,
        Algorithm::AlphaBetaTt
    );
    assert_eq!(
        search_config("alphabeta+tt+nott", &[])
            .unwrap()
            .ext
            .algorithm,
        Algorithm::AlphaBeta
    );
    let c = search_config("pruning", &[]).unwrap();
    assert_eq!(c.ext.pruning, PruningScheme::Rules);
    let evaluator = c.ext.evaluator.expect("a paper evaluator");
    assert_eq!(evaluator.params().get("c_pos"), Some(0.3));
    let c = search_config(
        "default+search.rfp_margin=70",
        &["Evaluator=material".into()],
    )
    .unwrap();
    assert_eq!(c.params.rfp_margin, 70);
    assert_eq!(c.ext.evaluator.map(|e| e.name()), Some("material"));
    let p = search_config("plain", &[]).unwrap();
    assert_eq!((p.params.lmp_max_depth, p.params.nmp_min_depth), (0, 1000));
}

#[test]
fn bad_tokens_are_typed_errors_naming_the_configuration() {
    let e = search_config("chessmap", &[]).unwrap_err();
    assert!(matches!(
        &e,
        ConfigError::InConfiguration { error, .. } if matches!(**error, ConfigError::UnknownToken { .. })
    ));
    let text = e.to_string();
    assert!(
        text.starts_with("configuration 'chessmap': unknown"),
        "{text}"
    );
    assert!(text.contains("presets: default, pvs, minimax"), "{text}");
    assert!(search_config("default+Hash=lots", &[]).is_err());
    assert!(search_config("default", &["nonsense".into()]).is_err());
}
