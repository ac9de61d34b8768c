//! The Max strength: Strong's search with the learned network, deeper than Strong in the late
//! game ([`StrongConfig::max`]), split at the root. Each of the four moves has a searcher of its own,
//! with its own transposition table kept across the game's moves, so that the four can be
//! searched at once, on threads natively or in Web Workers in the page, and the decision is the
//! same however many run them: a move's value depends only on the boards its own searcher was
//! asked about. Above the four, the game's endgame tables ([`ENDGAME`]) decide the boards in
//! their frames first. That rule is [`Plan`]: played one after the other here
//! ([`Max::decide_solved`]); whoever runs the four at once asks [`Max::plan`], then
//! [`Max::value`] of each searcher, and combines with [`Max::combine`].

use game_core::{Board, Direction};

use crate::endgame::Tables;
use crate::ntuple::Network;
use crate::search::best_of;
pub use crate::strong::MoveValue;
use crate::strong::Stage;
use crate::{Decision, Searcher, Strong, StrongConfig};

// Declared with every strategy's setting, and named here too, where the page has long read them.
pub use crate::strategy::{ENDGAME, ENDGAME_LITTLE_ROOM, NETWORK_FILE, Room};

/// Where the repository keeps Max's network.
#[cfg(not(target_arch = "wasm32"))]
pub fn repository_path() -> String {
    format!("{}/../../www/{NETWORK_FILE}", env!("CARGO_MANIFEST_DIR"))
}

