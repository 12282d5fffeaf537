//! Paper 004's evaluator, after Lyudmil Tsvetkov's "Little Chess Evaluation Compendium" (with
//! fitted weights, `tsvetkov:tuned`, the evaluator for play until [`super::full`] grew out of
//! it, and the one the papers' search experiments are measured with).
//!
//! Everything is computed in integer millipawns (mp) and rounded to centipawns once, at the
//! end. The score is graded material plus one quarter ([`TsvetkovParams::extras_divisor`])
//! of the sum of all other terms — the paper divides the "additional parameters" by four
//! because, summed at full weight, they outweighed material and the engine stopped caring
//! about captures.
//!
//! # Terms (per side; White's minus Black's is the score)
//!
//! | term | stage | what |
//! | --- | --- | --- |
//! | material | all | graded piece strengths (below) |
//! | centre | opening | pawns/pieces/queens on d4 e4 d5 e5: 0.30/0.20/0.30; each pawn on c3–f3 or c4–f4 (mirrored for Black): 0.10; each of the four centre squares attacked by a knight, bishop, rook or queen: 0.10; each piece on the rest of the c3–f6 box: 0.10 |
//! | development | opening | knight developed before bishop +0.20, queen out before two minors −0.30, rook moved before two minors −0.50, each piece moved twice −0.35 |
//! | rank | all | per non-king piece by its rank seen from its own side: −15 15 30 45 60 75 60 30 mp |
//! | mobility | all | 10 cp per empty square a knight, bishop, rook or queen attacks |
//! | attack | all | 1/10 of the graded strength of each enemy non-king piece we attack |
//! | defence | all | 1/10 of the graded strength of each of our non-king pieces we defend |
//! | shelter | all | own pawns in the king's immediate/cross/diagonal/sinuous shelter 0.50/0.25/0.25/0.17; bishop 0.30, knight 0.25, rook 0.15, queen 0.10 anywhere in it |
//! | king attack | all | per attacking piece: 1/10 of its strength if it attacks the king, 1/20 if it attacks an enemy piece in the immediate shelter, 1/30 if one in the wide shelter |
//! | endgame king | endgame | 15 cp per free square the king can step to; 0.25 on c3–f3, 0.35 on c4–f4, 0.50 on the fifth rank, 0.75 on the sixth (mirrored for Black) |
//!
//! # Strength, grading and stages
//!
//! Base strengths are the compendium's: pawn 1, knight 3, bishop 3, rook 4.5, queen 9 (pawns).
//! The *non-pawn material* `npm` is the ungraded sum over both sides of knights, bishops,
//! rooks and queens: 60 at the start. The paper's bands share their end points ("45–60",
//! "30–45"); each band here includes its lower bound:
//!
//! * stage: opening `npm ≥ 45`, middlegame `30 ≤ npm < 45`, endgame `npm < 30`;
//! * pawn grading: `npm ≥ 45` ±0 %, `≥ 30` +5 %, `≥ 15` +10 %, below +15 %;
//! * piece grading by the number of pawns on the board (both sides): closed 13–16, semi-closed
//!   9–12, semi-open 5–8, open 0–4, with the paper's table (queen −10/−5/+20/+30 %, bishop
//!   0/−10/+15/+20 %, rook −15/+5/+10/+10 %, knight +10/+10/−10/−15 %).
//!
//! Graded strengths are used wherever a term refers to a piece's strength or value (attack,
//! defence, king attack).
//!
//! # Choices where the paper is vague
//!
//! * **Centre pawn.** The paper's sentence on a pawn occupying a centre square lost its number;
//!   we use 0.30, the queen's figure: the pawn is the most stable occupant of the centre.
//!   The "pawn in control" squares c3–f4 are exactly the squares from which a pawn attacks a
//!   centre square, so a pawn on d4 or e4 earns both bonuses, as the text says. "Each square
//!   controlled by a non-pawn piece" counts centre squares (at most four), not attackers.
//!   Kings earn no centre bonus.
//! * **Defence potential.** The paper gives no number; we mirror attack potential (1/10 of the
//!   defended piece's strength), since the paper presents the two as a pair.
//! * **Mobility** counts empty squares attacked by knights, bishops, rooks and queens. Pawns
//!   are left out (their advance is what the rank bonus rewards) and so is the king outside
//!   the endgame, where the paper gives it its own mobility term.
//! * **Rank bonus** applies to every piece except the king: a king marching up the board in
//!   the middlegame is not progress; its endgame placement has its own term.
//! * **Attacks** are plain attacks with the current blockers (see [`super::attack_map`]). A
//!   piece attacked by several pieces counts once in attack potential; in king attack each
//!   attacker counts once per kind of target.
//! * **Endgame king.** "Free squares it can move to" are empty adjacent squares the enemy does
//!   not attack (attacks computed with the king in place, so a square behind the king on an
//!   enemy slider's line still looks free). The paper's fifth- and sixth-rank bonuses name
//!   whole ranks; we follow it literally. The whole placement bonus is one square table, so it
//!   can be re-tuned square by square.
//!
//! # Development order without game history
//!
//! The paper's development facts are about the game's history; they are inferred from the
//! placement instead ([`super::features::development_counts`], which says how and where the
//! inference falls short), so the evaluation stays a pure function of the [`Board`].

