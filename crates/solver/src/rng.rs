//! The random streams of reproducible play. SplitMix64: a tiny fixed stream, so the random
//! strategy and the arena's per-game seeds need no random-number crate and never change with a
//! dependency's version. [`GameRng`]: the generator a seeded game draws its new tiles from.

/// The generator every seeded game of the arena, the tuner and the lab draws its new tiles
/// from, made by `GameRng::seed_from_u64(seed)`: ChaCha12, named here rather than taken as
/// rand's `StdRng`, which rand documents as free to change algorithm in any release. rand
/// 0.10's `StdRng` is this very generator, so every run made with it replays exactly; the
/// arena's test `committed_runs_replay` pins that.
pub type GameRng = chacha20::ChaCha12Rng;

/// One SplitMix64 output for the input `x`: a bijective mix, good for deriving seeds.
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.state);
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }

    /// A number in `0..n` (n > 0), without modulo bias worth measuring (multiply-shift).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}
