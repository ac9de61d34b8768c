//! A learned evaluation for Strong, for experiments in the arena: an n-tuple [`network`]
//! trained by temporal-difference learning ([`learn`]; the arena's `train-ntuple` binary).
//!
//! Nothing is compiled in: the product's Strong uses nneonneo's heuristic, which the arena
//! measured stronger at the same time per move than the networks small enough for a web page
//! (see the README). `Evaluation::Learned` reads the network [`install`]ed in this process.

pub mod learn;
pub mod network;

use std::sync::OnceLock;

pub use network::{Network, Shape, WeightsError};

static NETWORK: OnceLock<Network> = OnceLock::new();

/// Makes `network` the one the learned evaluation uses in this process. Returns it back when
/// one is already installed.
pub fn install(network: Network) -> Result<(), Network> {
    NETWORK.set(network)
}

/// The installed network, installing `make()`'s first if there is none.
pub fn installed_or(make: impl FnOnce() -> Network) -> &'static Network {
    NETWORK.get_or_init(make)
}

/// The installed network.
///
/// # Panics
/// When none was installed: a searcher with `Evaluation::Learned` needs one.
pub fn installed() -> &'static Network {
    NETWORK.get().expect("Evaluation::Learned needs a network: call solver::ntuple::install first")
}
