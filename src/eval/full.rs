//! `full`: paper 004's evaluator grown into a full hand-crafted evaluation, with every
//! weight a middlegame/endgame pair fitted to game results.
//!
//! # Skeleton: the paper's terms and stage thresholds
//!
//! Every term of paper 004 ([`super::tsvetkov`]) is here, generalised so that a tuner can fit
//! it rather than replaced:
//!
//! | paper 004 | here |
//! | --- | --- |
//! | material (graded by the number of pawns: closed / semi-closed / semi-open / open) | `material` plus `grading`, one weight per piece and pawn-structure band (the paper's bands) |
//! | rank bonus, centre occupation, endgame king placement (all square-valued) | the piece-square tables `psqt_*` |
//! | centre control (opening) | `centre_control`: centre squares attacked by knights, bishops, rooks, queens |
//! | development order (opening) | `development`: the paper's four facts, inferred from placement as there |
//! | mobility (10 cp per empty square) | `mobility_*`: one weight per number of reachable squares, per piece |
//! | attack potential | `threat_by_*`: per attacker class and victim, plus `hanging` and `threat_by_king` |
//! | defence potential | `defended`: per defended piece type |
//! | king shelter (the four zones, pieces in them) | `shelter_pawn` per zone, `shelter_piece` per piece type |
//! | king attack | `king_zone_attacks`, `king_attackers`, `safe_check` |
//! | endgame king mobility | `king_free_squares` |
//!
//! The paper's stage thresholds stay: the *non-pawn material* `npm` (knight and bishop 3,
//! rook 4.5, queen 9, both sides; 60 at the start) decides the stage. The opening terms
//! (centre control, development) count only while `npm ≥ 45`, as in the paper. Every other
//! term is a pair (middlegame, endgame) blended by `npm / 60` — the tapered evaluation of
//! Fruit and its successors, with the paper's own measure of the game's progress as the phase.
//!
//! # Added: what strong hand-crafted engines evaluate
//!
//! Fruit/Toga, Ethereal and PeSTO are the references for *what* to evaluate; the code and the
//! numbers are ours (every weight below is fitted by `chainmate tune --method gradient`):
//!
//! * pawn structure: `passed` (by relative rank: no enemy pawn in front on its own or a
//!   neighbouring file; the rear one of doubled passers counts too), `isolated`, `doubled`, `backward`,
//!   `phalanx` and `supported` (by rank); these depend on the pawns alone and are cached in a
//!   per-thread pawn hash table (exact keys: both sides' pawn sets are stored and compared);
//!   whole evaluations are cached too, in a per-thread table keyed by the position's 64-bit
//!   Zobrist key and the weights' generation (the search meets positions again after their
//!   transposition-table entries are gone);
//! * passed pawns beside the pieces: `passed_free` (nothing on the way to promotion), and the
//!   distance of each king to the square in front of the pawn (`passed_own_king`,
//!   `passed_enemy_king`, by rank; the weight multiplies the distance);
//! * pieces: `bishop_pair`, `knight_outpost`/`bishop_outpost` (ranks 4–6, defended by a pawn,
//!   no enemy pawn can ever attack the square), `rook_open_file`, `rook_semi_open_file`,
//!   `rook_seventh`, `bad_bishop` (own pawns on the bishop's colour), `minor_behind_pawn`,
//!   `king_open_file` (no own pawn on the king's file);
//! * king shelter and pawn storm by file, as Ethereal and Stockfish weigh them: on the king's
//!   file and each neighbour, the distance in ranks to the nearest own pawn level with or in
//!   front of the king (`shelter_distance`, the king's file apart from its neighbours) and to
//!   the nearest enemy pawn there (`storm_distance`, blocked by an own pawn or free);
//! * `passed_safe_stop` (a passed pawn whose stop square the enemy does not attack, by rank)
//!   and `pawn_push_threat` (enemy pieces a safe pawn push would attack);
//! * `candidate_passer` (Ethereal's shape: a pawn that is not passed but whose only enemy
//!   stoppers attack it or its stop square, with the stop square defended by own pawns at
//!   least as often as attacked; by rank, and whether the pawn itself is held as well) and
//!   `king_pawn_proximity` (the king's distance in files to the nearest pawn of either side:
//!   a king far from every pawn is out of play in an ending), `knight_far_from_kings` and
//!   `bishop_long_diagonal` (Ethereal's knight "in Siberia" and bishop on a long diagonal);
//! * `tempo` for the side to move;
//! * a quadratic king danger: with two enemy pieces attacking the squares next to the king
//!   (one, with a queen on the board), the `danger_*` weights × counts sum to a danger `d`
//!   per phase, and the side loses `max(d_mg, 0)²/720` and `max(d_eg, 0)/20` (Ethereal's
//!   shape; the one term that is not linear in its weights — the tuner differentiates it);
//! * `space` (middlegame-heavy positions only): safe central squares behind the own pawns,
//!   weighted by the square of the pieces there are to use them and how blocked the pawns are
//!   (Stockfish's shape);
//! * `complexity` (Ethereal's term): the endgame sum is moved towards zero, never past it, or
//!   away from it by a weighted count of the pawns, the passed pawns, pawns on both wings, a
//!   pure pawn ending, the kings' outflanking and a constant — how convertible an advantage
//!   is, which material alone does not say. Like the king danger it is not linear in its
//!   weights at the pin (`max(c, −|eg|)`), and the tuner differentiates it piecewise.
//!
//! Mobility counts the squares a piece attacks that hold no own pawn or king and no enemy pawn
//! attacks (Ethereal's "mobility area", simplified). Threats use plain attack sets (no x-rays,
//! pins ignored), like the other evaluators ([`super::attack_map`]).
//!
//! # Endgame scaling (fixed rules, not tuned)
//!
//! The endgame half is multiplied by `scale / 64`: 32 with opposite-coloured bishops as the
//! only pieces; for a side ahead without pawns, 0 when it has at most a minor piece and 16
//! when it is ahead by at most a minor piece — the well-known drawing margins.
//!
//! # Linear in its weights (but for the king danger)
//!
//! The evaluation is `(mg·φ + eg·(120 − φ)·scale/64) / 120` with φ = `npm` in half pawns
//! (capped at 120), where `mg` and `eg` are sums of weight × count. Everything is computed
//! through one generic walk over the position ([`Full::walk`]) that hands each (weight, count)
//! to an accumulator: the search's accumulator sums, the tuner's records the counts (a
//! [`Trace`]), `explain`'s sums per term. So the tuner fits exactly what the search evaluates.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use super::features::{development_counts, shelter_zones, CENTRE};
use super::params::{InvalidValue, ParamField, ParamKind, ParamSet};
use super::score::{round_div, white_to_side, Score};
use super::{Evaluator, Explanation, Term};
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_set, rook_attacks,
};
use crate::core::{Bitboard, Board, Color, Piece, Square};

/// A middlegame/endgame pair of weights, in centipawns.
pub type S = [i32; 2];

/// `N` tapered weights: a parameter field whose values are named `field_mg_i`/`field_eg_i`
/// (`field_mg`/`field_eg` for a single pair, `field_mg_e4` for a piece-square table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tapered<const N: usize>(pub [S; N]);

impl<const N: usize> Tapered<N> {
    const fn filled(value: S) -> Self {
        Tapered([value; N])
    }
}

const PHASES: [&str; 2] = ["mg", "eg"];

impl<const N: usize> ParamField for Tapered<N> {
    fn kind(&self) -> ParamKind {
        ParamKind::Integer
    }
    fn count(&self) -> usize {
        2 * N
    }
    fn suffix(&self, i: usize) -> String {
        let phase = PHASES[i % 2];
        match N {
            1 => format!("_{phase}"),
            64 => format!("_{phase}_{}", Square::ALL[i / 2]),
            _ => format!("_{phase}_{}", i / 2),
        }
    }
    fn index_of(&self, suffix: &str) -> Option<usize> {
        let rest = suffix.strip_prefix('_')?;
        let phase = PHASES.iter().position(|p| rest.starts_with(p))?;
        let element = &rest[2..];
        let e = match N {
            1 => element.is_empty().then_some(0)?,
            64 => element.strip_prefix('_')?.parse::<Square>().ok()?.index(),
            _ => element
                .strip_prefix('_')?
                .parse::<usize>()
                .ok()
                .filter(|&e| e < N)?,
        };
        Some(2 * e + phase)
    }
    fn get(&self, i: usize) -> f64 {
        self.0[i / 2][i % 2] as f64
    }
    fn set(&mut self, i: usize, value: f64) -> Result<(), InvalidValue> {
        if !(value.is_finite() && value.fract() == 0.0 && value.abs() <= 1e6) {
            return Err(InvalidValue);
        }
        self.0[i / 2][i % 2] = value as i32;
        Ok(())
    }
}

