//! Evaluation: the papers' evaluation functions behind one small trait.
//!
//! | name | paper | module |
//! | --- | --- | --- |
//! | `tsvetkov`, `tsvetkov:tuned` | 004, after Tsvetkov's compendium | [`tsvetkov`] |
//! | `full` (default for play) | 004's terms grown into a full tapered evaluator | [`full`] |
//! | `material` | 001 | [`material`] |
//! | `weighted`, `weighted:<preset>` | 000 | [`weighted`] |
//! | `power` | 003 | [`power`] |
//!
//! `docs/evaluators.md` describes every term, constant and choice.
//!
//! An [`Evaluator`] scores a position from the side to move's point of view in centipawns and
//! can [`explain`](Evaluator::explain) the score as a table of named terms with White's,
//! Black's and the net value. Evaluators never see the search; the search sees evaluators only
//! through this trait (and [`AnyEvaluator`], the closed set selectable at run time).

pub mod attack_map;
pub mod features;
pub mod full;
pub mod material;
pub mod params;
pub mod power;
pub mod pst;
pub mod score;
pub mod tsvetkov;
pub mod wdl;
pub mod weighted;

use std::fmt;

use crate::core::{Board, Color};
pub use params::{ParamError, ParamSet};
pub use score::Score;

/// One named term of an evaluation, in centipawns.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The term's name, as printed.
    pub name: String,
    /// White's contribution.
    pub white: f64,
    /// Black's contribution.
    pub black: f64,
}

impl Term {
    /// A term from the two sides' contributions.
    pub fn new(name: impl Into<String>, white: f64, black: f64) -> Term {
        Term {
            name: name.into(),
            white,
            black,
        }
    }
    /// White's contribution minus Black's.
    pub fn net(&self) -> f64 {
        self.white - self.black
    }
}

/// An evaluation broken down into terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// Which evaluator produced it.
    pub evaluator: &'static str,
    /// The terms; their nets sum to `white_total`.
    pub terms: Vec<Term>,
    /// The evaluation from White's point of view, in centipawns, before rounding.
    pub white_total: f64,
    /// What [`Evaluator::evaluate`] returns: side to move's view, rounded and clamped.
    pub score: Score,
    /// The side to move.
    pub side_to_move: Color,
}

impl Explanation {
    /// Builds an explanation whose total is the sum of the terms' nets, and whose score is
    /// that total rounded, clamped and seen from the side to move.
    pub fn from_terms(evaluator: &'static str, board: &Board, terms: Vec<Term>) -> Explanation {
        let white_total: f64 = terms.iter().map(Term::net).sum();
        let side = board.side_to_move();
        let score = score::clamp_eval(white_total.round() as i64) * side.sign();
        Explanation {
            evaluator,
            terms,
            white_total,
            score,
            side_to_move: side,
        }
    }

    /// Builds an explanation for an evaluator that computes its total itself (in integers, or
    /// in one fixed floating-point order) rather than as a float sum of the displayed terms.
    /// `white_total` is the unrounded total shown under the terms; `white_score` is the
    /// rounded White-view score that [`Evaluator::evaluate`] also computes, so the two always
    /// agree exactly: `score == score::white_to_side(white_score, side)`.
    pub fn with_total(
        evaluator: &'static str,
        board: &Board,
        terms: Vec<Term>,
        white_total: f64,
        white_score: i64,
    ) -> Explanation {
        let side = board.side_to_move();
        Explanation {
            evaluator,
            terms,
            white_total,
            score: score::white_to_side(white_score, side),
            side_to_move: side,
        }
    }
}

/// A person-readable table, like Stockfish's `eval` trace.
impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .terms
            .iter()
            .map(|t| t.name.len())
            .max()
            .unwrap_or(0)
            .max(12);
        let rule = format!(
            "{:-<w$}-+-{:-<10}-+-{:-<10}-+-{:-<10}",
            "",
            "",
            "",
            "",
            w = width
        );
        writeln!(f, "Evaluator: {} (centipawns)", self.evaluator)?;
        writeln!(
            f,
            "{:>width$} | {:>10} | {:>10} | {:>10}",
            "Term", "White", "Black", "Net"
        )?;
        writeln!(f, "{rule}")?;
        for t in &self.terms {
            writeln!(
                f,
                "{:>width$} | {:>10.2} | {:>10.2} | {:>+10.2}",
                t.name,
                t.white,
                t.black,
                t.net()
            )?;
        }
        writeln!(f, "{rule}")?;
        writeln!(
            f,
            "{:>width$} | {:>10} | {:>10} | {:>+10.2}",
            "Total", "", "", self.white_total
        )?;
        write!(
            f,
            "\nFinal evaluation: {:+} cp from White's side, {:+} cp for the side to move ({})",
            self.score * self.side_to_move.sign(),
            self.score,
            self.side_to_move
        )
    }
}

/// An evaluation function.
pub trait Evaluator: Send + Sync {
    /// The short name used by `--evaluator` and the UCI `Evaluator` option.
    fn name(&self) -> &'static str;
    /// The score for the side to move, in centipawns, within ±[`score::MAX_EVAL`].
    fn evaluate(&self, board: &Board) -> Score;
    /// The same evaluation, term by term. `explain(b).score == evaluate(b)`.
    fn explain(&self, board: &Board) -> Explanation;
    /// The evaluator's parameters.
    fn params(&self) -> &dyn ParamSet;
    /// The evaluator's parameters, for changing them.
    fn params_mut(&mut self) -> &mut dyn ParamSet;
}

