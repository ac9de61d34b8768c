//! The network's download, as the player meets it: fetched only when Strong or Max is chosen
//! (or remembered), once a visit, handed to each worker, and until the worker has read it (or
//! when it failed) Spec answers for them, which the status under the selector says.

use game_core::Direction;
use page_core::request::Strength;
use page_core::text::Message;
use page_core::{Control, Effect, Event, NetworkProblem, STAND_IN, Timer, WorkerEvent};

use crate::harness::{MID, Page, game};

fn fetches(page: &Page) -> usize {
    page.fx.iter().filter(|e| **e == Effect::FetchNetwork).count()
}

fn sends(page: &Page) -> Vec<u32> {
    page.fx
        .iter()
        .filter_map(|e| match e {
            Effect::SendNetwork { generation } => Some(*generation),
            _ => None,
        })
        .collect()
}

/// The strengths that need the network.
const NEEDING: [Strength; 2] = [Strength::Strong, Strength::Max];

/// A page on MID whose worker is ready, with `strength` chosen: the download is asked for.
fn chosen(strength: Strength) -> Page {
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::Strength(Some(strength)));
    assert_eq!(fetches(&page), 1, "choosing {strength:?} downloads the network");
    page
}

fn max_chosen() -> Page {
    chosen(Strength::Max)
}

/// A page whose worker has read Max's network.
fn max_ready() -> Page {
    let mut page = max_chosen();
    page.send(Event::NetworkFetched(Ok(())));
    assert_eq!(sends(&page), [page.generation], "the bytes go to the worker that is ready");
    page.worker(WorkerEvent::NetworkReady);
    page
}

#[test]
fn spec_never_downloads_anything() {
    let mut page = Page::ready_on(MID, 4);
    assert_eq!(fetches(&page), 0);
    for speed in [4, 5] {
        page.send(Event::Strength(Some(Strength::Spec)));
        page.send(Event::Speed(speed.to_string()));
        assert_eq!(fetches(&page), 0);
        page.click(Control::Hint);
        assert_eq!(page.last_ask().strength, Strength::Spec);
        page.answer(Some(Direction::Left));
        assert_eq!(page.model.strength_status(), None);
    }
}

#[test]
fn a_remembered_strong_or_max_downloads_once_the_solver_starts_not_before() {
    for strength in NEEDING {
        let start = page_core::Start { strength, ..Page::start_of(Some(game(MID, 60)), 4) };
        let mut page = Page::unpainted(start);
        assert_eq!(fetches(&page), 0, "the page's own files come first");
        page.fire(Timer::StartSolver);
        assert_eq!(fetches(&page), 1);
        // Fetched before the worker is ready: sent when it is.
        page.send(Event::NetworkFetched(Ok(())));
        assert!(sends(&page).is_empty(), "no worker is ready to take it yet");
        page.worker(WorkerEvent::Ready);
        assert_eq!(sends(&page), [page.generation]);
        page.worker(WorkerEvent::NetworkReady);
        page.click(Control::Hint);
        assert_eq!(page.last_ask().strength, strength);
    }
}

#[test]
fn while_the_network_loads_spec_answers_for_the_strength_chosen_and_the_status_says_so() {
    assert!(!STAND_IN.strategy().needs_network());
    for strength in NEEDING {
        let mut page = chosen(strength);
        assert_eq!(page.model.strength_status(), Some(Message::Downloading(strength)));
        assert_eq!(page.model.asked_strength(), STAND_IN);
        page.click(Control::Hint);
        assert_eq!(page.last_ask().strength, Strength::Spec, "{strength:?} is asked of Spec meanwhile");
        page.answer(Some(Direction::Left));
        assert_eq!(page.model.hint(), Some(Direction::Left), "Hint works");
        // Autoplay too.
        page.click(Control::Autoplay);
        assert_eq!(page.last_ask().strength, Strength::Spec);
        page.click(Control::Autoplay);
        // The bytes arrive: still Spec until the worker has read them.
        page.send(Event::NetworkFetched(Ok(())));
        assert_eq!(page.model.strength_status(), Some(Message::Downloading(strength)));
        assert_eq!(page.model.asked_strength(), Strength::Spec);
        page.worker(WorkerEvent::NetworkReady);
        assert_eq!(page.model.strength_status(), None, "ready: the status goes");
        assert_eq!(page.model.asked_strength(), strength);
        assert_eq!(page.model.strength(), strength);
    }
}