/// Declares the parameter struct (through [`crate::params!`]), the flat index of each field's
/// first weight (`idx::field`), the field table and conversions to and from one flat vector.
macro_rules! full_params {
    ( $( $(#[doc = $doc:literal])* $field:ident : $n:literal = $default:expr ),* $(,)? ) => {
        crate::params! {
            /// Parameters of `full`: every weight a (middlegame, endgame) pair in
            /// centipawns.
            pub struct FullParams {
                $( $(#[doc = $doc])* $field: Tapered<$n> = $default, )*
            }
        }

        /// Flat index of each field's first weight pair (the tuner's coordinates).
        #[allow(non_upper_case_globals, missing_docs)]
        pub mod idx {
            full_params!(@offsets 0usize; $($field : $n,)*);
        }

        /// Every field: name, flat index of its first pair, number of pairs.
        pub const FIELDS: &[(&str, usize, usize)] = &[ $( (stringify!($field), idx::$field, $n), )* ];

        impl FullParams {
            /// All weight pairs in flat order.
            pub fn flat(&self) -> Vec<S> {
                let mut v = Vec::with_capacity(idx::LEN);
                $( v.extend_from_slice(&self.$field.0); )*
                v
            }
            /// Sets every weight pair from flat order (`w.len() == idx::LEN`).
            pub fn set_flat(&mut self, w: &[S]) {
                assert_eq!(w.len(), idx::LEN, "one pair per weight");
                $( self.$field.0.copy_from_slice(&w[idx::$field..idx::$field + $n]); )*
            }
        }
    };
    (@offsets $acc:expr; ) => {
        /// Number of weight pairs.
        pub const LEN: usize = $acc;
    };
    (@offsets $acc:expr; $field:ident : $n:literal, $($rest:tt)*) => {
        pub const $field: usize = $acc;
        full_params!(@offsets $acc + $n; $($rest)*);
    };
}

const Z: S = [0, 0];

full_params! {
    /// Material: pawn, knight, bishop, rook, queen.
    material: 5 = Tapered([[100, 100], [300, 300], [300, 300], [450, 450], [900, 900]]),
    /// Paper 004's grading by pawn structure: knight, bishop, rook, queen (rows) in a closed
    /// (13-16 pawns), semi-closed (9-12), semi-open (5-8), open (0-4) position.
    grading: 16 = Tapered::filled(Z),
    /// Pawn by square (White's view, mirrored for Black).
    psqt_pawn: 64 = Tapered::filled(Z),
    /// Knight by square.
    psqt_knight: 64 = Tapered::filled(Z),
    /// Bishop by square.
    psqt_bishop: 64 = Tapered::filled(Z),
    /// Rook by square.
    psqt_rook: 64 = Tapered::filled(Z),
    /// Queen by square.
    psqt_queen: 64 = Tapered::filled(Z),
    /// King by square.
    psqt_king: 64 = Tapered::filled(Z),
    /// Opening (npm >= 45): each centre square attacked by a knight, bishop, rook or queen.
    centre_control: 1 = Tapered::filled(Z),
    /// Opening: knight before bishop, queen out early, rook out early, pieces moved twice.
    development: 4 = Tapered::filled(Z),
    /// Knight by number of squares in its mobility area.
    mobility_knight: 9 = Tapered::filled(Z),
    /// Bishop by mobility.
    mobility_bishop: 14 = Tapered::filled(Z),
    /// Rook by mobility.
    mobility_rook: 15 = Tapered::filled(Z),
    /// Queen by mobility.
    mobility_queen: 28 = Tapered::filled(Z),
    /// Enemy pawn, knight, bishop, rook, queen attacked by a pawn.
    threat_by_pawn: 5 = Tapered::filled(Z),
    /// Enemy pieces (by type) attacked by a knight or bishop.
    threat_by_minor: 5 = Tapered::filled(Z),
    /// Enemy pieces (by type) attacked by a rook.
    threat_by_rook: 5 = Tapered::filled(Z),
    /// Enemy pieces (by type) attacked by a queen.
    threat_by_queen: 5 = Tapered::filled(Z),
    /// Undefended enemy pieces the king attacks.
    threat_by_king: 1 = Tapered::filled(Z),
    /// Enemy non-king pieces attacked and not defended.
    hanging: 1 = Tapered::filled(Z),
    /// Own pawn, knight, bishop, rook, queen defended by an own piece or pawn.
    defended: 5 = Tapered::filled(Z),
    /// Own pawn in the king's immediate, cross, diagonal, sinuous shelter zone.
    shelter_pawn: 4 = Tapered::filled(Z),
    /// Own knight, bishop, rook, queen in the king's shelter.
    shelter_piece: 4 = Tapered::filled(Z),
    /// King zone squares attacked by an enemy knight, bishop, rook, queen (per attack).
    king_zone_attacks: 4 = Tapered::filled(Z),
    /// Number of enemy pieces attacking the king zone (0..7).
    king_attackers: 8 = Tapered::filled(Z),
    /// Safe checks available to an enemy knight, bishop, rook, queen.
    safe_check: 4 = Tapered::filled(Z),
    /// No own pawn on the king's file.
    king_open_file: 1 = Tapered::filled(Z),
    /// Empty squares next to the king that the enemy does not attack.
    king_free_squares: 1 = Tapered::filled(Z),
    /// Passed pawn by relative rank.
    passed: 8 = Tapered::filled(Z),
    /// Pawn with no own pawn on a neighbouring file.
    isolated: 1 = Tapered::filled(Z),
    /// Pawn with an own pawn in front of it on its file.
    doubled: 1 = Tapered::filled(Z),
    /// Pawn that no neighbour can support and whose stop square an enemy pawn attacks.
    backward: 1 = Tapered::filled(Z),
    /// Pawn with an own pawn beside it, by relative rank.
    phalanx: 8 = Tapered::filled(Z),
    /// Pawn defended by an own pawn, by relative rank.
    supported: 8 = Tapered::filled(Z),
    /// Passed pawn with nothing between it and its promotion square, by rank.
    passed_free: 8 = Tapered::filled(Z),
    /// Passed pawn: distance of the own king to the square in front, by rank (per square).
    passed_own_king: 8 = Tapered::filled(Z),
    /// Passed pawn: distance of the enemy king to the square in front, by rank (per square).
    passed_enemy_king: 8 = Tapered::filled(Z),
    /// Two bishops.
    bishop_pair: 1 = Tapered::filled(Z),
    /// Knight on an outpost.
    knight_outpost: 1 = Tapered::filled(Z),
    /// Bishop on an outpost.
    bishop_outpost: 1 = Tapered::filled(Z),
    /// Rook on a file without pawns.
    rook_open_file: 1 = Tapered::filled(Z),
    /// Rook on a file without own pawns but with enemy pawns.
    rook_semi_open_file: 1 = Tapered::filled(Z),
    /// Rook on the seventh rank.
    rook_seventh: 1 = Tapered::filled(Z),
    /// Own pawns on the bishop's square colour (per pawn and bishop).
    bad_bishop: 1 = Tapered::filled(Z),
    /// Knight or bishop with an own pawn right in front of it.
    minor_behind_pawn: 1 = Tapered::filled(Z),
    /// The side to move.
    tempo: 1 = Tapered::filled(Z),
    /// Pawn shelter, on each file from the king's left to its right: the nearest own pawn
    /// level with or in front of the king, by its distance in ranks (0–6; 7 = none), on the
    /// king's file (8–15) or beside it (0–7).
    shelter_distance: 16 = Tapered::filled(Z),
    /// Pawn storm, on the same files: the nearest enemy pawn level with or in front of the
    /// king, by its distance in ranks (0–6; 7 = none), blocked by an own pawn right in front
    /// of it (8–15) or free (0–7).
    storm_distance: 16 = Tapered::filled(Z),
    /// Passed pawn whose stop square the enemy does not attack, by relative rank.
    passed_safe_stop: 8 = Tapered::filled(Z),
    /// Enemy knights, bishops, rooks and queens a pawn would attack after a safe push (to an
    /// empty square no enemy pawn attacks and the enemy does not attack or we defend).
    pawn_push_threat: 1 = Tapered::filled(Z),
    /// King danger (the quadratic term, see [`KING_DANGER_MG_DIVISOR`]): per attack of an
    /// enemy knight, bishop, rook, queen on a square next to the king.
    danger_zone_attacks: 4 = Tapered::filled(Z),
    /// King danger: per enemy piece attacking the squares next to the king.
    danger_attackers: 1 = Tapered::filled(Z),
    /// King danger: per safe check of an enemy knight, bishop, rook, queen.
    danger_safe_check: 4 = Tapered::filled(Z),
    /// King danger: per square next to the king that the enemy attacks and that only the
    /// king or the queen defends, or nothing.
    danger_weak_square: 1 = Tapered::filled(Z),
    /// King danger: once when the enemy has no queen.
    danger_no_queen: 1 = Tapered::filled(Z),
    /// King danger: once (an offset, typically negative, that a few attacks must overcome).
    danger_base: 1 = Tapered::filled(Z),
    /// Space, while `npm` ≥ [`SPACE_PHASE`]: the safe squares on files c–f of the own second
    /// to fourth ranks (no own pawn, no enemy pawn attack), those up to three squares behind
    /// an own pawn and unattacked counted twice, times `w² / 64` with `w` the side's pieces
    /// (pawns and king included) − 3 + the blocked pawns (at most 9): Stockfish's shape (its
    /// `/ 16` is in units a quarter of a centipawn; with whole-centipawn weights `/ 16` left
    /// the fitted weight below one half, rounded to nothing).
    space: 1 = Tapered::filled(Z),
    /// Complexity (Ethereal's term; endgame weights only): the endgame sum moves towards zero
    /// or away from it by `Σ weight × count` over the pawns, the passed pawns, pawns on both
    /// wings, a pawn ending (no other piece), the kings' outflanking (file distance − rank
    /// distance) and once — never past zero ([`complexity_adjustment`]).
    complexity: 6 = Tapered::filled(Z),
    /// Candidate passed pawn (not passed, but every enemy pawn that could stop it is one
    /// that attacks it or its stop square, and the stop square has at least as many own pawn
    /// defenders as enemy pawn attackers), by relative rank; 8–15 when the pawn itself is
    /// also defended at least as often as attacked (Ethereal's two kinds).
    candidate_passer: 16 = Tapered::filled(Z),
    /// The king's distance in files to the nearest file that holds a pawn of either side
    /// (0–7; not counted without pawns): a king far from every pawn is out of play in an
    /// ending.
    king_pawn_proximity: 8 = Tapered::filled(Z),
    /// Knight far from both kings: its distance to the nearer king, 4, 5, 6 or 7 squares
    /// (nearer is not counted) — a knight on the far wing ("in Siberia") defends and attacks
    /// nothing that matters.
    knight_far_from_kings: 4 = Tapered::filled(Z),
    /// Bishop on a long diagonal (a1–h8 or h1–a8, off the four centre squares) that sees both
    /// centre squares of its diagonal through the pawns.
    bishop_long_diagonal: 1 = Tapered::filled(Z),
}

/// The phase at the start: non-pawn material in half pawns, both sides.
pub const MAX_PHASE: i32 = 120;
/// Phase (half pawns) from which the paper's opening terms count: its 45 pawns of `npm`.
pub const OPENING_PHASE: i32 = 90;
const PHASE_UNITS: [i32; 6] = [0, 6, 6, 9, 18, 0];

/// King danger `d` (a sum of the `danger_*` weights × counts, per phase) costs the side whose
/// king it threatens `max(d, 0)² / 720` in the middlegame ...
pub const KING_DANGER_MG_DIVISOR: i32 = 720;
/// ... and `max(d, 0) / 20` in the endgame (Ethereal's shape: a few attackers cost little,
/// many cost more than the sum of their parts).
pub const KING_DANGER_EG_DIVISOR: i32 = 20;

/// The middlegame and endgame penalties of a king danger `d = [d_mg, d_eg]`, centipawns
/// (positive: what the threatened side loses), in the reals the tuner uses.
pub fn king_danger_penalty(d: [f64; 2]) -> [f64; 2] {
    let (mg, eg) = (d[0].max(0.0), d[1].max(0.0));
    [
        mg * mg / KING_DANGER_MG_DIVISOR as f64,
        eg / KING_DANGER_EG_DIVISOR as f64,
    ]
}

/// The same in the whole centipawns the search uses (rounded once each).
fn king_danger_penalty_int(d: S) -> S {
    let (mg, eg) = (d[0].max(0), d[1].max(0));
    [
        round_div(
            i64::from(mg) * i64::from(mg),
            i64::from(KING_DANGER_MG_DIVISOR),
        ) as i32,
        round_div(i64::from(eg), i64::from(KING_DANGER_EG_DIVISOR)) as i32,
    ]
}

/// Space counts only while non-pawn material (half pawns, both sides) is at least this: with
/// most pieces on the board (Stockfish's threshold is about the same share of its material).
pub const SPACE_PHASE: i32 = 90;

/// The complexity term's effect on an endgame sum `eg`: `sign(eg) × max(c, −|eg|)` — a
/// complexity `c` above zero says the side ahead has winning chances beyond its material, one
/// below zero that the advantage is hard to convert, but it never turns the sign (Ethereal's
/// `evaluateComplexity`). In the reals the tuner uses.
pub fn complexity_adjustment(eg: f64, c: f64) -> f64 {
    sign(eg) * c.max(-eg.abs())
}

/// −1, 0 or 1 as `x` is below, at or above zero (`f64::signum` gives 1 at zero).
pub fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// The same in whole centipawns.
fn complexity_adjustment_int(eg: i32, c: i32) -> i32 {
    eg.signum() * c.max(-eg.abs())
}

/// Where a walk over the position puts each weight × count.
pub trait Accumulator {
    /// Whether the walk records counts (the tuner's trace) rather than sums: a term whose
    /// weights are all zero adds nothing to a sum and may be skipped, but its counts are
    /// what a fit starting from zero needs.
    const COUNTS: bool = false;
    /// Adds `count` times the pair at flat index `index` (whose value is `weight`) for `color`.
    fn add(&mut self, color: Color, index: usize, weight: S, count: i32);
    /// Adds `count` times the king-danger pair at `index` to the danger of `color`'s king
    /// (turned into a penalty once the walk is done: [`KING_DANGER_MG_DIVISOR`]).
    fn danger(&mut self, color: Color, index: usize, weight: S, count: i32);
    /// Adds `count` times the complexity pair at `index` (both sides together; only the
    /// endgame weight counts, through [`complexity_adjustment`] once the walk is done).
    fn complexity(&mut self, index: usize, weight: S, count: i32);
}

/// Sums White's minus Black's weights: what the search needs.
#[derive(Default)]
struct Sum {
    mg: i32,
    eg: i32,
    /// Each side's king danger so far, by colour.
    danger: [S; 2],
    /// The complexity so far (endgame weights).
    complexity: i32,
}

impl Sum {
    /// Turns both kings' danger into penalties, then applies the complexity to the endgame
    /// sum (once, after the walk).
    #[inline]
    fn settle(&mut self) {
        for color in [Color::White, Color::Black] {
            let [mg, eg] = king_danger_penalty_int(self.danger[color.index()]);
            self.mg -= mg * color.sign();
            self.eg -= eg * color.sign();
        }
        self.danger = [[0; 2]; 2];
        self.eg += complexity_adjustment_int(self.eg, self.complexity);
        self.complexity = 0;
    }
}

impl Accumulator for Sum {
    #[inline(always)]
    fn add(&mut self, color: Color, _index: usize, weight: S, count: i32) {
        let c = count * color.sign();
        self.mg += weight[0] * c;
        self.eg += weight[1] * c;
    }

    #[inline(always)]
    fn danger(&mut self, color: Color, _index: usize, weight: S, count: i32) {
        let d = &mut self.danger[color.index()];
        d[0] += weight[0] * count;
        d[1] += weight[1] * count;
    }

    #[inline(always)]
    fn complexity(&mut self, _index: usize, weight: S, count: i32) {
        self.complexity += weight[1] * count;
    }
}

/// The counts of a position's features (White's minus Black's), for the tuner: the evaluation
/// is `Σ w·count` in each phase, blended by `phase` and scaled by `scale`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// `(flat index, count)`, one entry per index, sorted.
    pub counts: Vec<(u16, i16)>,
    /// The king-danger counts of White's king and of Black's (`(flat index, count)`, sorted;
    /// see [`king_danger_penalty`]): the evaluation subtracts White's penalty and adds
    /// Black's.
    pub danger: [Vec<(u16, i16)>; 2],
    /// The complexity counts (`(flat index, count)`, sorted; see [`complexity_adjustment`]).
    pub complexity: Vec<(u16, i16)>,
    /// φ: non-pawn material in half pawns, capped at [`MAX_PHASE`].
    pub phase: i32,
    /// The endgame scale, out of 64.
    pub scale: i32,
}

impl Accumulator for Trace {
    const COUNTS: bool = true;

    fn add(&mut self, color: Color, index: usize, _weight: S, count: i32) {
        if count != 0 {
            self.counts
                .push((index as u16, (count * color.sign()) as i16));
        }
    }

    fn danger(&mut self, color: Color, index: usize, _weight: S, count: i32) {
        if count != 0 {
            self.danger[color.index()].push((index as u16, count as i16));
        }
    }

    fn complexity(&mut self, index: usize, _weight: S, count: i32) {
        if count != 0 {
            self.complexity.push((index as u16, count as i16));
        }
    }
}

/// `(index, count)` pairs sorted by index, one per index, without zeros.
fn merge_counts(mut counts: Vec<(u16, i16)>) -> Vec<(u16, i16)> {
    counts.sort_unstable_by_key(|&(i, _)| i);
    let mut merged: Vec<(u16, i16)> = Vec::with_capacity(counts.len());
    for (i, c) in counts {
        match merged.last_mut() {
            Some(last) if last.0 == i => last.1 += c,
            _ => merged.push((i, c)),
        }
    }
    merged.retain(|&(_, c)| c != 0);
    merged
}

/// Per field and side, for `explain`, each king's danger and the complexity.
struct PerField(Vec<[[i64; 2]; 2]>, [S; 2], i32);

impl Accumulator for PerField {
    fn complexity(&mut self, _index: usize, weight: S, count: i32) {
        self.2 += weight[1] * count;
    }

    fn danger(&mut self, color: Color, _index: usize, weight: S, count: i32) {
        let d = &mut self.1[color.index()];
        d[0] += weight[0] * count;
        d[1] += weight[1] * count;
    }

    fn add(&mut self, color: Color, index: usize, weight: S, count: i32) {
        let field = FIELDS
            .iter()
            .rposition(|&(_, first, _)| first <= index)
            .expect("every index belongs to a field");
        let slot = &mut self.0[field][color.index()];
        slot[0] += (weight[0] * count) as i64;
        slot[1] += (weight[1] * count) as i64;
    }
}

// ---- pawn hash ---------------------------------------------------------------------------

/// One cached pawn structure: exact key (both pawn sets and the parameters' generation).
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    pawns: [u64; 2],
    generation: u64,
    mg: i32,
    eg: i32,
    passed: u64,
}

const PAWN_TABLE_BITS: u32 = 14;

thread_local! {
    static PAWN_TABLE: RefCell<Vec<PawnEntry>> =
        RefCell::new(vec![PawnEntry::default(); 1 << PAWN_TABLE_BITS]);
}

/// One cached evaluation: the position's Zobrist key mixed with the parameters' generation,
/// and White's score.
#[derive(Clone, Copy, Default)]
struct EvalEntry {
    key: u64,
    score: i64,
}

const EVAL_TABLE_BITS: u32 = 15;

thread_local! {
    static EVAL_TABLE: RefCell<Vec<EvalEntry>> =
        RefCell::new(vec![EvalEntry::default(); 1 << EVAL_TABLE_BITS]);
}

/// A new value for every set of parameters, so a table entry never outlives the weights it
/// was computed with.
fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

// ---- geometry -------------------------------------------------------------------------

/// The two long diagonals, a1–h8 and h1–a8.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);

/// Whether the pawn of `color` on `sq`, not passed (some enemy pawn in `enemy` could stop it),
/// is a candidate passer, and of which kind: every enemy pawn in front of it on its own or a
/// neighbouring file attacks the pawn or its stop square (none blocks or waits further up),
/// and the own pawns in `own` defend the stop square at least as often as enemy pawns attack
/// it — kind 1 when they also defend the pawn at least as often as it is attacked, else 0.
/// `None` for a passed pawn or one that is no candidate.
fn candidate_kind(color: Color, sq: Square, own: Bitboard, enemy: Bitboard) -> Option<usize> {
    let b = Bitboard::from_square(sq);
    let front = b.front_span(color);
    let stoppers = enemy & (front | front.beside());
    if stoppers.is_empty() {
        return None;
    }
    let stop = b.forward(color);
    let threats = enemy & pawn_attacks_set(color, b);
    let push_threats = enemy & pawn_attacks_set(color, stop);
    if (stoppers - threats - push_threats).any() {
        return None;
    }
    let support = own & pawn_attacks_set(!color, b);
    let push_support = own & pawn_attacks_set(!color, stop);
    if push_support.popcount() < push_threats.popcount() {
        return None;
    }
    Some(usize::from(support.popcount() >= threats.popcount()))
}

/// The distance in files from `king` to the nearest of `files` (one bit per file, bit 0 = the
/// a-file), or `None` when there is none.
fn pawn_file_distance(king: Square, files: u64) -> Option<usize> {
    let k = king.file().index();
    (0..8).find(|&d| {
        (k >= d && files & (1 << (k - d)) != 0) || (k + d < 8 && files & (1 << (k + d)) != 0)
    })
}

// ---- the evaluator -----------------------------------------------------------------------

/// The `full` evaluator.
#[derive(Clone)]
pub struct Full {
    /// The weights; private so that every change goes through a method that retires the
    /// pawn hash entries computed with the old ones.
    params: FullParams,
    generation: u64,
}

/// The weights only: the generation is bookkeeping of the pawn hash, not part of what the
/// evaluator computes (two evaluators with equal weights print alike).
impl std::fmt::Debug for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Full")
            .field("params", &self.params)
            .finish()
    }
}

