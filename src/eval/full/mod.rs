//! `full`: paper 004's evaluator grown into a full hand-crafted evaluation, with every
//! weight a middlegame/endgame pair fitted to game results.
//!
//! # Skeleton: the paper's terms and stage thresholds
//!
//! Every term of paper 004's evaluator is here, generalised so that a tuner can fit it rather
//! than replaced (the paper's centre squares, shelter zones and development facts are read
//! from [`super::features`], which both evaluators share):
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
//! numbers are ours (every weight below is fitted by `chainmate-lab tune --method gradient`):
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
//!   no enemy pawn can ever attack the square; `reachable_outpost`: one in reach, Stockfish's),
//!   `rook_open_file`, `rook_semi_open_file`,
//!   `rook_seventh`, `bad_bishop` (own pawns on the bishop's colour), `minor_behind_pawn`,
//!   `king_open_file` (no own pawn on the king's file);
//! * king shelter and pawn storm by file, as Ethereal and Stockfish weigh them: on the king's
//!   file and each neighbour, the distance in ranks to the nearest own pawn level with or in
//!   front of the king (`shelter_distance`, the king's file apart from its neighbours) and to
//!   the nearest enemy pawn there (`storm_distance`, blocked by an own pawn or free);
//! * `passed_safe_stop` (a passed pawn whose stop square the enemy does not attack, by rank),
//!   `passed_safe_path` (no enemy piece or attack anywhere on its path, by rank: Ethereal's
//!   safe promotion path) and `passed_rook_behind` (a rook or queen behind it on its file,
//!   ours or the enemy's: Stockfish's x-ray support)
//!   and `pawn_push_threat` (enemy pieces a safe pawn push would attack);
//! * `candidate_passer` (Ethereal's shape: a pawn that is not passed but whose only enemy
//!   stoppers attack it or its stop square, with the stop square defended by own pawns at
//!   least as often as attacked; by rank, and whether the pawn itself is held as well) and
//!   `king_pawn_proximity` (the king's distance in files to the nearest pawn of either side:
//!   a king far from every pawn is out of play in an ending), `knight_far_from_kings` and
//!   `bishop_long_diagonal` (Ethereal's knight "in Siberia" and bishop on a long diagonal);
//! * `tempo` for the side to move;
//! * from Stockfish 11's list (and Ethereal's `overloaded`), with the squares each side
//!   attacks twice ([`walk`]'s `SideMaps::twice`): `rook_trapped` (by its own king, with or
//!   without the right to castle), `rook_queen_file`, `restricted` (squares both sides attack
//!   that the enemy does not hold strongly), `queen_attack_square` (safe squares from which
//!   a knight or a doubly supported slider would attack the lone enemy queen), `overloaded`
//!   (attacked once, defended once), `flank_attack` (the enemy's attacks on the king's flank),
//!   and the pawn terms `weak_unopposed`, `weak_lever` and `passed_file`;
//! * a quadratic king danger: with two enemy pieces attacking the squares next to the king
//!   (one, with a queen on the board), the `danger_*` weights × counts sum to a danger `d`
//!   per phase, and the side loses `max(d_mg, 0)²/720` and `max(d_eg, 0)/20` (Ethereal's
//!   shape; the one term that is not linear in its weights — the tuner differentiates it);
//!   besides attacks, checks and weak squares it counts unsafe checks, the pieces alone
//!   between the king and an enemy slider, and the attacks on and defence of the king's flank
//!   (Stockfish's `unsafeChecks`, `blockersForKing`, `kingFlankAttack`/`Defense`);
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
//! # Endgame scaling (weights of their own, fitted like the rest)
//!
//! The endgame half is multiplied by `scale / 64`, where the scale depends on the case of the
//! side ahead in the endgame sum ([`ScaleCase`]): without pawns, a weight for "at most a minor
//! piece" and one for "at most a minor piece ahead" (the well-known drawing margins);
//! otherwise a base plus a slope per own pawn, clamped to 0–64, for three cases —
//! opposite-coloured bishops as the only pieces, opposite-coloured bishops beside other
//! pieces, and everything else (64 and 0 would be no scaling). The shipped values are the
//! `endgame_scale` weights of `weights.rs`, fitted (`chainmate-lab eval --dump-params` prints
//! them). Stockfish 11 and
//! Ethereal 12 scale by such cases with hand-set numbers (Stockfish 11: 22 with opposite
//! bishops alone, otherwise at most `36 + 7 × pawns`, `+ 2 ×` with opposite bishops; Ethereal
//! 12, out of 128: opposite bishops alone 64, with a knight each 106, with a rook each 96);
//! here they are the `endgame_scale` weights, which the gradient tuner fits with the others:
//! the scale multiplies the endgame sum, so its gradient is the sum's share of the evaluation,
//! and the clamp's flat parts have none.
//!
//! # Linear in its weights (but for the king danger)
//!
//! The evaluation is `(mg·φ + eg·(120 − φ)·scale/64) / 120` with φ = `npm` in half pawns
//! (capped at 120), where `mg` and `eg` are sums of weight × count. Everything is computed
//! through one generic walk over the position ([`walk`]) that hands each (weight, count)
//! to an accumulator: the search's accumulator sums, the tuner's records the counts (a
//! [`Trace`]), `explain`'s sums per term. So the tuner fits exactly what the search evaluates.
//!
//! # Layout
//!
//! | file | what |
//! | --- | --- |
//! | `mod.rs` | [`Full`], its three entry points (the search's score, the tuner's [`Trace`], `explain`) |
//! | `weights.rs` | every weight with its documentation and its shipped value |
//! | `params.rs` | [`Tapered`] pairs and the `full_params!` macro that declares the weights |
//! | `walk.rs` | the [`Accumulator`]s and the walk that calls each term function in turn |
//! | `caches.rs` | the per-thread pawn and evaluation tables |
//! | `pawns.rs` | pawn structure (cached per pawn structure) |
//! | `pieces.rs` | each side's pass over its pieces (attack maps, mobility and placement, attacks on the enemy king's zone), material, piece-square tables, opening terms, space |
//! | `threats.rs` | attacks on enemy pieces, hanging pieces, defence, pawn-push threats |
//! | `king.rs` | king shelter, attack, safe checks, the quadratic king danger, pawn shelter and storm |
//! | `passed.rs` | passed pawns beside the pieces |
//! | `scaling.rs` | the phase, the endgame scale and the complexity |
//!
//! A new term is a weight in `weights.rs` and a few lines in the file of its concept that add
//! its counts through the accumulator: the search, the tuner and `explain` see it alike.

