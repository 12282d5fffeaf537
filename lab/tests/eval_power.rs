//! The `power` evaluator (paper 003): hand-computed chains on a crafted position, and the
//! fast bitboard computation against a literal transcription of the paper's list algorithm
//! (main list, visited set, frequency counts) on positions from random games.

use std::collections::HashMap;

use chainmate::core::prng::SplitMix64;
use chainmate::core::{Board, Color, Square};
use chainmate_lab::eval::power::{Power, PowerParams, SidePower};
use chainmate_lab::eval::Evaluator;

fn board(fen: &str) -> Board {
    Board::from_fen(fen).expect("test FEN")
}

/// White Kg1, Rd1, Rd2; Black kg8, pawns c6 and d5. The rooks defend each other, Rd1 also
/// defends the king (d1-e1-f1-g1), Rd2 attacks d5, which c6 defends.
const ROOKS_VS_PAWNS: &str = "6k1/8/2p5/3p4/8/8/3R4/3R2K1 w - - 0 1";

#[test]
fn chains_by_hand() {
    // Worth = Mat + Pos (Michniewski tables, Black's read flipped):
    //   Kg1 = 400 + 30 = 430, Rd1 = 500 + 5 = 505, Rd2 = 500 + 0 = 500,
    //   kg8 = 430, d5 (Black's "d4") = 100 + 20 = 120, c6 (Black's "c3") = 100 - 10 = 90.
    // Arrows: Rd1 → g1, d2; Rd2 → d1, d5; c6 → d5.
    // Kg1: ML = {g1, d1, d2}; Rd1 entered twice (for g1 and for d2), Rd2 once (for d1):
    //      defenders 2·505 + 500 = 1510.
    // Rd1: ML = {d1, d2}; Rd2 once: 500.   Rd2: ML = {d2, d1}; Rd1 once: 505.
    // White: material 1400, position 35, defenders 1510 + 500 + 505 = 2515 → Pow 3950.
    // d5: ML = {d5, d2, c6, d1}; Rd2 twice (for d5 and d1) → attacker 1000; c6 once →
    //     defender 90; Rd1 once (for d2) → attacker 505.  kg8, c6: nothing reaches them.
    // Black: material 600, position 30 + 20 - 10 = 40, defenders 90, attackers 1505
    //        → Pow = 600 + 40 + 90 - 1505 = -775.
    let b = board(ROOKS_VS_PAWNS);
    let p = Power::default();
    let [w, bl] = p.sides(&b);
    assert_eq!(
        w,
        SidePower {
            material: 1400,
            position: 35,
            defenders: 2515,
            attackers: 0
        }
    );
    assert_eq!(
        bl,
        SidePower {
            material: 600,
            position: 40,
            defenders: 90,
            attackers: 1505
        }
    );
    // Score = 3950 - (-775) = 4725 for White to move.
    assert_eq!(p.evaluate(&b), 4725);
    assert_eq!(p.explain(&b).score, 4725);
}

#[test]
fn chains_without_frequencies() {
    // Each chain member counted once. Kg1: 505 + 500 = 1005; Rd1: 500; Rd2: 505 →
    // White = 1400 + 35 + 2010 = 3445. d5: defender 90, attackers 500 + 505 = 1005 →
    // Black = 600 + 40 + 90 - 1005 = -275. Score 3445 + 275 = 3720.
    let p = Power {
        params: PowerParams {
            count_frequency: false,
            ..PowerParams::default()
        },
    };
    assert_eq!(p.evaluate(&board(ROOKS_VS_PAWNS)), 3720);
}

#[test]
fn chain_depth_cuts_the_lists() {
    let at_depth = |chain_depth| Power {
        params: PowerParams {
            chain_depth,
            ..PowerParams::default()
        },
    };
    let b = board(ROOKS_VS_PAWNS);
    // Depth 1, direct defenders and attackers only: Kg1 430 + 505 = 935, Rd1 505 + 500,
    // Rd2 500 + 505 → White 2945; d5 120 + 90 - 500 = -290, kg8 430, c6 90 → Black 230.
    // 2945 - 230 = 2715.
    assert_eq!(at_depth(1).evaluate(&b), 2715);
    // Depth 2: Kg1's list gains Rd2 (entered once, by Rd1's expansion); Rd1 is entered only
    // for g1 (d2 is not expanded): 1005 → 1435; the rooks as before → White 3445. d5's list
    // gains Rd1 (entered for d2), and Rd2 is entered only for d5: attackers 500 + 505 →
    // -795 → Black -275. 3445 + 275 = 3720.
    assert_eq!(at_depth(2).evaluate(&b), 3720);
    // Depth 3 expands every chain member here: the unlimited value, 4725.
    assert_eq!(at_depth(3).evaluate(&b), 4725);
    assert_eq!(at_depth(0).evaluate(&b), 4725);
}

