//! The papers' evaluation functions, beside the engine's, behind the engine's small trait
//! ([`Evaluator`]).
//!
//! | name | paper | module |
//! | --- | --- | --- |
//! | `tsvetkov`, `tsvetkov:tuned` | 004, after Tsvetkov's compendium | [`tsvetkov`] |
//! | `full` (the engine's) | 004's terms grown into a full tapered evaluator | `chainmate::eval::full` |
//! | `material` | 001 | [`material`] |
//! | `weighted`, `weighted:<preset>` | 000 | [`weighted`] |
//! | `power` | 003 | [`power`] |
//!
//! `docs/evaluators.md` describes every term, constant and choice. [`AnyEvaluator`] is the
//! closed set selectable at run time (the lab's `Evaluator` option and `--evaluator`); the
//! engine's modules this one builds on are re-exported here ([`score`], [`params`], ...), so
//! the paper evaluators name them as their neighbours.

pub mod material;
pub mod power;
pub mod pst;
pub mod tsvetkov;
pub mod weighted;

pub use chainmate::eval::{
    attack_map, features, full, param_set, score, wdl, Evaluator, Explanation, ParamError,
    ParamSet, Score, Term,
};

use chainmate::core::Board;

/// Texel-tuned weights for the `tsvetkov` evaluator: the same terms as paper 004, with the
/// weights fitted by `chainmate-lab tune` to 568,358 positions of master and engine games (the
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
    /// full evaluator grown from it ([`full`], its fitted weights the defaults), the engine's.
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
                param_set::load_text(&mut e.params, TSVETKOV_TUNED)
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
/// `tsvetkov:tuned` after an SPRT (`docs/strength-log.md`).
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
