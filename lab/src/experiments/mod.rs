//! The experiments: signatures of the papers' configurations, node counts over position
//! suites, the documentation's figures.
//!
//! * [`pins`]: one signature per configuration the documentation reports
//!   (`chainmate-lab bench --config`).
//! * [`experiment`]: node counts of configurations over a suite (`chainmate-lab experiment
//!   nodes`).
//! * [`figures`]: the documentation's generated tables (node counts, paper 000's Figure 3
//!   summary and Table 4, win/draw/loss readings), regenerated and checked.
//! * [`predict`]: move prediction by the action library and the search (paper 003).
//! * [`book_distance`]: what a case-based book move costs by retrieval distance.
//! * [`table4`]: paper 000's Table 4, the case-based opening player's book moves.
//! * [`analyse`]: evaluation over a game, searched or read from comments (paper 000's
//!   Figures 3 and 4); [`plot`] draws it.
//!
//! Configurations are named by the strings of [`crate::config`] (`plain+chessmaps+tt`).

pub mod analyse;
pub mod book_distance;
pub mod experiment;
pub mod figures;
pub mod pins;
pub mod plot;
pub mod predict;
pub mod speed;
pub mod table4;