use super::attack_map::piece_attacks;
use super::features::{development_counts, shelter_zones, CENTRE};
use super::param_set::{ParamSet, SquareTable};
use super::score::{round_div, white_to_side, Score};
use super::{Evaluator, Explanation, Term};
use chainmate::core::attacks::{king_attacks, pawn_attacks_set};
use chainmate::core::{Bitboard, Board, Color, Piece};

chainmate::params! {
    /// Parameters of the `tsvetkov` evaluator (paper 004). Strengths and bonuses in millipawns.
    pub struct TsvetkovParams {
        pieces: i32 = [1000, 3000, 3000, 4500, 9000] ("strength (mp)"),
        /// Pawn grading in percent by stage band: npm >= band_0, >= band_1, >= band_2, below.
        pawn_grade: [i32; 4] = [0, 5, 10, 15],
        /// Lower bounds (mp of non-pawn material, both sides) of the pawn-grading bands.
        pawn_grade_band: [i32; 3] = [45_000, 30_000, 15_000],
        /// Knight grading in percent: closed, semi-closed, semi-open, open.
        knight_grade: [i32; 4] = [10, 10, -10, -15],
        /// Bishop grading in percent: closed, semi-closed, semi-open, open.
        bishop_grade: [i32; 4] = [0, -10, 15, 20],
        /// Rook grading in percent: closed, semi-closed, semi-open, open.
        rook_grade: [i32; 4] = [-15, 5, 10, 10],
        /// Queen grading in percent: closed, semi-closed, semi-open, open.
        queen_grade: [i32; 4] = [-10, -5, 20, 30],
        /// Fewest pawns (both sides) for a closed, semi-closed, semi-open position.
        structure_band: [i32; 3] = [13, 9, 5],
        /// Opening stage: non-pawn material (mp, both sides) at least this.
        opening_npm: i32 = 45_000,
        /// Endgame stage: non-pawn material (mp, both sides) below this.
        endgame_npm: i32 = 30_000,
        /// Opening: a pawn on d4, e4, d5 or e5 (our choice; the paper's number is missing).
        centre_pawn: i32 = 300,
        /// Opening: a knight, bishop or rook on a centre square.
        centre_piece: i32 = 200,
        /// Opening: a queen on a centre square.
        centre_queen: i32 = 300,
        /// Opening: a pawn on c3-f3 or c4-f4 (mirrored for Black), controlling the centre.
        centre_pawn_control: i32 = 100,
        /// Opening: each centre square attacked by a knight, bishop, rook or queen.
        centre_square_control: i32 = 100,
        /// Opening: each non-king piece on the c3-f6 box outside the four centre squares.
        extended_centre: i32 = 100,
        /// Opening: knights developed before bishops.
        knight_before_bishop: i32 = 200,
        /// Opening: penalty for a queen out before two minor pieces.
        early_queen_penalty: i32 = 300,
        /// Opening: penalty for a rook moved before two minor pieces.
        early_rook_penalty: i32 = 500,
        /// Opening: penalty per piece that has evidently moved twice.
        moved_twice_penalty: i32 = 350,
        /// Bonus per non-king piece by relative rank 1..8 (mp).
        rank_bonus: [i32; 8] = [-15, 15, 30, 45, 60, 75, 60, 30],
        /// Per empty square a knight, bishop, rook or queen attacks (10 cp).
        mobility: i32 = 100,
        /// Attack potential: this fraction (1/n) of each attacked enemy piece's strength.
        attack_divisor: i32 = 10,
        /// Defence potential: this fraction (1/n) of each defended own piece's strength (our choice).
        defence_divisor: i32 = 10,
        /// Own pawn in the king's immediate, cross, diagonal, sinuous shelter.
        shelter_pawn: [i32; 4] = [500, 250, 250, 170],
        /// Own knight anywhere in the king's shelter.
        shelter_knight: i32 = 250,
        /// Own bishop anywhere in the king's shelter.
        shelter_bishop: i32 = 300,
        /// Own rook anywhere in the king's shelter.
        shelter_rook: i32 = 150,
        /// Own queen anywhere in the king's shelter.
        shelter_queen: i32 = 100,
        /// King attack: 1/n of the attacker's strength for attacking the king, a piece in the immediate shelter, a piece in the wide shelter.
        king_attack_divisor: [i32; 3] = [10, 20, 30],
        /// Endgame: per free square the king can step to (15 cp).
        endgame_king_mobility: i32 = 150,
        /// Endgame: king placement bonus, White's view (mirrored for Black).
        endgame_king_square: SquareTable = ENDGAME_KING_SQUARE,
        /// All terms but material are divided by this.
        extras_divisor: i32 = 4,
    }
}