#[test]
fn a_hint_waiting_on_the_stand_in_is_asked_of_the_strength_chosen_once_the_network_is_read() {
    for strength in NEEDING {
        let mut page = chosen(strength);
        page.send(Event::NetworkFetched(Ok(())));
        page.click(Control::Hint);
        assert_eq!(page.last_ask().strength, STAND_IN);
        let before = page.asked.len();
        page.worker(WorkerEvent::NetworkReady);
        assert_eq!(page.asked.len(), before + 1, "{strength:?} is asked at once");
        assert_eq!(page.last_ask().strength, strength);
        page.answer(Some(Direction::Down));
        assert_eq!(page.model.hint(), Some(Direction::Down), "the arrow is {strength:?}'s");
    }
}

#[test]
fn a_failed_download_leaves_spec_answering_and_is_tried_again_only_when_chosen_again() {
    for problem in [
        NetworkProblem::Unreachable,
        NetworkProblem::Status(404),
        NetworkProblem::TooLarge,
        NetworkProblem::Damaged,
    ] {
        let mut page = max_chosen();
        page.send(Event::NetworkFetched(Err(problem)));
        assert!(sends(&page).is_empty());
        assert!(page.has(|e| matches!(e, Effect::Warn(_))), "the console hears why");
        assert_eq!(page.model.strength_status(), Some(Message::DownloadFailed(Strength::Max, problem)));
        page.click(Control::Hint);
        assert_eq!(page.last_ask().strength, STAND_IN);
        page.answer(Some(Direction::Left));
        assert_eq!(page.model.hint(), Some(Direction::Left), "the page plays on");
        assert!(page.model.notices().is_empty(), "no notice over the game: the status says it");
        // No retry by itself; choosing Max again tries again.
        page.fire(Timer::StartSolver);
        assert_eq!(fetches(&page), 0);
        page.send(Event::Strength(Some(Strength::Spec)));
        assert_eq!(page.model.strength_status(), None, "nothing to say while Spec is chosen");
        page.send(Event::Strength(Some(Strength::Strong)));
        assert_eq!(fetches(&page), 1, "{problem:?}: Strong, which needs it too, downloads it again");
        assert_eq!(page.model.strength_status(), Some(Message::Downloading(Strength::Strong)));
    }
}

#[test]
fn the_network_is_downloaded_once_a_visit() {
    let mut page = max_ready();
    for strength in [Strength::Spec, Strength::Max, Strength::Strong, Strength::Max] {
        page.send(Event::Strength(Some(strength)));
        assert_eq!(fetches(&page), 0, "{strength:?}");
    }
    page.click(Control::Hint);
    assert_eq!(page.last_ask().strength, Strength::Max);
    // Strong shares it: once read for Max, Strong answers at once.
    page.send(Event::Strength(Some(Strength::Strong)));
    assert_eq!(page.model.strength_status(), None);
    page.click(Control::Hint);
    assert_eq!(page.last_ask().strength, Strength::Strong);
    // Chosen twice while downloading: still one download.
    let mut page = max_chosen();
    page.send(Event::Strength(Some(Strength::Strong)));
    page.send(Event::Strength(Some(Strength::Max)));
    assert_eq!(fetches(&page), 0);
}

#[test]
fn a_worker_that_cannot_read_the_network_drops_it_and_spec_answers() {
    let mut page = max_chosen();
    page.send(Event::NetworkFetched(Ok(())));
    page.worker(WorkerEvent::NetworkRefused("the file is not a network: bad header".into()));
    assert!(page.has(|e| *e == Effect::ForgetNetwork), "the damaged copy is dropped, the kept one too");
    assert_eq!(
        page.model.strength_status(),
        Some(Message::DownloadFailed(Strength::Max, NetworkProblem::Damaged))
    );
    assert!(!page.model.solver_failed(), "the worker plays on");
    page.click(Control::Hint);
    assert_eq!(page.last_ask().strength, STAND_IN);
    page.send(Event::Strength(Some(Strength::Max)));
    assert_eq!(fetches(&page), 1, "chosen again: downloaded afresh");
}

