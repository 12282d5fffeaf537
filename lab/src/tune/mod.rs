//! Tuning parameters: [`texel`] fits an evaluator's to game results by local search,
//! [`gradient`] fits the linear `full` to the same objective by gradient descent (its state
//! kept for a later machine by [`gradient_state`]);
//! [`genetic`] learns weights by games between agents (paper 000, played by [`games`]);
//! [`genes`] chooses the parameters a game tuner learns; [`spsa`] tunes named
//! parameters (the search's) by game pairs between perturbed engines; [`label`] picks
//! labelled positions from games (self-play data for the first two).

pub mod datagen;
pub mod games;
pub mod genes;
pub mod genetic;
pub mod gradient;
pub mod gradient_state;
pub mod label;
pub mod spsa;
pub mod texel;