/// The paper's endgame king placement: c3-f3 0.25, c4-f4 0.35, rank 5 0.50, rank 6 0.75.
const ENDGAME_KING_SQUARE: SquareTable = SquareTable::from_rank8_first([
    0, 0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, 0, //
    750, 750, 750, 750, 750, 750, 750, 750, //
    500, 500, 500, 500, 500, 500, 500, 500, //
    0, 0, 350, 350, 350, 350, 0, 0, //
    0, 0, 250, 250, 250, 250, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, 0, //
]);

/// The game stage, from the non-pawn material on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Non-pawn material at least `opening_npm`.
    Opening,
    /// Between the two thresholds.
    Middlegame,
    /// Non-pawn material below `endgame_npm`.
    Endgame,
}

/// The terms, in the order `explain` prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermKind {
    /// Graded material.
    Material,
    /// Opening centre occupation and control.
    Centre,
    /// Opening development order.
    Development,
    /// Rank bonus.
    Rank,
    /// Piece mobility.
    Mobility,
    /// Attack potential.
    Attack,
    /// Defence potential.
    Defence,
    /// King shelter.
    Shelter,
    /// King attack.
    KingAttack,
    /// Endgame king mobility and placement.
    EndgameKing,
}

impl TermKind {
    /// Every term.
    pub const ALL: [TermKind; 10] = [
        TermKind::Material,
        TermKind::Centre,
        TermKind::Development,
        TermKind::Rank,
        TermKind::Mobility,
        TermKind::Attack,
        TermKind::Defence,
        TermKind::Shelter,
        TermKind::KingAttack,
        TermKind::EndgameKing,
    ];

    /// The name `explain` prints.
    pub const fn name(self) -> &'static str {
        match self {
            TermKind::Material => "material",
            TermKind::Centre => "centre (opening)",
            TermKind::Development => "development (opening)",
            TermKind::Rank => "rank bonus",
            TermKind::Mobility => "mobility",
            TermKind::Attack => "attack potential",
            TermKind::Defence => "defence potential",
            TermKind::Shelter => "king shelter",
            TermKind::KingAttack => "king attack",
            TermKind::EndgameKing => "endgame king",
        }
    }
}

