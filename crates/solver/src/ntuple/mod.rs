//! The learned evaluation: an n-tuple [`network`] read from its file (`file`; the page's is
//! [`sparse`]: a six-tuple network pruned to its most learned weights fits 8 MB), and the
//! network as a leaf evaluation of Strong's search (`leaf`, chosen with
//! `strong::Evaluation::Learned`, which may read the late game as an earlier one: `downgrade`):
//! what the Max strength searches with.
//!
//! With the `lab` feature, also what makes a network: the trainer (`learn`; the arena's
//! `train-ntuple` binary) and its late-game correction (`correct`), the reshaping that fits one into a page (`reshape`: hashed tables,
//! folding, pruning) and the writing of every encoding (`write`; `pack-ntuple`).

#[cfg(feature = "lab")]
pub mod correct;
mod downgrade;
mod file;
mod leaf;
#[cfg(feature = "lab")]
pub mod learn;
pub mod network;
#[cfg(feature = "lab")]
mod reshape;
pub mod sparse;
#[cfg(feature = "lab")]
mod write;

pub use file::{HEAD_BYTES, Unchecked, WeightsError};
pub use leaf::LeafMemo;
pub(crate) use leaf::Memoized;
pub use leaf::Reading;
pub use network::{Network, Shape};
