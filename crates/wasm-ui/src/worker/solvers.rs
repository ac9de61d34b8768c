//! The worker's state and its answer to each request ([`Solvers::respond`]): the network once
//! given, and the searchers that keep something between requests (Strong's, Max's root moves'
//! and Max's endgame tables), each made at its first request.

use game_core::{Board, Direction};
use solver::Searcher;
use solver::max::{Max, MoveValue, Room};
use solver::ntuple::Network;

use crate::protocol::{Reply, Request, Root, Strength, micros_since};

/// The error reply to a Strong or Max request that comes before the network.
pub const NO_NETWORK: &str = "no network yet: send the network file before asking Strong or Max";

/// The worker's state: the network once given, and the searchers that keep something
/// between requests.
pub struct Solvers {
    /// The memory the device lets Max's endgame tables take.
    room: Room,
    /// The network, read from the first `{network}` message that held one and kept for the
    /// worker's life (leaked: the searchers hold it as `&'static`).
    network: Option<&'static Network>,
    /// Made at the first Strong request (its tables are a few MiB that a player who never asks
    /// for Strong need not pay for), then kept for the worker's life.
    strong: Option<solver::Strong>,
    /// The same for Max (`solver::max::Max`), which makes each root move's searcher (tens of
    /// MiB) at its first search, so that a helper holds only those of its root moves, and its
    /// endgame tables at the first whole request: they fill, within their limits, as the game's
    /// boards come.
    max: Option<Box<Max>>,
}

impl Solvers {
    /// A worker's state on a device of ample memory (Max decides as natively with
    /// `Max::new`).
    pub fn ample() -> Solvers {
        Solvers::in_room(Room::Ample)
    }

    /// A worker's state on a device whose memory allows Max's tables `room`.
    pub fn in_room(room: Room) -> Solvers {
        Solvers { room, network: None, strong: None, max: None }
    }

    /// Reads the network from a `{network}` message's bytes and keeps it: the reply says
    /// whether Strong and Max can now be asked. Once one is kept, more bytes are not read (a
    /// worker keeps one network for its life, so that its searchers' tables stay consistent).
    pub fn take_network(&mut self, bytes: &[u8]) -> Reply {
        self.take_network_from(bytes.len(), |from, out| out.copy_from_slice(&bytes[from..from + out.len()]))
    }

    /// [`Self::take_network`] of a file of `len` bytes held elsewhere (the browser's memory),
    /// of which `read_at(from, out)` copies `out.len()` bytes from byte `from` on: only a few
    /// buffers' worth at a time come into this program's memory, which never shrinks.
    pub fn take_network_from(&mut self, len: usize, read_at: impl FnMut(usize, &mut [u8])) -> Reply {
        if self.network.is_some() {
            return Reply::NetworkReady;
        }
        match Network::from_parts(len, read_at) {
            Ok(network) => {
                self.network = Some(Box::leak(Box::new(network)));
                Reply::NetworkReady
            }
            Err(error) => Reply::NetworkError { message: format!("the file is not a network: {error}") },
        }
    }