/// Both sides' terms in millipawns, before the extras are divided: `[White, Black]`, indexed
/// by [`TermKind`].
pub type Breakdown = [[i64; 10]; 2];

/// What one evaluation needs to know about the whole board, computed once.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// Non-pawn material of both sides, ungraded, mp.
    pub npm: i64,
    /// The stage.
    pub stage: Stage,
    /// Graded strength of each piece type (mp), king 0.
    pub strength: [i64; 6],
    /// Empty squares.
    pub empty: Bitboard,
}

/// One side's attacks, gathered in one pass over its pieces.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    /// Every square the side attacks (all pieces, king and pawns included).
    attacks: Bitboard,
    /// Squares attacked by knights, bishops, rooks and queens.
    piece_attacks: Bitboard,
    /// Σ over knights, bishops, rooks, queens of the empty squares each attacks.
    mobile_squares: i64,
    /// King attack in mp.
    king_attack: i64,
}

// ---- square sets -------------------------------------------------------------------------

/// c3..f6, the centre included.
const CENTRE_BOX: Bitboard = Bitboard(0x0000_3C3C_3C3C_0000);
/// White's "pawn controls the centre" squares c3-f3, c4-f4 (Black's are these flipped).
const PAWN_CONTROL_WHITE: Bitboard = Bitboard(0x0000_0000_3C3C_0000);

// ---- the evaluator -----------------------------------------------------------------------

/// The `tsvetkov` evaluator.
#[derive(Clone, Debug, Default)]
pub struct Tsvetkov {
    /// Its parameters.
    pub params: TsvetkovParams,
}

impl TsvetkovParams {
    /// The ungraded strength of `piece` (king 0).
    #[inline(always)]
    pub fn base_strength(&self, piece: Piece) -> i64 {
        self.piece_value(piece) as i64
    }
}

/// `value` changed by `percent` %, truncated towards zero (both colours alike).
#[inline(always)]
fn graded(value: i64, percent: i32) -> i64 {
    value * (100 + percent as i64) / 100
}

/// The first band whose lower bound `x` reaches, or the last band.
#[inline(always)]
fn band(x: i64, lower_bounds: &[i32; 3]) -> usize {
    lower_bounds
        .iter()
        .position(|&b| x >= b as i64)
        .unwrap_or(3)
}

impl Tsvetkov {
    /// Non-pawn material, stage and graded strengths of the position.
    pub fn context(&self, board: &Board) -> Context {
        let p = &self.params;
        let npm: i64 = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .iter()
            .map(|&pc| board.pieces(pc).popcount() as i64 * p.base_strength(pc))
            .sum();
        let stage = if npm >= p.opening_npm as i64 {
            Stage::Opening
        } else if npm < p.endgame_npm as i64 {
            Stage::Endgame
        } else {
            Stage::Middlegame
        };
        let structure = band(
            board.pieces(Piece::Pawn).popcount() as i64,
            &p.structure_band,
        );
        let strength = [
            graded(
                p.base_strength(Piece::Pawn),
                p.pawn_grade[band(npm, &p.pawn_grade_band)],
            ),
            graded(p.base_strength(Piece::Knight), p.knight_grade[structure]),
            graded(p.base_strength(Piece::Bishop), p.bishop_grade[structure]),
            graded(p.base_strength(Piece::Rook), p.rook_grade[structure]),
            graded(p.base_strength(Piece::Queen), p.queen_grade[structure]),
            0,
        ];
        Context {
            npm,
            stage,
            strength,
            empty: !board.occupied(),
        }
    }

