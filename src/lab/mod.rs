//! The laboratory: fixed-depth benchmarks and signatures, experiments over position suites,
//! and solving EPD test suites.
//!
//! * [`bench`]: the search signature (`chainmate bench`).
//! * [`pins`]: one signature per configuration the README reports (`chainmate bench --config`).
//! * [`experiment`]: node counts of configurations over a suite (`chainmate experiment nodes`).
//! * [`figures`]: the README's node-count tables, regenerated and checked.
//! * [`predict`]: move prediction by the action library and the search (paper 003).
//! * [`suite`]: `bm`/`am` test suites (`chainmate epd`).
//! * [`book_distance`]: what a case-based book move costs by retrieval distance.
//! * [`table4`]: paper 000's Table 4, the case-based opening player's book moves.
//!
//! Configurations are named by the strings of [`crate::config`] (`plain+chessmaps+tt`).

pub mod bench;
pub mod book_distance;
pub mod experiment;
pub mod figures;
pub mod pins;
pub mod predict;
pub mod suite;
pub mod table4;
