//! A board entered by address or editor: shown for analysis at once, the game in progress kept
//! untouched until the player plays from the entered board, bad input refused with its reason.

use game_core::{Direction, ListError, LoadError};
use page_core::text::Message;
use page_core::{Control, Effect, EntryError, Event};

use crate::harness::{MID, Page};

const ADDRESS: &str = "#board=0,0,2,0,0,0,0,0,0,4,0,0,8,0,0,16";
const ENTERED: [[u32; 4]; 4] = [[0, 0, 2, 0], [0; 4], [0, 4, 0, 0], [8, 0, 0, 16]];

fn analysing() -> Page {
    let mut page = Page::ready_on(MID, 4);
    page.press(Direction::Left);
    page.send(Event::Address(ADDRESS.into()));
    assert!(page.model.analysing());
    page
}

#[test]
fn an_address_shows_its_board_at_once_with_the_least_score_and_hint_works_on_it() {
    let mut page = analysing();
    assert_eq!(page.board(), ENTERED);
    assert_eq!(page.model.game().score(), 8 + 32, "the least the 8 and the 16 took");
    assert!(page.has(|e| *e == Effect::ShowBoard { rows: page.board(), appear: false }));
    assert!(!page.saved(), "the saved game is not touched");
    assert_eq!(page.said(), [Message::BoardEntered]);
    page.click(Control::Hint);
    assert_eq!(page.last_ask().board, ENTERED);
    page.answer(Some(Direction::Down));
    assert_eq!(page.model.hint(), Some(Direction::Down));
}

#[test]
fn moves_and_autoplay_on_an_entered_board_save_nothing_and_raise_no_best() {
    let mut page = analysing();
    let best = page.model.best();
    for _ in 0..20 {
        let board = page.model.game().board();
        let Some(direction) = Direction::ALL.into_iter().find(|&d| board.slide(d).moved) else { break };
        page.press(direction);
        assert!(!page.saved());
        assert!(!page.has(|e| *e == Effect::SaveCoach(Box::new(page.model.coach_save()))));
    }
    assert_eq!(page.model.best(), best);
}

#[test]
fn back_to_my_game_brings_the_game_back_as_it_was() {
    let mut page = Page::ready_on(MID, 4);
    page.press(Direction::Left);
    let (board, score) = (page.board(), page.model.game().score());
    page.send(Event::Address(ADDRESS.into()));
    page.press(Direction::Down);
    page.click(Control::LeaveEntered);
    assert!(!page.model.analysing());
    assert_eq!((page.board(), page.model.game().score()), (board, score));
    assert_eq!(page.said(), [Message::BackToGame]);
    // And New game still asks: that game is in progress.
    page.click(Control::NewGame);
    assert!(page.model.confirm_open());
}

#[test]
fn play_from_here_asks_first_when_a_game_is_in_progress_and_then_saves_the_entered_game() {
    let mut page = analysing();
    page.click(Control::PlayEntered);
    assert_eq!(page.fx, [Effect::OpenConfirm]);
    page.click(Control::ConfirmNo);
    assert!(page.model.analysing(), "cancel keeps both");
    page.click(Control::PlayEntered);
    page.click(Control::ConfirmYes);
    assert!(!page.model.analysing());
    assert!(page.saved());
    assert!(
        page.has(|e| *e == Effect::SaveCoach(Box::new(page.model.coach_save()))),
        "that the game was entered is saved"
    );
    assert_eq!(page.said(), [Message::PlayingEntered]);
    assert!(page.model.coach_save().entered);
    // Its moves are saved now, and never raise Best.
    let best = page.model.best();
    for _ in 0..30 {
        let board = page.model.game().board();
        let Some(direction) = Direction::ALL.into_iter().find(|&d| board.slide(d).moved) else { break };
        page.press(direction);
        assert!(page.saved());
    }
    assert!(page.model.game().score() > best);
    assert_eq!(page.model.best(), best);
}

#[test]
fn a_fresh_game_is_given_up_for_an_entered_board_without_asking() {
    let mut page = Page::load(None, 4);
    page.send(Event::Address(ADDRESS.into()));
    page.click(Control::PlayEntered);
    assert!(!page.model.confirm_open());
    assert!(!page.model.analysing());
    assert!(page.saved());
}

#[test]
fn every_bad_entry_is_refused_with_its_reason_and_the_game_stays() {
    let long = format!("#board={}", "0,".repeat(120));
    type Expected = fn(&EntryError) -> bool;
    let cases: Vec<(String, Expected)> = vec![
        ("#board=0,0,2".into(), |e| matches!(e, EntryError::List(ListError::WrongCount { found: 3 }))),
        (format!("#board={}", "0,".repeat(16) + "2"), |e| {
            matches!(e, EntryError::List(ListError::WrongCount { found: 17 }))
        }),
        ("#board=0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,2".into(), |e| {
            matches!(e, EntryError::List(ListError::NotATile { cell: 2, .. }))
        }),
        ("#board=0,0,262144,0,0,0,0,0,0,0,0,0,0,0,0,2".into(), |e| {
            matches!(e, EntryError::List(ListError::NotATile { .. }))
        }),
        ("#board=0,0,two,0,0,0,0,0,0,0,0,0,0,0,0,2".into(), |e| {
            matches!(e, EntryError::List(ListError::NotANumber { cell: 2, .. }))
        }),
        ("#board=hello".into(), |e| {
            matches!(e, EntryError::List(ListError::WrongCount { .. } | ListError::NotANumber { .. }))
        }),
        ("#board=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0".into(), |e| {
            matches!(e, EntryError::List(ListError::NoTile))
        }),
        ("#board=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2".into(), |e| {
            matches!(e, EntryError::Game(LoadError::TooFewTiles(1)))
        }),
        (long, |e| matches!(e, EntryError::AddressTooLong { .. })),
    ];
    for (address, expected) in cases {
        let mut page = Page::ready_on(MID, 4);
        page.send(Event::Address(address.clone()));
        let error = page.model.entry_error().unwrap_or_else(|| panic!("{address} was taken"));
        assert!(expected(error), "{address}: {error:?}");
        assert!(!page.model.analysing());
        assert_eq!(page.board(), MID, "{address}");
        assert!(!page.saved());
    }
    // Other addresses are not the page's business.
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::Address("#rules".into()));
    assert!(page.fx.is_empty() && page.model.entry_error().is_none());
}

#[test]
fn the_editor_takes_a_score_and_refuses_one_that_does_not_fit() {
    let mut page = Page::ready_on(MID, 4);
    let list = "0,0,2,0,0,0,0,0,0,4,0,0,8,0,0,16".to_owned();
    page.send(Event::EnterBoard { list: list.clone(), score: "lots".into() });
    assert!(matches!(page.model.entry_error(), Some(EntryError::Score(_))));
    page.send(Event::EnterBoard { list: list.clone(), score: "5".into() });
    assert!(matches!(page.model.entry_error(), Some(EntryError::Game(LoadError::ScoreBelowBoard { .. }))));
    page.send(Event::EnterBoard { list, score: " 44 ".into() });
    assert_eq!(page.model.entry_error(), None);
    assert_eq!(page.model.game().score(), 44);
}

#[test]
fn copy_link_writes_the_board_on_screen_as_an_address() {
    let mut page = analysing();
    page.click(Control::CopyLink);
    assert_eq!(page.fx, [Effect::CopyLink(ADDRESS.into())]);
    page.send(Event::LinkCopied(false));
    assert_eq!(page.model.notices(), [Message::LinkNotCopied]);
}
