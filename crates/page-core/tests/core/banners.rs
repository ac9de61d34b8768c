//! Win, Keep going, game over, and the New game confirmation.

use game_core::{Direction, Status};
use page_core::text::Message;
use page_core::{Control, Effect, Event};

use crate::harness::{MID, NEAR_WIN, Page, game};

#[test]
fn making_2048_shows_the_win_and_keep_going_plays_on() {
    let mut page = Page::load(Some(game(NEAR_WIN, 17_000)), 4);
    page.press(Direction::Left);
    assert_eq!(page.model.status(), Status::Won);
    assert!(matches!(page.said()[..], [Message::Moved { .. }, Message::Won { .. }]));
    assert!(page.saved());
    let board = page.board();
    page.press(Direction::Right);
    assert_eq!(page.board(), board, "no move while the win waits for a choice");
    page.click(Control::KeepGoing);
    assert_eq!(page.model.status(), Status::Playing);
    assert_eq!(page.said(), [Message::KeptGoing]);
    assert!(page.saved());
    page.click(Control::KeepGoing);
    assert!(page.fx.is_empty(), "Keep going means nothing once playing");
}

#[test]
fn new_game_in_a_game_in_progress_asks_first() {
    let mut page = Page::load(Some(game(MID, 60)), 4);
    page.click(Control::NewGame);
    assert_eq!(page.fx, [Effect::OpenConfirm]);
    assert!(page.model.confirm_open());
    let board = page.board();
    page.press(Direction::Left);
    assert_eq!(page.board(), board, "no move under the dialog");
    page.click(Control::ConfirmNo);
    assert_eq!(page.board(), board, "Cancel keeps the game");
    page.click(Control::NewGame);
    page.click(Control::ConfirmYes);
    assert!(page.has(|e| *e == Effect::CloseConfirm));
    assert!(page.has(|e| *e == Effect::ShowBoard { rows: page.board(), appear: true }));
    assert!(page.saved());
    assert_eq!(page.said(), [Message::NewGame]);
    assert_eq!(page.model.game().score(), 0);
    assert_eq!(page.model.game().board().tile_count(), 2);
}

#[test]
fn escape_on_the_dialog_is_cancel() {
    let mut page = Page::load(Some(game(MID, 60)), 4);
    page.click(Control::NewGame);
    page.send(Event::ConfirmDismissed);
    assert!(!page.model.confirm_open());
    page.press(Direction::Left);
    assert_eq!(page.model.moves(), 1);
}

#[test]
fn a_fresh_game_or_a_lost_one_starts_over_without_asking() {
    let mut page = Page::load(None, 4);
    let first = page.board();
    page.click(Control::NewGame);
    assert!(!page.has(|e| *e == Effect::OpenConfirm));
    assert!(page.has(|e| *e == Effect::ShowBoard { rows: page.board(), appear: true }));
    assert!(first != page.board() || page.model.game().score() == 0);
    let lost = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]];
    let mut page = Page::load(Some(game(lost, 0)), 4);
    assert_eq!(page.model.status(), Status::Over);
    page.click(Control::BannerNewGame);
    assert!(!page.has(|e| *e == Effect::OpenConfirm));
    assert_eq!(page.model.status(), Status::Playing);
}

#[test]
fn try_again_after_game_over_starts_a_new_game() {
    let lost = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]];
    let mut page = Page::load(Some(game(lost, 0)), 4);
    page.click(Control::TryAgain);
    assert_eq!(page.model.status(), Status::Playing);
    assert_eq!(page.said(), [Message::NewGame]);
}

#[test]
fn a_players_move_is_announced_with_the_score() {
    let mut page = Page::load(Some(game(MID, 60)), 4);
    page.press(Direction::Up);
    let score = page.model.game().score();
    assert_eq!(page.said(), [Message::Moved { direction: Direction::Up, score }]);
    assert_eq!(page.animated(), Some(false));
    let board = page.board();
    page.press(Direction::Up);
    if page.board() == board {
        assert!(page.fx.is_empty(), "a move that changes nothing does nothing");
    }
}
