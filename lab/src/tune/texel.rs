//! Texel tuning: fit an evaluator's named parameters to game results.
//!
//! Each sample is a position from a real game with that game's result `R` (1, ½ or 0 for
//! White). With the evaluation `e` (White's view, centipawns) mapped to an expected score
//! `σ(e) = 1 / (1 + 10^(−K·e/400))`, the tuner minimises the mean squared error
//! `E = mean (R − σ(e))²` over the training samples (Peter Österlund's method, named after
//! his engine Texel). `K` is fitted first, with the starting parameters, and then held fixed.
//!
//! The search is a local one, as in the original: each numeric parameter in turn is moved
//! one step up, then down, and the change is kept if `E` falls. Steps start at a tenth of the
//! parameter's magnitude (at least 1 for an integer, 0.001 for a fraction such as the weighted
//! evaluator's weights), double after a success and halve after a failure (down to that
//! least step), so a parameter far from its best value gets there in a few rounds; tuning
//! ends when a round changes nothing with every step at its least (or after `rounds`). A
//! held-out tenth of the samples is scored after every round, so over-fitting is visible in
//! the output.
//! Flags are never changed, and parameters can be excluded by name.
//!
//! Samples are evaluated statically: the data are "quiet" positions (the move played from
//! each was not a capture, and the previous move neither a capture nor a check).

use std::fmt;

use crate::eval::param_set::ParamKind;
use crate::eval::{AnyEvaluator, Evaluator};
use chainmate::core::{Board, Color};
use chainmate::formats::epd::EpdRecord;

/// A labelled position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub board: Board,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
    /// A search's score of the position in centipawns, White's view, when the data give one
    /// (`ce`, which EPD gives from the side to move's view: `chainmate-lab datagen`'s files).
    pub score: Option<f64>,
    /// A teacher's score (a stronger engine's, in its own centipawns), White's view, when the
    /// data give one (a teacher chunk of `data/`).
    pub teacher: Option<f64>,
}

/// Reads `board side castling ep c9 "<result>";` lines (Zurichess format), with the search
/// score `ce <centipawns>;` (side to move's view) when a line has one; returns the samples
/// and the number of lines skipped as unreadable.
pub fn parse_samples(text: &str) -> (Vec<Sample>, usize) {
    let mut samples = Vec::new();
    let mut skipped = 0;
    for (_, line) in chainmate::formats::records(text) {
        let parsed = EpdRecord::parse(line).ok().and_then(|r| {
            let result = match r.operands("c9")?.first()?.as_str() {
                "1-0" => 1.0,
                "0-1" => 0.0,
                "1/2-1/2" => 0.5,
                _ => return None,
            };
            let sign = if r.board.side_to_move() == Color::White {
                1.0
            } else {
                -1.0
            };
            let score = r
                .operands("ce")
                .and_then(|ops| ops.first()?.parse::<f64>().ok())
                .map(|cp| sign * cp);
            Some(Sample {
                board: r.board,
                result,
                score,
                teacher: None,
            })
        });
        match parsed {
            Some(s) => samples.push(s),
            None => skipped += 1,
        }
    }
    (samples, skipped)
}

/// Expected score for White of a White-view evaluation `e` under scale `k`.
pub fn expected_score(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// `Σ f(i)` over `0..n`, the range split into `threads` contiguous parts summed on threads of
/// their own (the error sums of both tuners).
pub(crate) fn parallel_sum(n: usize, threads: usize, f: impl Fn(usize) -> f64 + Sync) -> f64 {
    let chunk = n.div_ceil(threads.max(1)).max(1);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .step_by(chunk)
            .map(|a| s.spawn(move || (a..(a + chunk).min(n)).map(f).sum::<f64>()))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .sum()
    })
}

/// Mean squared error of `evaluator` on `samples`, using `threads` threads.
pub fn mean_error(evaluator: &AnyEvaluator, samples: &[Sample], k: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total = parallel_sum(samples.len(), threads, |i| {
        let x = &samples[i];
        let e = evaluator.evaluate(&x.board) as f64;
        let white = if x.board.side_to_move() == Color::White {
            e
        } else {
            -e
        };
        let d = x.result - expected_score(white, k);
        d * d
    });
    total / samples.len() as f64
}