    /// One pass over `color`'s pieces: attack sets, mobility and king attack.
    fn scan(&self, board: &Board, ctx: &Context, color: Color) -> Scan {
        let p = &self.params;
        let occupied = board.occupied();
        let enemy_king = board.king(!color);
        let [immediate, cross, diagonal, sinuous] = shelter_zones(enemy_king);
        let enemies = board.color(!color) - board.colored(!color, Piece::King);
        let targets = [
            Bitboard::from_square(enemy_king),
            enemies & immediate,
            enemies & (cross | diagonal | sinuous),
        ];
        let mut scan = Scan::default();
        for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
            let value = ctx.strength[piece.index()];
            for sq in board.colored(color, piece) {
                let att = piece_attacks(piece, color, sq, occupied);
                scan.piece_attacks |= att;
                scan.mobile_squares += (att & ctx.empty).popcount() as i64;
                for (target, &div) in targets.iter().zip(&p.king_attack_divisor) {
                    if (att & *target).any() {
                        scan.king_attack += value / div.max(1) as i64;
                    }
                }
            }
        }
        let pawns = board.colored(color, Piece::Pawn);
        let pawn_value = ctx.strength[Piece::Pawn.index()];
        for (target, &div) in targets.iter().zip(&p.king_attack_divisor) {
            // The squares from which one of our pawns attacks a target are the squares an
            // enemy pawn on the target would attack.
            let attackers = pawns & pawn_attacks_set(!color, *target);
            scan.king_attack += attackers.popcount() as i64 * (pawn_value / div.max(1) as i64);
        }
        scan.attacks =
            scan.piece_attacks | pawn_attacks_set(color, pawns) | king_attacks(board.king(color));
        scan
    }

    /// Graded material of `color`.
    pub fn material(&self, board: &Board, ctx: &Context, color: Color) -> i64 {
        Piece::ALL
            .iter()
            .map(|&pc| board.colored(color, pc).popcount() as i64 * ctx.strength[pc.index()])
            .sum()
    }

    /// Opening centre occupation and control by `color` (`piece_attacks`: squares its
    /// knights, bishops, rooks and queens attack).
    pub fn centre(&self, board: &Board, color: Color, piece_attacks: Bitboard) -> i64 {
        let p = &self.params;
        let count = |bb: Bitboard| bb.popcount() as i64;
        let pawns = board.colored(color, Piece::Pawn);
        let minors_rooks = board.colored(color, Piece::Knight)
            | board.colored(color, Piece::Bishop)
            | board.colored(color, Piece::Rook);
        let queens = board.colored(color, Piece::Queen);
        let non_king = board.color(color) - board.colored(color, Piece::King);
        count(pawns & CENTRE) * p.centre_pawn as i64
            + count(minors_rooks & CENTRE) * p.centre_piece as i64
            + count(queens & CENTRE) * p.centre_queen as i64
            + count(pawns & PAWN_CONTROL_WHITE.relative(color)) * p.centre_pawn_control as i64
            + count(piece_attacks & CENTRE) * p.centre_square_control as i64
            + count(non_king & (CENTRE_BOX - CENTRE)) * p.extended_centre as i64
    }

    /// Opening development order of `color`, inferred from placement (see the module doc).
    pub fn development(&self, board: &Board, color: Color) -> i64 {
        let p = &self.params;
        let [knight_first, early_queen, early_rook, moved_twice] =
            development_counts(board, color).map(i64::from);
        knight_first * p.knight_before_bishop as i64
            - early_queen * p.early_queen_penalty as i64
            - early_rook * p.early_rook_penalty as i64
            - moved_twice * p.moved_twice_penalty as i64
    }

    /// Rank bonus of `color`'s non-king pieces, ranks counted from its own side.
    pub fn rank_bonus(&self, board: &Board, color: Color) -> i64 {
        let pieces = (board.color(color) - board.colored(color, Piece::King)).relative(color);
        (0..8)
            .map(|r| {
                (pieces & Bitboard(0xFF << (8 * r))).popcount() as i64
                    * self.params.rank_bonus[r] as i64
            })
            .sum()
    }

    /// Σ over the pieces of `owner` in `squares` of 1/`divisor` of their graded strength.
    fn strength_share(
        &self,
        board: &Board,
        ctx: &Context,
        owner: Color,
        squares: Bitboard,
        divisor: i32,
    ) -> i64 {
        [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ]
        .iter()
        .map(|&pc| {
            (board.colored(owner, pc) & squares).popcount() as i64
                * (ctx.strength[pc.index()] / divisor.max(1) as i64)
        })
        .sum()
    }

    /// Attack potential of `color`, which attacks `attacks`.
    pub fn attack_potential(
        &self,
        board: &Board,
        ctx: &Context,
        color: Color,
        attacks: Bitboard,
    ) -> i64 {
        self.strength_share(board, ctx, !color, attacks, self.params.attack_divisor)
    }

    /// Defence potential of `color`, which attacks (defends) `attacks`.
    pub fn defence_potential(
        &self,
        board: &Board,
        ctx: &Context,
        color: Color,
        attacks: Bitboard,
    ) -> i64 {
        self.strength_share(board, ctx, color, attacks, self.params.defence_divisor)
    }

    /// King security of `color`: its own pawns and pieces in its king's four shelter zones.
    pub fn shelter(&self, board: &Board, color: Color) -> i64 {
        let p = &self.params;
        let zones = shelter_zones(board.king(color));
        let pawns = board.colored(color, Piece::Pawn);
        let pawn_points: i64 = zones
            .iter()
            .zip(&p.shelter_pawn)
            .map(|(zone, &pts)| (pawns & *zone).popcount() as i64 * pts as i64)
            .sum();
        let shelter = zones[0] | zones[1] | zones[2] | zones[3];
        let piece_points: i64 = [
            (Piece::Knight, p.shelter_knight),
            (Piece::Bishop, p.shelter_bishop),
            (Piece::Rook, p.shelter_rook),
            (Piece::Queen, p.shelter_queen),
        ]
        .iter()
        .map(|&(pc, pts)| (board.colored(color, pc) & shelter).popcount() as i64 * pts as i64)
        .sum();
        pawn_points + piece_points
    }

    /// Endgame king mobility and placement of `color` (`enemy_attacks`: what the other side
    /// attacks).
    pub fn endgame_king(
        &self,
        board: &Board,
        ctx: &Context,
        color: Color,
        enemy_attacks: Bitboard,
    ) -> i64 {
        let p = &self.params;
        let king = board.king(color);
        let free = (king_attacks(king) & ctx.empty) - enemy_attacks;
        let placement = p
            .endgame_king_square
            .at(color.relative_square(king).index());
        free.popcount() as i64 * p.endgame_king_mobility as i64 + placement as i64
    }

    /// Every term of both sides, in mp, extras not yet divided.
    pub fn breakdown(&self, board: &Board) -> (Context, Breakdown) {
        let ctx = self.context(board);
        let scans = [
            self.scan(board, &ctx, Color::White),
            self.scan(board, &ctx, Color::Black),
        ];
        let mut out: Breakdown = [[0; 10]; 2];
        for color in Color::ALL {
            let scan = &scans[color.index()];
            let t = &mut out[color.index()];
            t[TermKind::Material as usize] = self.material(board, &ctx, color);
            if ctx.stage == Stage::Opening {
                t[TermKind::Centre as usize] = self.centre(board, color, scan.piece_attacks);
                t[TermKind::Development as usize] = self.development(board, color);
            }
            t[TermKind::Rank as usize] = self.rank_bonus(board, color);
            t[TermKind::Mobility as usize] = scan.mobile_squares * self.params.mobility as i64;
            t[TermKind::Attack as usize] = self.attack_potential(board, &ctx, color, scan.attacks);
            t[TermKind::Defence as usize] =
                self.defence_potential(board, &ctx, color, scan.attacks);
            t[TermKind::Shelter as usize] = self.shelter(board, color);
            t[TermKind::KingAttack as usize] = scan.king_attack;
            if ctx.stage == Stage::Endgame {
                let enemy_attacks = scans[(!color).index()].attacks;
                t[TermKind::EndgameKing as usize] =
                    self.endgame_king(board, &ctx, color, enemy_attacks);
            }
        }
        (ctx, out)
    }

    /// The extras divisor, never below 1.
    #[inline(always)]
    fn divisor(&self) -> i64 {
        (self.params.extras_divisor as i64).max(1)
    }

    /// White's total in mp multiplied by the extras divisor (exact, an integer):
    /// `divisor · material + extras`.
    #[inline]
    /// Saturating, so that absurd parameter values clamp instead of overflowing (every
    /// realistic total is many orders of magnitude inside `i64`).
    fn scaled_white_total(&self, terms: &Breakdown) -> i64 {
        let net = |k: usize| terms[0][k].saturating_sub(terms[1][k]);
        let extras = (1..10).map(net).fold(0i64, i64::saturating_add);
        net(0).saturating_mul(self.divisor()).saturating_add(extras)
    }
}

