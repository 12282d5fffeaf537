//! `chainmate-lab eval`: any evaluator's evaluation explained term by term, or its
//! parameters.

use clap::Args;

use super::{CliError, EvaluatorArgs};
use chainmate::core::STARTPOS_FEN;

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
    chainmate::cli::eval::print_eval(&evaluator, &args.fen, args.dump_params)
}
