//! Texel's objective minimised by gradient descent, for evaluators linear in their weights.
//!
//! The objective is the one [`super::texel`] minimises — the mean squared difference between
//! the game result and `σ(e) = 1 / (1 + 10^(−K·e/400))` — but instead of moving one parameter
//! at a time and re-evaluating every position, each position's feature counts are extracted
//! once ([`Full::trace`]): its evaluation is `φ·Σ w_mg·c + (1 − φ)·s·Σ w_eg·c` (φ the phase
//! fraction, `s` the endgame scale, itself a clamped sum of weights by the position's case),
//! so the gradient of the error with respect to every weight is exact and cheap. A thousand
//! full passes over half a million positions take minutes where the local search would need
//! hours for the evaluator's thousand-odd weights. Ethereal and most hand-crafted engines of
//! the last decade tune this way.
//!
//! Choices: full-batch Adam (β₁ 0.9, β₂ 0.999; the step `rate` in centipawns), weights kept as
//! reals while tuning and rounded to whole centipawns at the end; `K` fixed before tuning
//! (fitted with the starting weights, whose material sets the centipawn scale); frozen
//! weights (`exclude`) keep their value. The held-out samples are scored every `report_every`
//! passes so over-fitting shows.
//!
//! With data that carry a search's score (`chainmate-lab datagen`), the training target may be a
//! blend of the result and the score mapped through the same sigmoid ([`Dataset::blend`]);
//! the held-out error is always measured against the results, so fits with different blends
//! are compared on the one thing that matters, how well the evaluation predicts games.
//!
//! Two guards against fits that predict the data but play worse. Adam divides each step by
//! the gradient's own size, so a weight seen in a few positions in a thousand (a queen with
//! two moves, a rare pawn pattern) moves as fast as the material values and lands wherever
//! those few positions' noise puts it; a search then steers into exactly the positions whose
//! evaluation is too high. An L2 penalty `μ·Σ(w − w₀)²` toward the starting weights (`l2`)
//! lets the data move a weight only as far as it has evidence for: a weight's data gradient
//! is the mean over all positions, so it scales with how often the feature occurs, while the
//! penalty does not. With the errors of `chainmate-lab datagen`'s data (≈ 0.06) a μ of 1e-8
//! leaves features present in more than about one position in a hundred free and holds the
//! rarer ones near their start. And every weight stays inside the range that `--set`,
//! `setoption` and parameter files accept, so that every fit loads.

use crate::eval::full::{
    complexity_adjustment, idx, king_danger_penalty, Full, ScaleCase, Trace,
    KING_DANGER_EG_DIVISOR, KING_DANGER_MG_DIVISOR, MAX_PHASE, SCALE_NORMAL,
};
use crate::eval::param_set::ParamSet;
use crate::eval::Evaluator;
use chainmate::core::Color;

pub use super::gradient_state::GradientState;
use super::texel::{expected_score, Sample};

/// Positions as feature counts, packed.
pub struct Dataset {
    index: Vec<u16>,
    count: Vec<f32>,
    start: Vec<u32>,
    /// King-danger counts (the quadratic term): White's king's then Black's for each
    /// position, `danger_start[2i + c]..danger_start[2i + c + 1]`.
    danger_index: Vec<u16>,
    danger_count: Vec<f32>,
    danger_start: Vec<u32>,
    /// Complexity counts (the endgame-only term that never turns the sign), position `i`'s
    /// at `complexity_start[i]..complexity_start[i + 1]`.
    complexity_index: Vec<u16>,
    complexity_count: Vec<f32>,
    complexity_start: Vec<u32>,
    mg_factor: Vec<f32>,
    /// `(1 − φ) / 64`: the endgame sum's share of the evaluation per unit of the scale.
    eg_phase: Vec<f32>,
    /// The endgame scale's case with White ahead and with Black ahead: the scale is computed
    /// from the weights at each pass, as the side ahead and the `endgame_scale` weights move.
    scale_cases: Vec<[ScaleCase; 2]>,
    /// The game's result, White's view.
    result: Vec<f32>,
    /// What the training fits: the result, or its blend with the search's score
    /// ([`Dataset::blend`]).
    target: Vec<f32>,
}

