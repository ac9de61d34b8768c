//! One game of Strong walked state by state, for the studies that need its boards rather than
//! its outcome: the positions the tuner and `replay-time` score settings on, the late boards
//! `late-boards` collects.

use game_core::{Board, Game};
use rand::SeedableRng;
use solver::rng::GameRng;
use solver::{Searcher, Strong, StrongConfig};

/// The states of one game played to its end by Strong with `config`: every one it moved from
/// (its board and the score made so far), in order.
pub fn states(seed: u64, config: StrongConfig) -> Vec<Game> {
    let mut states = Vec::new();
    walk(seed, config, |game| {
        states.push(*game);
        true
    });
    states
}

/// The first state of that game that `wanted` picks, if the game reaches one, with the number
/// of moves played before it.
pub fn first_state(seed: u64, config: StrongConfig, wanted: impl Fn(&Game) -> bool) -> Option<(u32, Game)> {
    let mut moves = 0;
    let mut found = None;
    walk(seed, config, |game| {
        found = wanted(game).then_some((moves, *game));
        moves += 1;
        found.is_none()
    });
    found
}

/// Plays game `seed` by Strong with `config`, handing `visit` each state it moves from, until
/// the game ends or `visit` says stop.
fn walk(seed: u64, config: StrongConfig, mut visit: impl FnMut(&Game) -> bool) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Game::new(&mut rng);
    let mut searcher = Strong::new(config);
    while let Some(direction) = searcher.decide(game.board()).best {
        if !visit(&game) {
            return;
        }
        game.play(direction, &mut rng);
        if game.won() && !game.keeps_going() {
            game.continue_after_win();
        }
    }
}

/// The positions of one game played to its end by Strong with `config`: every board it moved
/// from, in order.
pub fn positions(seed: u64, config: StrongConfig) -> Vec<Board> {
    states(seed, config).iter().map(Game::board).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::Budget;

    #[test]
    fn the_first_state_picked_is_the_first_such_state_of_the_whole_game() {
        let config = StrongConfig { budget: Budget::Depth(2), tt_bits: None, ..StrongConfig::FAST };
        let all = states(7, config);
        let wanted = |game: &Game| game.board().max_tile() >= 128;
        let (moves, first) = first_state(7, config, wanted).expect("a 128 is made");
        assert_eq!(Some(&first), all.iter().find(|game| wanted(game)));
        assert_eq!(all[moves as usize], first, "after as many moves as the whole game took to it");
        assert_eq!(first_state(7, config, |_| false), None);
    }
}
