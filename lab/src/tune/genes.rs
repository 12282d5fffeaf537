//! The parameters a game tuner learns ([`Gene`]s chosen by name from the tunables) and how
//! their values are written: shared by the genetic algorithm and SPSA.

use std::fmt;

use super::genetic::Gene;
use crate::config::tunables;

/// Why a gene list cannot be built.
#[derive(Clone, Debug, PartialEq)]
pub enum GeneError {
    /// A pattern matches no tunable.
    UnknownPattern(String),
    /// A range not written `NAME=LOW:HIGH` with finite `LOW < HIGH`.
    BadRange(String),
    /// A range names a parameter that is not one of the genes.
    NotAGene(String),
    /// Nothing is left after the exclusions.
    NoneLeft,
}

impl fmt::Display for GeneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeneError::UnknownPattern(p) => write!(
                f,
                "--genes: no parameter is named '{p}' (names are `group.param`, e.g. \
                 weighted.c_mat or tsvetkov.*; `chainmate --tunables` lists them)"
            ),
            GeneError::BadRange(r) => {
                write!(f, "--range '{r}': expected NAME=LOW:HIGH with LOW < HIGH")
            }
            GeneError::NotAGene(name) => write!(f, "--range: '{name}' is not one of the genes"),
            GeneError::NoneLeft => {
                f.write_str("no gene left to learn (check --genes and --exclude)")
            }
        }
    }
}

impl std::error::Error for GeneError {}

/// Whether tunable `name` matches `pattern`: a full name, or a prefix ending in `*`.
fn matches(name: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    }
}

/// The genes: every tunable matching one of `patterns` (full names or prefixes ending in
/// `*`) and none of `exclude` (which may also name a parameter without its group), with
/// `ranges` (`NAME=LOW:HIGH`) applied.
pub fn select(
    patterns: &[String],
    exclude: &[String],
    ranges: &[String],
) -> Result<Vec<Gene>, GeneError> {
    if let Some(p) = patterns
        .iter()
        .find(|p| !tunables().iter().any(|t| matches(&t.name, p)))
    {
        return Err(GeneError::UnknownPattern(p.clone()));
    }
    let mut genes: Vec<Gene> = tunables()
        .iter()
        .filter(|t| patterns.iter().any(|p| matches(&t.name, p)))
        .filter(|t| {
            !exclude
                .iter()
                .any(|e| matches(&t.name, e) || matches(&t.param, e))
        })
        .filter_map(|t| Gene::tunable(&t.name))
        .collect();
    for range in ranges {
        apply_range(&mut genes, range)?;
    }
    if genes.is_empty() {
        return Err(GeneError::NoneLeft);
    }
    Ok(genes)
}

/// Applies one `NAME=LOW:HIGH` to its gene.
fn apply_range(genes: &mut [Gene], range: &str) -> Result<(), GeneError> {
    let bad = || GeneError::BadRange(range.to_string());
    let (name, span) = range.split_once('=').ok_or_else(bad)?;
    let (low, high) = span.split_once(':').ok_or_else(bad)?;
    let (low, high): (f64, f64) = (
        low.trim().parse().map_err(|_| bad())?,
        high.trim().parse().map_err(|_| bad())?,
    );
    if !(low.is_finite() && high.is_finite() && low < high) {
        return Err(bad());
    }
    let gene = genes
        .iter_mut()
        .find(|g| g.name == name.trim())
        .ok_or_else(|| GeneError::NotAGene(name.trim().to_string()))?;
    gene.low = low;
    gene.high = high;
    // A log-uniform draw needs a positive range.
    gene.log_scale &= low > 0.0;
    Ok(())
}

/// `name=value name=value ...`.
pub fn weights_text(genes: &[Gene], weights: &[f64]) -> String {
    genes
        .iter()
        .zip(weights)
        .map(|(g, &w)| format!("{}={}", g.name, g.text(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The weights as a parameter file: `param = value` when every gene is of one evaluator
/// (loadable with `--params`), `group.param = value` otherwise (usable with `--set`); each
/// line of `header` becomes a comment.
pub fn params_text(genes: &[Gene], weights: &[f64], header: &str) -> String {
    let groups: Vec<&str> = genes
        .iter()
        .map(|g| g.name.split_once('.').map_or("", |(group, _)| group))
        .collect();
    let one_group = groups.windows(2).all(|w| w[0] == w[1]) && groups.first() != Some(&"search");
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    if one_group {
        out.push_str(&format!("# evaluator family: {}\n", groups[0]));
    }
    for (g, &w) in genes.iter().zip(weights) {
        let name = match g.name.split_once('.') {
            Some((_, param)) if one_group => param,
            _ => &g.name,
        };
        out.push_str(&format!("{name} = {}\n", g.text(w)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn genes_by_name_prefix_exclusion_and_range() {
        let genes = select(&strings(&["weighted.*"]), &strings(&["c_pos"]), &[]).unwrap();
        let names: Vec<&str> = genes.iter().map(|g| g.name.as_str()).collect();
        assert!(names.contains(&"weighted.c_mat"));
        assert!(!names.contains(&"weighted.c_pos"));
        assert!(names.iter().all(|n| n.starts_with("weighted.")));
        let genes = select(
            &strings(&["weighted.c_mat"]),
            &[],
            &strings(&["weighted.c_mat=2:5"]),
        )
        .unwrap();
        assert_eq!((genes[0].low, genes[0].high), (2.0, 5.0));
    }

    #[test]
    fn bad_gene_lists_say_why() {
        let err = |p: &[&str], e: &[&str], r: &[&str]| {
            select(&strings(p), &strings(e), &strings(r)).unwrap_err()
        };
        assert_eq!(
            err(&["nope.x"], &[], &[]),
            GeneError::UnknownPattern("nope.x".into())
        );
        assert_eq!(
            err(&["weighted.c_mat"], &[], &["weighted.c_mat=5:2"]),
            GeneError::BadRange("weighted.c_mat=5:2".into())
        );
        assert_eq!(
            err(&["weighted.c_mat"], &[], &["weighted.c_pos=1:2"]),
            GeneError::NotAGene("weighted.c_pos".into())
        );
        assert_eq!(
            err(&["weighted.c_mat"], &["weighted.*"], &[]),
            GeneError::NoneLeft
        );
    }

    #[test]
    fn params_text_is_loadable_for_one_family() {
        let genes = select(&strings(&["weighted.c_mat", "weighted.c_pos"]), &[], &[]).unwrap();
        let text = params_text(&genes, &[2.5, 0.1], "a run");
        assert!(text.starts_with("# a run\n# evaluator family: weighted\n"));
        assert!(text.contains("\nc_mat = 2.500\n"), "{text}");
        assert_eq!(
            weights_text(&genes, &[2.5, 0.1]),
            "weighted.c_mat=2.500 weighted.c_pos=0.100"
        );
    }
}
