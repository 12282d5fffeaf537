//! The `chainmate-lab` binary: see [`chainmate_lab::cli`] (the lab's command line).

fn main() {
    std::process::exit(chainmate_lab::cli::run());
}
