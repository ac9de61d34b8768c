//! The learned evaluation: an n-tuple [`network`] read from its file (`file`; the page's is
//! [`sparse`]: a six-tuple network pruned to its most learned weights fits 8 MB), and the
//! network as a leaf evaluation of Strong's search (`leaf`, chosen with
//! `strong::Evaluation::Learned`, which may read the late game as an earlier one: [`downgraded`]):
//! what the Strong and Max strengths search with.
//!
//! Only the reading and evaluating are here, what the page and the arena use. The networks are
//! made by the lab (`crates/lab/src/ntuple`: zeroed, hashed, staged, folded, pruned, learned,
//! and written in every encoding of `file`), through [`Network`]'s few public hooks.

mod downgrade;
mod file;
mod leaf;
pub mod network;
pub mod sparse;

pub use downgrade::downgraded;
pub use file::{Encoding, GENERAL_MAGIC, HEAD_BYTES, MAGIC, STAGED_MAGIC, Unchecked, WeightsError};
pub use leaf::LeafMemo;
pub(crate) use leaf::Memoized;
pub use leaf::Reading;
pub use network::{Network, Shape};