    /// The network, once here.
    pub fn network(&self) -> Option<&'static Network> {
        self.network
    }

    /// Whether the network is here: Strong and Max requests can be answered.
    pub fn has_network(&self) -> bool {
        self.network.is_some()
    }

    /// A worker's state with `network` already kept (natively: the tests' and benchmarks'
    /// `solver::max::repository_network()`).
    pub fn with_network(network: &'static Network) -> Solvers {
        Solvers { network: Some(network), ..Solvers::ample() }
    }

    /// Strong's searcher, made at its first request; `None` before the network is here.
    fn strong(&mut self) -> Option<&mut solver::Strong> {
        let network = self.network?;
        Some(self.strong.get_or_insert_with(|| solver::Strong::new(solver::StrongConfig::strong(network))))
    }

    /// Max, made at its first request; `None` before the network is here.
    pub fn max(&mut self) -> Option<&mut Max> {
        let (network, room) = (self.network?, self.room);
        Some(self.max.get_or_insert_with(|| Box::new(Max::on_demand(network, room))))
    }

    /// Max's value of the root move `direction` on `board`, from that move's searcher; `None`
    /// before the network is here.
    pub fn root(&mut self, board: Board, direction: Direction) -> Option<MoveValue> {
        Some(self.max()?.value(board, direction))
    }

    /// The worker's whole job: the reply to one request. `now` is a clock in milliseconds,
    /// for `micros`.
    pub fn respond(&mut self, request: Request, now: &mut dyn FnMut() -> f64) -> Reply {
        let board = match Board::from_rows(request.board) {
            Ok(board) => board,
            Err(error) => return Reply::Error { id: Some(request.id), message: error.to_string() },
        };
        if request.strength.strategy().needs_network() && !self.has_network() {
            return Reply::Error { id: Some(request.id), message: NO_NETWORK.into() };
        }
        if let Some(roots) = request.roots {
            if request.strength != Strength::Max {
                return Reply::Error {
                    id: Some(request.id),
                    message: "only Max shares its root moves".into(),
                };
            }
            let roots = roots.into_iter().filter_map(|d| Some(Root::new(d, self.root(board, d)?))).collect();
            return Reply::Roots { id: request.id, roots };
        }
        let started = now();
        let decision = match request.strength {
            Strength::Spec => solver::decide(board),
            Strength::Strong => match self.strong() {
                Some(strong) => strong.decide(board),
                None => return Reply::Error { id: Some(request.id), message: NO_NETWORK.into() },
            },
            // Max's rule, its four root moves searched here one after the other.
            Strength::Max => match self.max().map(|max| max.decide_solved(board)) {
                Some((solved, true)) => return Reply::solved(request.id, solved, micros_since(started, now)),
                Some((searched, false)) => searched,
                None => return Reply::Error { id: Some(request.id), message: NO_NETWORK.into() },
            },
        };
        Reply::decision(request.id, decision, micros_since(started, now))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod tests {
    use super::*;
    use crate::protocol::unreadable;

    /// A board one slide from a 32768's last 256, which Max's endgame tables decide: the snake
    /// 16384 … 256 along the bottom rows, a 128 above the 128 at its end, down merging them.
    pub(crate) fn a_slide_from_the_last_256() -> Board {
        Board::from_exponents([[1, 2, 1, 2], [7, 1, 2, 1], [7, 8, 9, 10], [14, 13, 12, 11]]).unwrap()
    }

    /// What the worker does with a message, with JSON standing in for the posted object (the
    /// same serde derives read both).
    fn respond_text(solvers: &mut Solvers, text: &str) -> Reply {
        match serde_json::from_str::<Request>(text) {
            Ok(request) => solvers.respond(request, &mut clock()),
            Err(error) => {
                let id = serde_json::from_str::<serde_json::Value>(text)
                    .ok()
                    .and_then(|value| value.get("id").and_then(serde_json::Value::as_u64));
                unreadable(id, &error.to_string())
            }
        }
    }

    fn clock() -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += 1.5;
            t
        }
    }

    /// The repository's network (www/max-network.nt), read once for every test.
    fn network() -> &'static Network {
        solver::max::repository_network().expect("www/max-network.nt reads")
    }

    /// A fresh searcher of the page's Strong.
    fn strong() -> solver::Strong {
        solver::Strong::new(solver::StrongConfig::strong(network()))
    }

    #[test]
    fn a_share_of_a_max_request_is_answered_with_those_root_moves_alone() {
        let mut solvers = Solvers::with_network(network());
        let board = r#"[[0,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]]"#;
        let text = format!(r#"{{"id":3,"board":{board},"strength":"max","roots":["up","left"]}}"#);
        let Reply::Roots { id, roots } = respond_text(&mut solvers, &text) else { panic!("roots") };
        assert_eq!(id, 3);
        assert_eq!(roots.iter().map(|r| r.direction).collect::<Vec<_>>(), [Direction::Up, Direction::Left]);
        let mut whole = solver::max::Max::new(network());
        let rows: [[u32; 4]; 4] = serde_json::from_str(board).unwrap();
        let b = Board::from_rows(rows).unwrap();
        for root in &roots {
            let expected = whole.value(b, root.direction);
            assert_eq!(
                (root.value, root.nodes, root.depth),
                (expected.value, expected.nodes, expected.depth)
            );
        }
        let strong = format!(r#"{{"id":4,"board":{board},"strength":"strong","roots":["up"]}}"#);
        assert!(matches!(respond_text(&mut solvers, &strong), Reply::Error { id: Some(4), .. }));
        let unknown = format!(r#"{{"id":5,"board":{board},"strength":"max","roots":["sideways"]}}"#);
        assert!(matches!(respond_text(&mut solvers, &unknown), Reply::Error { id: Some(5), .. }));
    }

    #[test]
    fn the_worker_answers_with_the_solvers_decision() {
        let rows = [[2, 2, 0, 0], [4, 0, 0, 0], [0; 4], [0; 4]];
        let request = Request::new(3, Board::from_rows(rows).unwrap(), Strength::Spec);
        let reply = Solvers::ample().respond(request, &mut clock());
        let expected = solver::decide(Board::from_rows(rows).unwrap());
        match reply {
            Reply::Decision { id, best, values, nodes, depth, micros, solved } => {
                assert!(!solved, "searched");
                assert_eq!(id, 3);
                assert_eq!(best, expected.best);
                assert_eq!(values, expected.values);
                assert_eq!(nodes, expected.nodes);
                assert_eq!(depth, expected.depth);
                assert_eq!(micros, 1500, "one tick of the fake clock is 1.5 ms");
            }
            other => panic!("not a decision: {other:?}"),
        }
    }

    #[test]
    fn a_stuck_board_has_no_best_move() {
        let rows = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]];
        let request = Request::new(1, Board::from_rows(rows).unwrap(), Strength::Spec);
        let Reply::Decision { best, values, .. } = Solvers::ample().respond(request, &mut clock()) else {
            panic!()
        };
        assert_eq!(best, None);
        assert_eq!(values, [None; 4]);
    }

    #[test]
    fn bad_requests_get_an_error_naming_the_request_when_possible() {
        let cases = [
            ("not json", None),
            (r#"{"id":5,"board":[[0,0,0,0]],"strength":"spec"}"#, Some(5)),
            (r#"{"id":6,"board":[[3,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"spec"}"#, Some(6)),
            (r#"{"id":8,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"strongest"}"#, Some(8)),
            (r#"{"id":10,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"Strong"}"#, Some(10)),
            (r#"{"id":11,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":null}"#, Some(11)),
            (r#"{"id":12,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}"#, Some(12)),
        ];
        for (text, expected_id) in cases {
            match respond_text(&mut Solvers::ample(), text) {
                Reply::Error { id, message } => {
                    assert_eq!(id, expected_id, "{text}");
                    assert!(!message.is_empty());
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    /// A few boards of one game, as Autoplay would ask them: each the last one's best move
    /// plus a new tile (the first empty cell, a 2), from an opening to a crowded middle game.
    fn a_game(moves: usize) -> Vec<Board> {
        let mut board = Board::from_rows([[2, 0, 0, 0], [0, 0, 4, 0], [0; 4], [0, 0, 0, 2]]).unwrap();
        let mut boards = vec![board];
        for _ in 1..moves {
            let best = solver::decide(board).best.expect("a move left");
            let after = board.slide(best).board;
            let mut rows = after.rows();
            let cell = rows.iter().flatten().position(|&v| v == 0).expect("a slide that counts frees a cell");
            rows[cell / 4][cell % 4] = 2;
            board = Board::from_rows(rows).unwrap();
            boards.push(board);
        }
        boards
    }

    fn ask(
        solvers: &mut Solvers,
        id: u64,
        board: Board,
        strength: Strength,
    ) -> (Option<Direction>, u64, u32) {
        match solvers.respond(Request::new(id, board, strength), &mut clock()) {
            Reply::Decision { id: got, best, nodes, depth, values, .. } => {
                assert_eq!(got, id);
                if let Some(best) = best {
                    assert!(board.slide(best).moved, "{strength:?} chose {best:?}, which does not move");
                    assert!(values[best.index()].is_some());
                }
                (best, nodes, depth)
            }
            other => panic!("not a decision: {other:?}"),
        }
    }

    #[test]
    fn a_strong_request_answers_with_a_legal_move_of_the_strong_searcher() {
        let rows = [[2, 4, 8, 16], [0, 0, 4, 2], [0, 0, 0, 2], [0; 4]];
        let board = Board::from_rows(rows).unwrap();
        let (best, nodes, depth) = ask(&mut Solvers::with_network(network()), 4, board, Strength::Strong);
        let expected = strong().decide(board);
        assert!(best.is_some());
        assert_eq!((best, nodes, depth), (expected.best, expected.nodes, expected.depth));
        assert!(nodes > 0 && depth >= 1);
    }

    #[test]
    fn strong_answers_a_game_as_one_searcher_kept_across_requests() {
        let boards = a_game(12);
        // What a fresh searcher, kept across the moves, decides (the browser benchmark compares
        // the worker with exactly this).
        let mut direct = strong();
        let expected: Vec<_> =
            boards.iter().map(|&b| direct.decide(b)).map(|d| (d.best, d.nodes, d.depth)).collect();

        let mut solvers = Solvers::with_network(network());
        let first: Vec<_> = boards
            .iter()
            .enumerate()
            .map(|(i, &b)| ask(&mut solvers, i as u64, b, Strength::Strong))
            .collect();
        assert_eq!(first, expected);

        // A fresh worker asked the same boards in the same order answers the same, even with
        // Spec requests in between (Spec keeps nothing, and does not touch Strong's table).
        let mut again = Solvers::with_network(network());
        let mut second = Vec::new();
        for (i, &board) in boards.iter().enumerate() {
            let spec = ask(&mut again, 100 + i as u64, board, Strength::Spec);
            assert_eq!(spec.0, solver::decide(board).best);
            second.push(ask(&mut again, i as u64, board, Strength::Strong));
        }
        assert_eq!(second, expected);
    }

    #[test]
    fn max_answers_a_game_as_its_own_searchers_kept_across_requests_beside_strong() {
        let mut boards = a_game(8);
        boards.push(a_slide_from_the_last_256());
        let mut direct = solver::max::Max::new(network());
        let expected: Vec<_> =
            boards.iter().map(|&b| direct.decide(b)).map(|d| (d.best, d.nodes, d.depth)).collect();
        let mut solvers = Solvers::with_network(network());
        let mut answered = Vec::new();
        for (i, &board) in boards.iter().enumerate() {
            // Strong in between touches none of Max's tables.
            ask(&mut solvers, 100 + i as u64, board, Strength::Strong);
            answered.push(ask(&mut solvers, i as u64, board, Strength::Max));
        }
        assert_eq!(answered, expected);
        let (searched, tabled) = expected.split_at(8);
        assert!(searched.iter().all(|&(best, nodes, _)| best.is_some() && nodes > 0));
        assert_eq!(tabled, [(Some(Direction::Down), 0, 0)], "the endgame tables' move");
        // The page is told which answers are the tables' exact chances.
        for (board, tables) in [(boards[7], false), (boards[8], true)] {
            let reply = solvers.respond(Request::new(99, board, Strength::Max), &mut clock());
            assert!(matches!(reply, Reply::Decision { solved, .. } if solved == tables), "{reply:?}");
        }
    }

    fn file_bytes() -> Vec<u8> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/");
        std::fs::read(format!("{path}{}", solver::max::NETWORK_FILE)).expect("the repository's network file")
    }

    #[test]
    fn a_strong_or_max_request_before_the_network_is_refused_and_spec_still_answers() {
        let board = Board::from_rows([[2, 4, 8, 16], [0, 0, 4, 2], [0, 0, 0, 2], [0; 4]]).unwrap();
        let mut solvers = Solvers::ample();
        for request in [
            Request::new(1, board, Strength::Max),
            Request::roots(2, board, vec![Direction::Up]),
            Request::new(5, board, Strength::Strong),
        ] {
            let id = request.id;
            assert_eq!(
                solvers.respond(request, &mut clock()),
                Reply::Error { id: Some(id), message: NO_NETWORK.into() }
            );
        }
        assert!(ask(&mut solvers, 4, board, Strength::Spec).0.is_some());
    }

    #[test]
    fn a_corrupt_network_is_refused_with_its_reason_and_loses_nothing() {
        let good = file_bytes();
        let mut cut = good.clone();
        cut.truncate(good.len() / 2);
        // (Bytes changed inside the deflated body may still read as some network: the file has
        // no checksum, which is the solver's to add.)
        let cases: [(&str, Vec<u8>); 4] = [
            ("empty", Vec::new()),
            ("foreign", b"<!doctype html><title>404</title>".to_vec()),
            ("bad header", [b"2048NT99".as_slice(), &good[8..]].concat()),
            ("cut", cut),
        ];
        let board = Board::from_rows([[2, 4, 8, 16], [0, 0, 4, 2], [0, 0, 0, 2], [0; 4]]).unwrap();
        let mut solvers = Solvers::ample();
        let spec = ask(&mut solvers, 1, board, Strength::Spec);
        for (what, bytes) in cases {
            match solvers.take_network(&bytes) {
                Reply::NetworkError { message } => {
                    assert!(message.starts_with("the file is not a network: "), "{what}: {message}");
                }
                other => panic!("{what}: {other:?}"),
            }
            assert!(!solvers.has_network(), "{what}");
        }
        for strength in [Strength::Max, Strength::Strong] {
            assert!(matches!(
                solvers.respond(Request::new(2, board, strength), &mut clock()),
                Reply::Error { .. }
            ));
        }
        assert_eq!(ask(&mut solvers, 3, board, Strength::Spec), spec, "Spec answers as before");
        // The good file is still read after the bad ones, and Strong then answers as a fresh
        // searcher.
        assert_eq!(solvers.take_network(&file_bytes()), Reply::NetworkReady);
        let fresh = strong().decide(board);
        assert_eq!(ask(&mut solvers, 4, board, Strength::Strong), (fresh.best, fresh.nodes, fresh.depth));
    }

    #[test]
    fn the_network_files_bytes_make_max_decide_as_max_natively() {
        let mut solvers = Solvers::ample();
        assert_eq!(solvers.take_network(&file_bytes()), Reply::NetworkReady);
        assert!(solvers.has_network());
        // A second network is not read: the first stays.
        assert_eq!(solvers.take_network(b"not a network"), Reply::NetworkReady);
        let mut direct = solver::max::Max::new(network());
        for (i, board) in a_game(4).into_iter().enumerate() {
            let expected = direct.decide(board);
            let Reply::Decision { best, values, nodes, depth, .. } =
                solvers.respond(Request::new(i as u64, board, Strength::Max), &mut clock())
            else {
                panic!("a decision")
            };
            assert_eq!(
                (best, values.map(|v| v.map(f64::to_bits)), nodes, depth),
                (expected.best, expected.values.map(|v| v.map(f64::to_bits)), expected.nodes, expected.depth)
            );
        }
    }

    #[test]
    fn a_stuck_board_has_no_strong_move_either() {
        let rows = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]];
        let (best, ..) =
            ask(&mut Solvers::with_network(network()), 1, Board::from_rows(rows).unwrap(), Strength::Strong);
        assert_eq!(best, None);
    }
}
