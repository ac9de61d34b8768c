//! Max's four root moves shared among the solver's worker and helper workers of its own, so
//! that a Max decision takes about as long as its slowest root move's search (see
//! `solver::max`). Each root move is always searched by the same worker ([`owner`]), whose
//! searcher for it therefore sees every board of the game in order, as one `Max` would: the
//! decisions are the same however many workers share them.
//!
//! This is the worker's scheduling, without the browser: requests from the page go in
//! ([`Share::take`]), so do the helpers' news ([`Share::helper_ready`],
//! [`Share::helper_replied`], [`Share::helper_failed`]), and [`Share::step`] says, one at a
//! time, what to post (a share of a request to a helper, or a reply to the page). Requests are
//! answered in the order they came. A helper that fails has its root moves searched here from
//! then on, by searchers that start afresh (the decisions may then differ from one `Max`'s).
//! A board that Max's endgame tables can decide is answered by this worker's tables alone
//! (`solver::max::Max::plan`), before anything is shared, as one `Max` answers it.
//!
//! Every worker searches with the network: the worker shares a request out only once it has
//! the network itself (else the request is answered here, as an error), and hands the network
//! to each helper before the helper counts as ready (`running`, in `worker/mod.rs`).

use std::collections::VecDeque;

use game_core::{Board, Direction};
use solver::max::{Max, MoveValue, Plan};

use super::solvers::Solvers;
use crate::protocol::{Reply, Request, micros_since};

/// Which of `workers` searches `direction`: 0 is the worker the page talks to, 1 and up its
/// helpers.
pub fn owner(direction: Direction, workers: usize) -> usize {
    direction.index() % workers.max(1)
}

/// How many helpers a worker starts on a device of `cores` logical cores: one for each core
/// beyond the page's and the worker's own, up to the three that the four root moves can use.
pub fn helpers_for(cores: u32) -> usize {
    (cores.saturating_sub(2) as usize).min(3)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Helper {
    Starting,
    Ready,
    Failed,
}

/// A Max request shared out, being gathered.
struct Gathering {
    id: u64,
    board: Board,
    /// Each root move's value, as it arrives.
    values: [Option<MoveValue>; 4],
    /// The helpers still to be asked, with their root moves.
    to_ask: Vec<(usize, Vec<Direction>)>,
    /// Whether this worker has searched its own root moves.
    searched_own: bool,
    /// When it was shared out (the reply's `micros` run from there: the search's time, as the
    /// page waited for it).
    started: f64,
}

/// What to do next.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// Post `request` (a share of a Max request: its `roots`) to helper `helper` (from 0).
    Ask { helper: usize, request: Request },
    /// Post `reply` to the page.
    Reply(Reply),
}

pub struct Share {
    helpers: Vec<Helper>,
    queue: VecDeque<Request>,
    gathering: Option<Gathering>,
}

impl Share {
    /// A share among this worker and `helpers` helpers, all starting.
    pub fn new(helpers: usize) -> Share {
        Share { helpers: vec![Helper::Starting; helpers], queue: VecDeque::new(), gathering: None }
    }

    /// A request from the page.
    pub fn take(&mut self, request: Request) {
        self.queue.push_back(request);
    }

    pub fn helper_ready(&mut self, helper: usize) {
        if self.helpers.get(helper) == Some(&Helper::Starting) {
            self.helpers[helper] = Helper::Ready;
        }
    }

    /// The helpers still starting are given up on (they took too long): their root moves are
    /// searched here.
    pub fn helpers_late(&mut self) {
        for helper in 0..self.helpers.len() {
            if self.helpers[helper] == Helper::Starting {
                self.helper_failed(helper);
            }
        }
    }

    /// A helper's answer to its share of the request being gathered.
    pub fn helper_replied(&mut self, reply: Reply) {
        let (Some(gathering), Reply::Roots { id, roots }) = (self.gathering.as_mut(), reply) else { return };
        if gathering.id != id {
            return;
        }
        for root in roots {
            gathering.values[root.direction.index()] = Some(root.move_value());
        }
    }

    /// A helper that stopped (or never started): its root moves are searched here from now on,
    /// the request being gathered's among them.
    pub fn helper_failed(&mut self, helper: usize) {
        if let Some(state) = self.helpers.get_mut(helper) {
            *state = Helper::Failed;
        }
        if let Some(gathering) = self.gathering.as_mut() {
            gathering.to_ask.retain(|(h, _)| *h != helper);
            // Searched here on the next step.
            gathering.searched_own = false;
        }
    }

