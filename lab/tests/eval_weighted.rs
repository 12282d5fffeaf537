//! The `weighted` evaluator (paper 000), term by term on crafted positions. Every expected
//! number is derived by hand in the comment above it.

use chainmate::core::{Board, Color};
use chainmate_lab::eval::weighted::{Preset, SideTerms, Weighted, WeightedParams};
use chainmate_lab::eval::{AnyEvaluator, Evaluator};

/// White: Ke1, Nf3. Black: ke8, pawn g4 (attacking f3).
const KNIGHT_VS_PAWN: &str = "4k3/8/8/8/6p1/5N2/8/4K3 w - - 0 1";

fn board(fen: &str) -> Board {
    Board::from_fen(fen).expect("test FEN")
}

#[test]
fn sub_heuristics_by_hand() {
    let b = board(KNIGHT_VS_PAWN);
    let w = Weighted::default();
    // Material in pawns: White N = 3, Black p = 1.
    // Positioning in table points: Ke1 = 0 (king table, rank 1: 20 30 10 0 0 10 30 20),
    // Nf3 = 10 (knight table, rank 3: -30 5 10 15 15 10 5 -30); Black reads its tables
    // flipped: ke8 as e1 = 0, pawn g4 as g5 = 5 (pawn table, rank 5: 5 5 10 25 25 10 5 5).
    // Threats: Nf3 attacks g5 h4 h2 g1 e1 d2 d4 e5 — no black piece; Ke1 reaches nothing;
    // the g4 pawn attacks f3 and h3 — the knight: White threatens 0, Black 1.
    assert_eq!(
        w.side_terms(&b, Color::White),
        SideTerms {
            material: 3,
            position: 10,
            threats: 0
        }
    );
    assert_eq!(
        w.side_terms(&b, Color::Black),
        SideTerms {
            material: 1,
            position: 5,
            threats: 1
        }
    );
}

#[test]
fn presets_weight_the_sub_heuristics() {
    let b = board(KNIGHT_VS_PAWN);
    // Differences (White - Black): h_mat = 2, h_pos = 5, h_threat = -1; scale 100 cp.
    // uniform:  100·(2 + 5 - 1)                         = 600
    // base:     100·(2.466·2 + 0.974·5 - 3.998)         = 100·5.804  = 580.4 → 580
    // pruning:  100·(2.466·2 + 0.300·5 - 0.120)         = 100·6.312  = 631.2 → 631
    // handmade: 100·(2 + 0.02·5 - 0.05)                 = 100·2.05   = 205
    // winning:  100·(9.752·2 + 0.111·5 - 3.530)         = 100·16.529 = 1652.9 → 1653
    let expected = [
        (Preset::Uniform, 600),
        (Preset::Base, 580),
        (Preset::Pruning, 631),
        (Preset::Handmade, 205),
        (Preset::Winning, 1653),
    ];
    for (preset, cp) in expected {
        let w = Weighted::with_preset(preset);
        assert_eq!(w.evaluate(&b), cp, "{preset}");
        let any = AnyEvaluator::by_name(&format!("weighted:{preset}")).unwrap();
        assert_eq!(any.evaluate(&b), cp, "weighted:{preset} by name");
    }
    // Plain "weighted" is the base preset; Black to move sees the negation.
    assert_eq!(AnyEvaluator::by_name("weighted").unwrap().evaluate(&b), 580);
    let black = board("4k3/8/8/8/6p1/5N2/8/4K3 b - - 0 1");
    assert_eq!(Weighted::default().evaluate(&black), -580);
}

#[test]
fn one_sided_positioning_counts_only_the_side_to_move() {
    let mut params = WeightedParams::preset(Preset::Uniform);
    params.one_sided_positioning = true;
    let w = Weighted { params };
    // White to move: h_pos = White's 10 only: 100·(2 + 10 - 1) = 1100.
    assert_eq!(w.evaluate(&board(KNIGHT_VS_PAWN)), 1100);
    // Black to move, Black's view: h_mat = -2, h_pos = Black's 5, h_threat = +1:
    // 100·(-2 + 5 + 1) = 400. Not -1100: the one-sided heuristic is not zero-sum.
    let black = board("4k3/8/8/8/6p1/5N2/8/4K3 b - - 0 1");
    assert_eq!(w.evaluate(&black), 400);
    // The explanation shows the uncounted side's positioning as zero.
    let e = w.explain(&black);
    let pos = e.terms.iter().find(|t| t.name == "positioning").unwrap();
    assert_eq!((pos.white, pos.black), (0.0, 500.0));
    assert_eq!(e.score, 400);
}

#[test]
fn an_attacked_king_is_a_threat_only_when_asked() {
    // White Ke1 attacks the black rook on e2; the rook checks the king. Black: ke8.
    let b = board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let mut w = Weighted::with_preset(Preset::Uniform);
    // Default: White threatens the rook (1), Black threatens nothing that counts (0).
    assert_eq!(w.threats(&b, Color::White), 1);
    assert_eq!(w.threats(&b, Color::Black), 0);
    w.params.threats_include_king = true;
    assert_eq!(w.threats(&b, Color::Black), 1);
}

#[test]
fn explanation_terms_are_the_weighted_sub_heuristics() {
    let b = board(KNIGHT_VS_PAWN);
    let e = Weighted::with_preset(Preset::Uniform).explain(&b);
    let names: Vec<&str> = e.terms.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["material", "positioning", "threats"]);
    // Uniform weights, scale 100: material 300 / 100, positioning 1000 / 500, threats 0 / 100.
    let pairs: Vec<(f64, f64)> = e.terms.iter().map(|t| (t.white, t.black)).collect();
    assert_eq!(pairs, [(300.0, 100.0), (1000.0, 500.0), (0.0, 100.0)]);
    assert_eq!(e.white_total, 600.0);
    assert_eq!(e.score, 600);
}