/// Texel-tuned weights for the `tsvetkov` evaluator: the same terms as paper 004, with the
/// weights fitted by `chainmate tune` to 568,358 positions of master and engine games (the
/// file's header says how). The paper's values stay the evaluator's defaults.
pub const TSVETKOV_TUNED: &str = include_str!("tsvetkov_tuned.txt");

/// Every evaluator, selectable by name at run time. Static dispatch: the search calls
/// `evaluate` through a `match`, not a virtual call.
// The variants carry their parameter tables inline (piece-square tables make them ~1.6 kB):
// an evaluator is built once per engine, never moved in a hot path, and boxing would add a
// pointer chase to every evaluation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyEvaluator {
    /// Paper 001: material only.
    Material(material::Material),
    /// Paper 000: material, piece-square tables and threats with weight presets.
    Weighted(weighted::Weighted),
    /// Paper 004: the Tsvetkov evaluator (the paper's or fitted weights).
    Tsvetkov(tsvetkov::Tsvetkov),
    /// Paper 003: piece power with defender and attacker chains.
    Power(power::Power),
    /// Paper 004's terms grown into a full tapered evaluator, weights fitted to results: the
    /// default for play.
    Full(full::Full),
}

impl AnyEvaluator {
    /// The names accepted by [`AnyEvaluator::by_name`]. `weighted` is the `base` preset;
    /// `weighted:<preset>` selects another of the paper's weight presets. `tsvetkov` and
    /// `tsvetkov:paper` are the Tsvetkov evaluator with the paper's weights; `tsvetkov:tuned`
    /// has weights fitted to game results (see [`TSVETKOV_TUNED`]); `full` is the
    /// full evaluator grown from it ([`full`], its fitted weights the defaults), the default
    /// for play.
    /// `material:zero` is paper 004's all-zero evaluation (every piece worth nothing).
    pub const NAMES: &'static [&'static str] = &[
        "tsvetkov",
        "tsvetkov:paper",
        "tsvetkov:tuned",
        "full",
        "material",
        "material:zero",
        "weighted",
        "weighted:uniform",
        "weighted:base",
        "weighted:pruning",
        "weighted:handmade",
        "weighted:winning",
        "power",
    ];

    /// The name of the evaluator for play (see `Default`).
    pub const DEFAULT_NAME: &'static str = "full";

    /// The evaluator called `name` (case-insensitive), with its default parameters.
    pub fn by_name(name: &str) -> Option<AnyEvaluator> {
        let name = name.to_ascii_lowercase();
        if let Some(preset) = name.strip_prefix("weighted:") {
            let preset = preset.parse::<weighted::Preset>().ok()?;
            return Some(AnyEvaluator::Weighted(weighted::Weighted::with_preset(
                preset,
            )));
        }
        match name.as_str() {
            "material" => Some(AnyEvaluator::Material(material::Material::default())),
            "material:zero" => Some(AnyEvaluator::Material(material::Material::zero())),
            "weighted" => Some(AnyEvaluator::Weighted(weighted::Weighted::default())),
            "tsvetkov" | "tsvetkov:paper" => {
                Some(AnyEvaluator::Tsvetkov(tsvetkov::Tsvetkov::default()))
            }
            "tsvetkov:tuned" => {
                let mut e = tsvetkov::Tsvetkov::default();
                params::load_text(&mut e.params, TSVETKOV_TUNED)
                    .expect("the shipped tuned parameters load");
                Some(AnyEvaluator::Tsvetkov(e))
            }
            "power" => Some(AnyEvaluator::Power(power::Power::default())),
            "full" => Some(AnyEvaluator::Full(full::Full::default())),
            _ => None,
        }
    }
}

/// The evaluator for play, [`AnyEvaluator::DEFAULT_NAME`]: `full`, which replaced
/// `tsvetkov:tuned` after an SPRT (`docs/strength.md`).
impl Default for AnyEvaluator {
    fn default() -> Self {
        AnyEvaluator::by_name(Self::DEFAULT_NAME).expect("the default evaluator exists")
    }
}

/// `$body` with `$e` bound to the evaluator inside `$value`: the one place the variants are
/// listed for dispatch (static: the search's `evaluate` is a `match`, not a virtual call).
macro_rules! with_variant {
    ($value:expr, $e:ident => $body:expr) => {
        match $value {
            AnyEvaluator::Material($e) => $body,
            AnyEvaluator::Weighted($e) => $body,
            AnyEvaluator::Tsvetkov($e) => $body,
            AnyEvaluator::Power($e) => $body,
            AnyEvaluator::Full($e) => $body,
        }
    };
}

impl Evaluator for AnyEvaluator {
    fn name(&self) -> &'static str {
        with_variant!(self, e => e.name())
    }
    #[inline]
    fn evaluate(&self, board: &Board) -> Score {
        with_variant!(self, e => e.evaluate(board))
    }
    fn explain(&self, board: &Board) -> Explanation {
        with_variant!(self, e => e.explain(board))
    }
    fn params(&self) -> &dyn ParamSet {
        with_variant!(self, e => e.params())
    }
    fn params_mut(&mut self) -> &mut dyn ParamSet {
        with_variant!(self, e => e.params_mut())
    }
}