#[test]
fn a_fresh_worker_after_a_crash_is_handed_the_network_and_spec_answers_until_it_has_read_it() {
    let mut page = max_ready();
    let first = page.generation;
    page.worker(WorkerEvent::Failed("crashed".into()));
    assert!(page.generation > first, "a fresh worker");
    assert_eq!(page.model.asked_strength(), STAND_IN, "the new worker has no network yet");
    page.worker(WorkerEvent::Ready);
    assert_eq!(sends(&page), [page.generation], "the bytes kept are handed to it");
    assert_eq!(fetches(&page), 0, "not downloaded again");
    // A late word from the old worker changes nothing.
    page.send(Event::Worker { generation: first, event: WorkerEvent::NetworkReady });
    assert_eq!(page.model.asked_strength(), STAND_IN);
    page.worker(WorkerEvent::NetworkReady);
    assert_eq!(page.model.asked_strength(), Strength::Max);
}

#[test]
fn a_worker_that_stops_while_reading_the_network_is_replaced_without_it() {
    let mut page = max_chosen();
    page.send(Event::NetworkFetched(Ok(())));
    let first = page.generation;
    page.worker(WorkerEvent::Failed("out of memory".into()));
    assert!(page.generation > first, "a fresh worker");
    page.worker(WorkerEvent::Ready);
    assert!(sends(&page).is_empty(), "not handed the network that stopped the last one");
    assert_eq!(
        page.model.strength_status(),
        Some(Message::DownloadFailed(Strength::Max, NetworkProblem::Unusable))
    );
    page.click(Control::Hint);
    assert_eq!(page.last_ask().strength, STAND_IN, "Spec answers in the fresh worker");
}

#[test]
fn a_solver_that_failed_for_good_says_so_once_and_downloads_nothing() {
    let mut page = Page::load(Some(game(MID, 60)), 4);
    page.worker(WorkerEvent::Failed("the worker script did not load".into()));
    assert!(page.model.solver_failed());
    page.send(Event::Strength(Some(Strength::Max)));
    assert_eq!(fetches(&page), 0);
    assert_eq!(page.model.strength_status(), None, "the notice says the solver is unavailable");
    assert_eq!(page.model.notices(), [Message::SolverUnavailable]);
}

#[test]
fn the_board_says_how_far_getting_the_strength_ready_has_come() {
    let mut page = Page::ready_on(MID, 4);
    assert_eq!(page.model.getting_ready(), None, "the standard solver needs nothing");
    page.send(Event::Strength(Some(Strength::Max)));
    assert_eq!(page.model.getting_ready(), Some((Strength::Max, None)), "nothing has arrived yet");
    page.send(Event::NetworkProgress { received: 3_900_000, total: 7_800_000 });
    assert_eq!(page.model.getting_ready(), Some((Strength::Max, Some(50))));
    page.send(Event::NetworkProgress { received: 9_000_000, total: 7_800_000 });
    assert_eq!(page.model.getting_ready(), Some((Strength::Max, Some(100))), "never past all of it");
    page.send(Event::NetworkFetched(Ok(())));
    assert_eq!(page.model.getting_ready(), Some((Strength::Max, Some(100))), "while the worker reads it");
    page.worker(WorkerEvent::NetworkReady);
    assert_eq!(page.model.getting_ready(), None, "Max answers: nothing more to show");
    // A failed download is said by the status, not by the indicator.
    let mut failed = chosen(Strength::Strong);
    failed.send(Event::NetworkProgress { received: 1_000_000, total: 7_800_000 });
    failed.send(Event::NetworkFetched(Err(NetworkProblem::Unreachable)));
    assert_eq!(failed.model.getting_ready(), None);
    assert!(failed.model.strength_status().is_some());
}
