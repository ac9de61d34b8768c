//! A learned evaluation for Strong, for experiments in the arena (the `lab` feature): an
//! n-tuple [`network`] trained by temporal-difference learning ([`learn`]; the arena's
//! `train-ntuple` binary), and the network as a leaf evaluation of Strong's search (`leaf`,
//! chosen with `strong::lab::Evaluation::Learned`).
//!
//! Nothing of it ships: the product's Strong uses nneonneo's heuristic, which the arena
//! measured stronger at the same time per move than the networks small enough for a web page
//! (docs/solver.md, "A learned evaluation").

mod file;
mod leaf;
pub mod learn;
pub mod network;
pub mod sparse;

pub use file::WeightsError;
pub use leaf::LeafMemo;
pub(crate) use leaf::Memoized;
pub use network::{Network, Shape};
