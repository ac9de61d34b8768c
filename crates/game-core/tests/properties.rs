//! Property tests: invariants of a slide over many random boards.

mod common;

use common::{mirror, reference_slide, transpose};
use game_core::motion::trace;
use game_core::{Board, Direction};
use proptest::prelude::*;

/// Random boards: mostly small tiles (so merges are common), sometimes any tile up to 131072.
fn any_board() -> impl Strategy<Value = Board> {
    let cell = prop_oneof![4 => 0u8..=4, 1 => 0u8..=17];
    proptest::array::uniform16(cell).prop_map(|cells| {
        let exps: [[u8; 4]; 4] = std::array::from_fn(|r| std::array::from_fn(|c| cells[4 * r + c]));
        Board::from_exponents(exps).expect("exponents up to 17 are tiles")
    })
}

fn any_direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(Direction::ALL.to_vec())
}

fn flip(direction: Direction) -> Direction {
    match direction {
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
        other => other,
    }
}

fn turn(direction: Direction) -> Direction {
    match direction {
        Direction::Left => Direction::Up,
        Direction::Up => Direction::Left,
        Direction::Right => Direction::Down,
        Direction::Down => Direction::Right,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn slide_matches_the_rule_book_oracle(board in any_board(), direction in any_direction()) {
        let slide = board.slide(direction);
        let (rows, score) = reference_slide(board.rows(), direction);
        prop_assert_eq!(slide.board.rows(), rows);
        prop_assert_eq!(slide.score, score);
    }

    #[test]
    fn a_slide_conserves_the_sum_of_tiles(board in any_board(), direction in any_direction()) {
        prop_assert_eq!(board.slide(direction).board.tile_sum(), board.tile_sum());
    }

    #[test]
    fn score_gained_is_the_sum_of_the_tiles_created(board in any_board(), direction in any_direction()) {
        let slide = board.slide(direction);
        let (tiles, merges) = trace(board, direction);
        let created: u32 = merges.iter().map(|m| m.value).sum();
        prop_assert_eq!(slide.score, created);
        // Each created tile is made of exactly two equal tiles of half its value.
        for merge in &merges {
            let parts: Vec<u32> = tiles.iter().filter(|t| t.merged && t.to == merge.at).map(|t| t.value).collect();
            prop_assert_eq!(parts, vec![merge.value / 2, merge.value / 2]);
            prop_assert_eq!(slide.board.tile(merge.at.row as usize, merge.at.col as usize), merge.value);
        }
    }

    #[test]
    fn moved_exactly_when_a_tile_slid_or_merged(board in any_board(), direction in any_direction()) {
        let slide = board.slide(direction);
        let (tiles, merges) = trace(board, direction);
        let something_happened = !merges.is_empty() || tiles.iter().any(|t| t.from != t.to);
        prop_assert_eq!(slide.moved, something_happened);
        prop_assert_eq!(slide.moved, slide.board != board);
    }

    #[test]
    fn mirrored_boards_slide_mirrored(board in any_board(), direction in any_direction()) {
        let mirrored = Board::from_rows(mirror(board.rows())).unwrap();
        prop_assert_eq!(mirrored, board.mirror());
        let a = mirrored.slide(flip(direction));
        let b = board.slide(direction);
        prop_assert_eq!(a.board.rows(), mirror(b.board.rows()));
        prop_assert_eq!(a.score, b.score);
    }

    #[test]
    fn transposed_boards_slide_transposed(board in any_board(), direction in any_direction()) {
        let transposed = Board::from_rows(transpose(board.rows())).unwrap();
        prop_assert_eq!(transposed, board.transpose());
        let a = transposed.slide(turn(direction));
        let b = board.slide(direction);
        prop_assert_eq!(a.board.rows(), transpose(b.board.rows()));
        prop_assert_eq!(a.score, b.score);
    }

    #[test]
    fn no_moves_exactly_when_full_without_equal_neighbours(board in any_board()) {
        let rows = board.rows();
        let full = rows.iter().flatten().all(|&v| v != 0);
        let pair = (0..4).any(|r| (0..4).any(|c| {
            (c < 3 && rows[r][c] == rows[r][c + 1] && rows[r][c] < 131_072)
                || (r < 3 && rows[r][c] == rows[r + 1][c] && rows[r][c] < 131_072)
        }));
        prop_assert_eq!(board.has_moves(), !full || pair);
        prop_assert_eq!(board.has_moves(), Direction::ALL.iter().any(|&d| board.slide(d).moved));
    }

    #[test]
    fn counts_agree_with_the_cells(board in any_board()) {
        let rows = board.rows();
        let empty = rows.iter().flatten().filter(|&&v| v == 0).count() as u32;
        prop_assert_eq!(board.empty_cells(), empty);
        prop_assert_eq!(board.empty_cell_indices().count() as u32, empty);
        prop_assert_eq!(board.max_tile(), rows.iter().flatten().copied().max().unwrap());
        prop_assert_eq!(Board::from_rows(rows).unwrap(), board);
    }
}

/// Full boards that are stuck must be common enough in the generator to make the test meaningful.
#[test]
fn the_board_generator_reaches_stuck_and_full_boards() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let boards: Vec<Board> =
        (0..20_000).map(|_| any_board().new_tree(&mut runner).unwrap().current()).collect();
    assert!(boards.iter().any(|b| b.empty_cells() == 0 && b.has_moves()));
    assert!(boards.iter().any(|b| !b.has_moves()));
}
