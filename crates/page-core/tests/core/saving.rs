//! When the game is written, and what the player is told when it cannot be.

use game_core::Direction;
use page_core::autoplay::MAX_SPEED;
use page_core::autosave::AUTOPLAY_SAVE_MS;
use page_core::saved::{Loaded, Problem};
use page_core::text::Message;
use page_core::{Control, Effect, Event, Timer};

use crate::harness::{MID, Page, game};

#[test]
fn a_resumed_game_is_not_written_at_start_and_a_new_one_is() {
    let page = Page::load(Some(game(MID, 60)), 4);
    assert!(!page.saved(), "full storage that holds the game must not warn on every load");
    let page = Page::load(None, 4);
    assert!(page.saved());
}

#[test]
fn a_players_move_is_saved_at_once() {
    let mut page = Page::ready_on(MID, 4);
    page.press(Direction::Left);
    assert!(page.saved());
    page.press(Direction::Left);
    assert!(page.saved(), "however soon after the last");
}

#[test]
fn autoplay_saves_at_most_every_half_second_and_when_it_stops() {
    let mut page = Page::ready_on(MID, MAX_SPEED);
    page.click(Control::Autoplay);
    let mut writes = vec![];
    for frame in 0..90 {
        page.now = f64::from(frame) * 1000.0 / 60.0;
        if !page.model.autoplay_on() {
            break;
        }
        page.answer_legal();
        page.send(Event::Frame);
        if !page.model.autoplay_on() {
            // Game over, saved at once whenever it comes.
            break;
        }
        if page.saved() {
            writes.push(page.now);
        }
        if page.fire_autoplay() && page.saved() {
            writes.push(page.now);
        }
    }
    assert!(writes.len() >= 2, "{writes:?}");
    for pair in writes.windows(2) {
        assert!(pair[1] - pair[0] >= AUTOPLAY_SAVE_MS, "{writes:?}");
    }
    if page.model.autoplay_on() {
        page.now += 10.0;
        page.click(Control::Autoplay);
        assert!(page.saved(), "what waits is written when Autoplay stops");
    }
}

#[test]
fn hiding_the_page_writes_what_waits_and_nothing_else() {
    let mut page = Page::ready_on(MID, 3);
    page.send(Event::PageHidden);
    assert!(!page.saved(), "nothing waits");
    page.autoplay_until_a_save_waits();
    assert!(page.timers().contains(&(AUTOPLAY_SAVE_MS as u32 - 10 + 100, Timer::Autosave)), "{:?}", page.fx);
    page.send(Event::PageHidden);
    assert!(page.saved());
}

#[test]
fn a_failed_write_is_told_once() {
    let mut page = Page::ready_on(MID, 4);
    page.fail_save();
    assert_eq!(page.model.notices(), [Message::SaveFailed]);
    page.fail_save();
    page.send(Event::SaveFailed(Problem::Unavailable));
    assert_eq!(page.model.notices(), [Message::SaveFailed]);
}

#[test]
fn problems_found_at_load_are_notices() {
    let loaded = Loaded {
        game: None,
        best: 0,
        problems: vec![
            Problem::CorruptGame(game_core::LoadError::Document(game_core::DocumentError::NotAnObject)),
            Problem::CorruptBest,
        ],
    };
    let page = Page::load_with(loaded, 4);
    assert_eq!(page.model.notices(), [Message::CorruptGame, Message::CorruptBest]);
    assert!(page.has(|e| matches!(e, Effect::Warn(_))), "the reason goes to the console");
    let page = Page::load_with(Loaded { game: None, best: 0, problems: vec![Problem::Unavailable] }, 4);
    assert_eq!(page.model.notices(), [Message::StorageUnavailable]);
}

#[test]
fn the_best_follows_the_score_and_never_falls() {
    let mut page = Page::load_with(Loaded { game: Some(game(MID, 60)), best: 1000, problems: vec![] }, 4);
    assert_eq!(page.model.best(), 1000);
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    assert_eq!(page.model.best(), 1000);
    let page = Page::load_with(Loaded { game: Some(game(MID, 60)), best: 10, problems: vec![] }, 4);
    assert_eq!(page.model.best(), 60);
}

#[test]
fn an_unreadable_best_is_written_anew_at_start() {
    let loaded = Loaded { game: Some(game(MID, 60)), best: 60, problems: vec![Problem::CorruptBest] };
    let page = Page::load_with(loaded, 4);
    assert!(page.saved());
}