    /// Which worker searches `direction` now: its owner, or this worker if that helper failed.
    fn searcher_of(&self, direction: Direction) -> usize {
        match owner(direction, self.helpers.len() + 1) {
            0 => 0,
            n if self.helpers[n - 1] == Helper::Failed => 0,
            n => n,
        }
    }

    /// The next thing to post, searching this worker's own share when it is its turn; `None`
    /// while waiting (for a helper's answer, or for the helpers to start).
    pub fn step(&mut self, solvers: &mut Solvers, now: &mut dyn FnMut() -> f64) -> Option<Out> {
        loop {
            if let Some(gathering) = self.gathering.as_mut() {
                if let Some((helper, roots)) = gathering.to_ask.pop() {
                    let request = Request::roots(gathering.id, gathering.board, roots);
                    return Some(Out::Ask { helper, request });
                }
                if !gathering.searched_own {
                    self.search_own(solvers);
                    continue;
                }
                let gathering = self.gathering.as_ref()?;
                let values: Option<Vec<MoveValue>> = gathering.values.iter().copied().collect();
                let values: [MoveValue; 4] = values?.try_into().ok()?;
                let gathering = self.gathering.take()?;
                let micros = micros_since(gathering.started, now);
                return Some(Out::Reply(Reply::decision(gathering.id, Max::combine(values), micros)));
            }
            let next = self.queue.front()?;
            let shared = next.is_whole_max() && !self.helpers.is_empty() && solvers.has_network();
            if shared && self.helpers.contains(&Helper::Starting) {
                // Every root move has its worker from the first board on, or the decisions
                // would depend on when each helper came up.
                return None;
            }
            let request = self.queue.pop_front()?;
            if !shared {
                return Some(Out::Reply(solvers.respond(request, now)));
            }
            let board = match Board::from_rows(request.board) {
                Ok(board) => board,
                Err(error) => {
                    return Some(Out::Reply(Reply::Error {
                        id: Some(request.id),
                        message: error.to_string(),
                    }));
                }
            };
            let started = now();
            // Max's rule (`solver::max::Plan`): its tables first, on this worker alone.
            if let Some(Plan::Solved(solved)) = solvers.max().map(|max| max.plan(board)) {
                return Some(Out::Reply(Reply::solved(request.id, solved, micros_since(started, now))));
            }
            let mut to_ask: Vec<(usize, Vec<Direction>)> = Vec::new();
            for direction in Direction::ALL {
                let worker = self.searcher_of(direction);
                if worker == 0 {
                    continue;
                }
                match to_ask.iter_mut().find(|(h, _)| *h == worker - 1) {
                    Some((_, roots)) => roots.push(direction),
                    None => to_ask.push((worker - 1, vec![direction])),
                }
            }
            self.gathering = Some(Gathering {
                id: request.id,
                board,
                values: [None; 4],
                to_ask,
                searched_own: false,
                started,
            });
        }
    }

    /// Searches the root moves of the request being gathered that this worker holds and has
    /// no value for yet.
    fn search_own(&mut self, solvers: &mut Solvers) {
        let own: Vec<Direction> = Direction::ALL.into_iter().filter(|&d| self.searcher_of(d) == 0).collect();
        let Some(gathering) = self.gathering.as_mut() else { return };
        for direction in own {
            if gathering.values[direction.index()].is_none() {
                // No network means no value (never reached: nothing is shared out without it).
                let value = solvers.root(gathering.board, direction).unwrap_or(MoveValue::NONE);
                gathering.values[direction.index()] = Some(value);
            }
        }
        gathering.searched_own = true;
    }
}

