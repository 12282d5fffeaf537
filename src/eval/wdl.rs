//! Win/draw/loss from a score: the model Stockfish reports with `UCI_ShowWDL`, with its
//! constants fitted to chainmate's own games.
//!
//! For a score `v` (centipawns, side to move) and the material on the board `m` (pawn 1,
//! knight and bishop 3, rook 5, queen 9, both sides; clamped to 17..78 and divided by 58, as
//! Stockfish normalises it), the probability of a win is `1 / (1 + e^((a − v)/b))` and of a
//! loss `1 / (1 + e^((a + v)/b))`, the rest a draw, with `a = a₀ + a₁·m` (the score at which a
//! win is as likely as not) and `b = b₀ + b₁·m` (how fast the odds change). Stockfish fits
//! cubics in `m` to millions of its own games; with a few thousand positions a line in `m`
//! is what the data support.
//!
//! [`WdlModel::fit`] maximises the likelihood of the games' outcomes (from the side to move's
//! view at each commented move) by gradient ascent; `chainmate-lab experiment wdl` runs it on
//! PGN files whose move comments carry the engine's score (`chainmate-lab match --pgn` writes
//! them) and prints the constants that [`FITTED`] holds and a calibration table.

use std::fmt;

use super::score::{self, Score};
use crate::core::{Board, Piece};

/// The model's constants: `a = a[0] + a[1]·m`, `b = b[0] + b[1]·m`, `m` normalised material.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// The score (cp) at which a win is as likely as not, by material.
    pub a: [f64; 2],
    /// The spread (cp), by material.
    pub b: [f64; 2],
}

/// The model fitted to chainmate's own games between equals: its scores of 11,127 moves in 100
/// self-play games at 10 s + 0.1 s (evaluator `full`, 8moves openings; 42 % draws), so that
/// a draw is as likely as it is between two equal players at that control (`chainmate-lab
/// match --engine-a default --engine-b default --tc 10+0.1 --games 100 --book
/// 8moves_v3_sample4999.epd --seed 24 --pgn selfplay.pgn`, then `chainmate-lab experiment wdl
/// --pgn selfplay.pgn`). A fit to fast games against a weaker engine put `a` at ~11 cp with
/// full material and so gave a 4.6 % draw at the start position.
pub const FITTED: WdlModel = WdlModel {
    a: [291.9, -183.4],
    b: [58.9, 15.9],
};

/// Material as the model counts it: pawn 1, knight and bishop 3, rook 5, queen 9, both sides.
pub fn material(board: &Board) -> i32 {
    [
        (Piece::Pawn, 1),
        (Piece::Knight, 3),
        (Piece::Bishop, 3),
        (Piece::Rook, 5),
        (Piece::Queen, 9),
    ]
    .iter()
    .map(|&(p, v)| board.pieces(p).popcount() as i32 * v)
    .sum()
}

/// One observation: a score, the material, and the outcome for the side the score is for
/// (1 win, ½ draw, 0 loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlSample {
    /// Centipawns, the side to move's view.
    pub score: f64,
    /// [`material`] of the position.
    pub material: i32,
    /// 1, 0.5 or 0 for the side to move.
    pub outcome: f64,
}

fn normalised(material: i32) -> f64 {
    material.clamp(17, 78) as f64 / 58.0
}

impl WdlModel {
    /// `a` and `b` at `material`. `a` is kept at 0 or above: below it the win and loss
    /// curves would overlap and their probabilities sum to more than one (a fit to games
    /// without draws drives it there).
    fn ab(&self, material: i32) -> (f64, f64) {
        let m = normalised(material);
        (
            (self.a[0] + self.a[1] * m).max(0.0),
            (self.b[0] + self.b[1] * m).max(1.0),
        )
    }

    /// Win, draw and loss probabilities for a score `cp` (side to move) at `material`.
    pub fn probabilities(&self, cp: f64, material: i32) -> [f64; 3] {
        let (a, b) = self.ab(material);
        let win = 1.0 / (1.0 + ((a - cp) / b).exp());
        let loss = 1.0 / (1.0 + ((a + cp) / b).exp());
        [win, (1.0 - win - loss).max(0.0), loss]
    }

    /// Win, draw and loss per mille (summing to 1000) for a search score: a mate score is
    /// a certain win or loss, and so is a tablebase result.
    pub fn per_mille(&self, score: Score, material: i32) -> [u32; 3] {
        if score::is_decisive(score) {
            return if score > 0 {
                [1000, 0, 0]
            } else {
                [0, 0, 1000]
            };
        }
        let [w, _, l] = self.probabilities(score as f64, material);
        let win = (w * 1000.0).round() as u32;
        let loss = ((l * 1000.0).round() as u32).min(1000 - win);
        [win, 1000 - win - loss, loss]
    }

