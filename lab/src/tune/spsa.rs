//! SPSA — simultaneous perturbation stochastic approximation (Spall, 1992) — over named
//! parameters, as chess engines tune their search with it (Fishtest, OpenBench): every
//! iteration perturbs **all** parameters at once by ±`c_k` (a random sign each), plays a game
//! pair between the two perturbed engines (one opening, colours swapped) and moves every
//! parameter towards the side that scored better, by `a_k / c_k` times the pair's result
//! times its sign. One game pair estimates the gradient along a random direction; the noise
//! averages out over many iterations.
//!
//! Our choices, where the literature leaves them:
//!
//! * **Gains** as Fishtest states them, from the values wanted at the last iteration `N`:
//!   `c_k = c_end · (N / (k + 1))^γ` and `a_k = a / (A + k + 1)^α` with `A = 0.1 · N`,
//!   `a = r_end · c_end² · (A + N)^α`, `α = 0.602`, `γ = 0.101` (Spall's recommended
//!   exponents). So `c_end` is the perturbation at the end (a size in the parameter's own
//!   units, one to two "noticeable" steps), and `r_end = a_end / c_end²` the learning rate at
//!   the end; the step per game pair is then at most `2 · r_end · c_end` at the end.
//! * **Defaults**: `c_end` = a tenth of the parameter's starting value, at least one step
//!   (search parameters are integers: at least 1); `r_end = 0.002` (Fishtest's default).
//! * **Result** of a pair: the plus engine's points minus the minus engine's (−2 … 2).
//! * **Batches**: the iterations of a batch (as many as games are played at once) are drawn
//!   from the same θ and applied together afterwards — what several Fishtest workers do.
//! * **Rounding**: θ is kept as a real number; an engine receives each perturbed value
//!   rounded to the parameter's resolution and kept in its range (so an integer parameter
//!   with `c_k` below ½ can play the same value on both sides, and that pair says nothing
//!   about it: it still moves by the sign, which is unbiased noise).
//! * Random signs come from the pinned SplitMix64 seeded by the seed and the iteration, so a
//!   run resumed from its checkpoint draws what an uninterrupted run draws.

use super::genetic::Gene;
use chainmate::core::prng::SplitMix64;

/// Spall's exponent of `a_k`.
pub const ALPHA: f64 = 0.602;
/// Spall's exponent of `c_k`.
pub const GAMMA: f64 = 0.101;
/// `A` as a share of the iterations (Fishtest: 10 %).
pub const A_RATIO: f64 = 0.1;
/// Fishtest's default learning rate at the end.
pub const DEFAULT_R_END: f64 = 0.002;

/// One parameter being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaParam {
    /// Its name, range and resolution.
    pub gene: Gene,
    /// Where θ starts.
    pub start: f64,
    /// The perturbation at the last iteration, in the parameter's units.
    pub c_end: f64,
}

impl SpsaParam {
    /// A parameter starting at `start`, with `c_end` a `ratio` of its magnitude (at least one
    /// step of its resolution).
    pub fn new(gene: Gene, start: f64, ratio: f64) -> SpsaParam {
        let c_end = (start.abs() * ratio).max(gene.step);
        SpsaParam { gene, start, c_end }
    }
}

/// A run's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaSettings {
    /// The parameters.
    pub params: Vec<SpsaParam>,
    /// Iterations (game pairs) in all: `N`.
    pub iterations: usize,
    /// The learning rate at the end, `a_end / c_end²`.
    pub r_end: f64,
    /// Iterations drawn from the same θ (games played at once ÷ 2, at least 1).
    pub batch: usize,
    /// Seed of the random signs.
    pub seed: u64,
}

impl SpsaSettings {
    /// `c_k` of parameter `p` at iteration `k` (from 0).
    pub fn c_k(&self, p: &SpsaParam, k: usize) -> f64 {
        let n = self.iterations.max(1) as f64;
        p.c_end * (n / (k + 1) as f64).powf(GAMMA)
    }

