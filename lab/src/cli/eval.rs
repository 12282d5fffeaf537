//! `chainmate-lab eval`: any evaluator's evaluation explained term by term, or its
//! parameters.

use clap::Args;

use super::{CliError, EvaluatorArgs};
use crate::eval::AnyEvaluator;
use chainmate::core::STARTPOS_FEN;
use chainmate::eval::Evaluator;

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
        return chainmate::cli::eval::print_rust(full);
    }
    chainmate::cli::eval::print_eval(&evaluator, &args.fen, args.dump_params)
}
