//! The `tsvetkov` evaluator (paper 004), term by term on crafted positions. Values are in
//! millipawns (mp) as the evaluator computes them; every expected number is derived by hand
//! in the comment above it.

use chainmate::core::{Board, Color, Piece};
use chainmate_lab::eval::tsvetkov::{Stage, TermKind, Tsvetkov};
use chainmate_lab::eval::{AnyEvaluator, Evaluator};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).expect("test FEN")
}

fn term(terms: &[[i64; 10]; 2], color: Color, kind: TermKind) -> i64 {
    terms[color.index()][kind as usize]
}

#[test]
fn tuned_tsvetkov_keeps_its_fitted_weights() {
    // The engine plays with `full`; `tsvetkov:tuned` is paper 004's terms with
    // fitted weights, the papers' experiments' evaluator.
    assert_eq!(AnyEvaluator::default().name(), "full");
    let play = AnyEvaluator::by_name("tsvetkov:tuned").unwrap();
    assert_eq!(play.name(), "tsvetkov:tuned");
    assert_eq!(
        AnyEvaluator::by_name("tsvetkov").unwrap().name(),
        "tsvetkov"
    );
    let tuned = AnyEvaluator::by_name("tsvetkov:tuned").unwrap();
    let paper = AnyEvaluator::by_name("tsvetkov:paper").unwrap();
    assert_eq!(play.params().entries(), tuned.params().entries());
    assert_ne!(play.params().entries(), paper.params().entries());
    assert_eq!(
        paper.params().entries(),
        Tsvetkov::default().params().entries(),
        "the paper's weights are the type's defaults"
    );
}

#[test]
fn start_position_terms() {
    let t = Tsvetkov::default();
    let (ctx, terms) = t.breakdown(&Board::startpos());
    // Non-pawn material: per side 2·3 + 2·3 + 2·4.5 + 9 = 30 pawns; both sides 60 → opening.
    assert_eq!((ctx.npm, ctx.stage), (60_000, Stage::Opening));
    // 16 pawns → closed: knight +10 % = 3300, bishop 0 % = 3000, rook -15 % = 3825,
    // queen -10 % = 8100; npm 60 → pawns ungraded 1000.
    assert_eq!(ctx.strength, [1000, 3300, 3000, 3825, 8100, 0]);
    for c in Color::ALL {
        // Material: 8·1000 + 2·3300 + 2·3000 + 2·3825 + 8100 = 36350.
        assert_eq!(term(&terms, c, TermKind::Material), 36_350);
        // Rank bonus: 7 pieces on the own first rank (-15) and 8 pawns on the second (15):
        // -105 + 120 = 15.
        assert_eq!(term(&terms, c, TermKind::Rank), 15);
        // Mobility: only the knights move, to two empty squares each: 4 · 100 = 400.
        assert_eq!(term(&terms, c, TermKind::Mobility), 400);
        // Defence: all 8 pawns are defended (a2 Ra1, b2 Bc1, c2 Qd1, d2/e2 several, f2 Ke1,
        // g2 Bf1, h2 Rh1): 8·100; Nb1 (Ra1) 330, Bc1 (Qd1) 300, Qd1 (Ke1) 810, Bf1 (Ke1) 300,
        // Ng1 (Rh1) 330; the rooks are undefended: 800 + 2070 = 2870.
        assert_eq!(term(&terms, c, TermKind::Defence), 2870);
        // Shelter of e1: immediate d1 e2 d2 f1 f2 holds pawns d2 e2 f2 (3·500), queen d1
        // (100) and bishop f1 (300); cross c1 g1 e3 holds bishop c1 (300) and knight g1
        // (250); diagonal c3 g3 is empty; sinuous c2 g2 d3 f3 holds pawns c2 g2 (2·170).
        // 1500 + 100 + 300 + 300 + 250 + 340 = 2790.
        assert_eq!(term(&terms, c, TermKind::Shelter), 2790);
        // Nothing attacks anything of the enemy; no centre presence; nothing developed.
        for k in [
            TermKind::Attack,
            TermKind::KingAttack,
            TermKind::Centre,
            TermKind::Development,
            TermKind::EndgameKing,
        ] {
            assert_eq!(term(&terms, c, k), 0, "{k:?}");
        }
    }
    assert_eq!(t.evaluate(&Board::startpos()), 0);
}

