//! Elo difference from a match's wins, draws and losses, with a 95% confidence interval.
//!
//! The logistic model: a score fraction `s` (wins plus half the draws, over the games)
//! corresponds to an Elo difference `-400 · log10(1/s - 1)`, so 50% is 0 and 75% is about
//! +191. The uncertainty comes from the trinomial variance of one game's score,
//! `σ² = (W·(1-s)² + D·(½-s)² + L·s²) / N`, so the standard error of the mean score is
//! `σ / √N`; the interval is `s ± 1.96·σ/√N` in score space, mapped through the same
//! logistic curve (so it is symmetric in score, not in Elo). This is how cutechess-cli and
//! fishtest's trinomial statistics compute it.

/// The two-sided 95% quantile of the normal distribution.
pub const Z_95: f64 = 1.959_963_985;

/// The Elo difference a score fraction in `[0, 1]` corresponds to (±∞ at 0 and 1).
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger than the opponent.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A match result seen from one player, with its Elo estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Games won, drawn and lost.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Score fraction: (wins + draws / 2) / games.
    pub score: f64,
    /// Standard error of the score fraction.
    pub std_error: f64,
    /// The Elo difference.
    pub elo: f64,
    /// Lower end of the 95% interval (Elo).
    pub lower: f64,
    /// Upper end of the 95% interval (Elo).
    pub upper: f64,
}

impl EloEstimate {
    /// `Rating of A: 2143 (95%: 2080 to 2201), given B = 2100`: A's rating when B's is known.
    pub fn rating_line(&self, rating_b: f64) -> String {
        if !self.elo.is_finite() || !self.has_interval() {
            return format!(
                "Rating of A: no finite estimate yet (Elo difference {}), given B = {rating_b:.0}",
                format_elo(self.elo)
            );
        }
        format!(
            "Rating of A: {:.0} (95%: {:.0} to {:.0}), given B = {rating_b:.0}",
            rating_b + self.elo,
            rating_b + self.lower,
            rating_b + self.upper
        )
    }

    /// The estimate for `wins`/`draws`/`losses`, or `None` before any game.
    pub fn new(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
        let score = (w + d / 2.0) / n;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let std_error = (variance / n).sqrt();
        Some(EloEstimate {
            wins,
            draws,
            losses,
            score,
            std_error,
            elo: score_to_elo(score),
            lower: score_to_elo(score - Z_95 * std_error),
            upper: score_to_elo(score + Z_95 * std_error),
        })
    }

    /// Half the interval's width in Elo, the "±" figure cutechess prints (infinite when the
    /// interval reaches a 0% or 100% score).
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }

    /// Whether the 95% interval has finite ends: not before both a sensible number of games
    /// and a score away from 0% and 100%.
    pub fn has_interval(&self) -> bool {
        self.lower.is_finite() && self.upper.is_finite() && self.margin().is_finite()
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// An Elo figure with its sign and one decimal, `+inf`/`-inf` at the ends.
pub fn format_elo(elo: f64) -> String {
    // -0.0 (a 50% score computed from below) reads as +0.0.
    let elo = if elo == 0.0 { 0.0 } else { elo };
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{elo:+.1}")
    }
}