/// The `K` in [0.1, 4] that minimises the error.
pub fn fit_k(evaluator: &AnyEvaluator, samples: &[Sample], threads: usize) -> f64 {
    best_k(|k| mean_error(evaluator, samples, k, threads))
}

/// The `K` in [0.1, 4] that minimises `error(K)` (golden-section search, 40 steps: the
/// errors of the sigmoid fits are unimodal in `K`).
pub fn best_k(error: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// One round's progress.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundReport {
    /// 1-based round number.
    pub round: usize,
    /// Training error after the round.
    pub train: f64,
    /// Held-out error after the round.
    pub validation: f64,
    /// Parameters changed in the round.
    pub changed: usize,
}

impl fmt::Display for RoundReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round {:>3}: train {:.6}  held-out {:.6}  ({} changed)",
            self.round,
            self.train,
            self.validation,
            chainmate::text::count(self.changed, "parameter")
        )
    }
}

/// Tuning settings.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// Sigmoid scale; fitted when `None`.
    pub k: Option<f64>,
    /// Maximum rounds over all parameters.
    pub rounds: usize,
    /// Threads for error evaluation.
    pub threads: usize,
    /// Parameters (full names, or prefixes ending in `*`) left alone.
    pub exclude: Vec<String>,
}

/// Whether `name` is one of `exclude` (full names, or prefixes ending in `*`).
pub(crate) fn excluded(name: &str, exclude: &[String]) -> bool {
    exclude.iter().any(|e| match e.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == e,
    })
}