#[test]
fn chain_weights_scale_the_sums() {
    // Defenders at 50 %, attackers at 200 %: White 1400 + 35 + 2515/2 (= 1257) = 2692;
    // Black 600 + 40 + 45 - 3010 = -2325. Score 2692 + 2325 = 5017.
    let p = Power {
        params: PowerParams {
            defender_percent: 50,
            attacker_percent: 200,
            ..PowerParams::default()
        },
    };
    assert_eq!(p.evaluate(&board(ROOKS_VS_PAWNS)), 5017);
}

#[test]
fn lone_kings_are_equal() {
    // Kings apart: no arrows; each side is Mat(K) + Pos(K) = 400 + 0 (e1 / e8 as e1).
    let b = board("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let [w, bl] = Power::default().sides(&b);
    assert_eq!((w.total(), bl.total()), (400, 400));
}

/// The paper's algorithm, transcribed literally with lists and maps: for each piece, a main
/// list that grows while it is walked, a visited set, and `piece → frequency` maps for the
/// defenders' and attackers' net chains. Attackers and defenders come from the core's
/// `attackers_to`, independent of the evaluator's own attack code.
fn reference_score(board: &Board, params: &PowerParams) -> i64 {
    let occupied = board.occupied();
    let worth = |sq: Square| -> i64 {
        let piece = board.piece_on(sq).unwrap();
        let color = board.color_on(sq).unwrap();
        let rel = if color == Color::White {
            sq.index()
        } else {
            sq.index() ^ 56
        };
        (params.material(piece) + params.table(piece).at(rel)) as i64
    };
    let mut side_totals = [[0i64; 2]; 2]; // [color][defend, attack]
    let mut base = [0i64; 2];
    for root in occupied {
        let color = board.color_on(root).unwrap();
        base[color.index()] += worth(root);
        let mut main = vec![root];
        let mut visited = vec![root];
        let mut defenders: HashMap<Square, i64> = HashMap::new();
        let mut attackers: HashMap<Square, i64> = HashMap::new();
        let mut i = 0;
        while i < main.len() {
            let x = main[i];
            i += 1;
            for y in board.attackers_to(x, occupied) {
                if y == root {
                    continue;
                }
                let list = if board.color_on(y) == Some(color) {
                    &mut defenders
                } else {
                    &mut attackers
                };
                *list.entry(y).or_insert(0) += 1;
                if !visited.contains(&y) {
                    visited.push(y);
                    main.push(y);
                }
            }
        }
        let sum = |m: &HashMap<Square, i64>| -> i64 {
            m.iter()
                .map(|(&sq, &f)| worth(sq) * if params.count_frequency { f } else { 1 })
                .sum()
        };
        side_totals[color.index()][0] += sum(&defenders);
        side_totals[color.index()][1] += sum(&attackers);
    }
    let pow = |c: usize| {
        base[c] + side_totals[c][0] * params.defender_percent as i64 / 100
            - side_totals[c][1] * params.attacker_percent as i64 / 100
    };
    pow(0) - pow(1)
}

/// A position after `plies` random legal moves from `start`.
fn random_position(start: &str, seed: u64, plies: usize) -> Board {
    let mut rng = SplitMix64::new(seed);
    let mut b = board(start);
    for _ in 0..plies {
        let moves = b.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        b.play(mv);
    }
    b
}

#[test]
fn fast_chains_equal_the_literal_algorithm() {
    let starts = [
        chainmate::core::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 1",
    ];
    // Unlimited chains (the closure-based sum), and a depth deeper than any chain (the
    // per-root walk), with and without frequencies.
    let variants = [
        PowerParams::default(),
        PowerParams {
            count_frequency: false,
            ..PowerParams::default()
        },
        PowerParams {
            chain_depth: 64,
            ..PowerParams::default()
        },
        PowerParams {
            chain_depth: 64,
            count_frequency: false,
            ..PowerParams::default()
        },
    ];
    let mut checked = 0;
    for (s, start) in starts.iter().enumerate() {
        for seed in 0..150u64 {
            let b = random_position(start, seed * 7919 + s as u64, (seed % 60) as usize);
            for params in &variants {
                let fast = Power {
                    params: params.clone(),
                };
                let [w, bl] = fast.sides(&b);
                assert_eq!(
                    w.total() - bl.total(),
                    reference_score(&b, params),
                    "{} (count_frequency = {})",
                    b.to_fen(),
                    params.count_frequency
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 1800);
}