/// The bytes of the repository's network file, read once and kept for the rest of the
/// process (the arena names a run by their hash).
#[cfg(not(target_arch = "wasm32"))]
pub fn repository_bytes() -> Result<&'static [u8], String> {
    use std::sync::OnceLock;
    static BYTES: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();
    BYTES
        .get_or_init(|| {
            let path = repository_path();
            std::fs::read(&path).map_err(|e| format!("{path}: {e}"))
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// The repository's copy of Max's network, read once and kept for the rest of the process:
/// what the arena, the benchmarks and the tests search with natively, as the page does.
#[cfg(not(target_arch = "wasm32"))]
pub fn repository_network() -> Result<&'static Network, String> {
    use std::sync::OnceLock;
    static NETWORK: OnceLock<Result<Network, String>> = OnceLock::new();
    NETWORK
        .get_or_init(|| {
            Network::from_bytes(repository_bytes()?).map_err(|e| format!("{}: {e}", repository_path()))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Where Max hands a game over to another search, with a table of its own: on root boards
/// from `stage` on, the search of `config` (the arena's trials of a late-game search with
/// another evaluation; the same search deeper is [`crate::strong::Late`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handover {
    pub stage: Stage,
    pub config: StrongConfig,
}

/// One root move's searchers: Max's own, and from the [`Handover`] on, the late game's (made
/// when first asked, so that a game that never gets there never pays for its table).
#[derive(Clone, Debug)]
pub struct RootSearcher {
    early: Strong,
    handover: Option<Handover>,
    late: Option<Strong>,
}

impl RootSearcher {
    /// The searchers of `config` without its endgame tables: those are [`Max`]'s, above the
    /// four.
    pub fn new(config: StrongConfig, handover: Option<Handover>) -> RootSearcher {
        let config = StrongConfig { endgame: None, ..config };
        let handover = handover.map(|h| Handover { config: StrongConfig { endgame: None, ..h.config }, ..h });
        RootSearcher { early: Strong::new(config), handover, late: None }
    }

    /// The value of `direction` on `board` ([`Strong::root_value`]) from the search the board
    /// is in the hands of.
    pub fn root_value(&mut self, board: Board, direction: Direction) -> MoveValue {
        match self.handover {
            Some(handover) if handover.stage.reached(board) => {
                self.late.get_or_insert_with(|| Strong::new(handover.config)).root_value(board, direction)
            }
            _ => self.early.root_value(board, direction),
        }
    }
}

/// Max's decision rule on one board, declared once: its endgame tables first, which decide the
/// boards in their frames exactly; only without them are the four root moves searched, each by
/// its own searcher ([`Max::value`]), and their values combined ([`Max::combine`]). Whoever runs
/// the root searches (one after the other in [`Max::decide_solved`], timed one by one in the
/// arena, shared among workers in the page) asks [`Max::plan`] first.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// The endgame tables decided: each value is the exact chance of their goal.
    Solved(Decision),
    /// Search the four root moves and combine their values.
    Search,
}

/// The four root searchers, by [`Direction::ALL`] order, and the game's endgame tables: made
/// with it ([`Max::new`]), or each at its first use ([`Max::on_demand`]).
#[derive(Clone, Debug)]
pub struct Max {
    config: StrongConfig,
    handover: Option<Handover>,
    searchers: [Option<Box<RootSearcher>>; 4],
    /// The game's endgame tables ([`StrongConfig::endgame`]), which decide the boards in their
    /// frames before any search; made at the first board asked.
    endgame: Option<Box<Tables>>,
}

impl Max {
    pub fn new(network: &'static Network) -> Max {
        Max::with_config(StrongConfig::max(network), None)
    }

    /// Max with another setting for its four searchers, and perhaps a late game's search (the
    /// arena's trials of a setting).
    pub fn with_config(config: StrongConfig, handover: Option<Handover>) -> Max {
        let mut max = Max { config, handover, searchers: Default::default(), endgame: None };
        // Made before the game, as a player that times its moves expects: a move's time is its
        // search's, not the making of a table.
        for direction in Direction::ALL {
            max.searcher(direction);
        }
        max.endgame = config.endgame.map(|e| Box::new(e.tables()));
        max
    }

    /// Max whose root searchers and endgame tables are each made at its first use: a worker
    /// that searches only some of the four root moves holds only their searchers (tens of MiB
    /// each). In [`Room::Ample`] it decides exactly as [`Max::new`]; in [`Room::Little`] its
    /// tables are [`ENDGAME_LITTLE_ROOM`]'s.
    pub fn on_demand(network: &'static Network, room: Room) -> Max {
        Max {
            config: StrongConfig::max_in(network, room),
            handover: None,
            searchers: Default::default(),
            endgame: None,
        }
    }

    /// The searcher of `direction`, made if it was not yet.
    fn searcher(&mut self, direction: Direction) -> &mut RootSearcher {
        let (config, handover) = (self.config, self.handover);
        self.searchers[direction.index()].get_or_insert_with(|| Box::new(RootSearcher::new(config, handover)))
    }

    /// The value of `direction` on `board`, from that move's own searcher.
    pub fn value(&mut self, board: Board, direction: Direction) -> MoveValue {
        self.searcher(direction).root_value(board, direction)
    }

    /// The first step of Max's rule on `board` ([`Plan`]).
    pub fn plan(&mut self, board: Board) -> Plan {
        match self.table_decision(board) {
            Some(decision) => Plan::Solved(decision),
            None => Plan::Search,
        }
    }

    /// Max's rule on `board`, its root moves searched here one after the other: the decision,
    /// and whether the endgame tables made it.
    pub fn decide_solved(&mut self, board: Board) -> (Decision, bool) {
        match self.plan(board) {
            Plan::Solved(decision) => (decision, true),
            Plan::Search => {
                (Max::combine(Direction::ALL.map(|direction| self.value(board, direction))), false)
            }
        }
    }

    /// The decision from the four moves' values (in [`Direction::ALL`] order).
    pub fn combine(values: [MoveValue; 4]) -> Decision {
        let each = values.map(|v| v.value);
        Decision {
            best: best_of(&each),
            values: each,
            nodes: values.iter().map(|v| v.nodes).sum(),
            depth: values.iter().map(|v| v.depth).max().unwrap_or(0),
        }
    }

    /// The endgame tables' decision on `board`, if it is in their frames and they can give
    /// one (see [`Max::plan`]).
    fn table_decision(&mut self, board: Board) -> Option<Decision> {
        let endgame = self.config.endgame?;
        self.endgame.get_or_insert_with(|| Box::new(endgame.tables())).decide(board)
    }
}

impl Searcher for Max {
    fn decide(&mut self, board: Board) -> Decision {
        self.decide_solved(board).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use game_core::Game;
    use rand::SeedableRng;

    fn network() -> &'static Network {
        repository_network().unwrap()
    }

    fn boards(moves: usize) -> Vec<Board> {
        let mut rng = GameRng::seed_from_u64(3);
        let mut game = Game::new(&mut rng);
        let mut spec = crate::Spec;
        let mut seen = Vec::new();
        for _ in 0..moves {
            let Some(best) = spec.decide(game.board()).best else { break };
            seen.push(game.board());
            game.play(best, &mut rng);
        }
        seen
    }

    #[test]
    fn from_the_handover_tile_on_the_late_search_decides() {
        let late = StrongConfig { cutoff: 0.01, ..StrongConfig::NNEONNEO };
        let mut handed = Max::with_config(
            StrongConfig::max(network()),
            Some(Handover { stage: Stage { largest: 7, second: None }, config: late }),
        );
        let (mut early, mut heuristic) = (Max::new(network()), Max::with_config(late, None));
        let mut late_boards = 0;
        for board in boards(160) {
            let expected = if board.max_exponent() >= 7 {
                late_boards += 1;
                heuristic.decide(board)
            } else {
                early.decide(board)
            };
            let decided = handed.decide(board);
            assert_eq!(
                decided.values.map(|v| v.map(f64::to_bits)),
                expected.values.map(|v| v.map(f64::to_bits))
            );
            assert_eq!((decided.best, decided.nodes), (expected.best, expected.nodes));
        }
        assert!(late_boards > 10 && late_boards < 150, "both searches were asked: {late_boards} late boards");
    }

    /// The board one move from a 32768's last 256: the snake 16384 … 256 along the bottom two
    /// rows, a 128 above the 128 at its end, the top rows stuck.
    fn a_slide_from_the_last_256() -> Board {
        Board::from_exponents([[1, 2, 1, 2], [7, 1, 2, 1], [7, 8, 9, 10], [14, 13, 12, 11]]).unwrap()
    }

    #[test]
    fn in_an_endgame_tables_frame_max_answers_by_the_table() {
        let decided = Max::new(network()).decide(a_slide_from_the_last_256());
        assert_eq!(decided.best, Some(Direction::Down));
        assert_eq!(decided.values[Direction::Down.index()], Some(1.0));
        assert_eq!(decided.values[Direction::Up.index()], Some(0.0), "up moves the snake");
        assert_eq!(decided.nodes, 0, "no search");
        // Outside a frame the search decides, as without tables.
        let open =
            Board::from_rows([[2, 4, 8, 16], [256, 128, 64, 32], [512, 1024, 0, 0], [0, 0, 0, 2]]).unwrap();
        let without = StrongConfig { endgame: None, ..StrongConfig::max(network()) };
        let searched = Max::new(network()).decide(open);
        assert_eq!(searched.values, Max::with_config(without, None).decide(open).values);
        assert!(searched.nodes > 0);
    }

    #[test]
    fn a_device_of_little_memory_keeps_the_last_steps_table() {
        assert_eq!(Room::of_device(Some(8.0), false), Room::Ample);
        assert_eq!(Room::of_device(Some(8.0), true), Room::Little, "a phone");
        assert_eq!(Room::of_device(Some(4.0), false), Room::Little);
        assert_eq!(Room::of_device(None, false), Room::Little, "a browser that does not say");
        let little = Room::Little.endgame();
        assert!(little.steps < ENDGAME.steps && little.limits.entries < ENDGAME.limits.entries);
        // The last step's board is still the table's, as with ample room.
        let mut max = Max::on_demand(network(), Room::Little);
        let Plan::Solved(decided) = max.plan(a_slide_from_the_last_256()) else { panic!("not by the table") };
        assert_eq!(decided.best, Some(Direction::Down));
        assert_eq!(decided.values, Max::new(network()).decide(a_slide_from_the_last_256()).values);
    }

    #[test]
    fn a_decision_is_the_same_whichever_order_or_grouping_its_moves_are_searched_in() {
        let mut whole = Max::new(network());
        // Four Maxes made on demand, each asked one move alone, as four workers share them.
        let mut split: [Max; 4] = std::array::from_fn(|_| Max::on_demand(network(), Room::Ample));
        for board in boards(40) {
            let decided = whole.decide(board);
            // The moves searched the other way round, each by a searcher of its own.
            let mut values = [MoveValue::NONE; 4];
            for direction in Direction::ALL.into_iter().rev() {
                values[direction.index()] = split[direction.index()].value(board, direction);
            }
            let combined = Max::combine(values);
            assert_eq!(
                decided.values.map(|v| v.map(f64::to_bits)),
                combined.values.map(|v| v.map(f64::to_bits))
            );
            assert_eq!((decided.best, decided.nodes), (combined.best, combined.nodes));
            assert_eq!(decided.best.is_some(), Direction::ALL.iter().any(|&d| board.slide(d).moved));
        }
    }

    #[test]
    fn it_searches_three_moves_beyond_the_root_and_seven_from_the_late_stage_on() {
        let early =
            Board::from_rows([[2, 4, 8, 16], [256, 128, 64, 32], [512, 1024, 0, 0], [0, 0, 0, 2]]).unwrap();
        let late = Board::from_rows([[16384, 8192, 2, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]).unwrap();
        let mut max = Max::new(network());
        let (early, late) = (max.decide(early), max.decide(late));
        assert_eq!((early.depth, late.depth), (4, 8), "root move included");
        assert!(early.best.is_some() && late.best.is_some());
    }

    #[test]
    fn late_in_a_game_it_keeps_the_largest_tiles_in_their_line() {
        // Strong's game 3 of seed 1, move 14,628: left or right keeps 16384, 8192, 4096 and
        // 2048 in the bottom row, up lifts the 2048 out of it. The network alone values all
        // three within 1.2 % (the unshaped Strong played up and lost 72 moves later).
        let board =
            Board::from_rows([[0, 2, 4, 4], [2, 64, 16, 2], [64, 128, 256, 1024], [2048, 4096, 8192, 16384]])
                .unwrap();
        let decided = Max::new(network()).decide(board);
        assert!(matches!(decided.best, Some(Direction::Left | Direction::Right)), "{decided:?}");
        let value = |d: Direction| decided.values[d.index()].unwrap();
        assert!(
            value(Direction::Right).max(value(Direction::Left)) > 1.2 * value(Direction::Up),
            "{decided:?}"
        );
    }
}
