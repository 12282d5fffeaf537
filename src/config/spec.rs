//! Configuration strings: `NAME=VALUE` assignments, and `+`-joined tokens applied left to
//! right (`default+search.rfp_margin=90`), for any options that take tokens (the engine's, the
//! lab's).

use super::error::ConfigError;

/// Splits `NAME=VALUE` (both trimmed).
pub fn split_assignment(assignment: &str) -> Result<(&str, &str), ConfigError> {
    let (name, value) = assignment
        .split_once('=')
        .ok_or_else(|| ConfigError::NotAnAssignment(assignment.to_string()))?;
    Ok((name.trim(), value.trim()))
}

/// Applies each of `sets`, then the `+`-joined tokens of `spec`, to `options` with `apply`
/// (an error in `spec` names the whole configuration).
pub fn apply_spec<O>(
    options: &mut O,
    spec: &str,
    sets: &[String],
    apply: impl Fn(&mut O, &str) -> Result<(), ConfigError>,
) -> Result<(), ConfigError> {
    for assignment in sets {
        apply(options, assignment)?;
    }
    for token in spec.split('+') {
        apply(options, token).map_err(|e| ConfigError::InConfiguration {
            spec: spec.to_string(),
            error: Box::new(e),
        })?;
    }
    Ok(())
}