    /// `a_k` of parameter `p` at iteration `k` (from 0).
    pub fn a_k(&self, p: &SpsaParam, k: usize) -> f64 {
        let n = self.iterations.max(1) as f64;
        let big_a = A_RATIO * n;
        let a = self.r_end * p.c_end * p.c_end * (big_a + n).powf(ALPHA);
        a / (big_a + (k + 1) as f64).powf(ALPHA)
    }
}

/// One iteration's two engines.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 0.
    pub iteration: usize,
    /// Each parameter's sign, ±1.
    pub signs: Vec<f64>,
    /// θ + c_k·sign, on the resolution and in range: what the plus engine plays.
    pub plus: Vec<f64>,
    /// θ − c_k·sign, likewise.
    pub minus: Vec<f64>,
}

/// Where a run stands: the next iteration and θ.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaState {
    /// Iterations done.
    pub iteration: usize,
    /// The current values (real numbers; see [`SpsaState::values`]).
    pub theta: Vec<f64>,
    /// Sum of the pairs' results so far (plus minus minus): a symmetric run hovers near 0.
    pub result_sum: f64,
}

impl SpsaState {
    /// A run at its start.
    pub fn new(settings: &SpsaSettings) -> SpsaState {
        SpsaState {
            iteration: 0,
            theta: settings.params.iter().map(|p| p.start).collect(),
            result_sum: 0.0,
        }
    }

    /// Whether every iteration has been played.
    pub fn finished(&self, settings: &SpsaSettings) -> bool {
        self.iteration >= settings.iterations
    }

    /// θ on each parameter's resolution and in its range: the values to use.
    pub fn values(&self, settings: &SpsaSettings) -> Vec<f64> {
        settings
            .params
            .iter()
            .zip(&self.theta)
            .map(|(p, &t)| p.gene.quantize(t))
            .collect()
    }

    /// The next batch's perturbations (fewer at the end of the run).
    pub fn next_batch(&self, settings: &SpsaSettings) -> Vec<Perturbation> {
        let left = settings.iterations.saturating_sub(self.iteration);
        (self.iteration..self.iteration + settings.batch.max(1).min(left))
            .map(|k| {
                let mut rng = generator(settings.seed, k);
                let signs: Vec<f64> = settings
                    .params
                    .iter()
                    .map(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 })
                    .collect();
                let shifted = |direction: f64| -> Vec<f64> {
                    settings
                        .params
                        .iter()
                        .zip(&self.theta)
                        .zip(&signs)
                        .map(|((p, &t), &s)| {
                            p.gene.quantize(t + direction * s * settings.c_k(p, k))
                        })
                        .collect()
                };
                Perturbation {
                    iteration: k,
                    plus: shifted(1.0),
                    minus: shifted(-1.0),
                    signs,
                }
            })
            .collect()
    }

    /// Applies a batch's results (`results[i]`: the plus engine's points minus the minus
    /// engine's in pair `i`). θ stays within each parameter's range.
    pub fn apply(&mut self, settings: &SpsaSettings, batch: &[Perturbation], results: &[f64]) {
        for (pert, &result) in batch.iter().zip(results) {
            for (i, p) in settings.params.iter().enumerate() {
                let k = pert.iteration;
                let step = settings.a_k(p, k) / settings.c_k(p, k) * result * pert.signs[i];
                self.theta[i] = (self.theta[i] + step).clamp(p.gene.low, p.gene.high);
            }
            self.result_sum += result;
        }
        self.iteration += batch.len();
    }

    /// The checkpoint: `iteration K`, `results R`, then `name = θ` at full precision.
    pub fn to_text(&self, settings: &SpsaSettings) -> String {
        let mut out = format!(
            "# SPSA checkpoint (chainmate tune --method spsa --resume)\niteration {}\nresults {}\n",
            self.iteration, self.result_sum
        );
        for (p, t) in settings.params.iter().zip(&self.theta) {
            out.push_str(&format!("{} = {t:?}\n", p.gene.name));
        }
        out
    }

    /// Reads a checkpoint written by [`SpsaState::to_text`] for the same parameters.
    pub fn from_text(text: &str, settings: &SpsaSettings) -> Result<SpsaState, String> {
        let mut state = SpsaState::new(settings);
        let mut seen = vec![false; settings.params.len()];
        let mut iteration = None;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: cannot read '{line}'", n + 1);
            if let Some(k) = line.strip_prefix("iteration ") {
                iteration = Some(k.trim().parse::<usize>().map_err(|_| bad())?);
            } else if let Some(r) = line.strip_prefix("results ") {
                state.result_sum = r.trim().parse::<f64>().map_err(|_| bad())?;
            } else {
                let (name, value) = line.split_once('=').ok_or_else(bad)?;
                let value: f64 = value.trim().parse().map_err(|_| bad())?;
                let i = settings
                    .params
                    .iter()
                    .position(|p| p.gene.name == name.trim())
                    .ok_or_else(|| {
                        format!("line {}: '{}' is not being tuned", n + 1, name.trim())
                    })?;
                if !value.is_finite() {
                    return Err(bad());
                }
                state.theta[i] = value;
                seen[i] = true;
            }
        }
        state.iteration = iteration.ok_or("no 'iteration' line")?;
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(format!(
                "no value for '{}' (a checkpoint of other parameters?)",
                settings.params[i].gene.name
            ));
        }
        if state.iteration > settings.iterations {
            return Err(format!(
                "the checkpoint is at iteration {}, beyond the {} asked for",
                state.iteration, settings.iterations
            ));
        }
        Ok(state)
    }
}