mod caches;
mod king;
mod passed;
mod pawns;
mod pieces;
mod scaling;
mod tapered;
mod threats;
mod walk;
mod weights;

#[cfg(test)]
mod tests;

pub use king::{king_danger_penalty, KING_DANGER_EG_DIVISOR, KING_DANGER_MG_DIVISOR};
pub use pieces::SPACE_PHASE;
pub use scaling::{complexity_adjustment, sign, ScaleCase, MAX_PHASE, OPENING_PHASE, SCALE_NORMAL};
pub use tapered::{Tapered, S};
pub use walk::{Accumulator, Trace};
pub use weights::{idx, FullParams, FIELDS};

use std::sync::OnceLock;

use super::param_set::ParamSet;
use super::score::{white_to_side, Score};
use super::{Evaluator, Explanation, Term};
use crate::core::attacks::pawn_attacks_set;
use crate::core::{Bitboard, Piece};
use crate::core::{Board, Color};
use caches::next_generation;
use king::king_danger_penalty_int;
use scaling::complexity_adjustment_int;
use walk::{add, merge_counts, PerField, SideMaps, SideView, Sum};

/// The `full` evaluator. `Full::default()` carries the shipped weights (the literals of
/// `weights.rs`): it is the evaluator the engine plays with.
#[derive(Clone)]
pub struct Full {
    /// The weights; private so that every change goes through a method that retires the
    /// pawn hash entries computed with the old ones and the packed copy.
    params: FullParams,
    generation: u64,
    /// The weights packed by flat index ([`tapered::pack`]), what the search's sum reads;
    /// made on first use after every change of the weights.
    packed: OnceLock<Box<[i32; idx::LEN]>>,
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
            packed: OnceLock::new(),
        }
    }
}

impl Full {
    /// The evaluator with weights loaded from a `name = value` text.
    pub fn from_text(text: &str) -> Result<Full, crate::eval::ParamError> {
        let mut e = Full::default();
        crate::eval::param_set::load_text(&mut e.params, text)?;
        Ok(e)
    }

    /// The weights.
    pub fn weights(&self) -> &FullParams {
        &self.params
    }

    /// The weights as the Rust block that declares them in `src/eval/full/weights.rs`: what
    /// ships a fit as the evaluator's defaults (see [`tapered::rust_block`]).
    pub fn weights_as_rust(&self) -> String {
        tapered::rust_block(&self.params)
    }

    /// Sets every weight pair from flat order (see [`FullParams::set_flat`]).
    pub fn set_weights(&mut self, w: &[S]) {
        self.params.set_flat(w);
        self.generation = next_generation();
        self.packed = OnceLock::new();
    }

