//! The game of the day played by the solver in the worker ([`DayPlay`]): Strong, from the day's
//! first board, every tile drawn as the page draws it (`page_core::daily`), until no move is
//! left. A searcher of its own, made fresh for the day, so the result depends on the date alone,
//! never on the Hint or Autoplay requests answered before or between; played a slice of moves
//! at a time so that those requests are answered between the slices (see `running`).

use game_core::{Game, Status};
use page_core::daily::Day;
use page_core::days::Outcome;
use solver::Searcher;
use solver::ntuple::Network;

/// The most moves of one slice, and the time after which a slice stops (checked after each
/// move): a Hint or Autoplay request that comes meanwhile waits about that long, plus one
/// move of Strong (a few milliseconds).
pub const SLICE_MOVES: usize = 64;
pub const SLICE_MS: f64 = 20.0;

/// A day's game being played by Strong.
pub struct DayPlay {
    day: Day,
    game: Game,
    moves: usize,
    strong: solver::Strong,
}

impl DayPlay {
    /// `day`'s game from its first board, with a fresh Strong searching with `network`.
    pub fn new(day: Day, network: &'static Network) -> DayPlay {
        DayPlay {
            day,
            game: day.first_game(),
            moves: 0,
            strong: solver::Strong::new(solver::StrongConfig::strong(network)),
        }
    }

    pub fn day(&self) -> Day {
        self.day
    }

    /// Plays at most `moves` moves, and none more once `budget_ms` have passed on the clock
    /// `now` (in milliseconds): the game's outcome once no move is left, else `None` (more
    /// slices to come). How the game is sliced changes nothing of it: the searcher is the day's
    /// alone. Strong plays on past 2048, as Autoplay does.
    pub fn step(&mut self, moves: usize, budget_ms: f64, now: &mut dyn FnMut() -> f64) -> Option<Outcome> {
        let started = now();
        for played in 0..moves {
            // At least one move a slice, however slow the clock says it is.
            if played > 0 && now() - started >= budget_ms {
                break;
            }
            if self.game.status() == Status::Won {
                self.game.continue_after_win();
            }
            if self.game.status() != Status::Playing {
                break;
            }
            let Some(direction) = self.strong.decide(self.game.board()).best else { break };
            if !self.day.play(&mut self.game, self.moves, direction).moved {
                // Never for a move the search chose; ended rather than looped on.
                break;
            }
            self.moves += 1;
        }
        let over = self.game.status() == Status::Over || !self.game.board().has_moves();
        over.then(|| Outcome::of(&self.game, self.moves))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use game_core::Direction;

    /// The worker's play of a day, slice by slice, is Strong's own play of that game: a fresh
    /// searcher deciding each board, the day's tile after each move. Both are cut at `limit`
    /// moves (a whole game is thousands of moves, minutes in a debug build).
    #[test]
    fn the_workers_day_is_strong_playing_that_game() {
        let network = solver::max::repository_network().expect("www/max-network.nt reads");
        let day = Day::parse("2026-12-05").unwrap();
        let limit = 80;
        let mut worker = DayPlay::new(day, network);
        // Slices cut by the clock, of 1 to 5 moves: the game is the same.
        let mut t = 0.0;
        let mut clock = move || {
            t += 1.0;
            t
        };
        while worker.moves < limit {
            let budget = (worker.moves % 5 + 1) as f64;
            assert_eq!(worker.step(limit - worker.moves, budget, &mut clock), None);
        }
        let mut strong = solver::Strong::new(solver::StrongConfig::strong(network));
        let mut game = day.first_game();
        let mut played: Vec<Direction> = Vec::new();
        for n in 0..limit {
            let best = strong.decide(game.board()).best.unwrap();
            assert!(day.play(&mut game, n, best).moved);
            played.push(best);
        }
        assert_eq!((worker.game, worker.moves), (game, limit));
        // Another day is another game.
        let mut other = DayPlay::new(Day::parse("2026-12-06").unwrap(), network);
        other.step(limit, f64::INFINITY, &mut || 0.0);
        assert_ne!(other.game, game);
    }

    #[test]
    fn a_game_with_no_move_left_is_its_outcome() {
        let network = solver::max::repository_network().expect("www/max-network.nt reads");
        let day = Day::parse("2026-12-05").unwrap();
        let mut play = DayPlay::new(day, network);
        let over = Game::from_json(
            r#"{"version":1,"board":[[2,4,2,4],[4,2,4,2],[2,4,2,4],[4,2,4,8]],"score":40,"won":false,"keep_going":false}"#,
        )
        .unwrap();
        play.game = over;
        play.moves = 77;
        assert_eq!(
            play.step(SLICE_MOVES, SLICE_MS, &mut || 0.0),
            Some(Outcome { score: 40, tile: 8, moves: 77 })
        );
    }
}

/// The time a whole day's game takes natively (a figure for docs, not a check):
/// `cargo test -p wasm-ui --release a_whole_day_timed -- --ignored --nocapture`.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod timing {
    #[test]
    #[ignore]
    fn a_whole_day_timed() {
        let network = solver::max::repository_network().unwrap();
        let day = super::Day::parse("2026-12-05").unwrap();
        let started = std::time::Instant::now();
        let mut play = super::DayPlay::new(day, network);
        let outcome = loop {
            if let Some(o) = play.step(super::SLICE_MOVES, f64::INFINITY, &mut || 0.0) {
                break o;
            }
        };
        eprintln!("{day}: {outcome:?} in {:?}", started.elapsed());
    }
}