impl Default for Full {
    fn default() -> Self {
        Full {
            params: FullParams::default(),
            generation: next_generation(),
        }
    }
}

/// What the walk learns about one side and then uses for the other.
#[derive(Clone, Copy)]
struct SideMaps {
    pawn_attacks: Bitboard,
    by_piece: [Bitboard; 6],
    all: Bitboard,
    /// Each knight, bishop, rook and queen with its attacks (at most 15 of them).
    pieces: [(Piece, Square, Bitboard); 16],
    count: usize,
}

impl Default for SideMaps {
    fn default() -> Self {
        SideMaps {
            pawn_attacks: Bitboard::EMPTY,
            by_piece: [Bitboard::EMPTY; 6],
            all: Bitboard::EMPTY,
            pieces: [(Piece::Pawn, Square::A1, Bitboard::EMPTY); 16],
            count: 0,
        }
    }
}

impl SideMaps {
    fn pieces(&self) -> &[(Piece, Square, Bitboard)] {
        &self.pieces[..self.count]
    }

    /// The attack maps of `color`'s pieces.
    fn of(board: &Board, color: Color) -> SideMaps {
        let occupied = board.occupied();
        let pawn_attacks = pawn_attacks_set(color, board.colored(color, Piece::Pawn));
        let mut m = SideMaps {
            pawn_attacks,
            ..SideMaps::default()
        };
        m.by_piece[Piece::Pawn.index()] = pawn_attacks;
        for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
            for sq in board.colored(color, piece) {
                let att = match piece {
                    Piece::Knight => knight_attacks(sq),
                    Piece::Bishop => bishop_attacks(sq, occupied),
                    Piece::Rook => rook_attacks(sq, occupied),
                    _ => rook_attacks(sq, occupied) | bishop_attacks(sq, occupied),
                };
                m.by_piece[piece.index()] |= att;
                // More than 15 pieces cannot happen in a legal position; the cap keeps a
                // hand-made one from overflowing the list.
                if m.count < m.pieces.len() {
                    m.pieces[m.count] = (piece, sq, att);
                    m.count += 1;
                }
            }
        }
        m.by_piece[Piece::King.index()] = king_attacks(board.king(color));
        m.all = m.by_piece.iter().fold(Bitboard::EMPTY, |a, &b| a | b);
        m
    }
}

