//! A new version of the page: offered when it is ready, taken only by the player's click, and
//! never at the cost of the game (what Autoplay had not written yet is written first).

use game_core::Direction;
use page_core::{Control, Effect, Event};

use crate::harness::{MID, Page};

#[test]
fn a_new_version_is_offered_and_taken_only_by_the_button() {
    let mut page = Page::ready_on(MID, 4);
    assert!(!page.model.update_ready());
    page.click(Control::Update);
    assert!(page.fx.is_empty(), "nothing to take before one is ready");
    page.send(Event::UpdateReady);
    assert!(page.model.update_ready());
    assert!(!page.has(|e| *e == Effect::ApplyUpdate), "offered, not taken");
    // The game goes on under the offer.
    page.press(Direction::Down);
    assert_eq!(page.model.moves(), 1);
    assert!(page.saved());
    page.click(Control::Update);
    assert_eq!(page.fx.last(), Some(&Effect::ApplyUpdate));
    assert!(!page.saved(), "every move was written already");
}

#[test]
fn taking_it_during_autoplay_stops_autoplay_and_writes_the_game_first() {
    let mut page = Page::ready_on(MID, 3);
    page.autoplay_until_a_save_waits();
    page.send(Event::UpdateReady);
    page.click(Control::Update);
    assert!(!page.model.autoplay_on());
    let save = page.fx.iter().position(|e| matches!(e, Effect::Save(_))).expect("the game is written");
    let apply = page.fx.iter().position(|e| *e == Effect::ApplyUpdate).expect("then handed over");
    assert!(save < apply);
}
