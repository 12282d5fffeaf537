//! Engine configuration below the front ends: every option as one row of one table.
//!
//! The UCI `uci`/`setoption` commands and the command line's `--set NAME=VALUE` go through
//! this module, so `bench`, `epd` and a GUI speak one vocabulary and share one set of error
//! messages ([`ConfigError`]). The lab's configuration (`chainmate-lab`) builds on it: its
//! options wrap [`EngineOptions`], add rows of their own ([`OptionRow`] is generic over the
//! options it sets) and implement [`Options`], the face the UCI loop and the commands see.
//!
//! Two kinds of names:
//!
//! * **Options** ([`OPTIONS`]): those a GUI user expects (`Hash`, `Threads`, `MultiPV`, the
//!   `Syzygy*` options, ...). A row ([`OptionRow`]) has a name, how to read the current value
//!   (the declared default is that value in [`EngineOptions::default`]) and a [`Control`]:
//!   the UCI type (check/spin/combo/string/button) together with the setter of that type's
//!   value, so that a type and a setter of another cannot be paired. Adding an option is one
//!   row in `engine.rs` plus the code that uses it.
//! * **Tunables** ([`tunables`]): every search parameter as `search.<name>` and every weight
//!   of the evaluator as `full.<name>`. They are declared as UCI `spin`s with a range (see
//!   [`Tunable`] for the rule) but listed on `uci` only when the engine runs with
//!   `--tunables`, for SPSA tuners; `setoption` and `--set` accept them always.
//!
//! Names are matched case-insensitively; values of options are checked against the row's
//! kind before anything changes, so a rejected `setoption` leaves every value as it was.
//!
//! Files: `option.rs` (a row, its control, the checks of a value), `engine.rs` (the engine's
//! options and their table), `tunables.rs` (the tunables and parameter files), `spec.rs`
//! (configuration strings), `error.rs` ([`ConfigError`]); this file holds [`Options`], the face
//! the UCI loop and the commands see.

mod engine;
mod error;
mod option;
mod spec;
mod tunables;

pub use engine::{
    search_config, EngineOptions, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV, MAX_THREADS, OPTIONS,
};
pub use error::ConfigError;
pub use option::{check_value, declaration, find_row, Control, Effect, Kind, OptionRow, Value};
pub use spec::{apply_spec, split_assignment};
pub use tunables::{
    load_params_file, load_params_text, tunable, tunables, RangeRule, Tunable, TunableList, FULL,
    REAL_SCALE,
};

use crate::eval::Evaluator;
use crate::search::{Extension, SearchConfig};