/// One side's view of the position, shared by the term functions.
struct SideView<'a> {
    board: &'a Board,
    color: Color,
    us: &'a SideMaps,
    them: &'a SideMaps,
    own_pawns: Bitboard,
    enemy_pawns: Bitboard,
    king: Square,
    occupied: Bitboard,
    /// The files holding a pawn of either side, one bit per file (bit 0 = the a-file).
    pawn_files: u64,
}

/// Adds `count` of element `i` of field `f` for `color`.
macro_rules! add {
    ($acc:expr, $p:expr, $color:expr, $f:ident, $i:expr, $count:expr) => {{
        let i = $i;
        $acc.add($color, idx::$f + i, $p.$f.0[i], $count)
    }};
    ($acc:expr, $p:expr, $color:expr, $f:ident, $count:expr) => {
        add!($acc, $p, $color, $f, 0, $count)
    };
}

/// Adds `count` of element `i` of the king-danger field `f` to `color`'s king's danger.
macro_rules! danger {
    ($acc:expr, $p:expr, $color:expr, $f:ident, $i:expr, $count:expr) => {{
        let i = $i;
        $acc.danger($color, idx::$f + i, $p.$f.0[i], $count)
    }};
    ($acc:expr, $p:expr, $color:expr, $f:ident, $count:expr) => {
        danger!($acc, $p, $color, $f, 0, $count)
    };
}

impl Full {
    /// The evaluator with weights loaded from a `name = value` text.
    pub fn from_text(text: &str) -> Result<Full, super::ParamError> {
        let mut e = Full::default();
        super::params::load_text(&mut e.params, text)?;
        Ok(e)
    }

    /// The weights.
    pub fn weights(&self) -> &FullParams {
        &self.params
    }

    /// Sets every weight pair from flat order (see [`FullParams::set_flat`]).
    pub fn set_weights(&mut self, w: &[S]) {
        self.params.set_flat(w);
        self.generation = next_generation();
    }

    /// φ (non-pawn material in half pawns, capped) and the endgame scale out of 64, given the
    /// sign of the endgame sum (who is ahead).
    fn phase_and_scale(board: &Board, eg: i32) -> (i32, i32) {
        let units = |c: Color| -> i32 {
            [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
                .iter()
                .map(|&pc| board.colored(c, pc).popcount() as i32 * PHASE_UNITS[pc.index()])
                .sum()
        };
        let (w, b) = (units(Color::White), units(Color::Black));
        let phase = (w + b).min(MAX_PHASE);
        let strong = if eg >= 0 { Color::White } else { Color::Black };
        let (own, other) = if strong == Color::White {
            (w, b)
        } else {
            (b, w)
        };
        let scale = if board.colored(strong, Piece::Pawn).is_empty() && own - other <= 6 {
            if own <= 6 {
                0
            } else {
                16
            }
        } else if w == 6 && b == 6 && board.pieces(Piece::Bishop).popcount() == 2 && {
            let wb = board.colored(Color::White, Piece::Bishop);
            let bb = board.colored(Color::Black, Piece::Bishop);
            wb.any()
                && bb.any()
                && (wb & Bitboard::LIGHT_SQUARES).any() != (bb & Bitboard::LIGHT_SQUARES).any()
        } {
            32
        } else {
            64
        };
        (phase, scale)
    }

    /// The pawn-only terms of both sides; returns both sides' passed pawns.
    fn pawn_terms<A: Accumulator>(&self, board: &Board, acc: &mut A) -> Bitboard {
        let p = &self.params;
        let mut passed_all = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let own = board.colored(color, Piece::Pawn);
            let enemy = board.colored(!color, Piece::Pawn);
            let enemy_attacks = pawn_attacks_set(!color, enemy);
            for sq in own {
                let b = Bitboard::from_square(sq);
                let r = color.relative_rank(sq.rank()).index();
                let front = b.front_span(color);
                if (enemy & (front | front.beside())).is_empty() {
                    passed_all |= b;
                    add!(acc, p, color, passed, r, 1);
                }
                let adjacent_files = b.beside().files();
                if (own & adjacent_files).is_empty() {
                    add!(acc, p, color, isolated, 1);
                } else {
                    // Own pawns beside or behind on the neighbouring files could support it.
                    let supporters = adjacent_files - b.forward(color).front_span(color).beside();
                    let stop = b.forward(color);
                    if (own & supporters).is_empty() && (stop & enemy_attacks).any() {
                        add!(acc, p, color, backward, 1);
                    }
                }
                if (front & own).any() {
                    add!(acc, p, color, doubled, 1);
                }
                if (b.beside() & own).any() {
                    add!(acc, p, color, phalanx, r, 1);
                }
                if (pawn_attacks(!color, sq) & own).any() {
                    add!(acc, p, color, supported, r, 1);
                }
                if let Some(kind) = candidate_kind(color, sq, own, enemy) {
                    add!(acc, p, color, candidate_passer, kind * 8 + r, 1);
                }
            }
        }
        passed_all
    }

