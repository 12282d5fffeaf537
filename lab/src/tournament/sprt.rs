//! The sequential probability ratio test of a match (`chainmate-lab match --sprt`): after each
//! game, is A's strength relative to B nearer `elo0` (H0) or `elo1` (H1)?
//!
//! The test is the generalised SPRT on trinomial counts (wins, draws, losses) in its exact
//! form (Michel Van den Bergh's, as fishtest computes it): with the observed frequencies `f`
//! of the scores `x = (0, ½, 1)`, each hypothesis' expected score `s` (logistic Elo `elo0`,
//! `elo1`) has a most likely distribution `p` with mean `s`,
//! `p_i = f_i / (1 + λ (x_i − s))`, `λ` found by bisection so that the `p_i` sum to 1; the
//! log-likelihood ratio is
//!
//! ```text
//! LLR = N Σ f_i ln(p1_i / p0_i)
//! ```
//!
//! (near the hypotheses it equals the usual approximation `N (s1 − s0)(2 s̄ − s0 − s1) /
//! (2 σ²)`). The LLR per game is bounded by how far apart the hypotheses are, so with
//! `elo1 = 5` even a +137 Elo difference takes several hundred games (LLR 2.15 after 400, 4.3
//! after 800). H1 is accepted when the LLR reaches `ln((1−β)/α)`, H0 when it falls to
//! `ln(β/(1−α))` (Wald's bounds; 2.94 and −2.94 for α = β = 0.05). While one of the three
//! outcomes has not occurred, it is counted as half a game, so that no probability is zero
//! and a clean sweep still decides; the half games vanish against real counts.

use std::fmt;

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of H0.
    pub elo0: f64,
    /// Elo difference of H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The outcome once a bound is crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR fell to the lower bound: the change is no better than `elo0`.
    H0,
    /// The LLR reached the upper bound: the change is at least `elo1`.
    H1,
}

fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The scores of a loss, a draw and a win.
const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The distribution over (loss, draw, win) of mean `s` nearest (in likelihood) to the
/// frequencies `f`: `p_i = f_i / (1 + λ (x_i − s))` with `Σ p_i = 1`.
fn most_likely(f: &[f64; 3], s: f64) -> [f64; 3] {
    // Σ f_i (x_i − s) / (1 + λ (x_i − s)) falls as λ rises over (−1/(1 − s), 1/s), where
    // every denominator is positive; its root makes the p_i sum to 1.
    let g = |lambda: f64| -> f64 {
        (0..3)
            .map(|i| f[i] * (SCORES[i] - s) / (1.0 + lambda * (SCORES[i] - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = (lo + hi) / 2.0;
    std::array::from_fn(|i| f[i] / (1.0 + lambda * (SCORES[i] - s)))
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order, spaces or commas; alpha and
    /// beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not NAME=VALUE"))?;
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("'{part}': not a number"))?;
            match name.trim() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => return Err(format!("unknown SPRT parameter '{other}'")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("give both elo0 and elo1, e.g. 'elo0=0 elo1=5'".into());
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("elo1 must be greater than elo0".into());
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{name} {p} must be between 0 and 0.5"));
            }
        }
        Ok(sprt)
    }

    /// The lower and upper bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `wins`, `draws`, `losses` (A's).
    pub fn llr(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        if wins + draws + losses == 0 {
            return 0.0;
        }
        let count = |c: u32| if c == 0 { 0.5 } else { f64::from(c) };
        let counts = [count(losses), count(draws), count(wins)];
        let n: f64 = counts.iter().sum();
        let f = counts.map(|c| c / n);
        let p0 = most_likely(&f, expected_score(self.elo0));
        let p1 = most_likely(&f, expected_score(self.elo1));
        n * (0..3).map(|i| f[i] * (p1[i] / p0[i]).ln()).sum::<f64>()
    }

    /// The decision after these results, if a bound is crossed.
    pub fn decision(&self, wins: u32, draws: u32, losses: u32) -> Option<Decision> {
        let llr = self.llr(wins, draws, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SPRT elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt() -> Sprt {
        Sprt::parse("elo0=0 elo1=5 alpha=0.05 beta=0.05").unwrap()
    }

    #[test]
    fn bounds_are_walds_and_parsing_checks_its_input() {
        let (lower, upper) = sprt().bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-6, "{lower}");
        assert!((upper - 2.944_438_979).abs() < 1e-6, "{upper}");
        assert_eq!(Sprt::parse("elo1=5,elo0=0").unwrap(), sprt());
        for bad in [
            "elo0=0",
            "elo0=5 elo1=0",
            "elo0=0 elo1=5 alpha=0.7",
            "x=1",
            "elo0=a elo1=5",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_llr_favours_the_nearer_hypothesis_and_grows_with_the_games() {
        let s = sprt();
        // A score exactly between s0 and s1 favours neither; an even score favours H0.
        assert!(s.llr(100, 100, 100) < 0.0);
        assert_eq!(s.llr(0, 0, 0), 0.0);
        // Ten draws lean to H0 (no difference) without deciding; a clean sweep decides.
        assert!(s.llr(0, 10, 0) < 0.0);
        assert_eq!(s.decision(0, 10, 0), None);
        assert_eq!(s.decision(40, 0, 0), None);
        assert_eq!(s.decision(250, 0, 0), Some(Decision::H1));
        assert_eq!(s.decision(0, 0, 250), Some(Decision::H0));
        // Near the hypotheses the exact LLR is the quadratic approximation's:
        // 10,000 games at 50.5 %: N (s1 − s0)(2 s̄ − s0 − s1) / (2 σ²) = 0.23.
        let (w, d, l) = (3050, 4000, 2950);
        let mean = (w as f64 + d as f64 / 2.0) / 10_000.0;
        let var = (w as f64 * (1.0 - mean).powi(2)
            + d as f64 * (0.5 - mean).powi(2)
            + l as f64 * mean.powi(2))
            / 10_000.0;
        let (s0, s1) = (expected_score(0.0), expected_score(5.0));
        let quadratic = 10_000.0 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        assert!(
            (s.llr(w, d, l) - quadratic).abs() < 0.01,
            "{} {quadratic}",
            s.llr(w, d, l)
        );
        // +137 Elo: LLR 2.15 after 400 games, no decision; 4.3 after 800, H1.
        assert!((s.llr(272, 6, 122) - 2.1496).abs() < 0.001);
        assert_eq!(s.decision(272, 6, 122), None);
        assert_eq!(s.decision(544, 12, 244), Some(Decision::H1));
        assert_eq!(s.decision(244, 12, 544), Some(Decision::H0));
        // The same frequencies over ten times the games give ten times the LLR.
        let (a, b) = (s.llr(12, 10, 8), s.llr(120, 100, 80));
        assert!((b - 10.0 * a).abs() < 1e-9, "{a} {b}");
        assert_eq!(s.decision(12, 10, 8), None);
        // The expected score of +5 Elo (logistic).
        let s1 = expected_score(5.0);
        assert!((s1 - 0.507_195).abs() < 1e-6);
    }
}