    /// Mean log-likelihood of the outcomes (a draw's probability for ½, else win or loss).
    pub fn log_likelihood(&self, samples: &[WdlSample]) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let total: f64 = samples
            .iter()
            .map(|s| {
                let [w, d, l] = self.probabilities(s.score, s.material);
                let p = if s.outcome > 0.75 {
                    w
                } else if s.outcome < 0.25 {
                    l
                } else {
                    d
                };
                p.max(1e-12).ln()
            })
            .sum();
        total / samples.len() as f64
    }

    /// The model of greatest likelihood, from `start` (gradient ascent with Adam on numerical
    /// gradients: four constants, so the cost is in the samples, not the parameters).
    pub fn fit(samples: &[WdlSample], start: WdlModel, iterations: usize) -> WdlModel {
        let to_vec = |m: &WdlModel| [m.a[0], m.a[1], m.b[0], m.b[1]];
        let from_vec = |v: &[f64; 4]| WdlModel {
            a: [v[0], v[1]],
            b: [v[2], v[3]],
        };
        let mut x = to_vec(&start);
        let (mut m, mut v) = ([0.0f64; 4], [0.0f64; 4]);
        let (b1, b2, rate) = (0.9f64, 0.999f64, 2.0f64);
        for t in 1..=iterations {
            let mut g = [0.0f64; 4];
            for i in 0..4 {
                let h = 1e-3;
                let (mut up, mut down) = (x, x);
                up[i] += h;
                down[i] -= h;
                g[i] = (from_vec(&up).log_likelihood(samples)
                    - from_vec(&down).log_likelihood(samples))
                    / (2.0 * h);
            }
            for i in 0..4 {
                m[i] = b1 * m[i] + (1.0 - b1) * g[i];
                v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
                let mh = m[i] / (1.0 - b1.powi(t as i32));
                let vh = v[i] / (1.0 - b2.powi(t as i32));
                x[i] += rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        from_vec(&x)
    }
}

/// The fewest games [`check_support`] accepts for a fit of the model's four constants.
pub const MIN_GAMES: usize = 10;

/// What a set of samples lacks for a fit of the model: without draws the likelihood grows
/// without bound as the draw band closes, without wins and losses as it widens, and a few
/// games say nothing of four constants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Games with samples.
    pub games: usize,
    /// Samples from drawn games.
    pub draws: usize,
    /// Samples from won or lost games.
    pub decisive: usize,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut missing = Vec::new();
        if self.games < MIN_GAMES {
            missing.push(format!(
                "{} (at least {MIN_GAMES} needed)",
                crate::text::count(self.games, "game")
            ));
        }
        if self.draws == 0 {
            missing.push("no drawn game".to_string());
        }
        if self.decisive == 0 {
            missing.push("no won or lost game".to_string());
        }
        write!(
            f,
            "the games cannot support a fit of the win/draw/loss model: {}",
            missing.join(", ")
        )
    }
}

impl std::error::Error for Unsupported {}

/// `Ok` when `samples`, from `games` games, can support a fit: at least [`MIN_GAMES`]
/// games, some drawn and some won or lost.
pub fn check_support(samples: &[WdlSample], games: usize) -> Result<(), Unsupported> {
    let draws = samples
        .iter()
        .filter(|s| (0.25..=0.75).contains(&s.outcome))
        .count();
    let found = Unsupported {
        games,
        draws,
        decisive: samples.len() - draws,
    };
    if games < MIN_GAMES || found.draws == 0 || found.decisive == 0 {
        return Err(found);
    }
    Ok(())
}

