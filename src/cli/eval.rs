//! `chainmate eval`: an evaluation explained term by term, or an evaluator's parameters.

use clap::Args;

use super::{CliError, EvaluatorArgs};
use crate::core::{Board, STARTPOS_FEN};
use crate::eval::{AnyEvaluator, Evaluator};

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
    /// With `--dump-params`, for `full`: print the weights as the Rust block that declares
    /// them in `src/eval/full/weights.rs` instead (to ship a fit as the defaults).
    #[arg(long, requires = "dump_params")]
    pub rust: bool,
}

/// Runs `eval`.
pub fn run(args: &EvalArgs) -> Result<(), CliError> {
    let evaluator = args.evaluator.build()?;
    if args.rust {
        let AnyEvaluator::Full(full) = &evaluator else {
            return Err(CliError::Input(format!(
                "--rust: only full's weights are declared in Rust, not {}'s",
                evaluator.name()
            )));
        };
        print!("{}", full.weights_as_rust());
        return Ok(());
    }
    if args.dump_params {
        print!("{}", evaluator.params().to_text());
        return Ok(());
    }
    let board = Board::from_fen(&args.fen).map_err(|e| CliError::Input(e.to_string()))?;
    println!("{}", evaluator.explain(&board));
    Ok(())
}