impl Dataset {
    /// Traces every sample with `evaluator` (using `threads` threads).
    pub fn new(evaluator: &Full, samples: &[Sample], threads: usize) -> Dataset {
        let chunk = samples.len().div_ceil(threads.max(1)).max(1);
        let traces: Vec<Vec<Trace>> = std::thread::scope(|s| {
            let handles: Vec<_> = samples
                .chunks(chunk)
                .map(|part| {
                    s.spawn(move || part.iter().map(|x| evaluator.trace(&x.board)).collect())
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no panic"))
                .collect()
        });
        let mut d = Dataset {
            index: Vec::new(),
            count: Vec::new(),
            start: vec![0],
            danger_index: Vec::new(),
            danger_count: Vec::new(),
            danger_start: vec![0],
            complexity_index: Vec::new(),
            complexity_count: Vec::new(),
            complexity_start: vec![0],
            mg_factor: Vec::with_capacity(samples.len()),
            eg_phase: Vec::with_capacity(samples.len()),
            scale_cases: Vec::with_capacity(samples.len()),
            result: samples.iter().map(|s| s.result as f32).collect(),
            target: samples.iter().map(|s| s.result as f32).collect(),
        };
        for t in traces.into_iter().flatten() {
            for (i, c) in t.counts {
                d.index.push(i);
                d.count.push(c as f32);
            }
            d.start.push(d.index.len() as u32);
            for side in &t.danger {
                for &(i, c) in side {
                    d.danger_index.push(i);
                    d.danger_count.push(c as f32);
                }
                d.danger_start.push(d.danger_index.len() as u32);
            }
            for &(i, c) in &t.complexity {
                d.complexity_index.push(i);
                d.complexity_count.push(c as f32);
            }
            d.complexity_start.push(d.complexity_index.len() as u32);
            let phase = t.phase as f32 / MAX_PHASE as f32;
            d.mg_factor.push(phase);
            d.eg_phase.push((1.0 - phase) / SCALE_NORMAL as f32);
            d.scale_cases.push(t.scale_cases);
        }
        d
    }

    /// Fits `λ·R + (1 − λ)·σ(score)` from now on instead of the result `R` alone (`σ` with
    /// scale `k`, the score the sample's search score; a sample without one keeps `R`):
    /// the search's score says how good the position is, the result what became of it, and
    /// a blend of the two is less noisy than either (the result of a game decided 60 moves
    /// later says little about a position; a score is only as good as the search).
    /// `samples` are the ones the dataset was made from, in the same order.
    pub fn blend(&mut self, samples: &[Sample], lambda: f64, k: f64) {
        assert_eq!(samples.len(), self.len(), "the dataset's own samples");
        self.target = samples
            .iter()
            .map(|s| match s.score {
                Some(cp) => (lambda * s.result + (1.0 - lambda) * expected_score(cp, k)) as f32,
                None => s.result as f32,
            })
            .collect();
    }

    /// Fits `λ·R + τ·σ_t(teacher) + (1 − λ − τ)·σ(score)` from now on: the result, a
    /// teacher's score through its own scale `k_teacher` (its centipawns are its own unit), and
    /// our search's score through `k` ([`Dataset::blend`] is τ = 0). A sample without a
    /// teacher's score gives τ's share to the other two in proportion (to the result alone
    /// when λ + τ = 1), or, with `untaught` = Some(λu), fits `λu·R + (1 − λu)·σ(score)`; one
    /// without our score keeps the result alone.
    pub fn blend_teacher(
        &mut self,
        samples: &[Sample],
        (lambda, tau, untaught): (f64, f64, Option<f64>),
        k: f64,
        k_teacher: f64,
    ) {
        assert_eq!(samples.len(), self.len(), "the dataset's own samples");
        let ours_share = (1.0 - lambda - tau).max(0.0);
        self.target = samples
            .iter()
            .map(|s| {
                let Some(cp) = s.score else {
                    return s.result as f32;
                };
                let (r, t, o) = match (s.teacher, untaught) {
                    (Some(_), _) => (lambda, tau, ours_share),
                    (None, Some(lu)) => (lu, 0.0, 1.0 - lu),
                    (None, None) if lambda + ours_share > 0.0 => {
                        let sum = lambda + ours_share;
                        (lambda / sum, 0.0, ours_share / sum)
                    }
                    (None, None) => (1.0, 0.0, 0.0),
                };
                let teacher = s.teacher.map_or(0.0, |x| expected_score(x, k_teacher));
                (r * s.result + t * teacher + o * expected_score(cp, k)) as f32
            })
            .collect();
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    fn features(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        packed(&self.index, &self.count, &self.start, i)
    }

    /// The king-danger features of `side`'s king (0 White, 1 Black) in position `i`.
    fn danger_features(&self, i: usize, side: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        packed(
            &self.danger_index,
            &self.danger_count,
            &self.danger_start,
            2 * i + side,
        )
    }

    /// The king danger `[d_mg, d_eg]` of `side`'s king in position `i` under weights `w`.
    fn danger(&self, w: &[[f64; 2]], i: usize, side: usize) -> [f64; 2] {
        let mut d = [0.0, 0.0];
        for (j, c) in self.danger_features(i, side) {
            d[0] += w[j][0] * c as f64;
            d[1] += w[j][1] * c as f64;
        }
        d
    }

    /// The complexity features of position `i`.
    fn complexity_features(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        packed(
            &self.complexity_index,
            &self.complexity_count,
            &self.complexity_start,
            i,
        )
    }

    /// White's middlegame and endgame sums of position `i` under weights `w` (king danger
    /// included), and its complexity — before the complexity moves the endgame sum.
    fn sums(&self, w: &[[f64; 2]], i: usize) -> (f64, f64, f64) {
        let (mut mg, mut eg) = (0.0, 0.0);
        for (j, c) in self.features(i) {
            mg += w[j][0] * c as f64;
            eg += w[j][1] * c as f64;
        }
        for (side, sign) in [(0, 1.0), (1, -1.0)] {
            let [pm, pe] = king_danger_penalty(self.danger(w, i, side));
            mg -= sign * pm;
            eg -= sign * pe;
        }
        let complexity = self
            .complexity_features(i)
            .map(|(j, c)| w[j][1] * c as f64)
            .sum();
        (mg, eg, complexity)
    }

    /// The endgame scale of position `i` under weights `w` given its endgame sum `eg` (after
    /// the complexity): its case (the side ahead is White when `eg ≥ 0`, as in the search),
    /// and the scale before and after the clamp to `0..=64`.
    fn scale(&self, w: &[[f64; 2]], i: usize, eg: f64) -> (ScaleCase, f64, f64) {
        let case = self.scale_cases[i][usize::from(eg < 0.0)];
        let raw = case.raw(|e| w[idx::endgame_scale + e][1]);
        (case, raw, raw.clamp(0.0, SCALE_NORMAL as f64))
    }

    /// White's evaluation of position `i` under real-valued weights `w`.
    fn eval(&self, w: &[[f64; 2]], i: usize) -> f64 {
        let (mg, eg, complexity) = self.sums(w, i);
        let eg = eg + complexity_adjustment(eg, complexity);
        let (_, _, scale) = self.scale(w, i, eg);
        mg * self.mg_factor[i] as f64 + eg * self.eg_phase[i] as f64 * scale
    }

    /// Mean squared error under weights `w` against the training target.
    pub fn error(&self, w: &[[f64; 2]], k: f64, threads: usize) -> f64 {
        self.mean_squared(&self.target, w, k, threads)
    }

    /// Mean squared error under weights `w` against the games' results (Texel's error,
    /// whatever the blend: what blends are compared by).
    pub fn result_error(&self, w: &[[f64; 2]], k: f64, threads: usize) -> f64 {
        self.mean_squared(&self.result, w, k, threads)
    }

    fn mean_squared(&self, truth: &[f32], w: &[[f64; 2]], k: f64, threads: usize) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total = super::texel::parallel_sum(self.len(), threads, |i| {
            let d = truth[i] as f64 - expected_score(self.eval(w, i), k);
            d * d
        });
        total / self.len() as f64
    }

    /// The gradient of the mean squared error with respect to every weight.
    fn gradient(&self, w: &[[f64; 2]], k: f64, threads: usize) -> Vec<[f64; 2]> {
        let ranges = split(self.len(), threads);
        let parts: Vec<Vec<[f64; 2]>> = std::thread::scope(|s| {
            let handles: Vec<_> = ranges
                .into_iter()
                .map(|range| {
                    s.spawn(move || {
                        let mut g = vec![[0.0f64; 2]; w.len()];
                        let c = k * std::f64::consts::LN_10 / 400.0;
                        for i in range {
                            let (mg, eg, complexity) = self.sums(w, i);
                            let eg_total = eg + complexity_adjustment(eg, complexity);
                            let (case, raw, scale) = self.scale(w, i, eg_total);
                            let eg_factor = self.eg_phase[i] as f64 * scale;
                            let e = mg * self.mg_factor[i] as f64 + eg_total * eg_factor;
                            let p = expected_score(e, k);
                            // d/de (R − σ(e))² = −2 (R − σ) σ (1 − σ) · K ln10 / 400
                            let d = -2.0 * (self.target[i] as f64 - p) * p * (1.0 - p) * c;
                            let dm = d * self.mg_factor[i] as f64;
                            // The complexity: eg + sign(eg)·max(c, −|eg|). While c > −|eg|
                            // the endgame sum moves by sign(eg)·c (slope 1 in eg, sign(eg) in
                            // c); below, the sum is pinned at zero (slope 0 in both).
                            let sign = crate::eval::full::sign(eg);
                            let (slope_eg, slope_c) = if complexity > -eg.abs() {
                                (1.0, sign)
                            } else {
                                (1.0 - sign * sign, 0.0)
                            };
                            // The scale: its weights move it inside the clamp only.
                            if (0.0..=SCALE_NORMAL as f64).contains(&raw) {
                                let ds = d * eg_total * self.eg_phase[i] as f64;
                                let (base, slope) = case.elements();
                                g[idx::endgame_scale + base][1] += ds;
                                if let Some(s) = slope {
                                    g[idx::endgame_scale + s][1] += ds * f64::from(case.pawns);
                                }
                            }
                            let de_raw = d * eg_factor;
                            for (j, cnt) in self.complexity_features(i) {
                                g[j][1] += de_raw * slope_c * cnt as f64;
                            }
                            let de = de_raw * slope_eg;
                            for (j, cnt) in self.features(i) {
                                g[j][0] += dm * cnt as f64;
                                g[j][1] += de * cnt as f64;
                            }
                            // The danger penalty −sign·(max(d_mg, 0)²/720, max(d_eg, 0)/20).
                            for (side, sign) in [(0, 1.0), (1, -1.0)] {
                                let [d_mg, d_eg] = self.danger(w, i, side);
                                let slope_mg = 2.0 * d_mg.max(0.0) / KING_DANGER_MG_DIVISOR as f64;
                                let slope_eg = if d_eg > 0.0 {
                                    1.0 / KING_DANGER_EG_DIVISOR as f64
                                } else {
                                    0.0
                                };
                                for (j, cnt) in self.danger_features(i, side) {
                                    g[j][0] -= sign * dm * slope_mg * cnt as f64;
                                    g[j][1] -= sign * de * slope_eg * cnt as f64;
                                }
                            }
                        }
                        g
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no panic"))
                .collect()
        });
        let n = self.len().max(1) as f64;
        let mut g = vec![[0.0f64; 2]; w.len()];
        for part in parts {
            for (a, b) in g.iter_mut().zip(part) {
                a[0] += b[0] / n;
                a[1] += b[1] / n;
            }
        }
        g
    }
}

/// Entry `k` of a packed list of `(index, count)` runs: `start[k]..start[k + 1]`.
fn packed<'a>(
    index: &'a [u16],
    count: &'a [f32],
    start: &[u32],
    k: usize,
) -> impl Iterator<Item = (usize, f32)> + 'a {
    let (a, b) = (start[k] as usize, start[k + 1] as usize);
    index[a..b]
        .iter()
        .zip(&count[a..b])
        .map(|(&j, &c)| (j as usize, c))
}

fn split(n: usize, threads: usize) -> Vec<std::ops::Range<usize>> {
    let chunk = n.div_ceil(threads.max(1)).max(1);
    (0..n)
        .step_by(chunk)
        .map(|a| a..(a + chunk).min(n))
        .collect()
}

/// Settings of a gradient run.
#[derive(Clone, Debug)]
pub struct GradientSettings {
    /// Sigmoid scale.
    pub k: f64,
    /// Full passes over the training data.
    pub epochs: usize,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// Threads.
    pub threads: usize,
    /// Weights left alone: full names, or prefixes ending in `*`.
    pub exclude: Vec<String>,
    /// Score the held-out data (and call `report`) every this many passes.
    pub report_every: usize,
    /// The weight μ of the L2 penalty `μ·Σ(w − w₀)²` that holds each weight near its
    /// starting value `w₀` (0: none); see the module's notes.
    pub l2: f64,
}

/// Progress after some passes.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Passes done.
    pub epoch: usize,
    /// Training error (against the training target) with the weights rounded as they will
    /// be written.
    pub train: f64,
    /// Held-out error against the games' results, likewise.
    pub validation: f64,
}

/// The error of `evaluator` on a dataset against its training target (its weights as they
/// are).
pub fn dataset_error(evaluator: &Full, data: &Dataset, k: f64, threads: usize) -> f64 {
    data.error(&real(evaluator), k, threads)
}

/// The error of `evaluator` on a dataset against the games' results.
pub fn dataset_result_error(evaluator: &Full, data: &Dataset, k: f64, threads: usize) -> f64 {
    data.result_error(&real(evaluator), k, threads)
}

pub(crate) fn real(evaluator: &Full) -> Vec<[f64; 2]> {
    evaluator
        .weights()
        .flat()
        .into_iter()
        .map(|[m, e]| [m as f64, e as f64])
        .collect()
}

/// Each weight's range, as `--set`, `setoption` and parameter files accept it (so that a fit
/// always loads), in the order of `real`; unbounded where the weight is not a tunable.
fn bounds(evaluator: &Full) -> Vec<[(f64, f64); 2]> {
    let mut b = vec![[(f64::NEG_INFINITY, f64::INFINITY); 2]; idx::LEN];
    for (n, (name, _)) in evaluator.weights().entries().iter().enumerate() {
        if let Some(t) = chainmate::config::tunable(&format!("{}.{name}", chainmate::config::FULL))
        {
            // Rounding to whole centipawns must stay inside too.
            b[n / 2][n % 2] = (t.min.ceil(), t.max.floor());
        }
    }
    b
}

fn rounded(w: &[[f64; 2]]) -> Vec<[i32; 2]> {
    w.iter()
        .map(|[m, e]| [m.round() as i32, e.round() as i32])
        .collect()
}

/// Tunes `evaluator`'s weights on `train` (held-out error on `validation`); the weights are
/// set, rounded, at every report and at the end.
pub fn tune(
    evaluator: &mut Full,
    train: &Dataset,
    validation: &Dataset,
    settings: &GradientSettings,
    report: impl FnMut(&Progress, &Full),
) {
    let state = GradientState::new(real(evaluator), settings.k, train.len());
    tune_from(
        evaluator,
        state,
        train,
        validation,
        settings,
        report,
        |_| {},
    );
}

/// [`tune`] from `state` (a fresh one, or a checkpoint's) up to `settings.epochs` passes;
/// `checkpoint(state)` after every pass (the caller chooses which to keep).
pub fn tune_from(
    evaluator: &mut Full,
    mut state: GradientState,
    train: &Dataset,
    validation: &Dataset,
    settings: &GradientSettings,
    mut report: impl FnMut(&Progress, &Full),
    mut checkpoint: impl FnMut(&GradientState),
) {
    let frozen: Vec<[bool; 2]> = {
        let names = evaluator.weights().entries();
        // Entries run field by field, each pair as (mg, eg): the same order as `flat`.
        let mut f = vec![[false; 2]; idx::LEN];
        for (n, (name, _)) in names.iter().enumerate() {
            f[n / 2][n % 2] = super::texel::excluded(name, &settings.exclude);
        }
        f
    };
    let bounds = bounds(evaluator);
    let k = state.k;
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    for epoch in state.epoch + 1..=settings.epochs {
        let GradientState { w, start, m, v, .. } = &mut state;
        let g = train.gradient(w, k, settings.threads);
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for j in 0..w.len() {
            for ph in 0..2 {
                if frozen[j][ph] {
                    continue;
                }
                let g = g[j][ph] + 2.0 * settings.l2 * (w[j][ph] - start[j][ph]);
                m[j][ph] = b1 * m[j][ph] + (1.0 - b1) * g;
                v[j][ph] = b2 * v[j][ph] + (1.0 - b2) * g * g;
                let step = settings.rate * (m[j][ph] / c1) / ((v[j][ph] / c2).sqrt() + eps);
                let (lo, hi) = bounds[j][ph];
                w[j][ph] = (w[j][ph] - step).clamp(lo, hi);
            }
        }
        state.epoch = epoch;
        if epoch % settings.report_every.max(1) == 0 || epoch == settings.epochs {
            evaluator.set_weights(&rounded(&state.w));
            let r = real(evaluator);
            let progress = Progress {
                epoch,
                train: train.error(&r, k, settings.threads),
                validation: validation.result_error(&r, k, settings.threads),
            };
            report(&progress, evaluator);
        }
        checkpoint(&state);
    }
    evaluator.set_weights(&rounded(&state.w));
}

/// The side-independent White view used by the tuner equals the search's evaluation.
pub fn white_view(evaluator: &Full, sample: &Sample) -> f64 {
    let e = evaluator.evaluate(&sample.board) as f64;
    if sample.board.side_to_move() == Color::White {
        e
    } else {
        -e
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::texel::parse_samples;

    #[test]
    fn gradient_matches_finite_differences() {
        let text = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - c9 \"1-0\"; ce 40;",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - c9 \"0-1\";",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\"; ce -25;",
        ]
        .join("\n");
        let (samples, _) = parse_samples(&text);
        let e = Full::default();
        // The gradient of the blended target's error, which is what training follows.
        let mut d = Dataset::new(&e, &samples, 1);
        d.blend(&samples, 0.5, 1.0);
        let w = real(&e);
        let weights = [
            idx::material + 1,
            idx::passed + 5,
            idx::tempo,
            idx::mobility_rook + 3,
        ];
        check_gradient(&d, &w, &weights);
    }

    /// Checks the analytic gradient of `d`'s error at `w` against central differences for
    /// both phases of each weight in `weights`; returns each (weight, phase) with its numeric
    /// derivative.
    fn check_gradient(
        d: &Dataset,
        w: &[[f64; 2]],
        weights: &[usize],
    ) -> Vec<((usize, usize), f64)> {
        let g = d.gradient(w, 1.0, 2);
        let mut found = Vec::new();
        for &j in weights {
            for ph in 0..2 {
                let h = 1e-3;
                let mut up = w.to_vec();
                up[j][ph] += h;
                let mut down = w.to_vec();
                down[j][ph] -= h;
                let numeric = (d.error(&up, 1.0, 1) - d.error(&down, 1.0, 1)) / (2.0 * h);
                assert!(
                    (numeric - g[j][ph]).abs() <= 1e-9 + 1e-4 * numeric.abs(),
                    "weight {j}/{ph}: numeric {numeric}, analytic {}",
                    g[j][ph]
                );
                found.push(((j, ph), numeric));
            }
        }
        found
    }

    /// The teacher's blend: the shares of the result, the teacher and our score, and a sample
    /// without a teacher's score giving the teacher's share to the other two.
    #[test]
    fn the_teacher_blend_weighs_three_targets() {
        let text = "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\"; ce 0;\n4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"0-1\"; ce 0;";
        let (mut samples, _) = parse_samples(text);
        samples[0].teacher = Some(0.0);
        let e = Full::default();
        let mut d = Dataset::new(&e, &samples, 1);
        d.blend_teacher(&samples, (0.5, 0.3, None), 1.0, 1.0);
        // σ(0) = ½ for both scores: 0.5·1 + 0.3·½ + 0.2·½, and 5/7·0 + 2/7·½.
        assert!((d.target[0] - 0.75).abs() < 1e-6, "{}", d.target[0]);
        assert!((d.target[1] - 1.0 / 7.0).abs() < 1e-6, "{}", d.target[1]);
        // With the untaught share set, the sample without a teacher's score takes it: 0.6·0 +
        // 0.4·½; the taught one is as before.
        d.blend_teacher(&samples, (0.5, 0.5, Some(0.6)), 1.0, 1.0);
        assert!((d.target[0] - 0.75).abs() < 1e-6, "{}", d.target[0]);
        assert!((d.target[1] - 0.2).abs() < 1e-6, "{}", d.target[1]);
    }

    #[test]
    fn the_king_danger_gradient_matches_finite_differences() {
        // Black's king hunted by three pieces; White's by a queen and a rook.
        let text = [
            "r4rk1/ppp2ppp/8/6NQ/8/3B4/PPPq1PPP/R4RK1 b - - c9 \"1-0\"; ce 300;",
            "6k1/5ppp/8/8/8/1q6/r4PPP/6K1 w - - c9 \"0-1\";",
        ]
        .join("\n");
        let (samples, _) = parse_samples(&text);
        let mut e = Full::default();
        crate::eval::param_set::load_text(
            e.params_mut(),
            include_str!("../../../src/eval/full_danger_start.txt"),
        )
        .unwrap();
        let mut d = Dataset::new(&e, &samples, 1);
        d.blend(&samples, 0.5, 1.0);
        let w = real(&e);
        // The dataset evaluates as the evaluator does (the search rounds each penalty once).
        for (i, s) in samples.iter().enumerate() {
            assert!((d.eval(&w, i) - white_view(&e, s)).abs() <= 1.5, "{i}");
        }
        assert!(d.danger(&w, 0, 1)[0] > 0.0, "Black's king is in danger");
        let weights = [
            idx::danger_zone_attacks,
            idx::danger_zone_attacks + 3,
            idx::danger_attackers,
            idx::danger_base,
        ];
        for ((j, ph), numeric) in check_gradient(&d, &w, &weights) {
            assert!(numeric.abs() > 1e-9, "weight {j}/{ph} moves the error");
        }
    }

    /// The shipped evaluator with `field`'s endgame weights set to `values`, its dataset of
    /// `samples` (the target blended half-and-half) and its weights as reals; checks that the
    /// dataset evaluates every sample as the evaluator does (within the search's rounding).
    fn with_endgame_weights(
        samples: &[Sample],
        field: usize,
        values: &[i32],
    ) -> (Full, Dataset, Vec<[f64; 2]>) {
        let mut e = Full::default();
        let mut flat = e.weights().flat();
        for (i, &v) in values.iter().enumerate() {
            flat[field + i] = [0, v];
        }
        e.set_weights(&flat);
        let mut d = Dataset::new(&e, samples, 1);
        d.blend(samples, 0.5, 1.0);
        let w = real(&e);
        for (i, s) in samples.iter().enumerate() {
            assert!((d.eval(&w, i) - white_view(&e, s)).abs() <= 1.5, "{i}");
        }
        (e, d, w)
    }

    #[test]
    fn the_complexity_gradient_matches_finite_differences() {
        // Endgames on both sides of the pin at zero: with these weights the first (a pawn up
        // on both wings) and the third (a rook ending) are moved towards zero, the second
        // (king and pawn against king: one pawn, no wings) is pinned at zero.
        let text = [
            "8/5pk1/6p1/8/1P6/6P1/5PK1/8 w - - c9 \"1-0\"; ce 120;",
            "8/8/4k3/8/8/4K3/4P3/8 w - - c9 \"1/2-1/2\";",
            "r5k1/5ppp/8/8/8/8/P4PPP/R5K1 b - - c9 \"1/2-1/2\"; ce -40;",
        ]
        .join("\n");
        let (samples, _) = parse_samples(&text);
        let (_, d, w) = with_endgame_weights(&samples, idx::complexity, &[6, 20, 30, -150, 5, -90]);
        // One position moved by the complexity, one pinned at zero.
        let moved = |i: usize| {
            let (_, eg, c) = d.sums(&w, i);
            (c > -eg.abs(), eg)
        };
        assert!(moved(0).0 && moved(2).0, "the pawn-up endings are moved");
        assert!(
            !moved(1).0 && moved(1).1 != 0.0,
            "the bare ending is pinned"
        );
        let weights = [
            idx::complexity,
            idx::complexity + 2,
            idx::complexity + 5,
            idx::material,
        ];
        let found = check_gradient(&d, &w, &weights);
        assert!(found
            .iter()
            .any(|&((j, ph), g)| j == idx::complexity && ph == 1 && g != 0.0));
    }

    #[test]
    fn the_endgame_scale_gradient_matches_finite_differences() {
        // One position in each case that has a slope, and one whose scale is clamped at 64.
        let text = [
            // Opposite bishops alone, White two pawns up.
            "4kb2/8/8/8/8/8/5PP1/4KB2 w - - c9 \"1/2-1/2\"; ce 60;",
            // Opposite bishops beside a rook each, Black a pawn up.
            "r3kb2/5pp1/8/8/8/8/6P1/R3KB2 b - - c9 \"1/2-1/2\";",
            // Rooks, White a pawn up with three: inside the clamp.
            "4k3/5p2/8/8/8/8/4PPP1/R3K2r w - - c9 \"1-0\"; ce 90;",
            // Rooks and seven pawns against six: 30 + 6 × 7 = 72, clamped at 64.
            "4k3/pppppp2/8/8/8/8/PPPPPPP1/R3K2r w - - c9 \"1-0\";",
        ]
        .join("\n");
        let (samples, _) = parse_samples(&text);
        let values = [0, 16, 20, 3, 40, 4, 30, 6];
        let (e, d, w) = with_endgame_weights(&samples, idx::endgame_scale, &values);
        let scale = |i: usize| {
            let (_, eg, c) = d.sums(&w, i);
            d.scale(&w, i, eg + complexity_adjustment(eg, c))
        };
        assert_eq!(scale(0).0, ScaleCase { case: 2, pawns: 2 });
        assert_eq!(scale(1).0, ScaleCase { case: 3, pawns: 2 });
        assert_eq!(scale(2).0, ScaleCase { case: 4, pawns: 3 });
        assert_eq!((scale(3).1, scale(3).2), (72.0, 64.0), "clamped");
        let weights = [
            idx::endgame_scale + 2,
            idx::endgame_scale + 3,
            idx::endgame_scale + 4,
            idx::endgame_scale + 5,
            idx::endgame_scale + 6,
            idx::endgame_scale + 7,
            idx::material,
        ];
        let found = check_gradient(&d, &w, &weights);
        for j in [2, 3, 4, 5, 6, 7] {
            assert!(
                found
                    .iter()
                    .any(|&((k, ph), g)| k == idx::endgame_scale + j && ph == 1 && g != 0.0),
                "element {j} moves the error"
            );
        }
        // The clamped position alone: its scale's weights do not move its error.
        let (clamped, _) = parse_samples(text.lines().nth(3).unwrap());
        let d = Dataset::new(&e, &clamped, 1);
        let g = d.gradient(&w, 1.0, 1);
        assert_eq!(g[idx::endgame_scale + 6], [0.0, 0.0]);
        assert_ne!(g[idx::material], [0.0, 0.0]);
    }

    #[test]
    fn a_blend_fits_between_the_result_and_the_score() {
        // Black to move and 300 cp down by its search: White's view +300.
        let text = "4k3/8/8/8/8/8/8/1N2K3 b - - c9 \"1/2-1/2\"; ce -300;\n\
                    4k3/8/8/8/8/8/8/1N2K3 b - - c9 \"1/2-1/2\";";
        let (samples, _) = parse_samples(text);
        assert_eq!(samples[0].score, Some(300.0));
        assert_eq!(samples[1].score, None);
        let e = Full::default();
        let mut d = Dataset::new(&e, &samples, 1);
        let w = real(&e);
        let before = d.result_error(&w, 1.0, 1);
        assert_eq!(d.error(&w, 1.0, 1), before);
        d.blend(&samples, 0.25, 1.0);
        let want = 0.25 * 0.5 + 0.75 * expected_score(300.0, 1.0);
        assert!((d.target[0] as f64 - want).abs() < 1e-6);
        assert_eq!(d.target[1], 0.5, "no score: the result alone");
        // The result's error is the blend's business no more than the weights'.
        assert_eq!(d.result_error(&w, 1.0, 1), before);
        assert_ne!(d.error(&w, 1.0, 1), before);
    }

    #[test]
    fn the_dataset_evaluates_like_the_evaluator() {
        let text = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - c9 \"1-0\";\n\
                    6k1/5ppp/8/8/8/8/1B3PPP/6K1 w - - c9 \"1/2-1/2\";";
        let (samples, _) = parse_samples(text);
        let e = Full::default();
        let d = Dataset::new(&e, &samples, 2);
        let w = real(&e);
        for (i, s) in samples.iter().enumerate() {
            // The search rounds once; the dataset does not.
            assert!((d.eval(&w, i) - white_view(&e, s)).abs() <= 0.5 + 1e-9);
        }
    }

    /// Material only (pawn 100, bishop 300, rook 450, queen 900), the knight at zero, and
    /// twenty positions where the side with a lone knight wins; tuned with `l2`.
    fn knight_fit(l2: f64) -> (Full, f64, f64, usize) {
        let win = "4k3/8/8/8/8/8/8/1N2K3 w - - c9 \"1-0\";";
        let loss = "1n2k3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";";
        let (samples, _) = parse_samples(&[win, loss].repeat(10).join("\n"));
        let mut e = Full::default();
        let mut w = vec![[0, 0]; idx::LEN];
        for (i, v) in [100, 0, 300, 450, 900].into_iter().enumerate() {
            w[idx::material + i] = [v, v];
        }
        e.set_weights(&w);
        let d = Dataset::new(&e, &samples, 1);
        let before = dataset_error(&e, &d, 1.0, 1);
        let settings = GradientSettings {
            k: 1.0,
            epochs: 300,
            rate: 5.0,
            threads: 1,
            exclude: vec!["material_mg_0".into(), "material_eg_0".into()],
            report_every: 100,
            l2,
        };
        let mut reports = 0;
        tune(&mut e, &d, &d, &settings, |_, _| reports += 1);
        let after = dataset_error(&e, &d, 1.0, 1);
        (e, before, after, reports)
    }

    #[test]
    fn tuning_learns_that_a_knight_up_wins() {
        let (e, before, after, reports) = knight_fit(0.0);
        assert_eq!(reports, 3);
        assert!(after < before);
        // A lone knight is scaled to a draw in the endgame half; the middlegame half (phase
        // 6 of 120) is what can learn, so the knight's mg weight must have risen.
        assert!(
            e.weights().material.0[1][0] > 100,
            "{:?}",
            e.weights().material.0[1]
        );
        assert_eq!(e.weights().material.0[0], [100, 100], "frozen weights stay");
    }

    #[test]
    fn an_l2_penalty_holds_weights_near_their_start() {
        let free = knight_fit(0.0).0.weights().material.0[1][0];
        // The data's gradient on the knight is below 1e-2 per centipawn; a penalty of
        // 2 · 0.01 · (w − 0) outweighs it a centipawn away from the start.
        let (held, before, after, _) = knight_fit(0.01);
        let knight = held.weights().material.0[1][0];
        assert!(
            knight.abs() <= 2,
            "the knight stays near 0: {knight} (free: {free})"
        );
        assert!(free > 100);
        assert!(after <= before + 1e-12, "{after} {before}");
    }

    #[test]
    fn fitted_weights_stay_inside_the_range_every_tool_accepts() {
        let e = Full::default();
        let b = bounds(&e);
        let entries = e.weights().entries();
        assert_eq!(entries.len(), 2 * idx::LEN);
        for (n, (name, _)) in entries.iter().enumerate() {
            let (lo, hi) = b[n / 2][n % 2];
            let t = chainmate::config::tunable(&format!("full.{name}"))
                .unwrap_or_else(|| panic!("{name} is a tunable"));
            assert_eq!((lo, hi), (t.min.ceil(), t.max.floor()), "{name}");
            assert!(
                t.check_range(lo).is_ok() && t.check_range(hi).is_ok(),
                "{name}"
            );
        }
        // A fit that wants a far larger knight stops at the knight's upper bound.
        let win = "4k3/8/8/8/8/8/8/1N2K3 w - - c9 \"1-0\";";
        let (samples, _) = parse_samples(&[win].repeat(4).join("\n"));
        let mut e = Full::default();
        let d = Dataset::new(&e, &samples, 1);
        let settings = GradientSettings {
            // A flat sigmoid: the gradient hardly fades as the knight grows.
            k: 0.05,
            epochs: 400,
            rate: 50.0,
            threads: 1,
            exclude: vec![],
            report_every: 400,
            l2: 0.0,
        };
        tune(&mut e, &d, &d, &settings, |_, _| {});
        let knight_mg = e.weights().material.0[1][0] as f64;
        let t = chainmate::config::tunable("full.material_mg_1").unwrap();
        // Unbounded, 400 steps of 50 would carry it thousands of centipawns past.
        assert_eq!(knight_mg, t.max.floor());
        assert!(t.check_range(knight_mg).is_ok(), "{knight_mg}");
    }
}