#[test]
fn king_and_pawn_endgame_total() {
    // White Ke1, Pe2; Black ke7.
    let b = board("8/4k3/8/8/8/8/4P3/4K3 w - - 0 1");
    let t = Tsvetkov::default();
    let (ctx, terms) = t.breakdown(&b);
    // npm 0 → endgame; pawn grading band "0-15" → +15 %: the pawn is worth 1150.
    assert_eq!(ctx.stage, Stage::Endgame);
    assert_eq!(ctx.strength[Piece::Pawn.index()], 1150);
    let w = |k| term(&terms, Color::White, k);
    let bl = |k| term(&terms, Color::Black, k);
    assert_eq!((w(TermKind::Material), bl(TermKind::Material)), (1150, 0));
    // Rank: the pawn on rank 2 → 15 mp (kings get no rank bonus).
    assert_eq!((w(TermKind::Rank), bl(TermKind::Rank)), (15, 0));
    // Defence: Ke1 defends e2: 1150 / 10 = 115.
    assert_eq!((w(TermKind::Defence), bl(TermKind::Defence)), (115, 0));
    // Shelter: the pawn is in e1's immediate shelter: 500.
    assert_eq!((w(TermKind::Shelter), bl(TermKind::Shelter)), (500, 0));
    // Endgame king: e1 steps to d1 d2 f1 f2 (e2 is taken, nothing is attacked by Black):
    // 4·150 = 600, e1 earns no placement bonus. e7 has all 8 neighbours free and unattacked
    // (the pawn hits d3 f3): 8·150 = 1200, e7 is Black's "e2": no bonus.
    assert_eq!(
        (w(TermKind::EndgameKing), bl(TermKind::EndgameKing)),
        (600, 1200)
    );
    // Extras: White 15 + 115 + 500 + 600 = 1230, Black 1200; net material 1150.
    // Total = 1150 + 30/4 = 1157.5 mp = 115.75 cp → 116 for White to move.
    assert_eq!(t.evaluate(&b), 116);
    let black_to_move = board("8/4k3/8/8/8/8/4P3/4K3 b - - 0 1");
    assert_eq!(t.evaluate(&black_to_move), -116);
    let e = t.explain(&b);
    assert_eq!(e.white_total, 115.75);
    assert_eq!(e.score, 116);
}

#[test]
fn piece_grading_by_pawn_count_and_pawn_grading_by_stage() {
    let t = Tsvetkov::default();
    // Each side: K, Q, R, B, N and five pawns. npm = 2·(9 + 4.5 + 3 + 3) = 39 → middlegame
    // and pawn band 30-45 → pawns +5 % = 1050. 10 pawns → semi-closed: knight +10 % = 3300,
    // bishop -10 % = 2700, rook +5 % = 4725, queen -5 % = 8550.
    let b = board("rnbqk3/ppppp3/8/8/8/8/PPPPP3/RNBQK3 w Qq - 0 1");
    let ctx = t.context(&b);
    assert_eq!((ctx.npm, ctx.stage), (39_000, Stage::Middlegame));
    assert_eq!(ctx.strength, [1050, 3300, 2700, 4725, 8550, 0]);
    // Material: 5·1050 + 3300 + 2700 + 4725 + 8550 = 24525.
    assert_eq!(t.material(&b, &ctx, Color::White), 24_525);
    // Three pawns a side → 6 pawns, semi-open: knight -10 % = 2700, bishop +15 % = 3450,
    // rook +10 % = 4950, queen +20 % = 10800.
    let b = board("rnbqk3/ppp5/8/8/8/8/PPP5/RNBQK3 w Qq - 0 1");
    assert_eq!(t.context(&b).strength[1..5], [2700, 3450, 4950, 10_800]);
    // No pawns → open: knight -15 % = 2550, bishop +20 % = 3600, rook +10 % = 4950,
    // queen +30 % = 11700. npm 39 still.
    let b = board("rnbqk3/8/8/8/8/8/8/RNBQK3 w Qq - 0 1");
    assert_eq!(t.context(&b).strength[1..5], [2550, 3600, 4950, 11_700]);
    // 13 pawns → closed again (the band starts at 13): knight +10 %.
    let b = board("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPP2/RNBQKBNR w KQkq - 0 1");
    assert_eq!(t.context(&b).strength[1], 3300);
}

