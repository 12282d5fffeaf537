//! Paper 000's genetic weight learning with real games: round robins of node-limited games are
//! reproducible, so a run resumed from its checkpoint ends as an uninterrupted one; the
//! command line writes weights the evaluator loads, and refuses bad input without leaving
//! files behind.

use crate::common;

use chainmate_lab::config::search_config;
use chainmate_lab::tournament::game::{GameRules, Player};
use chainmate_lab::tournament::openings;
use chainmate_lab::tournament::round_robin::{round_robin, Schedule};
use chainmate_lab::tune::genetic::{self, agent_spec, GaSettings, GaState, Gene, Record};
use common::{chainmate, text};

fn paper_genes() -> Vec<Gene> {
    ["weighted.c_mat", "weighted.c_pos", "weighted.c_threat"]
        .iter()
        .map(|n| Gene::tunable(n).unwrap())
        .collect()
}

const RULES: GameRules = GameRules {
    time_control: None,
    nodes: Some(300),
    max_moves: Some(40),
};

/// Plays a generation's round robin with the Base player carrying each agent's weights.
fn play(population: &[Vec<f64>], concurrency: usize) -> Vec<Record> {
    let genes = paper_genes();
    let players: Vec<Player> = population
        .iter()
        .map(|w| {
            let spec = agent_spec("base", &genes, w);
            Player::internal(spec.clone(), search_config(&spec, &[]).unwrap())
        })
        .collect();
    let book = openings::builtin();
    let plan = Schedule {
        games: 2,
        rules: &RULES,
        openings: &book,
        concurrency,
        hash_mb: 1,
    };
    let (standings, games) = round_robin(&players, &plan, &|_| {});
    // Every pair, both colours.
    assert_eq!(games.len(), population.len() * (population.len() - 1));
    standings
        .iter()
        .map(|s| Record {
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
        })
        .collect()
}

#[test]
fn a_round_robin_of_node_limited_games_is_reproducible_and_its_scores_add_up() {
    let population = GaState::new(&GaSettings::paper(paper_genes(), 3)).population;
    let one = play(&population[..3], 1);
    let two = play(&population[..3], 2);
    assert_eq!(one, two, "the same games whatever the concurrency");
    // 3 pairings × 2 games: every game gives one win and one loss, or two draws.
    let wins: u32 = one.iter().map(|r| r.wins).sum();
    let losses: u32 = one.iter().map(|r| r.losses).sum();
    let draws: u32 = one.iter().map(|r| r.draws).sum();
    assert_eq!(wins, losses);
    assert_eq!(wins + draws / 2, 6);
    assert!(one.iter().all(|r| r.wins + r.draws + r.losses == 4));
}

#[test]
fn a_run_resumed_from_its_checkpoint_ends_as_an_uninterrupted_run_with_real_games() {
    let settings = GaSettings {
        generations: 3,
        population: 3,
        ..GaSettings::paper(paper_genes(), 11)
    };
    let mut checkpoints = Vec::new();
    let whole = genetic::run(
        &settings,
        GaState::new(&settings),
        &mut |_, population| play(population, 2),
        &mut |state| checkpoints.push(state.to_text(&settings)),
    );
    assert_eq!(checkpoints.len(), 3);
    assert_eq!(whole.history.len(), 9);
    // Stop after generation 1, read the checkpoint back, go on.
    let resumed = GaState::from_text(&checkpoints[0], &settings).unwrap();
    assert_eq!(resumed.generation, 1);
    let finished = genetic::run(
        &settings,
        resumed,
        &mut |_, population| play(population, 1),
        &mut |_| {},
    );
    assert_eq!(finished, whole);
    assert_eq!(finished.result(), whole.result());
    let best = &whole.result()[0];
    assert_eq!(best.generation, 2);
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chainmate-genetic-{}-{name}", std::process::id()))
}

#[test]
fn tune_method_genetic_writes_loadable_weights_and_resumes_a_finished_run_with_more_generations() {
    let (out_a, out_b, ck, hist) = (temp("a.txt"), temp("b.txt"), temp("ck"), temp("h.csv"));
    let common = [
        "tune",
        "--method",
        "genetic",
        "--nodes",
        "300",
        "--max-moves",
        "40",
        "--population",
        "3",
        "--games",
        "2",
        "--seed",
        "9",
    ];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = common.iter().chain(extra).copied().collect();
        let out = chainmate(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    run(&["--generations", "2", "--out", out_a.to_str().unwrap()]);
    run(&[
        "--generations",
        "1",
        "--out",
        out_b.to_str().unwrap(),
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    let resumed = run(&[
        "--generations",
        "2",
        "--out",
        out_b.to_str().unwrap(),
        "--resume",
        ck.to_str().unwrap(),
        "--history",
        hist.to_str().unwrap(),
    ]);
    assert!(resumed.contains("resumed from"), "{resumed}");
    let (a, b) = (
        std::fs::read_to_string(&out_a).unwrap(),
        std::fs::read_to_string(&out_b).unwrap(),
    );
    assert_eq!(a, b, "one generation, then one more, equals two at once");
    assert!(a.contains("c_mat = ") && a.contains("c_threat = "), "{a}");
    // The history has a row per agent of both generations.
    let history = std::fs::read_to_string(&hist).unwrap();
    assert_eq!(history.lines().count(), 1 + 6);
    // The weights load into the evaluator.
    let eval = chainmate(&[
        "eval",
        "--evaluator",
        "weighted",
        "--params",
        out_a.to_str().unwrap(),
        "--dump-params",
    ]);
    assert!(eval.status.success(), "{}", text(&eval.stderr));
    let value = |t: &str| -> f64 {
        let line = t.lines().find(|l| l.starts_with("c_mat =")).unwrap();
        line["c_mat =".len()..].trim().parse().unwrap()
    };
    assert_eq!(value(&a), value(&text(&eval.stdout)));
    for p in [out_a, out_b, ck, hist] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn tune_method_genetic_refuses_bad_input_and_leaves_no_file() {
    let out = temp("never.txt");
    let base = ["tune", "--method", "genetic", "--nodes", "100", "--out"];
    let cases: [(&[&str], &str); 5] = [
        (&["--genes", "weighted.nothing"], "no parameter is named"),
        (&["--range", "weighted.c_mat=5:1"], "LOW < HIGH"),
        (&["--population", "1"], "population"),
        (&["--resume", "/nonexistent/ck"], "cannot read"),
        (&["--mutation", "1.5"], "not a probability"),
    ];
    common::assert_each_refused(&base, &out, &cases);
    // An unwritable output: a clear error, nothing left beside it.
    let dir = temp("dir");
    std::fs::create_dir_all(&dir).unwrap();
    let result = chainmate(&[
        "tune",
        "--method",
        "genetic",
        "--nodes",
        "100",
        "--max-moves",
        "10",
        "--generations",
        "1",
        "--population",
        "2",
        "--games",
        "1",
        "--out",
        "/nonexistent-dir/w.txt",
    ]);
    assert_eq!(result.status.code(), Some(2));
    assert!(text(&result.stderr).contains("cannot write /nonexistent-dir/w.txt"));
    // Texel's method still needs data.
    let texel = chainmate(&["tune", "--out", out.to_str().unwrap()]);
    assert_eq!(texel.status.code(), Some(2));
    assert!(text(&texel.stderr).contains("--data"));
    let _ = std::fs::remove_dir_all(dir);
}
