//! Two tabs on one saved game: the one that did not move takes the other's game up instead
//! of writing over it.

use game_core::Direction;
use wasm_ui::core::autoplay::MAX_SPEED;
use wasm_ui::core::{Control, Effect, Event};
use wasm_ui::text::Message;

use crate::harness::{MID, Page, game};

#[test]
fn another_tabs_move_is_taken_up_not_written_over() {
    let mut page = Page::ready_on(MID, 4);
    let mut other = game(MID, 60);
    other.play(Direction::Left, &mut rand::rngs::SmallRng::seed_from_u64(3));
    page.send(Event::StoredGame(Some(other.to_json())));
    assert_eq!(page.model.game(), other);
    assert!(page.has(|e| *e == Effect::ShowBoard { appear: false }));
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
    page.send(Event::StoredGame(Some(other.to_json())));
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
        page.send(Event::StoredGame(text));
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
