//! Tuning parameters: [`texel`] fits an evaluator's to game results by local search,
//! [`gradient`] fits the linear `full` to the same objective by gradient descent;
//! [`genetic`] learns weights by games between agents (paper 000).

pub mod genetic;
pub mod gradient;
pub mod texel;