    /// The pawn terms through the per-thread pawn hash table.
    fn cached_pawn_terms(&self, board: &Board, acc: &mut Sum) -> Bitboard {
        let key = [
            board.colored(Color::White, Piece::Pawn).0,
            board.colored(Color::Black, Piece::Pawn).0,
        ];
        let slot = ((key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            >> (64 - PAWN_TABLE_BITS)) as usize;
        PAWN_TABLE.with(|table| {
            let mut table = table.borrow_mut();
            let entry = &mut table[slot];
            if entry.pawns != key || entry.generation != self.generation {
                let mut sum = Sum::default();
                let passed = self.pawn_terms(board, &mut sum);
                *entry = PawnEntry {
                    pawns: key,
                    generation: self.generation,
                    mg: sum.mg,
                    eg: sum.eg,
                    passed: passed.0,
                };
            }
            acc.mg += entry.mg;
            acc.eg += entry.eg;
            Bitboard(entry.passed)
        })
    }

    /// Every term but the pawn-only ones; `passed` are both sides' passed pawns. Each group of
    /// terms is its own function below, called once per side with what both sides' attack
    /// maps tell.
    fn piece_terms<A: Accumulator>(&self, board: &Board, passed: Bitboard, acc: &mut A) {
        let band = match board.pieces(Piece::Pawn).popcount() {
            13.. => 0,
            9..=12 => 1,
            5..=8 => 2,
            _ => 3,
        };
        let npm: i32 = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .iter()
            .map(|&pc| board.pieces(pc).popcount() as i32 * PHASE_UNITS[pc.index()])
            .sum();
        // Attack maps of both sides first: threats and king safety need the other side's.
        let maps = [
            SideMaps::of(board, Color::White),
            SideMaps::of(board, Color::Black),
        ];
        let pawn_files = board.pieces(Piece::Pawn).files().0 & 0xFF;
        for color in [Color::White, Color::Black] {
            let side = SideView {
                board,
                color,
                us: &maps[color.index()],
                them: &maps[(!color).index()],
                own_pawns: board.colored(color, Piece::Pawn),
                enemy_pawns: board.colored(!color, Piece::Pawn),
                king: board.king(color),
                occupied: board.occupied(),
                pawn_files,
            };
            self.material_terms(&side, band, acc);
            if npm >= OPENING_PHASE {
                self.opening_terms(&side, acc);
            }
            self.piece_activity_terms(&side, acc);
            self.threat_terms(&side, acc);
            self.king_safety_terms(&side, acc);
            self.passed_piece_terms(&side, passed, acc);
            if npm >= SPACE_PHASE && (A::COUNTS || self.params.space.0 != [Z]) {
                self.space_terms(&side, acc);
            }
        }
        add!(acc, self.params, board.side_to_move(), tempo, 1);
        if A::COUNTS || self.params.complexity.0.iter().any(|w| w[1] != 0) {
            self.complexity_terms(board, passed, npm, acc);
        }
    }

    /// Space (see the `space` weights): safe squares in the centre behind the own pawns,
    /// weighted by how many pieces there are to use them and how closed the pawns are.
    fn space_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (area, behind) = match s.color {
            Color::White => (
                Bitboard(0x0000_0000_3C3C_3C00),
                Bitboard((s.own_pawns.0 >> 8) | (s.own_pawns.0 >> 16) | (s.own_pawns.0 >> 24)),
            ),
            Color::Black => (
                Bitboard(0x003C_3C3C_0000_0000),
                Bitboard((s.own_pawns.0 << 8) | (s.own_pawns.0 << 16) | (s.own_pawns.0 << 24)),
            ),
        };
        let safe = area & !s.own_pawns & !s.them.pawn_attacks;
        let bonus = (safe.popcount() + (safe & behind & !s.them.all).popcount()) as i32;
        let pawns = s.board.pieces(Piece::Pawn);
        let blocked = (Bitboard(s.board.colored(Color::White, Piece::Pawn).0 << 8) & pawns)
            .popcount()
            + (Bitboard(s.board.colored(Color::Black, Piece::Pawn).0 >> 8) & pawns).popcount();
        let weight = (s.board.color(s.color).popcount() as i32 - 3 + blocked.min(9) as i32).max(0);
        add!(
            acc,
            self.params,
            s.color,
            space,
            bonus * weight * weight / 64
        );
    }

    /// The complexity counts (see the `complexity` weights), for both sides together.
    fn complexity_terms<A: Accumulator>(
        &self,
        board: &Board,
        passed: Bitboard,
        npm: i32,
        acc: &mut A,
    ) {
        let p = &self.params;
        let pawns = board.pieces(Piece::Pawn);
        let queenside = Bitboard(0x0F0F_0F0F_0F0F_0F0F);
        let both_wings = (pawns & queenside).any() && (pawns & !queenside).any();
        let (wk, bk) = (board.king(Color::White), board.king(Color::Black));
        let files = wk.file_distance(bk) as i32;
        let ranks = wk.rank_distance(bk) as i32;
        let counts = [
            pawns.popcount() as i32,
            passed.popcount() as i32,
            i32::from(both_wings),
            i32::from(npm == 0),
            files - ranks,
            1,
        ];
        for (i, n) in counts.into_iter().enumerate() {
            acc.complexity(idx::complexity + i, p.complexity.0[i], n);
        }
    }

    /// Material, paper 004's grading by pawn band, and the piece-square tables.
    fn material_terms<A: Accumulator>(&self, s: &SideView, band: usize, acc: &mut A) {
        let (p, color) = (&self.params, s.color);
        for piece in Piece::ALL {
            let set = s.board.colored(color, piece);
            let n = set.popcount() as i32;
            if piece != Piece::King {
                add!(acc, p, color, material, piece.index(), n);
            }
            if matches!(
                piece,
                Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen
            ) {
                add!(acc, p, color, grading, (piece.index() - 1) * 4 + band, n);
            }
            for sq in set {
                let rs = color.relative_square(sq).index();
                match piece {
                    Piece::Pawn => add!(acc, p, color, psqt_pawn, rs, 1),
                    Piece::Knight => add!(acc, p, color, psqt_knight, rs, 1),
                    Piece::Bishop => add!(acc, p, color, psqt_bishop, rs, 1),
                    Piece::Rook => add!(acc, p, color, psqt_rook, rs, 1),
                    Piece::Queen => add!(acc, p, color, psqt_queen, rs, 1),
                    Piece::King => add!(acc, p, color, psqt_king, rs, 1),
                }
            }
        }
    }