// Natively only: Max's tests read the repository's network file.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::protocol::Strength;
    use game_core::Game;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use solver::Searcher;

    /// The boards of a game Spec plays, from a fixed seed.
    fn boards(moves: usize) -> Vec<Board> {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut game = Game::new(&mut rng);
        let mut seen = Vec::new();
        for _ in 0..moves {
            let Some(best) = solver::Spec.decide(game.board()).best else { break };
            seen.push(game.board());
            game.play(best, &mut rng);
        }
        seen
    }

    fn clock() -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += 0.25;
            t
        }
    }

    fn network() -> &'static solver::ntuple::Network {
        solver::max::repository_network().expect("www/max-network.nt reads")
    }

    /// A worker's (or helper's) solvers that have been given the network.
    fn given() -> Solvers {
        Solvers::with_network(network())
    }

    /// Runs the share until it waits, answering its asks with `helpers`' own solvers (unless
    /// `lost` says a helper is gone): the replies to the page.
    fn pump(share: &mut Share, solvers: &mut Solvers, helpers: &mut [Solvers], lost: &[usize]) -> Vec<Reply> {
        let mut now = clock();
        let mut replies = Vec::new();
        while let Some(out) = share.step(solvers, &mut now) {
            match out {
                Out::Ask { helper, request } if !lost.contains(&helper) => {
                    let reply = helpers[helper].respond(request, &mut now);
                    share.helper_replied(reply);
                }
                Out::Ask { helper, .. } => share.helper_failed(helper),
                Out::Reply(reply) => replies.push(reply),
            }
        }
        replies
    }

    fn decision(reply: &Reply) -> (Option<Direction>, [Option<f64>; 4], u64, u32) {
        match reply {
            Reply::Decision { best, values, nodes, depth, .. } => (*best, *values, *nodes, *depth),
            other => panic!("not a decision: {other:?}"),
        }
    }

    #[test]
    fn shared_among_any_number_of_helpers_max_decides_as_one_max() {
        let boards = boards(40);
        for helpers in 1..=3 {
            let mut share = Share::new(helpers);
            (0..helpers).for_each(|h| share.helper_ready(h));
            let (mut solvers, mut helper_solvers) =
                (given(), (0..helpers).map(|_| given()).collect::<Vec<_>>());
            let mut whole = Max::new(network());
            for (i, &board) in boards.iter().enumerate() {
                share.take(Request::new(i as u64, board, Strength::Max));
                let replies = pump(&mut share, &mut solvers, &mut helper_solvers, &[]);
                assert_eq!(replies.len(), 1);
                let expected = whole.decide(board);
                let got = decision(&replies[0]);
                assert_eq!(
                    got,
                    (expected.best, expected.values, expected.nodes, expected.depth),
                    "{helpers} helpers, board {i}"
                );
            }
        }
    }

    #[test]
    fn each_root_move_has_one_worker_and_only_three_helpers_are_of_use() {
        let owners = |workers| Direction::ALL.map(|d| owner(d, workers));
        assert_eq!(owners(1), [0, 0, 0, 0]);
        assert_eq!(owners(2), [0, 1, 0, 1]);
        assert_eq!(owners(4), [0, 1, 2, 3]);
        assert_eq!([1, 2, 3, 4, 5, 8, 16].map(helpers_for), [0, 0, 1, 2, 3, 3, 3]);
    }

    #[test]
    fn a_max_request_waits_for_the_helpers_to_start_and_the_requests_behind_it_keep_their_order() {
        let board = boards(3)[2];
        let mut share = Share::new(2);
        let (mut solvers, mut helpers) = (given(), vec![given(), given()]);
        share.take(Request::new(1, board, Strength::Spec));
        share.take(Request::new(2, board, Strength::Max));
        share.take(Request::new(3, board, Strength::Spec));
        let first = pump(&mut share, &mut solvers, &mut helpers, &[]);
        assert_eq!(
            first.iter().map(id_of).collect::<Vec<_>>(),
            [1],
            "Spec at once, Max waits, and so does what follows it"
        );
        share.helper_ready(0);
        assert!(pump(&mut share, &mut solvers, &mut helpers, &[]).is_empty(), "one helper still starting");
        share.helper_ready(1);
        let rest = pump(&mut share, &mut solvers, &mut helpers, &[]);
        assert_eq!(rest.iter().map(id_of).collect::<Vec<_>>(), [2, 3]);
    }

    #[test]
    fn helpers_that_take_too_long_to_start_are_done_without() {
        let board = boards(3)[2];
        let mut share = Share::new(2);
        share.helper_ready(0);
        let (mut solvers, mut helpers) = (given(), vec![given(), given()]);
        share.take(Request::new(1, board, Strength::Max));
        assert!(pump(&mut share, &mut solvers, &mut helpers, &[]).is_empty());
        share.helpers_late();
        let expected = Max::new(network()).decide(board);
        let replies = pump(&mut share, &mut solvers, &mut helpers, &[]);
        assert_eq!(decision(&replies[0]), (expected.best, expected.values, expected.nodes, expected.depth));
    }

    fn id_of(reply: &Reply) -> u64 {
        match reply {
            Reply::Decision { id, .. } => *id,
            other => panic!("not a decision: {other:?}"),
        }
    }

    #[test]
    fn a_helper_that_fails_has_its_root_moves_searched_here_and_is_asked_no_more() {
        let boards = boards(6);
        let mut share = Share::new(3);
        (0..3).for_each(|h| share.helper_ready(h));
        let (mut solvers, mut helpers) = (given(), vec![given(), given(), given()]);
        // Helper 1 (Left's) is gone from the first request on: every decision is whole, and
        // (its searcher being as fresh here as it would have been there) still one Max's.
        let mut whole = Max::new(network());
        for (i, &board) in boards.iter().enumerate() {
            share.take(Request::new(i as u64, board, Strength::Max));
            let replies = pump(&mut share, &mut solvers, &mut helpers, &[1]);
            let expected = whole.decide(board);
            assert_eq!(
                decision(&replies[0]),
                (expected.best, expected.values, expected.nodes, expected.depth)
            );
        }
        let mut now = clock();
        share.take(Request::new(99, boards[0], Strength::Max));
        let asked: Vec<usize> = std::iter::from_fn(|| share.step(&mut solvers, &mut now))
            .filter_map(|out| match out {
                Out::Ask { helper, .. } => Some(helper),
                Out::Reply(_) => None,
            })
            .collect();
        assert!(!asked.contains(&1), "asked {asked:?}");
    }

    #[test]
    fn a_max_request_before_the_worker_has_the_network_is_refused_here_and_not_shared() {
        let board = boards(3)[2];
        let mut share = Share::new(2);
        (0..2).for_each(|h| share.helper_ready(h));
        let (mut solvers, mut helpers) = (Solvers::ample(), vec![given(), given()]);
        share.take(Request::new(1, board, Strength::Max));
        share.take(Request::new(2, board, Strength::Spec));
        let mut now = clock();
        let mut outs = Vec::new();
        while let Some(out) = share.step(&mut solvers, &mut now) {
            outs.push(out);
        }
        assert!(outs.iter().all(|out| matches!(out, Out::Reply(_))), "no helper is asked: {outs:?}");
        assert!(matches!(outs[0], Out::Reply(Reply::Error { id: Some(1), .. })));
        assert!(matches!(outs[1], Out::Reply(Reply::Decision { id: 2, .. })));
        // Once the network is given, Max is shared and answered.
        assert!(matches!(solvers.take_network(&[]), Reply::NetworkError { .. }));
        let mut solvers = given();
        share.take(Request::new(3, board, Strength::Max));
        let replies = pump(&mut share, &mut solvers, &mut helpers, &[]);
        assert!(matches!(replies[..], [Reply::Decision { id: 3, .. }]), "{replies:?}");
    }

    #[test]
    fn a_board_in_the_endgame_tables_frames_is_answered_here_without_asking_a_helper() {
        let board = crate::worker::solvers::tests::a_slide_from_the_last_256();
        let mut share = Share::new(3);
        (0..3).for_each(|h| share.helper_ready(h));
        let mut solvers = given();
        let mut now = clock();
        share.take(Request::new(4, board, Strength::Max));
        let Some(Out::Reply(reply)) = share.step(&mut solvers, &mut now) else { panic!("answered at once") };
        let expected = Max::new(network()).decide(board);
        assert_eq!(decision(&reply), (expected.best, expected.values, expected.nodes, expected.depth));
        assert_eq!(decision(&reply).0, Some(Direction::Down));
        assert!(matches!(reply, Reply::Decision { solved: true, .. }), "the tables' exact chances");
        assert!(share.step(&mut solvers, &mut now).is_none());
    }

    #[test]
    fn a_reply_to_another_request_is_not_taken_for_this_one() {
        let board = boards(2)[1];
        let mut share = Share::new(1);
        share.helper_ready(0);
        let mut solvers = given();
        let mut now = clock();
        share.take(Request::new(5, board, Strength::Max));
        let Some(Out::Ask { request, .. }) = share.step(&mut solvers, &mut now) else { panic!("an ask") };
        assert!(share.step(&mut solvers, &mut now).is_none(), "waiting for the helper");
        let mut helper = given();
        let Reply::Roots { roots, .. } = helper.respond(request.clone(), &mut now) else { panic!("roots") };
        share.helper_replied(Reply::Roots { id: 4, roots: roots.clone() });
        assert!(share.step(&mut solvers, &mut now).is_none(), "still waiting");
        share.helper_replied(Reply::Roots { id: 5, roots });
        assert!(matches!(
            share.step(&mut solvers, &mut now),
            Some(Out::Reply(Reply::Decision { id: 5, .. }))
        ));
    }
}
