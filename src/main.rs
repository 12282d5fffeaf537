//! The `chainmate` binary: see [`chainmate::cli`] (the command-line front end).

fn main() {
    std::process::exit(chainmate::cli::run());
}
