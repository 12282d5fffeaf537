//! `chainmate eval`: an evaluation explained term by term, or an evaluator's parameters.

use std::path::PathBuf;

use clap::Args;

use super::{read, CliError};
use crate::core::{Board, STARTPOS_FEN};
use crate::eval::{params, AnyEvaluator, Evaluator};

/// Arguments of `eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// Position to evaluate (default: the start position).
    #[arg(long, default_value = STARTPOS_FEN)]
    pub fen: String,
    /// Evaluator and parameter file.
    #[command(flatten)]
    pub evaluator: EvaluatorArgs,
    /// Print the evaluator's parameters as a `name = value` file and exit.
    #[arg(long)]
    pub dump_params: bool,
}

/// Runs `eval`.
pub fn run(args: &EvalArgs) -> Result<(), CliError> {
    let evaluator = args.evaluator.build()?;
    if args.dump_params {
        print!("{}", evaluator.params().to_text());
        return Ok(());
    }
    let board = Board::from_fen(&args.fen).map_err(|e| CliError::Input(e.to_string()))?;
    println!("{}", evaluator.explain(&board));
    Ok(())
}

/// An evaluator and a parameter file to apply to it (`eval`, `tune`).
#[derive(Args, Debug)]
pub struct EvaluatorArgs {
    /// Evaluator name: full (the default for play), tsvetkov:tuned, tsvetkov (= tsvetkov:paper),
    /// material, weighted (= weighted:base), weighted:uniform|base|pruning|handmade|winning,
    /// power.
    #[arg(long)]
    pub evaluator: Option<String>,
    /// A `name = value` parameter file to apply first.
    #[arg(long)]
    pub params: Option<PathBuf>,
}

impl EvaluatorArgs {
    /// The evaluator (default: the engine's) with the parameter file applied.
    pub fn build(&self) -> Result<AnyEvaluator, CliError> {
        let mut evaluator = match &self.evaluator {
            None => AnyEvaluator::default(),
            Some(name) => AnyEvaluator::by_name(name).ok_or_else(|| {
                super::unknown_name("evaluator", name, AnyEvaluator::NAMES.iter().copied())
            })?,
        };
        if let Some(path) = &self.params {
            params::load_text(evaluator.params_mut(), &read(path)?)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        }
        Ok(evaluator)
    }
}
