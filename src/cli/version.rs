//! `--version` of both binaries: the package's version, the commit it was built from
//! (`build.rs`: `git rev-parse --short HEAD`, or `unknown` outside a checkout) and the CPU
//! path the build took — PEXT or magic multiplication for slider attacks, and which of the
//! instructions that matter (POPCNT, BMI2, AVX2) the build may use.

use crate::core::attacks::PEXT;

/// The commit the build was made from, or `unknown`.
pub const COMMIT: &str = env!("CHAINMATE_COMMIT");

/// The instructions `--version` reports, each with whether the build targets it.
pub fn target_features() -> [(&'static str, bool); 3] {
    [
        ("popcnt", cfg!(target_feature = "popcnt")),
        ("bmi2", cfg!(target_feature = "bmi2")),
        ("avx2", cfg!(target_feature = "avx2")),
    ]
}

/// How slider attacks are computed in this build, and why.
pub fn sliders() -> &'static str {
    let bmi2 = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));
    match (PEXT, bmi2) {
        (true, _) => "PEXT (BMI2)",
        (false, true) => "magics (the no-pext feature; BMI2 is on)",
        (false, false) => "magics (no BMI2 in the build's target)",
    }
}

/// The text after the binary's name: `0.2.0`, then one line each for the commit, the slider
/// path and the target (`x86_64 +popcnt +bmi2 +avx2`, `-` for an instruction not used).
pub fn long(package_version: &str) -> String {
    let features: Vec<String> = target_features()
        .iter()
        .map(|(name, on)| format!("{}{name}", if *on { '+' } else { '-' }))
        .collect();
    format!(
        "{package_version}\ncommit {COMMIT}\nsliders {}\ntarget {} {}",
        sliders(),
        std::env::consts::ARCH,
        features.join(" ")
    )
}

/// Parses the command line of `P` with [`long`] as its version (`-V` and `--version`).
pub fn parse<P: clap::Parser>(package_version: &str) -> P {
    // clap keeps the version for the process's life: one small leak at start-up.
    let text: &'static str = Box::leak(long(package_version).into_boxed_str());
    let matches = P::command().version(text).long_version(text).get_matches();
    P::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_version_names_commit_sliders_and_target() {
        let text = long("9.9.9");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "9.9.9");
        assert!(
            lines[1].starts_with("commit ") && lines[1].len() > 7,
            "{text}"
        );
        assert!(lines[2] == "sliders PEXT (BMI2)" || lines[2].starts_with("sliders magics"));
        assert!(
            lines[3].contains("popcnt") && lines[3].contains("bmi2"),
            "{text}"
        );
        assert_eq!(lines.len(), 4);
    }
}
