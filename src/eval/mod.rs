//! Evaluation: the engine's evaluator [`full`] and the small trait every evaluator (the lab's
//! paper evaluators too) implements.
//!
//! `docs/evaluators.md` describes every term, constant and choice.
//!
//! An [`Evaluator`] scores a position from the side to move's point of view in centipawns and
//! can [`explain`](Evaluator::explain) the score as a table of named terms with White's,
//! Black's and the net value. Evaluators never see the search; the search calls `full`, or
//! an extension's evaluator ([`crate::search::Extension::evaluate`]).

pub mod attack_map;
pub mod features;
pub mod full;
pub mod param_set;
pub mod score;
pub mod wdl;

use std::fmt;

use crate::core::{Board, Color};
pub use param_set::{ParamError, ParamSet};
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