/// Options the UCI loop and the commands can use: the engine's own ([`EngineOptions`]), or
/// the lab's, which wrap them and search with their own [`Extension`].
pub trait Options: Default + Send + Sync + 'static {
    /// The extension the searches these options configure are built with.
    type Ext: Extension;
    /// The name `uci` answers with (`id name`).
    const ENGINE_NAME: &'static str;
    /// The engine's options inside these (hash size, threads, tablebases, ...).
    fn engine(&self) -> &EngineOptions;
    /// The same, to change them.
    fn engine_mut(&mut self) -> &mut EngineOptions;
    /// The `option ...` lines answering `uci` (with `tunables`, every tunable too).
    fn declarations(tunables: bool) -> Vec<String>;
    /// Applies `setoption name <name> [value <value>]` (or `--set name=value`); nothing
    /// changes when the value is refused.
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError>;
    /// The current value of an option or tunable, as UCI text.
    fn get(&self, name: &str) -> Option<String>;
    /// The search configuration the options describe.
    fn search_config(&self) -> SearchConfig<Self::Ext>;
    /// The evaluator a search would use (the UCI `eval` command explains it).
    fn evaluator(&self) -> &dyn Evaluator;
    /// Called at `ucinewgame` and `quit`: whatever the options must write out, with a line
    /// for the GUI (`None`: nothing to say).
    fn end_game(&self) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_options_validate_their_values() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("Hash", Some("64")), Ok(Effect::None));
        assert_eq!(o.hash_mb, 64);
        assert!(matches!(
            o.set("Hash", Some("0")),
            Err(ConfigError::OutOfRange { .. })
        ));
        assert!(matches!(
            o.set("Hash", Some("lots")),
            Err(ConfigError::NotANumber { .. })
        ));
        assert_eq!(o.hash_mb, 64, "a rejected value changes nothing");
        assert_eq!(o.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(matches!(
            o.set("Nonsense", Some("1")),
            Err(ConfigError::UnknownOption(_))
        ));
        assert!(matches!(
            o.set("Ponder", None),
            Err(ConfigError::MissingValue(_))
        ));
        assert!(matches!(
            o.set("Ponder", Some("maybe")),
            Err(ConfigError::NotABool { .. })
        ));
        o.set("full.passed_eg_5", Some("120")).unwrap();
        assert_eq!(o.evaluator().params().get("passed_eg_5"), Some(120.0));
        assert!(matches!(
            o.set("full.passed_eg_5", None),
            Err(ConfigError::MissingValue(_))
        ));
    }

    #[test]
    fn declared_defaults_are_the_default_values() {
        // Applying every declared default to the default options changes nothing.
        let defaults = EngineOptions::default();
        let mut o = EngineOptions::default();
        for row in OPTIONS.iter().filter(|r| r.kind() != Kind::Button) {
            o.set(row.name, Some(&(row.get)(&defaults))).unwrap();
        }
        for t in tunables() {
            o.set(&t.name, Some(&t.to_uci(t.default))).unwrap();
            assert_eq!(o.get(&t.name), defaults.get(&t.name), "{}", t.name);
        }
        assert_eq!(
            format!("{:?}", o.search_config()),
            format!("{:?}", defaults.search_config())
        );
    }

    #[test]
    fn an_eval_file_loads_into_the_evaluator_all_or_nothing() {
        let dir = std::env::temp_dir();
        let good = dir.join(format!(
            "chainmate-evalfile-{}-good.txt",
            std::process::id()
        ));
        let bad = dir.join(format!("chainmate-evalfile-{}-bad.txt", std::process::id()));
        std::fs::write(&good, "# a fit\ntempo_mg = 77\ntempo_eg = 5\n").unwrap();
        std::fs::write(&bad, "tempo_mg = 12\nno_such_weight = 3\n").unwrap();
        let mut o = EngineOptions::default();
        let tempo = |o: &EngineOptions| o.evaluator().params().get("tempo_mg").unwrap();
        let before = tempo(&o);
        o.set("EvalFile", Some(good.to_str().unwrap())).unwrap();
        assert_eq!(tempo(&o), 77.0);
        assert_eq!(o.get("EvalFile").as_deref(), good.to_str());
        // The searches the options configure use it.
        let config = o.search_config();
        assert_eq!(config.evaluator.params().get("tempo_eg"), Some(5.0));
        // A bad file changes nothing and says why.
        let err = o.set("EvalFile", Some(bad.to_str().unwrap())).unwrap_err();
        assert!(err.to_string().contains("no_such_weight"), "{err}");
        assert_eq!(tempo(&o), 77.0);
        let err = o.set("EvalFile", Some("/nonexistent/fit.txt")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /nonexistent/fit.txt"),
            "{err}"
        );
        assert_ne!(before, 77.0);
        let _ = std::fs::remove_file(good);
        let _ = std::fs::remove_file(bad);
    }

    #[test]
    fn the_uci_list_shows_the_standard_options_and_tunables_on_request() {
        let shown = EngineOptions::declarations(false);
        assert_eq!(shown.len(), OPTIONS.len());
        let strings: Vec<&String> = shown.iter().filter(|d| d.contains("type string")).collect();
        assert_eq!(
            strings,
            [
                "option name EvalFile type string default <empty>",
                "option name SyzygyPath type string default <empty>"
            ]
        );
        let all = EngineOptions::declarations(true);
        assert_eq!(all.len(), OPTIONS.len() + tunables().len());
        assert!(all.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
        assert!(all
            .contains(&"option name search.rfp_margin type spin default 83 min 0 max 1000".into()));
        assert!(all
            .iter()
            .any(|d| d.starts_with("option name full.tempo_mg type spin")));
    }

    #[test]
    fn tunables_are_options_by_name_with_ranges() {
        let mut o = EngineOptions::default();
        o.set("search.rfp_margin", Some("90")).unwrap();
        assert_eq!(o.search.params.rfp_margin, 90);
        assert_eq!(o.get("SEARCH.RFP_MARGIN").as_deref(), Some("90"));
        assert!(matches!(
            o.set("search.rfp_margin", Some("-5")),
            Err(ConfigError::OutOfRange { .. })
        ));
        assert!(o.set("search.rfp_margin", Some("9.5")).is_err());
        assert!(o.set("search.dragon", Some("1")).is_err());
        assert!(o.set("full.tempo_mg", Some("1e400")).is_err());
    }

    #[test]
    fn configuration_strings_apply_assignments_in_order() {
        let c = search_config(
            "default+search.rfp_margin=70+search.rfp_margin=71",
            &["search.lmp_base=5".into()],
        )
        .unwrap();
        assert_eq!((c.params.rfp_margin, c.params.lmp_base), (71, 5));
        assert_eq!(c.threads, 1);
    }

    #[test]
    fn bad_tokens_are_typed_errors_naming_the_configuration() {
        let e = search_config("chessmaps", &[]).unwrap_err();
        assert!(matches!(
            &e,
            ConfigError::InConfiguration { error, .. } if matches!(**error, ConfigError::UnknownToken { .. })
        ));
        assert!(e
            .to_string()
            .starts_with("configuration 'chessmaps': unknown"));
        assert!(search_config("default+Hash=lots", &[]).is_err());
        assert!(search_config("default", &["nonsense".into()]).is_err());
        let mut o = EngineOptions::default();
        assert_eq!(
            o.assign("Hash"),
            Err(ConfigError::NotAnAssignment("Hash".into()))
        );
    }
}
