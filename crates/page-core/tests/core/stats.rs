//! The statistics shown of the kept games: counts, bests and the share of games that reached
//! each tile, all and split by help; and the chart's points and axis.

use page_core::history::{Ending, Help, Summary};
use page_core::stats::{Reached, accuracy_chart, chart, stats};
use std::collections::BTreeMap;

fn game(id: u64, score: u32, best_tile: u32, help: Help) -> Summary {
    Summary {
        id,
        started: id,
        ended: id + 10,
        score,
        best_tile,
        moves: 100,
        played_ms: 1000,
        help,
        ending: Ending::Over,
        bytes: 100,
    }
}

const ALONE: Help = Help { hint: false, autoplay: false, coach: false, undo: false, entered: false };
const HINTED: Help = Help { hint: true, ..ALONE };
const AUTOPLAYED: Help = Help { autoplay: true, ..ALONE };
const ENTERED: Help = Help { entered: true, ..ALONE };

#[test]
fn no_games_no_numbers() {
    let s = stats(&[]);
    assert_eq!((s.all.played, s.all.best_score, s.all.best_tile), (0, 0, 0));
    let tiles: Vec<u32> = s.all.reached.iter().map(|r| r.tile).collect();
    assert_eq!(tiles, [2048, 4096, 8192], "the first goals are always listed");
    assert_eq!(s.all.reached[0].percent(0), 0);
}

#[test]
fn counts_bests_and_shares_all_alone_and_with_help() {
    let games = [
        game(1, 20_000, 2048, ALONE),
        game(2, 3_000, 256, ALONE),
        game(3, 60_000, 4096, ALONE),
        game(4, 1_000, 128, ALONE),
        game(5, 300_000, 16384, AUTOPLAYED),
        game(6, 25_000, 2048, HINTED),
        game(7, 500, 64, ENTERED),
    ];
    let s = stats(&games);
    assert_eq!((s.all.played, s.all.best_score, s.all.best_tile), (7, 300_000, 16384));
    assert_eq!((s.alone.played, s.alone.best_score, s.alone.best_tile), (4, 60_000, 4096));
    assert_eq!((s.helped.played, s.helped.best_score, s.helped.best_tile), (3, 300_000, 16384));
    let all: Vec<(u32, usize)> = s.all.reached.iter().map(|r| (r.tile, r.games)).collect();
    assert_eq!(all, [(2048, 4), (4096, 2), (8192, 1), (16384, 1)], "up to the highest tile reached");
    let alone: Vec<(u32, usize)> = s.alone.reached.iter().map(|r| (r.tile, r.games)).collect();
    assert_eq!(alone, [(2048, 2), (4096, 1), (8192, 0), (16384, 0)]);
    // 2 of 4 alone reached 2048: 50 %; 4 of 7 in all: 57 %; 1 of 3 with help 4096: 33 %.
    assert_eq!(s.alone.reached[0].percent(s.alone.played), 50);
    assert_eq!(s.all.reached[0].percent(s.all.played), 57);
    assert_eq!(s.helped.reached[1].percent(s.helped.played), 33);
    assert_eq!(Reached { tile: 2048, games: 2 }.percent(3), 67, "rounded half up");
    assert_eq!(Reached { tile: 2048, games: 1 }.percent(8), 13, "12.5 % rounds up");
}

#[test]
fn the_chart_puts_each_game_in_order_and_its_score_against_round_ticks() {
    let games = [game(1, 1_000, 128, ALONE), game(2, 7_300, 512, HINTED), game(3, 0, 4, ALONE)];
    let c = chart(&games, 300.0, 100.0);
    let ticks: Vec<u64> = c.ticks.iter().map(|t| t.0).collect();
    assert_eq!(ticks, [0, 2000, 4000, 6000, 8000], "round steps, the top above the best score");
    assert_eq!(c.ticks[0].1, 100.0, "0 at the bottom");
    assert_eq!(c.ticks[4].1, 0.0, "the top tick at the top");
    let xs: Vec<f64> = c.points.iter().map(|p| p.x).collect();
    assert_eq!(xs, [0.0, 150.0, 300.0]);
    assert_eq!(c.points[0].y, 100.0 - 100.0 * 1000.0 / 8000.0);
    assert_eq!(c.points[2].y, 100.0);
    assert_eq!(c.points.iter().map(|p| p.helped).collect::<Vec<_>>(), [false, true, false]);
    let one = chart(&games[..1], 300.0, 100.0);
    assert_eq!(one.points[0].x, 150.0, "a lone game in the middle");
    let none = chart(&[], 300.0, 100.0);
    assert!(none.points.is_empty() && none.ticks.len() == 2);
    let huge = chart(&[game(1, u32::MAX, 131072, ALONE)], 300.0, 100.0);
    assert!(huge.points[0].y >= 0.0 && huge.points[0].y <= 100.0);
}

#[test]
fn the_statistics_open_over_the_game_which_takes_no_move_until_they_close() {
    use game_core::Direction;
    use page_core::{Control, Effect, Event, Panel};
    let mut page = crate::harness::Page::ready_on(crate::harness::MID, 4);
    page.click(Control::Autoplay);
    page.click(Control::Statistics);
    assert!(page.has(|e| *e == Effect::OpenPanel(Panel::Stats)));
    assert!(!page.model.autoplay_on(), "Autoplay stops under the statistics");
    let board = page.board();
    page.press(Direction::Left);
    page.send(Event::Undo);
    assert_eq!(page.board(), board, "no move under the statistics");
    page.send(Event::PanelClosed(Panel::Replay));
    assert_eq!(page.model.panel(), Panel::Stats, "another view's dialog closing changes nothing");
    page.send(Event::PanelClosed(Panel::Stats));
    assert_eq!(page.model.panel(), Panel::None);
    assert!(!page.has(|e| *e == Effect::ClosePanel), "Escape closed it already");
    page.press(Direction::Left);
    assert_ne!(page.board(), board);
    page.click(Control::Statistics);
    page.click(Control::ClosePanel);
    assert!(page.has(|e| *e == Effect::ClosePanel));
}

#[test]
fn the_chart_of_accuracy_shows_the_games_reviewed_whole_in_order_and_leaves_the_others_out() {
    let games: Vec<Summary> = (1..=4).map(|id| game(id, 100, 8, ALONE)).collect();
    assert!(accuracy_chart(&games, &BTreeMap::new(), 300.0, 100.0).is_empty());
    let accuracies = BTreeMap::from([(4, 90), (1, 50), (99, 10)]);
    let points = accuracy_chart(&games, &accuracies, 300.0, 100.0);
    let seen: Vec<(u64, u8, f64, f64)> = points.iter().map(|p| (p.game, p.accuracy, p.x, p.y)).collect();
    // Games 2 and 3 were never reviewed whole; 99 is not a kept game.
    assert_eq!(seen, [(1, 50, 0.0, 50.0), (4, 90, 300.0, 10.0)]);
    let one = accuracy_chart(&games[..1], &accuracies, 300.0, 100.0);
    assert_eq!((one[0].x, one[0].y), (150.0, 50.0), "a lone game in the middle");
}
