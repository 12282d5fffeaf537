//! `chainmate eval`: the evaluation explained term by term, or the evaluator's parameters.

use crate::{out, outln};
use clap::Args;

use super::{CliError, EngineArgs};
use crate::core::{Board, STARTPOS_FEN};
use crate::eval::full::Full;
use crate::eval::Evaluator;

/// Arguments of `eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// Position to evaluate (default: the start position).
    #[arg(long, default_value = STARTPOS_FEN)]
    pub fen: String,
    /// The evaluator's parameter file and options.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Print the evaluator's parameters as a `name = value` file and exit.
    #[arg(long)]
    pub dump_params: bool,
    /// With `--dump-params`: print the weights as the Rust block that declares them in
    /// `src/eval/full/weights.rs` instead (to ship a fit as the defaults).
    #[arg(long, requires = "dump_params")]
    pub rust: bool,
}

/// Runs `eval`.
pub fn run(args: &EvalArgs) -> Result<(), CliError> {
    let options = args.engine.options()?;
    if args.rust {
        return print_rust(options.evaluator());
    }
    print_eval(options.evaluator(), &args.fen, args.dump_params)
}

/// Prints `full`'s weights as the Rust block of `src/eval/full/weights.rs`.
pub fn print_rust(full: &Full) -> Result<(), CliError> {
    out!("{}", full.weights_as_rust());
    Ok(())
}

/// Prints `evaluator`'s explanation of the position `fen`, or with `dump_params` its
/// parameters as a `name = value` file.
pub fn print_eval(evaluator: &dyn Evaluator, fen: &str, dump_params: bool) -> Result<(), CliError> {
    if dump_params {
        out!("{}", evaluator.params().to_text());
        return Ok(());
    }
    let board = Board::from_fen(fen).map_err(|e| CliError::Input(e.to_string()))?;
    outln!("{}", evaluator.explain(&board));
    Ok(())
}