#[test]
fn opening_centre_control() {
    // White has played d4, e4 and Nc3; Black has not moved.
    let b = board("rnbqkbnr/pppppppp/8/8/3PP3/2N5/PPP2PPP/R1BQKBNR b KQkq - 0 1");
    let t = Tsvetkov::default();
    let (ctx, terms) = t.breakdown(&b);
    assert_eq!(ctx.stage, Stage::Opening);
    // Pawns on d4 and e4: 2·300 = 600. They also stand on the control squares c3-f4: 2·100.
    // Centre squares attacked by knights/bishops/rooks/queens: Nc3 hits d5 and e4, Qd1 hits
    // d4 (d2 and d3 are empty); the bishops' diagonals (c1-h6, f1-a6) miss the centre:
    // 3·100 = 300. Nc3 stands in the c3-f6 box outside the centre: 100.
    // 600 + 200 + 300 + 100 = 1200.
    assert_eq!(term(&terms, Color::White, TermKind::Centre), 1200);
    assert_eq!(term(&terms, Color::Black, TermKind::Centre), 0);
    // Development: one knight out, no bishop → knight before bishop, +200.
    assert_eq!(term(&terms, Color::White, TermKind::Development), 200);
}

#[test]
fn development_order_from_placement() {
    // White: Qh5 (one diagonal move from d1), Ne5 (two moves from b1: not one knight move
    // from b1 or g1), Rb1 (moved along the first rank), the rest at home, e-pawn on e4.
    let b = board("rnbqkbnr/pppppppp/8/4N2Q/4P3/8/PPPP1PPP/1RB1KBNR w Kkq - 0 1");
    let t = Tsvetkov::default();
    // Knights out 1, bishops out 0 → +200. Minors out 1 < 2 with the queen out → -300 and
    // a rook moved → -500. Ne5 moved twice → -350. Qh5 and Rb1 are one move from home.
    // 200 - 300 - 500 - 350 = -950.
    assert_eq!(t.development(&b, Color::White), -950);
    assert_eq!(t.development(&b, Color::Black), 0);
    // Rank bonus (White): rank 1 holds R B K B N R minus the king → 5·(-15) = -75; 7 pawns
    // on rank 2 → 105; e4 → 45; Ne5 and Qh5 on rank 5 → 2·60 = 120: 195.
    assert_eq!(t.rank_bonus(&b, Color::White), 195);
    // Black at home: 7·(-15) + 8·15 = 15.
    assert_eq!(t.rank_bonus(&b, Color::Black), 15);
    // A king that walked e1-e2-e3 has moved twice.
    let b = board("rnbqkbnr/pppppppp/8/8/4P3/4K3/PPPP1PPP/RNBQ1BNR w kq - 0 1");
    assert_eq!(t.development(&b, Color::White), -350);
    // Black mirrored: Nc6 and Bc5 out (knights 1 ≥ bishops 1 → +200), queen home.
    let b = board("r1bqk1nr/pppp1ppp/2n5/2b1p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(t.development(&b, Color::Black), 200);
}

#[test]
fn mobility_counts_empty_squares_of_pieces() {
    // White: Ke1, Ra1, Nd4. Nd4 reaches 8 empty squares; Ra1 reaches a2-a8 (7) and b1 c1 d1
    // (3; e1 is occupied): 18 squares · 100 = 1800. Black's lone king has no mobility term.
    let b = board("4k3/8/8/8/3N4/8/8/R3K3 w Q - 0 1");
    let (_, terms) = Tsvetkov::default().breakdown(&b);
    assert_eq!(term(&terms, Color::White, TermKind::Mobility), 1800);
    assert_eq!(term(&terms, Color::Black, TermKind::Mobility), 0);
}

#[test]
fn rooks_facing_each_other() {
    // White Ke1, Rd2; Black ke8, rd5. npm 9 → endgame; no pawns → open: rooks +10 % = 4950.
    let b = board("4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1");
    let t = Tsvetkov::default();
    let (ctx, terms) = t.breakdown(&b);
    assert_eq!(ctx.strength[Piece::Rook.index()], 4950);
    let w = |k| term(&terms, Color::White, k);
    let bl = |k| term(&terms, Color::Black, k);
    // Each rook attacks the other: 4950 / 10 = 495 apiece.
    assert_eq!((w(TermKind::Attack), bl(TermKind::Attack)), (495, 495));
    // Ke1 defends d2: 495. Nothing defends d5.
    assert_eq!((w(TermKind::Defence), bl(TermKind::Defence)), (495, 0));
    // Rd2 is in e1's immediate shelter: a rook anywhere in the shelter is 150.
    assert_eq!((w(TermKind::Shelter), bl(TermKind::Shelter)), (150, 0));
    // King attack: rd5 attacks Rd2, a piece in the white king's immediate shelter:
    // 4950 / 20 = 247 (integer). Rd2 attacks nothing near e8.
    assert_eq!(
        (w(TermKind::KingAttack), bl(TermKind::KingAttack)),
        (0, 247)
    );
    // Mobility: Rd2 → d3 d4 (d5 taken), d1, a2 b2 c2, e2 f2 g2 h2 = 10; rd5 → d4 d3, d6 d7
    // d8, a5 b5 c5, e5 f5 g5 h5 = 12.
    assert_eq!(
        (w(TermKind::Mobility), bl(TermKind::Mobility)),
        (1000, 1200)
    );
    // Rank: rook on rank 2 → 15; black rook on d5 = its rank 4 → 45.
    assert_eq!((w(TermKind::Rank), bl(TermKind::Rank)), (15, 45));
    // Endgame king: e1 → d1 e2 f1 f2 free (d2 is own rook; the d-file below d2 is shielded):
    // 600; e8 → d7 e7 f7 d8 f8 free (Rd2's file stops at d5): 750.
    assert_eq!(
        (w(TermKind::EndgameKing), bl(TermKind::EndgameKing)),
        (600, 750)
    );
}

#[test]
fn king_attack_by_a_queen_and_by_a_pawn() {
    // White Ke1, Qh5; Black kg8 with pawns f7, g6, h7. npm 9 → endgame; 3 pawns → open:
    // queen +30 % = 11700. Qh5 attacks h7 (h6 empty), in g8's immediate shelter: 11700/20 =
    // 585; and g6, in g8's cross shelter (wide): 11700/30 = 390. It does not reach g8.
    let b = board("6k1/5p1p/6p1/7Q/8/8/8/4K3 w - - 0 1");
    let (_, terms) = Tsvetkov::default().breakdown(&b);
    assert_eq!(term(&terms, Color::White, TermKind::KingAttack), 975);
    assert_eq!(term(&terms, Color::Black, TermKind::KingAttack), 0);
    // A white pawn on h7 checks the king on g8: 1/10 of its strength; npm 0 → the pawn is
    // graded +15 % = 1150 → 115.
    let b = board("6k1/7P/8/8/8/8/8/4K3 b - - 0 1");
    let (_, terms) = Tsvetkov::default().breakdown(&b);
    assert_eq!(term(&terms, Color::White, TermKind::KingAttack), 115);
}

#[test]
fn endgame_king_centralisation_table() {
    // Bare kings (endgame). White king on d4 (c4-f4 → 350), Black king on d6, Black's "d3"
    // (c3-f3 → 250). Around d4: c3 d3 e3 c4 e4 are free; c5 d5 e5 are attacked by the black
    // king: 5 free squares → 750. Around d6: c7 d7 e7 c6 e6 free; c5 d5 e5 attacked by the
    // white king: 5 → 750.
    let b = board("8/8/3k4/8/3K4/8/8/8 w - - 0 1");
    let (_, terms) = Tsvetkov::default().breakdown(&b);
    assert_eq!(term(&terms, Color::White, TermKind::EndgameKing), 750 + 350);
    assert_eq!(term(&terms, Color::Black, TermKind::EndgameKing), 750 + 250);
    // Kings on the fifth and sixth ranks: 500 and 750 (White e5; Black on a3 = its "a6").
    let b = board("8/8/8/4K3/8/k7/8/8 w - - 0 1");
    let (_, terms) = Tsvetkov::default().breakdown(&b);
    // e5: all 8 neighbours free → 1200 + 500. a3 (corner-ish): a2 a4 b2 b3 b4 → 5 · 150 =
    // 750, + 750 for Black's sixth rank.
    assert_eq!(
        term(&terms, Color::White, TermKind::EndgameKing),
        1200 + 500
    );
    assert_eq!(term(&terms, Color::Black, TermKind::EndgameKing), 750 + 750);
}
