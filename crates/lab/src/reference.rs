//! The deep search that faster settings are scored against (`replay-time`'s `--reference`,
//! `tune-weights`' positions): Strong-deep's depth rule (up to 10 moves beyond the root) at a
//! given cutoff, a fresh searcher per position, and the regret of a move by its values.

use game_core::Direction;
use solver::StrongConfig;

/// The reference's setting at `cutoff`, whatever the default's depth cap.
pub fn config(cutoff: f64) -> StrongConfig {
    StrongConfig { cutoff, ..StrongConfig::DEEP }
}

/// The reference's value of its best move less its value of `chosen` (`values` in
/// `Direction::ALL` order); `None` when `chosen` has no value there.
pub fn regret(values: &[Option<f64>; 4], chosen: Direction) -> Option<f64> {
    let best = values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    values[chosen.index()].map(|value| best - value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_move_has_no_regret_and_another_its_gap_to_the_best() {
        let values = [Some(10.0), None, Some(12.5), Some(7.0)];
        assert_eq!(regret(&values, Direction::Left), Some(0.0));
        assert_eq!(regret(&values, Direction::Up), Some(2.5));
        assert_eq!(regret(&values, Direction::Down), None);
    }
}
