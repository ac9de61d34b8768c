//! Two tabs on one saved game: the one that did not move takes the other's game up instead
//! of writing over it.

use game_core::Direction;
use page_core::autoplay::MAX_SPEED;
use page_core::text::Message;
use page_core::{Control, Effect, Event};

use crate::harness::{MID, Page, game};
use page_core::history::Ending;
use page_core::saved::Loaded;

#[test]
fn another_tabs_move_is_taken_up_not_written_over() {
    let mut page = Page::ready_on(MID, 4);
    let mut other = game(MID, 60);
    other.play(Direction::Left, &mut rand::rngs::SmallRng::seed_from_u64(3));
    page.send(Event::StoredGame { text: Some(other.to_json()), tally: None });
    assert_eq!(page.model.game(), other);
    assert!(page.has(|e| *e == Effect::ShowBoard { rows: page.board(), appear: false }));
    assert!(!page.saved(), "nothing written over the other tab's game");
    assert_eq!(page.model.notices(), [Message::GameChangedElsewhere]);
    // Playing on here is the player's choice: it is saved.
    page.press(Direction::Right);
    assert!(page.saved());
    assert!(page.model.notices().is_empty(), "the notice was about the game before this move");
}

#[test]
fn autoplay_here_stops_when_another_tab_plays_and_writes_nothing() {
    let mut page = Page::ready_on(MID, MAX_SPEED);
    page.click(Control::Autoplay);
    page.answer_legal();
    let other = game([[2, 0, 0, 0], [0; 4], [0; 4], [0, 0, 0, 4]], 0);
    page.send(Event::StoredGame { text: Some(other.to_json()), tally: None });
    assert!(!page.model.autoplay_on());
    assert!(!page.saved());
    page.send(Event::Frame);
    assert_eq!(page.model.game(), other, "the move Autoplay had chosen is not played");
    page.send(Event::PageHidden);
    assert!(!page.saved(), "nothing of this tab waits to be written");
}

#[test]
fn this_tabs_own_game_or_an_unreadable_one_changes_nothing() {
    let mut page = Page::ready_on(MID, 4);
    let own = page.model.game().to_json();
    for text in [Some(own), Some("{".to_owned()), None] {
        page.send(Event::StoredGame { text, tally: None });
        assert!(page.fx.is_empty());
        assert_eq!(page.board(), MID);
    }
}

#[test]
fn a_higher_best_from_another_tab_is_shown() {
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::StoredBest(Some("5000".into())));
    assert_eq!(page.model.best(), 5000);
    page.send(Event::StoredBest(Some("7".into())));
    page.send(Event::StoredBest(Some("lots".into())));
    assert_eq!(page.model.best(), 5000);
}

use rand::SeedableRng;

/// Two tabs open on one game, each with Best 500.
fn two_tabs() -> (Page, Page) {
    let tab = || {
        let mut page = Page::load_with(Loaded { game: Some(game(MID, 60)), best: 500, problems: vec![] }, 4);
        page.worker(page_core::WorkerEvent::Ready);
        page.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
        page
    };
    (tab(), tab())
}

#[test]
fn a_game_from_an_entered_board_taken_up_by_another_tab_never_raises_best() {
    let (mut a, mut b) = two_tabs();
    a.press_legal();
    a.send(Event::Address("#board=65536,32768,16384,8192,2,0,0,0,0,0,0,0,0,0,0,2".into()));
    a.click(Control::PlayEntered);
    a.click(Control::ConfirmYes);
    assert!(!a.model.analysing() && a.model.best() == 500);
    b.hear(&a);
    assert_eq!(b.model.game().score(), a.model.game().score());
    assert!(b.model.game().score() > 1_000_000);
    assert_eq!(b.model.best(), 500, "taking the game up raises no Best");
    b.press_legal();
    assert_eq!(b.stored.as_ref().unwrap().best, 500, "nor does playing it on");
    assert!(b.stored.as_ref().unwrap().tally.entered, "it is still a game from an entered board");
}

#[test]
fn the_tab_that_gives_up_a_game_played_in_another_keeps_it_whole_with_its_help() {
    let (mut a, mut b) = two_tabs();
    let start = a.model.game();
    // A's Autoplay plays 6 moves; B takes the game up and plays on, then A takes it back.
    a.autoplay(6);
    a.click(Control::Autoplay);
    b.hear(&a);
    for _ in 0..20 {
        b.press_legal();
        a.hear(&b);
    }
    assert_eq!(a.model.game(), b.model.game());
    a.click(Control::NewGame);
    a.click(Control::ConfirmYes);
    let [write] = a.kept().try_into().expect("A keeps the game it gave up");
    let s = write.entry.summary;
    assert_eq!((s.moves, s.ending), (26, Ending::NewGame));
    assert!(s.help.autoplay, "the help it had in A");
    assert_eq!(write.entry.record.start(), start, "its record from the first move");
    assert_eq!(write.entry.record.cursor(), 26);
    // B takes the new game up, and keeps nothing more of the old one.
    b.hear(&a);
    b.click(Control::NewGame);
    assert!(b.kept().is_empty());
}

#[test]
fn the_help_a_game_had_survives_a_crash() {
    let (mut a, _) = two_tabs();
    let start = a.model.game();
    a.autoplay(10);
    // The tab dies without a word (no PageHidden): a new visit reads what was written.
    let stored = a.stored.clone().unwrap();
    let mut after = Page::start(page_core::Start {
        loaded: Loaded { game: Some(stored.game), best: stored.best, problems: vec![] },
        tally: Some(stored.tally),
        ..Page::start_of(None, 4)
    });
    after.send(Event::HistoryLoaded { games: vec![], set_aside: 0 });
    after.click(Control::NewGame);
    after.click(Control::ConfirmYes);
    let [write] = after.kept().try_into().expect("the game is kept");
    assert!(write.entry.summary.help.autoplay);
    assert_eq!(write.entry.record.start(), start);
    assert_eq!(write.entry.summary.moves as usize, write.entry.record.cursor());
    assert!(write.entry.summary.moves >= 9, "at most the moves of the last half second are lost");
}