impl Evaluator for Tsvetkov {
    /// `tsvetkov:tuned` while the parameters are the shipped tuned ones, else `tsvetkov` (the
    /// paper's weights, or values set by hand).
    fn name(&self) -> &'static str {
        static TUNED: std::sync::LazyLock<Vec<(String, f64)>> = std::sync::LazyLock::new(|| {
            let mut e = Tsvetkov::default();
            super::param_set::load_text(&mut e.params, super::TSVETKOV_TUNED)
                .expect("the shipped tuned parameters load");
            e.params.entries()
        });
        if self.params.entries() == *TUNED {
            "tsvetkov:tuned"
        } else {
            "tsvetkov"
        }
    }

    #[inline]
    fn evaluate(&self, board: &Board) -> Score {
        let (_, terms) = self.breakdown(board);
        let cp = round_div(self.scaled_white_total(&terms), 10 * self.divisor());
        white_to_side(cp, board.side_to_move())
    }

    fn explain(&self, board: &Board) -> Explanation {
        let (_, terms) = self.breakdown(board);
        let d = self.divisor() as f64;
        let list = TermKind::ALL
            .iter()
            .map(|&k| {
                // Material is shown at full weight, every other term already divided.
                let unit = if k == TermKind::Material {
                    10.0
                } else {
                    10.0 * d
                };
                let (w, b) = (terms[0][k as usize], terms[1][k as usize]);
                Term::new(k.name(), w as f64 / unit, b as f64 / unit)
            })
            .collect();
        let scaled = self.scaled_white_total(&terms);
        let cp = round_div(scaled, 10 * self.divisor());
        Explanation::with_total(self.name(), board, list, scaled as f64 / (10.0 * d), cp)
    }

    chainmate::params_field_access!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use chainmate::core::attacks::pawn_attacks;
    use chainmate::core::Square;

    #[test]
    fn masks_match_their_definitions() {
        // c3..f6 is four files (c-f) on four ranks (3-6); control squares the same files on
        // ranks 3-4.
        let c3_f6: Bitboard = Square::ALL
            .into_iter()
            .filter(|s| (2..=5).contains(&s.file().index()) && (2..=5).contains(&s.rank().index()))
            .collect();
        assert_eq!(CENTRE_BOX, c3_f6);
        assert_eq!(PAWN_CONTROL_WHITE, c3_f6 & Bitboard(0xFFFF_0000));
        // The pawn-control squares are exactly those from which a white pawn attacks a centre
        // square.
        let attackers: Bitboard = Square::ALL
            .into_iter()
            .filter(|&s| (pawn_attacks(Color::White, s) & CENTRE).any())
            .collect();
        assert_eq!(attackers, PAWN_CONTROL_WHITE);
    }

    #[test]
    fn stages_follow_non_pawn_material() {
        let t = Tsvetkov::default();
        let start = t.context(&Board::startpos());
        assert_eq!((start.npm, start.stage), (60_000, Stage::Opening));
        // Queens off: 60 - 2·9 = 42 → middlegame.
        let b = Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1");
        let ctx = t.context(&b.unwrap());
        assert_eq!((ctx.npm, ctx.stage), (42_000, Stage::Middlegame));
    }
}
