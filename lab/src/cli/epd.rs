//! `chainmate-lab epd`: solve a `bm`/`am` test suite with a configuration of the lab.

use clap::Args;

use super::{CliError, EngineArgs};
use chainmate::cli::epd::SuiteArgs;

/// Arguments of `epd`.
#[derive(Args, Debug)]
#[command(after_help = crate::config::presets_help())]
pub struct EpdArgs {
    /// The suite and the limits.
    #[command(flatten)]
    pub suite: SuiteArgs,
    /// Evaluator and options.
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Runs `epd`.
pub fn run(args: &EpdArgs) -> Result<(), CliError> {
    chainmate::cli::epd::solve(&args.suite, args.engine.options(&[])?.search_config())
}