    /// The paper's opening terms (while `npm` ≥ 45 pawns): centre control and development.
    fn opening_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, us) = (&self.params, s.color, s.us);
        let pieces_attack = us.by_piece[Piece::Knight.index()]
            | us.by_piece[Piece::Bishop.index()]
            | us.by_piece[Piece::Rook.index()]
            | us.by_piece[Piece::Queen.index()];
        let centre = (pieces_attack & CENTRE).popcount() as i32;
        add!(acc, p, color, centre_control, centre);
        for (i, n) in development_counts(s.board, color).into_iter().enumerate() {
            add!(acc, p, color, development, i, n);
        }
    }

    /// Mobility of each piece, outposts, bad bishops, rooks on open files and the seventh,
    /// minors behind pawns, the bishop pair.
    fn piece_activity_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color) = (&self.params, s.color);
        let mobility_area =
            !(s.own_pawns | s.board.colored(color, Piece::King) | s.them.pawn_attacks);
        let outpost_ranks = match color {
            Color::White => Bitboard(0x0000_FFFF_FF00_0000),
            Color::Black => Bitboard(0x0000_00FF_FFFF_0000),
        };
        // Outposts: squares no enemy pawn can ever attack (outside the attack spans of the
        // enemy's pawns), defended by one of ours.
        let enemy_attack_span = s.enemy_pawns.front_span(!color).beside();
        let outposts = outpost_ranks & (s.us.pawn_attacks - enemy_attack_span);
        for &(piece, sq, att) in s.us.pieces() {
            let mob = (att & mobility_area).popcount() as usize;
            let b = Bitboard::from_square(sq);
            match piece {
                Piece::Knight => {
                    add!(acc, p, color, mobility_knight, mob.min(8), 1);
                    if (outposts & b).any() {
                        add!(acc, p, color, knight_outpost, 1);
                    }
                    let kings = sq.distance(s.king).min(sq.distance(s.board.king(!color)));
                    if kings >= 4 {
                        add!(acc, p, color, knight_far_from_kings, kings as usize - 4, 1);
                    }
                }
                Piece::Bishop => {
                    add!(acc, p, color, mobility_bishop, mob.min(13), 1);
                    if (outposts & b).any() {
                        add!(acc, p, color, bishop_outpost, 1);
                    }
                    let colour = if (b & Bitboard::LIGHT_SQUARES).any() {
                        Bitboard::LIGHT_SQUARES
                    } else {
                        Bitboard::DARK_SQUARES
                    };
                    let own_on_colour = (s.own_pawns & colour).popcount() as i32;
                    add!(acc, p, color, bad_bishop, own_on_colour);
                    if (LONG_DIAGONALS - CENTRE).contains(sq)
                        && (bishop_attacks(sq, s.board.pieces(Piece::Pawn)) & CENTRE)
                            .more_than_one()
                    {
                        add!(acc, p, color, bishop_long_diagonal, 1);
                    }
                }
                Piece::Rook => {
                    add!(acc, p, color, mobility_rook, mob.min(14), 1);
                    let file = b.files();
                    if (file & s.own_pawns).is_empty() {
                        if (file & s.enemy_pawns).is_empty() {
                            add!(acc, p, color, rook_open_file, 1);
                        } else {
                            add!(acc, p, color, rook_semi_open_file, 1);
                        }
                    }
                    if color.relative_rank(sq.rank()).index() == 6 {
                        add!(acc, p, color, rook_seventh, 1);
                    }
                }
                _ => add!(acc, p, color, mobility_queen, mob.min(27), 1),
            }
            if matches!(piece, Piece::Knight | Piece::Bishop)
                && (b.forward(color) & s.own_pawns).any()
            {
                add!(acc, p, color, minor_behind_pawn, 1);
            }
        }
        if s.board.colored(color, Piece::Bishop).more_than_one() {
            add!(acc, p, color, bishop_pair, 1);
        }
    }

    /// Threats on the enemy's pieces by each kind of attacker, hanging pieces, and the
    /// defence of our own.
    fn threat_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, us, board) = (&self.params, s.color, s.us, s.board);
        let minors = us.by_piece[Piece::Knight.index()] | us.by_piece[Piece::Bishop.index()];
        let rooks = us.by_piece[Piece::Rook.index()];
        let queens = us.by_piece[Piece::Queen.index()];
        for victim in [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ] {
            let v = victim.index();
            let theirs = board.colored(!color, victim);
            let count = |set: Bitboard| (theirs & set).popcount() as i32;
            add!(acc, p, color, threat_by_pawn, v, count(us.pawn_attacks));
            add!(acc, p, color, threat_by_minor, v, count(minors));
            add!(acc, p, color, threat_by_rook, v, count(rooks));
            add!(acc, p, color, threat_by_queen, v, count(queens));
            let defended_own = (board.colored(color, victim) & us.all).popcount() as i32;
            add!(acc, p, color, defended, v, defended_own);
        }
        let undefended = !s.them.all;
        let enemy_pieces = board.color(!color) - board.colored(!color, Piece::King);
        let hanging_pieces = (enemy_pieces & us.all & undefended).popcount() as i32;
        add!(acc, p, color, hanging, hanging_pieces);
        let king_reach = us.by_piece[Piece::King.index()];
        let king_takes = (enemy_pieces & king_reach & undefended).popcount() as i32;
        add!(acc, p, color, threat_by_king, king_takes);
        let pushes = s.own_pawns.forward(color) - s.occupied;
        let safe = (pushes - s.them.pawn_attacks) & (us.all | !s.them.all);
        let targets = enemy_pieces - board.colored(!color, Piece::Pawn);
        let push_threats = (pawn_attacks_set(color, safe) & targets).popcount() as i32;
        add!(acc, p, color, pawn_push_threat, push_threats);
    }

    /// Our king: its shelter (the paper's zones), the enemy's attack on its zone, safe
    /// checks, an open file, free squares.
    fn king_safety_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, king, occupied) = (&self.params, s.color, s.king, s.occupied);
        let zones = shelter_zones(king);
        let shelter = zones[0] | zones[1] | zones[2] | zones[3];
        for (i, zone) in zones.iter().enumerate() {
            add!(
                acc,
                p,
                color,
                shelter_pawn,
                i,
                (s.own_pawns & *zone).popcount() as i32
            );
        }
        const SLIDERS_AND_KNIGHT: [Piece; 4] =
            [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];
        for (i, piece) in SLIDERS_AND_KNIGHT.into_iter().enumerate() {
            let n = (s.board.colored(color, piece) & shelter).popcount() as i32;
            add!(acc, p, color, shelter_piece, i, n);
        }
        let zone = king_attacks(king).with(king);
        let near = king_attacks(king);
        let mut enemy_attackers = 0usize;
        let mut near_attacks = [0i32; 4];
        // One pass over the enemy's pieces (knight, bishop, rook, queen = index 0..3).
        for &(piece, _, att) in s.them.pieces() {
            let n = (att & zone).popcount() as i32;
            if n > 0 {
                enemy_attackers += 1;
                add!(acc, p, color, king_zone_attacks, piece.index() - 1, n);
            }
            near_attacks[piece.index() - 1] += (att & near).popcount() as i32;
        }
        let checks = [
            knight_attacks(king),
            bishop_attacks(king, occupied),
            rook_attacks(king, occupied),
            rook_attacks(king, occupied) | bishop_attacks(king, occupied),
        ];
        let safe = !(s.us.all | s.board.color(!color));
        let mut safe_checks = [0i32; 4];
        for (i, piece) in SLIDERS_AND_KNIGHT.into_iter().enumerate() {
            let n = (checks[i] & s.them.by_piece[piece.index()] & safe).popcount() as i32;
            safe_checks[i] = n;
            add!(acc, p, color, safe_check, i, n);
        }
        add!(acc, p, color, king_attackers, enemy_attackers.min(7), 1);
        // King danger, once the attack is real: two attackers, or one with a queen on the
        // board (Ethereal's gate).
        let enemy_queens = s.board.colored(!color, Piece::Queen).popcount() as i32;
        if enemy_attackers as i32 > 1 - enemy_queens {
            for i in 0..4 {
                danger!(acc, p, color, danger_zone_attacks, i, near_attacks[i]);
                danger!(acc, p, color, danger_safe_check, i, safe_checks[i]);
            }
            danger!(acc, p, color, danger_attackers, enemy_attackers as i32);
            let guards = s.us.pawn_attacks
                | s.us.by_piece[Piece::Knight.index()]
                | s.us.by_piece[Piece::Bishop.index()]
                | s.us.by_piece[Piece::Rook.index()];
            let weak = (near & s.them.all) - guards;
            danger!(acc, p, color, danger_weak_square, weak.popcount() as i32);
            danger!(acc, p, color, danger_no_queen, i32::from(enemy_queens == 0));
            danger!(acc, p, color, danger_base, 1);
        }
        if (Bitboard::from_square(king).files() & s.own_pawns).is_empty() {
            add!(acc, p, color, king_open_file, 1);
        }
        let free = king_attacks(king) - occupied - s.them.all;
        add!(acc, p, color, king_free_squares, free.popcount() as i32);
        if let Some(d) = pawn_file_distance(king, s.pawn_files) {
            add!(acc, p, color, king_pawn_proximity, d, 1);
        }
        self.shelter_and_storm(s, acc);
    }

    /// Pawn shelter and pawn storm on the king's file and its neighbours (see the fields).
    fn shelter_and_storm<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, king) = (&self.params, s.color, s.king);
        let king_file = king.file().index();
        let king_rank = color.relative_rank(king.rank()).index();
        // The nearest pawn of `set` on `file` level with or in front of the king: its
        // distance in ranks, or 7, and its square.
        let nearest = |set: Bitboard, file: usize| {
            let mut best: Option<(usize, Square)> = None;
            for sq in set & Bitboard::file(crate::core::File::ALL[file]) {
                let r = color.relative_rank(sq.rank()).index();
                if r >= king_rank && best.is_none_or(|(d, _)| r - king_rank < d) {
                    best = Some((r - king_rank, sq));
                }
            }
            best
        };
        for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
            let own = nearest(s.own_pawns, file).map_or(7, |(d, _)| d.min(7));
            let on_king_file = usize::from(file == king_file);
            add!(acc, p, color, shelter_distance, on_king_file * 8 + own, 1);
            let (storm, blocked) = match nearest(s.enemy_pawns, file) {
                None => (7, false),
                Some((d, sq)) => {
                    let below = Bitboard::from_square(sq).forward(!color);
                    (d.min(7), (below & s.own_pawns).any())
                }
            };
            add!(
                acc,
                p,
                color,
                storm_distance,
                usize::from(blocked) * 8 + storm,
                1
            );
        }
    }

    /// Passed pawns beside the pieces: a free path, and both kings' distance to the square in
    /// front.
    fn passed_piece_terms<A: Accumulator>(&self, s: &SideView, passed: Bitboard, acc: &mut A) {
        let (p, color) = (&self.params, s.color);
        let enemy_king = s.board.king(!color);
        for sq in passed & s.own_pawns {
            let r = color.relative_rank(sq.rank()).index();
            let b = Bitboard::from_square(sq);
            if (b.front_span(color) & s.occupied).is_empty() {
                add!(acc, p, color, passed_free, r, 1);
            }
            if (b.forward(color) & s.them.all).is_empty() {
                add!(acc, p, color, passed_safe_stop, r, 1);
            }
            let stop = b.forward(color).lsb().unwrap_or(sq);
            add!(
                acc,
                p,
                color,
                passed_own_king,
                r,
                s.king.distance(stop) as i32
            );
            add!(
                acc,
                p,
                color,
                passed_enemy_king,
                r,
                enemy_king.distance(stop) as i32
            );
        }
    }

    /// The position's feature counts, phase and endgame scale: what the tuner fits.
    pub fn trace(&self, board: &Board) -> Trace {
        let mut trace = Trace::default();
        let passed = self.pawn_terms(board, &mut trace);
        self.piece_terms(board, passed, &mut trace);
        let merged = merge_counts(std::mem::take(&mut trace.counts));
        let danger = trace.danger.map(merge_counts);
        let complexity = merge_counts(std::mem::take(&mut trace.complexity));
        // The scale depends on who is ahead in the endgame sum: the counts times the weights,
        // less White's king danger, plus Black's.
        let flat = self.params.flat();
        let sum = |counts: &[(u16, i16)], phase: usize| -> i32 {
            counts
                .iter()
                .map(|&(i, c)| flat[i as usize][phase] * c as i32)
                .sum()
        };
        let mut eg = sum(&merged, 1);
        for color in [Color::White, Color::Black] {
            let d = &danger[color.index()];
            eg -= king_danger_penalty_int([sum(d, 0), sum(d, 1)])[1] * color.sign();
        }
        eg += complexity_adjustment_int(eg, sum(&complexity, 1));
        let (phase, scale) = Full::phase_and_scale(board, eg);
        Trace {
            counts: merged,
            danger,
            complexity,
            phase,
            scale,
        }
    }

    fn blend(mg: i64, eg: i64, phase: i32, scale: i32) -> i64 {
        let (phase, scale) = (phase as i64, scale as i64);
        round_div(
            mg * phase * 64 + eg * (MAX_PHASE as i64 - phase) * scale,
            MAX_PHASE as i64 * 64,
        )
    }

    /// White's evaluation in centipawns, through the per-thread evaluation cache: the
    /// search meets many positions again after their transposition-table entries are gone.
    /// The key is the 64-bit Zobrist key (which covers every piece and the side to move: all
    /// the evaluation reads) mixed with the weights' generation.
    pub fn white_score(&self, board: &Board) -> i64 {
        let key = board.hash() ^ self.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (key >> (64 - EVAL_TABLE_BITS)) as usize;
        if let Some(score) = EVAL_TABLE.with(|t| {
            let e = t.borrow()[slot];
            (e.key == key).then_some(e.score)
        }) {
            return score;
        }
        let score = self.compute_white_score(board);
        EVAL_TABLE.with(|t| t.borrow_mut()[slot] = EvalEntry { key, score });
        score
    }

    /// White's evaluation in centipawns, computed.
    fn compute_white_score(&self, board: &Board) -> i64 {
        let mut sum = Sum::default();
        let passed = self.cached_pawn_terms(board, &mut sum);
        self.piece_terms(board, passed, &mut sum);
        sum.settle();
        let (phase, scale) = Full::phase_and_scale(board, sum.eg);
        Full::blend(sum.mg as i64, sum.eg as i64, phase, scale)
    }
}