    /// The weights packed by flat index (made once after each change of the weights).
    #[inline]
    fn packed(&self) -> &[i32; idx::LEN] {
        self.packed.get_or_init(|| {
            let mut table = Box::new([0; idx::LEN]);
            for (packed, pair) in table.iter_mut().zip(self.params.flat()) {
                *packed = tapered::pack(pair);
            }
            table
        })
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
        let (phase, scale) = self.phase_and_scale(board, eg);
        let cases =
            [Color::White, Color::Black].map(|strong| Full::phase_and_case(board, strong).1);
        Trace {
            counts: merged,
            danger,
            complexity,
            phase,
            scale,
            scale_cases: cases,
        }
    }

    /// Every term but the pawn-only ones; `passed` are both sides' passed pawns. Each side's
    /// pieces first, in one pass that builds its attack maps ([`Full::piece_pass`]); then
    /// each group of terms is its own function below, called once per side with what both
    /// sides' attack maps tell.
    fn piece_terms<A: Accumulator>(&self, board: &Board, passed: Bitboard, acc: &mut A) {
        let units = Full::phase_units(board);
        self.piece_terms_with(board, passed, units[0] + units[1], acc);
    }

    /// [`Full::piece_terms`] with the non-pawn material `npm` (half pawns, both sides)
    /// already counted.
    #[inline(always)]
    fn piece_terms_with<A: Accumulator>(
        &self,
        board: &Board,
        passed: Bitboard,
        npm: i32,
        acc: &mut A,
    ) {
        let band = match board.pieces(Piece::Pawn).popcount() {
            13.. => 0,
            9..=12 => 1,
            5..=8 => 2,
            _ => 3,
        };
        // Each side's pieces in one pass that also builds its attack maps (it needs only the
        // enemy's pawn attacks); then the terms that need both sides' maps.
        let pawn_attacks = [Color::White, Color::Black]
            .map(|color| pawn_attacks_set(color, board.colored(color, Piece::Pawn)));
        let maps: [SideMaps; 2] = [
            self.piece_pass(board, Color::White, pawn_attacks, acc),
            self.piece_pass(board, Color::Black, pawn_attacks, acc),
        ];
        for color in [Color::White, Color::Black] {
            let side = SideView {
                board,
                color,
                us: &maps[color.index()],
                them: &maps[(!color).index()],
                own_pawns: board.colored(color, Piece::Pawn),
                king: board.king(color),
                occupied: board.occupied(),
            };
            self.material_terms(&side, band, acc);
            // The paper's opening terms, skipped when all their weights are zero (as space's
            // and complexity's are) unless the weights are being counted.
            if npm >= OPENING_PHASE
                && (A::COUNTS
                    || self.params.centre_control.0 != [[0, 0]]
                    || self.params.development.0 != [[0, 0]; 4])
            {
                self.opening_terms(&side, acc);
            }
            self.threat_terms(&side, acc);
            self.king_safety_terms(&side, acc);
            if !A::CACHED_KING_PAWNS {
                self.king_pawn_terms(board, color, acc);
            }
            self.passed_piece_terms(&side, passed, acc);
            if npm >= SPACE_PHASE && (A::COUNTS || self.params.space.0 != [[0, 0]]) {
                self.space_terms(&side, acc);
            }
        }
        add!(acc, self.params, board.side_to_move(), tempo, 1);
        if A::COUNTS || self.params.complexity.0.iter().any(|w| w[1] != 0) {
            self.complexity_terms(board, passed, npm, acc);
        }
    }

    /// White's evaluation in centipawns, computed.
    fn compute_white_score(&self, board: &Board) -> i64 {
        let mut sum = Sum::new(self.packed());
        let passed = self.cached_pawn_terms(board, &mut sum);
        self.cached_king_pawn_terms(board, &mut sum);
        // The non-pawn material by side, counted once for the walk and for the phase.
        let units = Full::phase_units(board);
        self.piece_terms_with(board, passed, units[0] + units[1], &mut sum);
        sum.settle();
        let (phase, scale) = self.phase_and_scale_of(board, units, sum.eg);
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
        let mut per = PerField(
            vec![[[0; 2]; 2]; FIELDS.len()],
            [[0; 2]; 2],
            0,
            self.params.flat(),
        );
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
        let (phase, scale) = self.phase_and_scale(board, eg as i32);
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
        // The caller may change any weight: cached pawn scores and the packed copy are stale
        // from now on.
        self.generation = next_generation();
        self.packed = OnceLock::new();
        &mut self.params
    }
}