/// Tunes `evaluator` in place on `train`, reporting each round (with the error on
/// `validation`, and the evaluator as it stands) to `report`. Returns the `K` used.
pub fn tune(
    evaluator: &mut AnyEvaluator,
    train: &[Sample],
    validation: &[Sample],
    settings: &TuneSettings,
    mut report: impl FnMut(&RoundReport, &AnyEvaluator),
) -> f64 {
    let threads = settings.threads.max(1);
    let k = settings
        .k
        .unwrap_or_else(|| fit_k(evaluator, train, threads));
    let names: Vec<(String, ParamKind)> = evaluator
        .params()
        .kinds()
        .into_iter()
        .filter(|(n, kind)| *kind != ParamKind::Flag && !excluded(n, &settings.exclude))
        .collect();
    // Integers move in whole steps (at least 1); fractions (the weighted evaluator's
    // weights) in steps of a tenth of their value, halved down to a thousandth.
    let smallest: Vec<f64> = names
        .iter()
        .map(|(_, kind)| if *kind == ParamKind::Real { 0.001 } else { 1.0 })
        .collect();
    let names: Vec<String> = names.into_iter().map(|(n, _)| n).collect();
    let round_step = |step: f64, i: usize| {
        if smallest[i] >= 1.0 {
            step.round().max(1.0)
        } else {
            (step * 1000.0).round().max(1.0) / 1000.0
        }
    };
    let mut steps: Vec<f64> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let v = evaluator.params().get(n).unwrap_or(0.0);
            round_step(v.abs() / 10.0, i)
        })
        .collect();
    let mut best = mean_error(evaluator, train, k, threads);
    for round in 1..=settings.rounds {
        let mut changed = 0;
        for (i, name) in names.iter().enumerate() {
            let start = evaluator.params().get(name).unwrap_or(0.0);
            let mut improved = false;
            for delta in [steps[i], -steps[i]] {
                // Fractions stay on the thousandths the option table can express.
                let value = if smallest[i] < 1.0 {
                    ((start + delta) * 1000.0).round() / 1000.0
                } else {
                    start + delta
                };
                if evaluator.params_mut().set(name, value).is_err() {
                    continue;
                }
                let e = mean_error(evaluator, train, k, threads);
                if e < best {
                    best = e;
                    improved = true;
                    break;
                }
            }
            if improved {
                changed += 1;
                steps[i] *= 2.0;
            } else {
                evaluator
                    .params_mut()
                    .set(name, start)
                    .expect("restoring a value it held");
                steps[i] = if smallest[i] >= 1.0 {
                    (steps[i] / 2.0).floor().max(1.0)
                } else {
                    (steps[i] / 2.0).max(smallest[i])
                };
            }
        }
        let round_report = RoundReport {
            round,
            train: best,
            validation: mean_error(evaluator, validation, k, threads),
            changed,
        };
        report(&round_report, evaluator);
        // Done when a round changed nothing with every step already at its least.
        if changed == 0 && steps.iter().zip(&smallest).all(|(s, least)| s <= least) {
            break;
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_score_is_a_sigmoid() {
        assert!((expected_score(0.0, 1.0) - 0.5).abs() < 1e-12);
        assert!((expected_score(400.0, 1.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(-400.0, 1.0) - 1.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn parses_labelled_lines_and_skips_bad_ones() {
        let text = "8/8/8/8/8/8/8/K1k5 w - - c9 \"1-0\";\n\
                    8/8/8/8/8/8/8/K1k5 b - - c9 \"1/2-1/2\";\n\
                    garbage\n\
                    8/8/8/8/8/8/8/K1k5 w - - c9 \"2-0\";\n";
        let (samples, skipped) = parse_samples(text);
        assert_eq!(samples.len(), 2);
        assert_eq!(skipped, 2);
        assert_eq!(samples[0].result, 1.0);
        assert_eq!(samples[1].result, 0.5);
    }

    #[test]
    fn tuning_moves_a_fractional_weight_in_fractional_steps() {
        // The weighted evaluator's material weight, with nothing else in play: a knight up
        // and a win each time, so the weight must rise from 0.05 (12 cp for the knight).
        let win = "4k3/8/8/8/8/8/8/1N2K3 w - - c9 \"1-0\";";
        let loss = "1n2k3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";";
        let (samples, _) = parse_samples(&[win, loss].repeat(10).join("\n"));
        let mut e = AnyEvaluator::by_name("weighted:base").unwrap();
        for (name, value) in [("c_mat", 0.05), ("c_pos", 0.0), ("c_threat", 0.0)] {
            e.params_mut().set(name, value).unwrap();
        }
        let settings = TuneSettings {
            k: Some(1.0),
            rounds: 8,
            threads: 1,
            exclude: [
                "c_pos", "c_threat", "scale", "pawn", "knight", "bishop", "rook", "queen", "pst_*",
            ]
            .map(String::from)
            .to_vec(),
        };
        let before = mean_error(&e, &samples, 1.0, 1);
        tune(&mut e, &samples, &samples, &settings, |_, _| {});
        let c_mat = e.params().get("c_mat").unwrap();
        assert!(c_mat > 0.1, "{c_mat}");
        assert!(mean_error(&e, &samples, 1.0, 1) < before);
        assert_eq!(e.params().get("c_pos"), Some(0.0));
        assert_eq!(e.params().get("knight"), Some(3.0));
    }

    #[test]
    fn tuning_recovers_a_piece_value_from_consistent_data() {
        // Whoever is a knight up wins. With a material evaluator whose knight is worth 0,
        // every evaluation is 0 and the error is exactly 0.25; tuning must raise the knight
        // (and nothing excluded may move).
        let win = "4k3/8/8/8/8/8/8/1N2K3 w - - c9 \"1-0\";";
        let loss = "1n2k3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";";
        let text = [win, loss].repeat(20).join("\n");
        let (samples, _) = parse_samples(&text);
        let mut e = AnyEvaluator::by_name("material").unwrap();
        e.params_mut().set("knight", 0.0).unwrap();
        let settings = TuneSettings {
            k: Some(1.0),
            rounds: 50,
            threads: 1,
            exclude: vec![
                "pawn".into(),
                "bishop".into(),
                "rook".into(),
                "queen".into(),
                "king".into(),
            ],
        };
        let before = mean_error(&e, &samples, 1.0, 1);
        tune(&mut e, &samples, &samples, &settings, |_, _| {});
        let after = mean_error(&e, &samples, 1.0, 1);
        assert!((before - 0.25).abs() < 1e-12);
        assert!(after < 0.05, "error {after}");
        assert!(e.params().get("knight").unwrap() > 300.0);
        assert_eq!(
            e.params().get("rook"),
            Some(500.0),
            "excluded parameters stay"
        );
    }
}
