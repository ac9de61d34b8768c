//! A learned evaluation for Strong, for experiments in the arena (the `lab` feature): an
//! n-tuple [`network`] trained by temporal-difference learning ([`learn`]; the arena's
//! `train-ntuple` binary), and the network as a leaf evaluation of Strong's search (`leaf`,
//! chosen with `strong::lab::Evaluation::Learned`).
//!
//! Its files (`file`: dense, 16-bit, 8-bit or [`sparse`]) are what `pack-ntuple` writes; a
//! six-tuple network pruned to its most learned weights fits the page's 8 MB as a sparse file.
//!
//! Nothing of it ships yet: the product's Strong uses nneonneo's heuristic (docs/solver.md,
//! "A learned evaluation", has what each network reached against it).

mod file;
mod leaf;
pub mod learn;
pub mod network;
pub mod sparse;

pub use file::WeightsError;
pub use leaf::LeafMemo;
pub(crate) use leaf::Memoized;
pub use network::{Network, Shape};