/// The generator of iteration `k`'s signs.
fn generator(seed: u64, k: usize) -> SplitMix64 {
    SplitMix64::new(seed ^ (k as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// Plays a batch: each perturbation's game pair → the plus engine's points minus the minus
/// engine's.
pub type PlayBatch<'a> = dyn FnMut(&[Perturbation]) -> Vec<f64> + 'a;

/// Runs SPSA from `state` to the last iteration; `after` sees the state after every batch
/// (for checkpoints and reports).
pub fn run(
    settings: &SpsaSettings,
    mut state: SpsaState,
    play: &mut PlayBatch,
    after: &mut dyn FnMut(&SpsaState),
) -> SpsaState {
    while !state.finished(settings) {
        let batch = state.next_batch(settings);
        let results = play(&batch);
        state.apply(settings, &batch, &results);
        after(&state);
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gene(name: &str, low: f64, high: f64) -> Gene {
        Gene {
            name: name.to_string(),
            low,
            high,
            step: 1.0,
            log_scale: false,
        }
    }

    fn settings(iterations: usize, batch: usize) -> SpsaSettings {
        SpsaSettings {
            params: vec![
                SpsaParam::new(gene("search.a", 0.0, 1000.0), 100.0, 0.1),
                SpsaParam::new(gene("search.b", 0.0, 1000.0), 300.0, 0.1),
            ],
            iterations,
            r_end: 0.02,
            batch,
            seed: 9,
        }
    }

    /// A stand-in for games: the engine nearer the hidden optimum (160, 240) wins the pair
    /// 2–0, equal distances draw.
    fn toward_optimum(batch: &[Perturbation]) -> Vec<f64> {
        let distance = |v: &[f64]| (v[0] - 160.0).powi(2) + (v[1] - 240.0).powi(2);
        batch
            .iter()
            .map(|p| {
                let (plus, minus) = (distance(&p.plus), distance(&p.minus));
                if plus < minus {
                    2.0
                } else if plus > minus {
                    -2.0
                } else {
                    0.0
                }
            })
            .collect()
    }

    #[test]
    fn gains_follow_the_fishtest_schedule() {
        let s = settings(1000, 1);
        let p = &s.params[0];
        assert_eq!(p.c_end, 10.0);
        // At the last iteration c_k is c_end and a_k / c_k² is r_end.
        assert!((s.c_k(p, 999) - 10.0).abs() < 1e-9);
        assert!((s.a_k(p, 999) / s.c_k(p, 999).powi(2) - 0.02).abs() < 1e-9);
        // Both shrink over the run: c by N^γ (2.01 for N = 1000).
        assert!((s.c_k(p, 0) / s.c_k(p, 999) - 1000f64.powf(GAMMA)).abs() < 1e-9);
        assert!(s.a_k(p, 0) > s.a_k(p, 500));
        // A parameter at 2 still perturbs by one whole step.
        assert_eq!(SpsaParam::new(gene("x", 0.0, 9.0), 2.0, 0.1).c_end, 1.0);
    }

    #[test]
    fn perturbations_are_symmetric_signed_and_in_range() {
        let s = settings(100, 3);
        let state = SpsaState::new(&s);
        let batch = state.next_batch(&s);
        assert_eq!(batch.len(), 3);
        assert_eq!(
            batch.iter().map(|p| p.iteration).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        for p in &batch {
            for i in 0..2 {
                assert!(p.signs[i] == 1.0 || p.signs[i] == -1.0);
                let mid = (p.plus[i] + p.minus[i]) / 2.0;
                assert!((mid - state.theta[i]).abs() <= 0.5, "{p:?}");
                assert_eq!(p.plus[i] > p.minus[i], p.signs[i] > 0.0);
            }
        }
        // The signs are the seed's: drawn again, the same.
        assert_eq!(state.next_batch(&s), batch);
        // Near the end of the range, values stay inside it.
        let mut edge = SpsaState::new(&s);
        edge.theta = vec![0.0, 1000.0];
        for p in edge.next_batch(&s) {
            assert!(p
                .plus
                .iter()
                .chain(&p.minus)
                .all(|v| (0.0..=1000.0).contains(v)));
        }
        // The last batch is cut to the iterations left.
        let mut late = SpsaState::new(&s);
        late.iteration = 99;
        assert_eq!(late.next_batch(&s).len(), 1);
    }

    #[test]
    fn spsa_walks_to_the_optimum_of_a_noisy_free_objective() {
        let s = settings(3000, 2);
        let end = run(&s, SpsaState::new(&s), &mut toward_optimum, &mut |_| {});
        assert_eq!(end.iteration, 3000);
        let v = end.values(&s);
        // From (100, 300), 60 from the optimum on each axis, to within a few units.
        assert!((v[0] - 160.0).abs() <= 6.0, "{v:?}");
        assert!((v[1] - 240.0).abs() <= 6.0, "{v:?}");
    }

    #[test]
    fn an_even_objective_leaves_theta_where_it_was() {
        let s = settings(500, 4);
        let end = run(
            &s,
            SpsaState::new(&s),
            &mut |b: &[Perturbation]| vec![0.0; b.len()],
            &mut |_| {},
        );
        assert_eq!(end.theta, vec![100.0, 300.0]);
        assert_eq!(end.result_sum, 0.0);
    }

    #[test]
    fn a_resumed_run_ends_as_an_uninterrupted_one() {
        let s = settings(400, 2);
        let whole = run(&s, SpsaState::new(&s), &mut toward_optimum, &mut |_| {});
        let mut partial = SpsaState::new(&s);
        let mut checkpoint = String::new();
        for _ in 0..50 {
            let batch = partial.next_batch(&s);
            let results = toward_optimum(&batch);
            partial.apply(&s, &batch, &results);
            checkpoint = partial.to_text(&s);
        }
        let resumed = SpsaState::from_text(&checkpoint, &s).unwrap();
        assert_eq!(resumed, partial);
        let finished = run(&s, resumed, &mut toward_optimum, &mut |_| {});
        assert_eq!(finished, whole);
        // Broken or foreign checkpoints are refused with a reason.
        for bad in [
            "",
            "iteration x\n",
            "iteration 3\nsearch.a = 1\n",
            "iteration 3\nsearch.a = 1\nsearch.b = 2\nsearch.c = 3\n",
            "iteration 3\nsearch.a = nan\nsearch.b = 2\n",
            "iteration 900\nsearch.a = 1\nsearch.b = 2\n",
        ] {
            assert!(SpsaState::from_text(bad, &s).is_err(), "{bad:?}");
        }
    }
}
