//! Whether a board can arise in a real game, so that no diagram shows a position the game
//! could never produce.
//!
//! A board the player is asked to move on is either a start (two new tiles on an empty board)
//! or the result of a move: a slide that changed the board, then one new 2 or 4 on an empty
//! cell. [`origin`] looks one move back for such a history, using `game-core`'s own line rule
//! ([`slide_line`]) and line order ([`lines`]), so it cannot disagree with the game. It checks
//! that last step only; the board before it is not checked in turn, which would mean a search
//! through whole games. One step back is what catches the mistakes a diagram can make: a new
//! tile that cannot be one, tiles left floating in the middle of a line, a merge that did not
//! happen.

use game_core::line::slide_line;
use game_core::motion::lines;
use game_core::{Board, Direction};

/// How a board could have come about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The start of a game: exactly two tiles, each a 2 or a 4.
    Start,
    /// A slide toward `direction` that counted, then a new tile in `cell` (`4 * row + col`).
    Move { direction: Direction, cell: usize },
}

/// A way `board` could arise in a game, or `None` if there is none.
pub fn origin(board: Board) -> Option<Origin> {
    let new_tile = |cell: usize| matches!(board.exponent(cell), 1 | 2);
    if board.tile_count() == 2 && (0..16).filter(|&c| board.exponent(c) != 0).all(new_tile) {
        return Some(Origin::Start);
    }
    for cell in (0..16).filter(|&c| new_tile(c)) {
        let slid = board.with_exponent(cell, 0);
        for direction in Direction::ALL {
            if is_slide_that_counted(slid, direction) {
                return Some(Origin::Move { direction, cell });
            }
        }
    }
    None
}

/// Whether `board` is what some other board becomes when slid toward `direction`.
///
/// The lines of a slide are independent, so this holds when every line of `board` is the
/// slide of some line, and at least one of them is the slide of a line other than itself.
fn is_slide_that_counted(board: Board, direction: Direction) -> bool {
    let mut moved = false;
    for cells in lines(direction) {
        let line = cells.map(|cell| board.exponent(cell));
        match preimages(line) {
            Preimages::None => return false,
            Preimages::OnlyItself => {}
            Preimages::Other => moved = true,
        }
    }
    moved
}

enum Preimages {
    None,
    OnlyItself,
    Other,
}

/// Which lines slide (toward index 0) into `line`. A line before a slide holds only tiles of
/// `line` and halves of them, so those, and empty cells, are the only values worth trying:
/// at most 9^4 lines, each slid by `game-core`'s rule.
fn preimages(line: [u8; 4]) -> Preimages {
    let mut values = vec![0u8];
    for &e in line.iter().filter(|&&e| e != 0) {
        values.push(e);
        if e >= 2 {
            values.push(e - 1);
        }
    }
    values.sort_unstable();
    values.dedup();
    let mut found = Preimages::None;
    let n = values.len();
    for code in 0..n.pow(4) {
        let candidate: [u8; 4] = std::array::from_fn(|i| values[code / n.pow(i as u32) % n]);
        if slide_line(candidate).line == line {
            if candidate != line {
                return Preimages::Other;
            }
            found = Preimages::OnlyItself;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::random_spawn;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn board(rows: [[u32; 4]; 4]) -> Board {
        Board::from_rows(rows).unwrap()
    }

    #[test]
    fn a_start_can_arise() {
        assert_eq!(origin(board([[0; 4], [0, 2, 0, 0], [0; 4], [0, 0, 4, 0]])), Some(Origin::Start));
    }

    #[test]
    fn a_board_without_a_2_or_4_cannot_arise() {
        assert_eq!(origin(board([[8, 0, 0, 0], [0; 4], [0; 4], [0, 0, 0, 16]])), None);
    }

    #[test]
    fn floating_tiles_cannot_arise() {
        // Every line has a gap before a tile in every direction, whichever 2 was new.
        assert_eq!(origin(board([[0, 8, 0, 2], [0; 4], [16, 0, 2, 0], [0; 4]])), None);
    }

    #[test]
    fn three_tiles_cannot_be_a_start() {
        // Three 2s along the top edge: not a start, but a slide up then a new 2 gives it.
        let b = board([[2, 2, 2, 0], [0; 4], [0; 4], [0; 4]]);
        assert!(matches!(origin(b), Some(Origin::Move { .. })));
        // The same three tiles spread over the middle of the board have no history.
        assert_eq!(origin(board([[0; 4], [0, 2, 0, 0], [0, 0, 2, 0], [0, 2, 0, 0]])), None);
    }

    #[test]
    fn a_line_that_merged_has_a_history() {
        // . . . 4 / ... / 2 . . 8 after a slide right: the 8 could be two 4s merging.
        let b = board([[0, 0, 0, 4], [0; 4], [0; 4], [2, 0, 0, 8]]);
        assert!(origin(b).is_some());
    }

    #[test]
    fn every_position_of_random_games_can_arise() {
        // No false alarms: every board a real game shows the player passes the check.
        let mut rng = StdRng::seed_from_u64(2048);
        for _ in 0..20 {
            let mut b = Board::EMPTY;
            for _ in 0..2 {
                let s = random_spawn(b, &mut rng).unwrap();
                b = b.with_exponent(s.cell, s.exponent);
            }
            let mut turn = 0usize;
            loop {
                assert!(origin(b).is_some(), "a real position was rejected:\n{b}");
                let moves: Vec<Direction> =
                    Direction::ALL.into_iter().filter(|&d| b.slide(d).moved).collect();
                if moves.is_empty() {
                    break;
                }
                turn += 1;
                let slid = b.slide(moves[(turn * 7 + b.tile_count() as usize) % moves.len()]).board;
                let s = random_spawn(slid, &mut rng).unwrap();
                b = slid.with_exponent(s.cell, s.exponent);
            }
        }
    }
}
