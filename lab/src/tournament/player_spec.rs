//! A player named on a command line: `uci:COMMAND` with `NAME=VALUE` options for an external
//! engine, or a configuration string of this engine (`default`, `chessmaps+tt`, ...) with
//! `--set` assignments. Shared by `match`, `abr` and `analyse`.

use std::fmt;

use super::external::ExternalSpec;
use super::game::{Engine, Player};
use crate::config::{search_config, ConfigError};

/// Why a player spec cannot be used.
#[derive(Debug)]
pub enum PlayerSpecError {
    /// The configuration string or a `--set` assignment is not valid.
    Config(ConfigError),
    /// `uci:` without a command.
    NoCommand(String),
    /// An engine option not written `NAME=VALUE`.
    BadOption(String),
    /// Engine options given to a configuration of this engine.
    OptionsForInternal(String),
}

impl fmt::Display for PlayerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpecError::Config(e) => write!(f, "{e}"),
            PlayerSpecError::NoCommand(spec) => write!(f, "'{spec}': give the engine's command"),
            PlayerSpecError::BadOption(o) => write!(f, "--option '{o}': expected NAME=VALUE"),
            PlayerSpecError::OptionsForInternal(spec) => write!(
                f,
                "--option-a/--option-b are for external engines (uci:COMMAND), not '{spec}'; \
                 use --set or NAME=VALUE tokens"
            ),
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl Player {
    /// A side: `uci:COMMAND` (with its `options`; `name` is what to call it until it is
    /// started and gives its `id name`) or a configuration of this engine (with the `set`
    /// assignments).
    pub fn from_spec(
        name: String,
        spec: &str,
        options: &[String],
        set: &[String],
    ) -> Result<Player, PlayerSpecError> {
        let Some(command) = spec.strip_prefix("uci:") else {
            if !options.is_empty() {
                return Err(PlayerSpecError::OptionsForInternal(spec.to_string()));
            }
            let config = search_config(spec, set).map_err(PlayerSpecError::Config)?;
            return Ok(Player::internal(name, config));
        };
        if command.trim().is_empty() {
            return Err(PlayerSpecError::NoCommand(spec.to_string()));
        }
        let options = options
            .iter()
            .map(|o| match o.split_once('=') {
                Some((n, v)) if !n.trim().is_empty() => {
                    Ok((n.trim().to_string(), v.trim().to_string()))
                }
                _ => Err(PlayerSpecError::BadOption(o.clone())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Player {
            name,
            engine: Engine::External(ExternalSpec::new(command.trim(), options)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_external_and_internal_players() {
        let p = Player::from_spec(
            "sf".into(),
            "uci:/usr/games/stockfish",
            &["Threads=1".into()],
            &[],
        )
        .unwrap();
        match p.engine {
            Engine::External(spec) => {
                assert_eq!(spec.command, "/usr/games/stockfish");
                assert_eq!(spec.options, vec![("Threads".to_string(), "1".to_string())]);
            }
            Engine::Internal(_) => panic!("uci: is external"),
        }
        assert!(matches!(
            Player::from_spec("x".into(), "default", &[], &[])
                .unwrap()
                .engine,
            Engine::Internal(_)
        ));
        assert!(matches!(
            Player::from_spec("x".into(), "uci: ", &[], &[]),
            Err(PlayerSpecError::NoCommand(_))
        ));
        assert!(matches!(
            Player::from_spec("x".into(), "uci:sf", &["Threads".into()], &[]),
            Err(PlayerSpecError::BadOption(_))
        ));
        assert!(matches!(
            Player::from_spec("x".into(), "default", &["Threads=1".into()], &[]),
            Err(PlayerSpecError::OptionsForInternal(_))
        ));
        assert!(matches!(
            Player::from_spec("x".into(), "no-such-preset", &[], &[]),
            Err(PlayerSpecError::Config(_))
        ));
    }
}
