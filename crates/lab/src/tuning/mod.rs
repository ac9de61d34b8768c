//! The tuner of the heuristic's weights (`tune-weights`): the positions it tunes on, each move
//! valued by the deep reference ([`positions`]), and the fast Strong's regret on them with
//! given weights ([`regret`]), the loss its CMA-ES ([`crate::cma`]) brings down.

pub mod positions;
pub mod regret;