/// A performance rating against opponents of known ratings: the maximum-likelihood rating
/// `R` of the logistic model, the root of `Σ (score_i − games_i · E(R − rating_i)) = 0`,
/// with the standard error from the Fisher information `Σ games_i · E_i · (1 − E_i) ·
/// (ln 10 / 400)²` (draws counted as half a point each, as Bayeselo does with its default
/// draw model off). `results` are (opponent rating, points scored, games). `None` without
/// games; ±∞ for all points or none.
pub fn performance_rating(results: &[(f64, f64, u32)]) -> Option<(f64, f64)> {
    let games: u32 = results.iter().map(|r| r.2).sum();
    if games == 0 {
        return None;
    }
    let points: f64 = results.iter().map(|r| r.1).sum();
    if points <= 0.0 {
        return Some((f64::NEG_INFINITY, f64::INFINITY));
    }
    if points >= f64::from(games) {
        return Some((f64::INFINITY, f64::INFINITY));
    }
    let surplus = |r: f64| {
        results
            .iter()
            .map(|&(opp, score, n)| score - f64::from(n) * elo_to_score(r - opp))
            .sum::<f64>()
    };
    // The surplus falls as R rises: bisect between bounds far outside the opponents'.
    let lowest = results.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
    let highest = results
        .iter()
        .map(|r| r.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let (mut lo, mut hi) = (lowest - 2000.0, highest + 2000.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if surplus(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let rating = (lo + hi) / 2.0;
    let k = std::f64::consts::LN_10 / 400.0;
    let information: f64 = results
        .iter()
        .map(|&(opp, _, n)| {
            let e = elo_to_score(rating - opp);
            f64::from(n) * e * (1.0 - e) * k * k
        })
        .sum();
    Some((rating, 1.0 / information.sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn performance_ratings_solve_the_logistic_model() {
        // 50 % against one opponent: its rating; 75 % against a 2000: about 2191.
        let (even, _) = performance_rating(&[(2100.0, 10.0, 20)]).unwrap();
        assert!((even - 2100.0).abs() < 1e-6);
        let (r, se) = performance_rating(&[(2000.0, 75.0, 100)]).unwrap();
        assert!((r - 2190.8).abs() < 0.5, "{r}");
        assert!(se > 20.0 && se < 60.0, "{se}");
        // Several opponents: the expected scores at the rating add up to the points.
        let results = [(1900.0, 15.0, 20), (2100.0, 10.0, 20), (2300.0, 4.0, 20)];
        let (r, _) = performance_rating(&results).unwrap();
        let expected: f64 = results
            .iter()
            .map(|&(o, _, n)| f64::from(n) * elo_to_score(r - o))
            .sum();
        assert!((expected - 29.0).abs() < 1e-6);
        assert_eq!(
            performance_rating(&[(2000.0, 4.0, 4)]).unwrap().0,
            f64::INFINITY
        );
        assert_eq!(performance_rating(&[]), None);
    }

    #[test]
    fn logistic_curve_round_trips() {
        for elo in [-600.0, -191.0, 0.0, 35.5, 400.0] {
            assert!((score_to_elo(elo_to_score(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(score_to_elo(0.0), f64::NEG_INFINITY);
        assert_eq!(score_to_elo(1.0), f64::INFINITY);
    }

    #[test]
    fn tiny_matches_have_no_interval() {
        let one_all = EloEstimate::new(1, 0, 1).unwrap();
        assert_eq!(format_elo(one_all.elo), "+0.0");
        assert!(!one_all.has_interval());
        assert!(!EloEstimate::new(1, 0, 0).unwrap().has_interval());
        assert!(EloEstimate::new(30, 40, 30).unwrap().has_interval());
    }

    #[test]
    fn formats_signs_and_infinities() {
        assert_eq!(format_elo(12.34), "+12.3");
        assert_eq!(format_elo(-0.04), "-0.0");
        assert_eq!(format_elo(f64::INFINITY), "+inf");
        assert_eq!(format_elo(f64::NEG_INFINITY), "-inf");
        assert_eq!(format_elo(-0.0), "+0.0");
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn an_even_score_is_zero_elo() {
        for (w, d, l) in [(10, 0, 10), (0, 20, 0), (30, 40, 30)] {
            let e = EloEstimate::new(w, d, l).unwrap();
            assert_eq!(e.score, 0.5);
            assert!(close(e.elo, 0.0));
            assert!(close(e.lower, -e.upper), "symmetric around 0 at 50%");
        }
        // All draws: no spread at all.
        let e = EloEstimate::new(0, 20, 0).unwrap();
        assert_eq!((e.lower, e.upper), (0.0, 0.0));
    }

    #[test]
    fn a_three_quarter_score_is_about_191_elo() {
        let e = EloEstimate::new(15, 0, 5).unwrap();
        assert!(close(e.elo, 190.848_501_887_865));
        // The same score with draws instead of decisive games has a narrower interval.
        let d = EloEstimate::new(10, 10, 0).unwrap();
        assert!(close(d.elo, e.elo));
        assert!(d.upper - d.lower < e.upper - e.lower);
    }

    /// Reference values from the same formulas in Python (`../shared/tools/match.py`'s
    /// `wdl_stats` with z = 1.959964).
    #[test]
    fn intervals_match_an_independent_computation() {
        let cases = [
            ((30, 40, 30), (0.0, -53.157_979_79, 53.157_979_79)),
            ((15, 0, 5), (190.848_501_89, 42.054_403_17, 477.291_762_54)),
            (
                (10, 10, 0),
                (190.848_501_89, 100.278_819_32, 314.721_803_00),
            ),
            (
                (123, 245, 98),
                (18.657_161_06, -3.018_450_03, 40.479_037_15),
            ),
        ];
        for ((w, d, l), (elo, lower, upper)) in cases {
            let e = EloEstimate::new(w, d, l).unwrap();
            assert!((e.elo - elo).abs() < 1e-6, "{w}/{d}/{l}: {}", e.elo);
            assert!((e.lower - lower).abs() < 1e-6, "{w}/{d}/{l}: {}", e.lower);
            assert!((e.upper - upper).abs() < 1e-6, "{w}/{d}/{l}: {}", e.upper);
        }
    }

    #[test]
    fn error_bars_are_symmetric_in_score_space() {
        for (w, d, l) in [(15, 0, 5), (7, 30, 2), (3, 2, 8), (123, 245, 98)] {
            let e = EloEstimate::new(w, d, l).unwrap();
            let below = e.score - elo_to_score(e.lower);
            let above = elo_to_score(e.upper) - e.score;
            assert!(close(below, above), "{w}/{d}/{l}");
            assert!(close(below, Z_95 * e.std_error));
            assert!(e.lower < e.elo && e.elo < e.upper);
        }
    }

    #[test]
    fn a_clean_sweep_has_no_finite_estimate() {
        let e = EloEstimate::new(8, 0, 0).unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        let e = EloEstimate::new(0, 0, 3).unwrap();
        assert_eq!(e.elo, f64::NEG_INFINITY);
    }

    #[test]
    fn no_games_no_estimate() {
        assert_eq!(EloEstimate::new(0, 0, 0), None);
    }
}
