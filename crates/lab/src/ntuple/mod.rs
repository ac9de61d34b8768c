//! The n-tuple network as the lab makes it: built, learned in, reshaped ([`Reshape`]: zeroed,
//! hashed, staged, folded, pruned) and written in every encoding ([`Encode`]), the other half
//! of `solver::ntuple`, which reads and evaluates networks as the page does. Both are
//! extensions of `solver`'s [`Network`](solver::ntuple::Network), built on its few public
//! hooks; what they write, `solver` reads back (the tests here check it, encoding by encoding).

mod reshape;
mod write;

pub use reshape::Reshape;
pub use write::{Encode, encode};

/// The nibble board of these exponents, for the tests of the lab's networks.
#[cfg(test)]
pub(crate) fn nibbles(rows: [[u8; 4]; 4]) -> u64 {
    game_core::Board::from_exponents(rows).unwrap().nibbles().unwrap()
}
