//! Tests of the whole evaluator: the three walks agree, colour symmetry, the caches, and the
//! helpers the term files' tests share.

use super::*;
use crate::core::Board;

pub(super) fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap()
}

/// The net count (White's minus Black's) of flat index `i` in `board`'s trace.
pub(super) fn net_count(board: &Board, i: usize) -> i32 {
    Full::default()
        .trace(board)
        .counts
        .iter()
        .filter(|&&(j, _)| j as usize == i)
        .map(|&(_, c)| c as i32)
        .sum()
}

/// The shipped weights with the king-danger weights a fit starts from.
pub(crate) fn with_danger() -> Full {
    let mut e = Full::default();
    crate::eval::param_set::load_text(e.params_mut(), include_str!("../full_danger_start.txt"))
        .unwrap();
    e
}

/// Black's king faces a knight, a queen and a bishop; White's king no queen.
const KING_HUNT: &str = "r4rk1/ppp2ppp/8/6NQ/8/3B4/PPP2PPP/R4RK1 b - - 0 1";

/// The shipped weights without paper 004's opening terms: every weight of `centre_control`
/// and `development` zero, so the search's walk skips them (the trace still counts them).
fn without_opening_terms() -> Full {
    let mut e = Full::default();
    let zeros: String = ["centre_control_mg", "centre_control_eg"]
        .map(|name| format!("{name} = 0\n"))
        .into_iter()
        .chain((0..4).flat_map(|i| ["mg", "eg"].map(|ph| format!("development_{ph}_{i} = 0\n"))))
        .collect();
    crate::eval::param_set::load_text(e.params_mut(), &zeros).unwrap();
    e
}

#[test]
fn trace_times_weights_is_the_evaluation() {
    // The opening terms count after 1. Nf3 d5 2. Nc3 (White's knights out and on the centre,
    // Black's pieces home), so the third evaluator is another evaluation.
    let knights_out = board("rnbqkbnr/ppp1pppp/8/3p4/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 1 2");
    assert_ne!(
        Full::default().white_score(&knights_out),
        without_opening_terms().white_score(&knights_out)
    );
    for e in [Full::default(), with_danger(), without_opening_terms()] {
        for fen in [
            crate::core::STARTPOS_FEN,
            "rnbqkbnr/ppp1pppp/8/3p4/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 1 2",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4KB2 b - - 0 1",
            "6k1/5ppp/8/8/8/8/1B3PPP/6K1 w - - 0 1",
            KING_HUNT,
        ] {
            let b = board(fen);
            let t = e.trace(&b);
            let w = e.params.flat();
            let sum = |counts: &[(u16, i16)], phase: usize| -> i64 {
                counts
                    .iter()
                    .map(|&(i, c)| w[i as usize][phase] as i64 * c as i64)
                    .sum()
            };
            let (mut mg, mut eg) = (sum(&t.counts, 0), sum(&t.counts, 1));
            for color in [Color::White, Color::Black] {
                let d = &t.danger[color.index()];
                let pen = king_danger_penalty_int([sum(d, 0) as i32, sum(d, 1) as i32]);
                mg -= i64::from(pen[0] * color.sign());
                eg -= i64::from(pen[1] * color.sign());
            }
            eg += i64::from(complexity_adjustment_int(
                eg as i32,
                sum(&t.complexity, 1) as i32,
            ));
            assert_eq!(
                Full::blend(mg, eg, t.phase, t.scale),
                e.white_score(&b),
                "{fen}"
            );
            assert_eq!(e.explain(&b).score, e.evaluate(&b), "{fen}");
        }
    }
}

#[test]
fn king_danger_counts_real_attacks_only() {
    let e = with_danger();
    let hunt = board(KING_HUNT);
    let t = e.trace(&hunt);
    // Black's king: three attackers; White's: none to speak of, and no enemy queen.
    assert!(t.danger[Color::White.index()].is_empty());
    let black = &t.danger[Color::Black.index()];
    let count = |i: usize| black.iter().find(|&&(j, _)| j as usize == i).map(|x| x.1);
    assert_eq!(count(idx::danger_attackers), Some(3));
    assert_eq!(count(idx::danger_base), Some(1));
    assert_eq!(count(idx::danger_no_queen), None, "White has its queen");
    let explained = e.explain(&hunt);
    let danger = explained
        .terms
        .iter()
        .find(|t| t.name == "king_danger")
        .expect("a king_danger term");
    assert!(danger.black < 0.0 && danger.white == 0.0, "{danger:?}");
    // One attacker without a queen is no attack: the gate stays shut.
    let lone = board("6k1/5ppp/8/6N1/8/8/5PPP/6K1 w - - 0 1");
    assert!(e.trace(&lone).danger.iter().all(Vec::is_empty));
    // With zero danger weights (every `danger_*` field) there is no such term.
    let zeros: String = FIELDS
        .iter()
        .filter(|(name, _, _)| name.starts_with("danger_"))
        .flat_map(|&(name, _, n)| {
            (0..n).flat_map(move |i| {
                ["mg", "eg"].map(|phase| match n {
                    1 => format!("{name}_{phase} = 0\n"),
                    _ => format!("{name}_{phase}_{i} = 0\n"),
                })
            })
        })
        .collect();
    let plain = Full::from_text(&zeros).unwrap();
    assert!(plain
        .explain(&hunt)
        .terms
        .iter()
        .all(|t| t.name != "king_danger"));
    // The shipped weights, fitted, see danger here.
    let shipped = Full::default();
    assert!(shipped
        .explain(&hunt)
        .terms
        .iter()
        .any(|t| t.name == "king_danger"));
}

#[test]
fn colour_flip_negates_the_score() {
    let e = Full::default();
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
    ] {
        let b = board(fen);
        assert_eq!(e.evaluate(&b), e.evaluate(&b.mirrored()), "{fen}");
    }
}

#[test]
fn pawn_and_evaluation_caches_follow_parameter_changes() {
    let b = board("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    let mut e = Full::default();
    let before = e.evaluate(&b);
    // A pawn ending (phase 0): the passer's endgame weight counts, scaled by the endgame
    // scale (out of 64), so 500 more of it raise the score by 500 · scale / 64.
    let scale = e.trace(&b).scale;
    assert!(scale > 0, "the scale of a won pawn ending is not zero");
    for name in ["passed_mg_4", "passed_eg_4"] {
        let old = e.params().get(name).unwrap();
        e.params_mut().set(name, old + 500.0).unwrap();
    }
    assert!(
        e.evaluate(&b) >= before + 500 * scale / 64 - 1,
        "a cached score outlived the weights it was computed with"
    );
    // Cached or not, the evaluation is the computed one, also after set_weights.
    let mut tuned = Full::default();
    let fens = [
        crate::core::STARTPOS_FEN,
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/5pk1/6p1/8/3B4/6P1/5PK1/8 b - - 0 40",
    ];
    for round in 0..2 {
        for fen in fens {
            let b = board(fen);
            assert_eq!(
                tuned.white_score(&b),
                tuned.compute_white_score(&b),
                "{fen}"
            );
            assert_eq!(
                tuned.white_score(&b),
                tuned.compute_white_score(&b),
                "{fen}"
            );
        }
        let mut w = tuned.weights().flat();
        w[idx::tempo] = [w[idx::tempo][0] + 7 * (round + 1), w[idx::tempo][1]];
        tuned.set_weights(&w);
    }
}