/// Shares (summing to 1) as whole percentages that sum to exactly 100: each rounded down,
/// the points left over given to the largest remainders (ties to the first).
pub fn whole_percentages(shares: [f64; 3]) -> [u32; 3] {
    let total: f64 = shares.iter().map(|s| s.max(0.0)).sum();
    if total <= 0.0 {
        return [0, 100, 0];
    }
    let exact = shares.map(|s| 100.0 * s.max(0.0) / total);
    let mut out = exact.map(|e| e.floor() as u32);
    let mut order = [0, 1, 2];
    order.sort_by(|&i, &j| {
        let (ri, rj) = (exact[i] - exact[i].floor(), exact[j] - exact[j].floor());
        rj.total_cmp(&ri).then(i.cmp(&j))
    });
    let left = 100 - out.iter().sum::<u32>().min(100);
    for &i in order.iter().take(left as usize) {
        out[i] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the self-play fit says of equal positions: with every piece on the board a game
    /// between equals at 10+0.1 is drawn about a third of the time (38 % observed at material
    /// 72–78), and with little material left nearly always; the first fit said 4.6 %.
    #[test]
    fn equal_positions_are_drawn_as_often_as_between_equals() {
        let [w, d, l] = FITTED.per_mille(0, 78);
        assert_eq!(w, l);
        assert!((250..=450).contains(&d), "{w} {d} {l}");
        let [_, d, _] = FITTED.per_mille(0, 20);
        assert!(d >= 900, "{d}");
        let [w, _, l] = FITTED.per_mille(400, 60);
        assert!(w > 900 && l < 10, "{w} {l}");
    }

    #[test]
    fn probabilities_are_symmetric_and_sum_to_one() {
        for cp in [-500.0, -80.0, 0.0, 35.0, 300.0] {
            for material in [10, 40, 78] {
                let [w, d, l] = FITTED.probabilities(cp, material);
                assert!((w + d + l - 1.0).abs() < 1e-12);
                let [w2, _, l2] = FITTED.probabilities(-cp, material);
                assert!((w - l2).abs() < 1e-12 && (l - w2).abs() < 1e-12);
            }
        }
        let [w, d, l] = FITTED.per_mille(0, 40);
        assert_eq!(w, l);
        assert_eq!(w + d + l, 1000);
        assert_eq!(FITTED.per_mille(score::mate_in(3), 40), [1000, 0, 0]);
        assert_eq!(FITTED.per_mille(score::mated_in(2), 40), [0, 0, 1000]);
        // More advantage, more wins.
        assert!(FITTED.per_mille(200, 40)[0] > FITTED.per_mille(100, 40)[0]);
    }

    #[test]
    fn fitting_recovers_the_model_that_drew_the_samples() {
        use crate::core::prng::SplitMix64;
        let truth = WdlModel {
            a: [150.0, 100.0],
            b: [60.0, 40.0],
        };
        let mut rng = SplitMix64::new(7);
        let mut unit = move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let samples: Vec<WdlSample> = (0..20_000)
            .map(|_| {
                let score = -600.0 + 1200.0 * unit();
                let material = 10 + (69.0 * unit()) as i32;
                let [w, d, _] = truth.probabilities(score, material);
                let u = unit();
                let outcome = if u < w {
                    1.0
                } else if u < w + d {
                    0.5
                } else {
                    0.0
                };
                WdlSample {
                    score,
                    material,
                    outcome,
                }
            })
            .collect();
        let start = WdlModel {
            a: [200.0, 0.0],
            b: [80.0, 0.0],
        };
        let fitted = WdlModel::fit(&samples, start, 3000);
        assert!(fitted.log_likelihood(&samples) >= truth.log_likelihood(&samples) - 1e-3);
        for m in [20, 50, 78] {
            let (a, b) = fitted.ab(m);
            let (ta, tb) = truth.ab(m);
            assert!((a - ta).abs() < 15.0, "a at {m}: {a} vs {ta}");
            assert!((b - tb).abs() < 10.0, "b at {m}: {b} vs {tb}");
        }
    }

    /// A model with `a` below zero (what a fit to decisive games alone reaches) would give a
    /// win and a loss more than 100 % together: `a` is held at zero.
    #[test]
    fn a_negative_a_still_gives_probabilities_that_sum_to_one() {
        let degenerate = WdlModel {
            a: [-400.0, 0.0],
            b: [60.0, 0.0],
        };
        for cp in [-300.0, 0.0, 120.0] {
            let [w, d, l] = degenerate.probabilities(cp, 40);
            assert!((w + d + l - 1.0).abs() < 1e-12, "{w} {d} {l}");
            assert!(d >= 0.0);
        }
    }

    fn sample(outcome: f64) -> WdlSample {
        WdlSample {
            score: 50.0,
            material: 60,
            outcome,
        }
    }

    #[test]
    fn a_fit_needs_games_draws_and_decisive_results() {
        let one_decisive = [sample(1.0), sample(0.0)];
        let refused = check_support(&one_decisive, 1).unwrap_err();
        let text = refused.to_string();
        assert!(text.contains("1 game (at least 10 needed)"), "{text}");
        assert!(text.contains("no drawn game"), "{text}");
        assert!(!text.contains("no won or lost"), "{text}");
        let draws = [sample(0.5); 4];
        let text = check_support(&draws, 12).unwrap_err().to_string();
        assert!(text.contains("no won or lost game") && !text.contains("needed"));
        let mixed = [sample(0.5), sample(1.0), sample(0.0)];
        assert_eq!(check_support(&mixed, 10), Ok(()));
    }

    #[test]
    fn whole_percentages_sum_to_a_hundred() {
        assert_eq!(whole_percentages([1.0 / 3.0; 3]), [34, 33, 33]);
        assert_eq!(whole_percentages([0.5, 0.0, 0.5]), [50, 0, 50]);
        assert_eq!(whole_percentages([0.996, 0.002, 0.002]), [100, 0, 0]);
        assert_eq!(whole_percentages([0.125, 0.125, 0.75]), [13, 12, 75]);
        for k in 0..=200 {
            let w = k as f64 / 200.0 * 0.7;
            let d = (1.0 - w) * 0.37;
            let p = whole_percentages([w, d, 1.0 - w - d]);
            assert_eq!(p.iter().sum::<u32>(), 100, "{p:?}");
        }
    }

    #[test]
    fn material_of_the_start_position() {
        assert_eq!(material(&Board::startpos()), 78);
    }
}