impl Evaluator for Full {
    fn name(&self) -> &'static str {
        "full"
    }

    #[inline]
    fn evaluate(&self, board: &Board) -> Score {
        white_to_side(self.white_score(board), board.side_to_move())
    }

    fn explain(&self, board: &Board) -> Explanation {
        let mut per = PerField(vec![[[0; 2]; 2]; FIELDS.len()], [[0; 2]; 2], 0);
        let passed = self.pawn_terms(board, &mut per);
        self.piece_terms(board, passed, &mut per);
        let white = self.white_score(board);
        // Each king's danger as a penalty of its side: a term of its own (the `danger_*`
        // weights enter only through it).
        let penalties = per
            .1
            .map(|d| king_danger_penalty_int(d).map(|x| -i64::from(x)));
        // Who is ahead in the endgame half (for the scale): the per-field sums, netted.
        let eg: i64 = per
            .0
            .iter()
            .map(|sides| sides[0][1] - sides[1][1])
            .sum::<i64>()
            + penalties[0][1]
            - penalties[1][1];
        // The complexity moves the endgame sum (White's view), before the scale.
        let complexity = complexity_adjustment_int(eg as i32, per.2);
        let eg = eg + i64::from(complexity);
        let (phase, scale) = Full::phase_and_scale(board, eg as i32);
        let blend = |s: [i64; 2]| {
            (s[0] as f64 * phase as f64 * 64.0
                + s[1] as f64 * (MAX_PHASE - phase) as f64 * scale as f64)
                / (MAX_PHASE as f64 * 64.0)
        };
        let mut terms: Vec<Term> = FIELDS
            .iter()
            .zip(&per.0)
            .filter(|(_, sides)| sides.iter().any(|s| s != &[0, 0]))
            .map(|(&(name, _, _), sides)| Term::new(name, blend(sides[0]), blend(sides[1])))
            .collect();
        if penalties != [[0; 2]; 2] {
            terms.push(Term::new(
                "king_danger",
                blend(penalties[0]),
                blend(penalties[1]),
            ));
        }
        if complexity != 0 {
            terms.push(Term::new(
                "complexity",
                blend([0, i64::from(complexity)]),
                0.0,
            ));
        }
        let total = terms.iter().map(Term::net).sum();
        Explanation::with_total(self.name(), board, terms, total, white)
    }

    fn params(&self) -> &dyn ParamSet {
        &self.params
    }

    fn params_mut(&mut self) -> &mut dyn ParamSet {
        // The caller may change any weight: cached pawn scores are stale from now on.
        self.generation = next_generation();
        &mut self.params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn tapered_names_round_trip() {
        let mut p = FullParams::default();
        p.set("psqt_knight_eg_e4", 17.0).unwrap();
        p.set("passed_mg_6", 55.0).unwrap();
        p.set("tempo_eg", 9.0).unwrap();
        assert_eq!(p.psqt_knight.0[Square::E4.index()], [0, 17]);
        assert_eq!(p.passed.0[6], [55, 0]);
        assert_eq!(p.tempo.0[0], [0, 9]);
        assert!(p.set("passed_mg_8", 1.0).is_err());
        assert!(p.set("passed_free_xx_1", 1.0).is_err());
        let mut q = FullParams::default();
        super::super::params::load_text(&mut q, &p.to_text()).unwrap();
        assert_eq!(p, q);
        let flat = p.flat();
        assert_eq!(flat.len(), idx::LEN);
        assert_eq!(flat[idx::passed + 6], [55, 0]);
        let mut r = FullParams::default();
        r.set_flat(&flat);
        assert_eq!(r, p);
    }

    #[test]
    fn pawn_structure_facts() {
        // White pawns a2, c4, c5 (doubled), h6; Black's h7 stands in front of h6.
        let b = board("4k3/7p/7P/2P5/2P5/8/P7/4K3 w - - 0 1");
        let e = Full::default();
        let mut t = Trace::default();
        let passed = e.pawn_terms(&b, &mut t);
        // a2, c4 and c5 have no enemy pawn in front on their own or a neighbouring file: all
        // passed (the rear one of doubled passers too; `doubled` charges for it). h6 is not.
        let expected = Bitboard::from_square(Square::A2)
            .with(Square::C4)
            .with(Square::C5);
        assert_eq!(passed & b.color(Color::White), expected);
        let count = |i: usize| -> i32 {
            t.counts
                .iter()
                .filter(|&&(j, _)| j as usize == i)
                .map(|&(_, c)| c as i32)
                .sum()
        };
        assert_eq!(
            count(idx::isolated),
            4 - 1,
            "a2, c4, c5, h6 isolated; h7 for Black"
        );
        assert_eq!(count(idx::doubled), 1);
        assert_eq!(count(idx::passed + 1), 1, "a2 on the second rank");
        assert_eq!(count(idx::passed + 3), 1, "c4 on the fourth rank");
        assert_eq!(count(idx::passed + 4), 1, "c5 on the fifth rank");
        // Black's h7 is not passed (h6 in front), so nothing on Black's side.
        assert_eq!((passed & b.color(Color::Black)), Bitboard::EMPTY);
    }

    #[test]
    fn candidate_passers_king_pawn_distance_knights_and_long_diagonals() {
        use std::str::FromStr;
        let sq = |s: &str| Square::from_str(s).unwrap();
        let bb = |list: &[&str]| {
            list.iter()
                .fold(Bitboard::EMPTY, |b, s| b.with(Square::from_str(s).unwrap()))
        };
        // Passed: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4"]), bb(&["a7"])),
            None
        );
        // Blocked on its own file: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4"]), bb(&["e6"])),
            None
        );
        // d7 attacks e5's stop square e6 and nothing defends it: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e5"), bb(&["e5"]), bb(&["d7"])),
            None
        );
        // The same with f5 defending e6; e5 itself is not attacked.
        assert_eq!(
            candidate_kind(Color::White, sq("e5"), bb(&["e5", "f5"]), bb(&["d7"])),
            Some(1)
        );
        // d5 attacks e4 itself and nothing defends it; e5 is neither attacked nor defended.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4"]), bb(&["d5"])),
            Some(0)
        );
        // d6 attacks the stop square e5 (which f4 defends), but d7 behind it is a stopper
        // that attacks neither e4 nor e5: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4", "f4"]), bb(&["d6", "d7"])),
            None
        );
        // Black, mirrored: d2 attacks e4's stop square e3, f4 defends it.
        assert_eq!(
            candidate_kind(Color::Black, sq("e4"), bb(&["e4", "f4"]), bb(&["d2"])),
            Some(1)
        );
        let files = |list: &[&str]| bb(list).files().0 & 0xFF;
        assert_eq!(pawn_file_distance(sq("e1"), files(&["e4"])), Some(0));
        assert_eq!(pawn_file_distance(sq("a1"), files(&["h2", "d7"])), Some(3));
        assert_eq!(pawn_file_distance(sq("h8"), files(&["a2", "b7"])), Some(6));
        assert_eq!(pawn_file_distance(sq("h8"), 0), None);
        // In the evaluation: White's king on a1 is 3 files from the d-pawns, Black's on h8 4.
        let b = board("7k/3p4/8/8/8/8/3P4/K7 w - - 0 1");
        assert_eq!(net_count(&b, idx::king_pawn_proximity + 3), 1);
        assert_eq!(net_count(&b, idx::king_pawn_proximity + 4), -1);
        // A knight in the corner seven squares from both kings; a bishop on b2 that sees d4
        // and e5 — until a pawn on c3 blocks it.
        let b = board("6k1/8/8/8/8/8/1B6/K6N w - - 0 1");
        assert_eq!(net_count(&b, idx::knight_far_from_kings + 3), 1);
        assert_eq!(net_count(&b, idx::bishop_long_diagonal), 1);
        let b = board("6k1/8/8/8/8/2P5/1B6/K6N w - - 0 1");
        assert_eq!(net_count(&b, idx::bishop_long_diagonal), 0);
    }

    /// The net count (White's minus Black's) of flat index `i` in `board`'s trace.
    fn net_count(board: &Board, i: usize) -> i32 {
        Full::default()
            .trace(board)
            .counts
            .iter()
            .filter(|&&(j, _)| j as usize == i)
            .map(|&(_, c)| c as i32)
            .sum()
    }

    #[test]
    fn shelter_and_storm_facts() {
        // White: king g1 behind f2, g2, h3; Black's g4 storms freely, h4 is blocked by h3.
        // Black: king a8 with no pawn on the a or b file, and none of White's there either.
        let b = board("k7/8/8/8/6pp/7P/5PP1/6K1 w - - 0 1");
        let shelter = |i| net_count(&b, idx::shelter_distance + i);
        assert_eq!(shelter(1), 1, "f2, one rank in front, beside the king");
        assert_eq!(shelter(8 + 1), 1, "g2, on the king's file");
        assert_eq!(shelter(2), 1, "h3, two ranks in front");
        assert_eq!(shelter(8 + 7), -1, "Black: no pawn on the king's file");
        assert_eq!(shelter(7), -1, "Black: none on the b file");
        let storm = |i| net_count(&b, idx::storm_distance + i);
        assert_eq!(
            storm(3),
            1,
            "g4, three ranks in front of White's king, free"
        );
        assert_eq!(storm(8 + 3), 1, "h4, blocked by h3");
        assert_eq!(
            storm(7),
            1 - 2,
            "no storm on White's f file, nor on Black's a, b files"
        );
    }

    #[test]
    fn push_threats_and_safe_stops() {
        // e4-e5 would attack the knight on d6: e5 is empty and no black pawn guards it.
        let threat = board("4k3/8/3n4/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&threat, idx::pawn_push_threat), 1);
        // With a black pawn on f6 guarding e5, the push is not safe.
        let guarded = board("4k3/8/3n1p2/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&guarded, idx::pawn_push_threat), 0);
        // A passed pawn on d5 whose stop square d6 Black's king attacks, and one on a5 whose
        // stop a6 nothing attacks.
        let passers = board("8/4k3/8/P2P4/8/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&passers, idx::passed_safe_stop + 4), 1, "a5 only");
    }

    /// The shipped weights with the king-danger weights a fit starts from.
    pub(crate) fn with_danger() -> Full {
        let mut e = Full::from_text(crate::eval::FULL_TUNED).unwrap();
        crate::eval::params::load_text(e.params_mut(), include_str!("full_danger_start.txt"))
            .unwrap();
        e
    }

    /// Black's king faces a knight, a queen and a bishop; White's king no queen.
    const KING_HUNT: &str = "r4rk1/ppp2ppp/8/6NQ/8/3B4/PPP2PPP/R4RK1 b - - 0 1";

    #[test]
    fn trace_times_weights_is_the_evaluation() {
        for e in [
            Full::from_text(crate::eval::FULL_TUNED).unwrap(),
            with_danger(),
        ] {
            for fen in [
                crate::core::STARTPOS_FEN,
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
        // With zero danger weights there is no such term.
        let zeros: String = include_str!("full_danger_start.txt")
            .lines()
            .filter_map(|l| l.split_once(" = "))
            .map(|(name, _)| format!("{name} = 0\n"))
            .collect();
        let plain = Full::from_text(&zeros).unwrap();
        assert!(plain
            .explain(&hunt)
            .terms
            .iter()
            .all(|t| t.name != "king_danger"));
        // The shipped weights, fitted, see danger here.
        let shipped = Full::from_text(crate::eval::FULL_TUNED).unwrap();
        assert!(shipped
            .explain(&hunt)
            .terms
            .iter()
            .any(|t| t.name == "king_danger"));
    }

    #[test]
    fn colour_flip_negates_the_score() {
        let e = Full::from_text(crate::eval::FULL_TUNED).unwrap();
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
        e.params_mut().set("passed_mg_4", 500.0).unwrap();
        e.params_mut().set("passed_eg_4", 500.0).unwrap();
        assert!(
            e.evaluate(&b) >= before + 400,
            "a cached score outlived the weights it was computed with"
        );
        // Cached or not, the evaluation is the computed one, also after set_weights.
        let mut tuned = Full::from_text(crate::eval::FULL_TUNED).unwrap();
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

    #[test]
    fn space_and_complexity_counts() {
        let e = Full::default();
        let counts = |fen: &str| e.trace(&board(fen));
        let get = |t: &Trace, f: usize| -> Vec<i16> {
            (0..6)
                .map(|i| {
                    t.complexity
                        .iter()
                        .find(|&&(j, _)| j as usize == f + i)
                        .map_or(0, |&(_, c)| c)
                })
                .collect()
        };
        // Pawns on both wings, no passer, a pawn ending, kings on one file five ranks apart.
        let t = counts("4k3/pp3ppp/8/8/8/4K3/PP3PPP/8 w - - 0 1");
        assert_eq!(get(&t, idx::complexity), vec![10, 0, 1, 1, -5, 1]);
        // One passed pawn, one wing, a rook on the board, kings seven files and ranks apart.
        let t = counts("7k/8/8/8/8/8/P7/K3R3 w - - 0 1");
        assert_eq!(get(&t, idx::complexity), vec![1, 1, 0, 0, 0, 1]);
        let space = |t: &Trace| {
            t.counts
                .iter()
                .find(|&&(i, _)| i as usize == idx::space)
                .map_or(0, |&(_, c)| c)
        };
        // The start: eight safe squares each (ranks 3 and 4 of files c–f), no net space.
        assert_eq!(space(&counts(crate::core::STARTPOS_FEN)), 0);
        // After 1.e4 and 2.d4: White's safe squares d2, e2, c3–f3, c4, f4 (8), of which d2,
        // d3, e2, e3 lie behind its pawns unattacked (+4): 12 × 13² / 64 = 31 (16 pieces − 3,
        // nothing blocked). Black's c6–f6 (c5–f5 are attacked by the pawns): 4 × 169 / 64 = 10.
        let t = counts("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
        assert_eq!(space(&t), 31 - 10);
    }

    #[test]
    fn the_complexity_never_turns_the_sign() {
        assert_eq!(complexity_adjustment_int(100, 30), 30);
        assert_eq!(complexity_adjustment_int(-100, 30), -30);
        assert_eq!(complexity_adjustment_int(100, -300), -100);
        assert_eq!(complexity_adjustment_int(-100, -300), 100);
        assert_eq!(complexity_adjustment_int(0, 50), 0);
        assert_eq!(complexity_adjustment(-100.0, -300.0), 100.0);
    }

    #[test]
    fn drawish_endgames_are_scaled() {
        let e = Full::from_text(crate::eval::FULL_TUNED).unwrap();
        // A lone extra knight: no pawns for the side ahead, at most a minor: scale 0.
        let (_, scale) = Full::phase_and_scale(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), 1);
        assert_eq!(scale, 0);
        // Bishops as the only pieces, with pawns: f1 is light, g8 light, f8 dark.
        let (_, scale) = Full::phase_and_scale(&board("4k1b1/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1"), 1);
        assert_eq!(scale, 64, "same-coloured bishops are not scaled");
        let (_, scale) = Full::phase_and_scale(&board("4kb2/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1"), 1);
        assert_eq!(scale, 32, "opposite-coloured bishops");
        // Only the endgame half is scaled: with one knight on the board (phase 6 of 120) what
        // is left is a twentieth of the middlegame half, far below a knight's worth.
        let lone_knight = e.evaluate(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"));
        assert!((0..30).contains(&lone_knight), "{lone_knight}");
        let with_pawn = e.evaluate(&board("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1"));
        assert!(with_pawn > 300, "{with_pawn}");
    }
}
