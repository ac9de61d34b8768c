//! Temporal-difference learning of the [`Network`]: TD(0) on afterstates (Szubert and Jaśkowski
//! 2014). The learner plays whole games choosing, on every board, the move with the largest
//! reward plus value of its afterstate, and moves the value of each afterstate toward the next
//! move's reward plus the value of the next afterstate (toward 0 when the game ends).
//!
//! Deterministic: the same seed, games and rate give the same weights, bit for bit.

use game_core::{Board, packed, random_spawn_in};
use rand::Rng;

use super::network::Network;
#[cfg(test)]
use super::network::Shape;

/// What one game of learning reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    pub score: u64,
    pub moves: u32,
    /// The exponent of the largest tile.
    pub max_exponent: u8,
}

/// The four afterstates of the nibble board `x` with their rewards, in `Direction::ALL` order
/// (up, down, left, right); `None` for a move that does not count, or that would make a 65536
/// (learning stops short of that tile).
#[inline]
pub fn afterstates(x: u64) -> [Option<(u64, u32)>; 4] {
    let t = packed::transpose(x);
    let up = packed::slide_rows_scored(t, false).map(|(y, r)| (packed::transpose(y), r));
    let down = packed::slide_rows_scored(t, true).map(|(y, r)| (packed::transpose(y), r));
    let counts = |s: Option<(u64, u32)>| s.filter(|&(y, _)| y != x);
    [
        counts(up),
        counts(down),
        counts(packed::slide_rows_scored(x, false)),
        counts(packed::slide_rows_scored(x, true)),
    ]
}

/// The afterstate the network prefers from `x`: the largest reward plus value.
#[inline]
pub fn greedy_afterstate(network: &Network, x: u64) -> Option<(u64, u32)> {
    let mut best: Option<(u64, u32, f32)> = None;
    for (y, reward) in afterstates(x).into_iter().flatten() {
        let v = reward as f32 + network.value(y);
        if best.is_none_or(|(_, _, b)| v > b) {
            best = Some((y, reward, v));
        }
    }
    best.map(|(y, r, _)| (y, r))
}

/// Places a new tile on `x` by the game's spawn rule.
#[inline]
pub fn spawn<R: Rng + ?Sized>(x: u64, rng: &mut R) -> u64 {
    match random_spawn_in(packed::zero_nibbles(x), rng) {
        Some(s) => packed::with_tile(x, s.cell, s.exponent),
        None => x,
    }
}

/// Plays one game from two random tiles, learning with rate `alpha` (0 plays without learning).
pub fn play_and_learn<R: Rng + ?Sized>(network: &mut Network, alpha: f32, rng: &mut R) -> GameOutcome {
    let mut x = spawn(spawn(0, rng), rng);
    let mut previous: Option<u64> = None;
    let mut score = 0u64;
    let mut moves = 0u32;
    loop {
        let chosen = greedy_afterstate(network, x);
        if alpha > 0.0
            && let Some(p) = previous
        {
            let target = chosen.map_or(0.0, |(y, r)| r as f32 + network.value(y));
            let error = target - network.value(p);
            network.adjust(p, alpha * error);
        }
        let Some((y, reward)) = chosen else { break };
        score += u64::from(reward);
        moves += 1;
        previous = Some(y);
        x = spawn(y, rng);
    }
    let max_exponent = Board::from_nibbles(x).max_exponent();
    GameOutcome { score, moves, max_exponent }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Direction;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn afterstates_are_the_board_slides() {
        let board = Board::from_exponents([[1, 1, 2, 0], [0, 3, 0, 3], [4, 0, 0, 0], [1, 2, 1, 2]]).unwrap();
        let x = board.nibbles().unwrap();
        let ours = afterstates(x);
        for d in Direction::ALL {
            let slide = board.slide(d);
            let expected = slide.moved.then(|| (slide.board.nibbles().unwrap(), slide.score));
            assert_eq!(ours[d.index()], expected, "{d}");
        }
    }

    #[test]
    fn learning_is_deterministic_and_improves_on_zero_weights() {
        let run = |games: usize, alpha: f32| {
            let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
            let mut rng = StdRng::seed_from_u64(7);
            let outcomes: Vec<_> = (0..games).map(|_| play_and_learn(&mut net, alpha, &mut rng)).collect();
            (net, outcomes)
        };
        let (a, first) = run(200, 0.1);
        let (b, second) = run(200, 0.1);
        assert_eq!(first, second);
        assert_eq!(a.to_bytes(), b.to_bytes());
        // Frozen, the learned weights beat the untrained network on the same fresh games.
        let mean = |net: &mut Network| {
            let mut rng = StdRng::seed_from_u64(99);
            (0..100).map(|_| play_and_learn(net, 0.0, &mut rng).score).sum::<u64>() / 100
        };
        let (mut learned, mut blank) = (a, Network::zeroed(Shape::LINES_AND_SQUARES));
        let (l, z) = (mean(&mut learned), mean(&mut blank));
        assert!(l > z + z / 4, "learned {l} vs untrained {z}");
    }
}
