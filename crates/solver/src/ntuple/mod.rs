//! The learned evaluation: an n-tuple [`network`] read from its file (`file`; the page's is
//! [`sparse`]: a six-tuple network pruned to its most learned weights fits 8 MB), and the
//! network as a leaf evaluation of Strong's search (`leaf`, chosen with
//! `strong::Evaluation::Learned`, which may read the late game as an earlier one: [`downgraded`]):
//! what the Strong and Max strengths search with.
//!
//! The network's own constructors and encoders are here too, the other half of its file format:
//! the shapes it can be reshaped into (`reshape`: zeroed, hashed, staged, folded, pruned) and the
//! writing of every encoding (`write`). The trainer that learns its weights, and the late game's
//! correction, are the lab's (`crates/lab`), built on them.

mod downgrade;
mod file;
mod leaf;
pub mod network;
mod reshape;
pub mod sparse;
mod write;

pub use downgrade::downgraded;
pub use file::{HEAD_BYTES, Unchecked, WeightsError};
pub use leaf::LeafMemo;
pub(crate) use leaf::Memoized;
pub use leaf::Reading;
pub use network::{Network, Shape};
