//! Expectimax search for 2048 (see issue 3); built only on `game_core`.
