//! The evaluation terms on boards computed by hand, and against a plain reading of the spec.

use game_core::{Board, Direction};
use rand::{RngExt, SeedableRng};
use solver::eval::{LineTerms, Terms, Weights, evaluate, line_terms, terms};
use solver::rng::GameRng;

fn ranks(rows: [[u8; 4]; 4]) -> Board {
    Board::from_exponents(rows).unwrap()
}

fn assert_close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-9, "{a} != {b}");
}

#[test]
fn terms_of_a_sorted_top_row() {
    // 2 4 8 16 / empty / empty / . . . 2
    let board = ranks([[1, 2, 3, 4], [0; 4], [0; 4], [0, 0, 0, 1]]);
    let t = terms(board);
    assert_eq!(t.empty, 11.0);
    // Rows rise only (0 decrease), columns fall only (column 3: 16 above 2): both monotone.
    assert_eq!(t.monotonicity, 0.0);
    assert_eq!(t.corner, 4.0); // the 16 is in the top-right corner
    // Row 0: 1 + 1 + 1; column 3: |4 - 1| = 3.
    assert_eq!(t.smoothness, -6.0);
    assert_close(evaluate(board), 2.7 * 11.0 + 4.0 - 0.6);
}

#[test]
fn monotonicity_compares_board_wide_sums() {
    // ranks: 1 3 2 . / . . . . / 4 . 1 . / . . . 5
    let board = ranks([[1, 3, 2, 0], [0; 4], [4, 0, 1, 0], [0, 0, 0, 5]]);
    let t = terms(board);
    // Rows, left to right: rises 2 (1->3); drops 1 (3->2) + 3 (4->1) = 4. max(-4, -2) = -2.
    // (Line by line it would be -1 + 0 = -1: the max is over the sums.)
    // Columns, top to bottom: rises 3 (1->4 in column 0); drops 1 (2->1 in column 2): -1.
    assert_eq!(t.monotonicity, -3.0);
    assert_eq!(t.empty, 10.0);
    assert_eq!(t.corner, 5.0);
    // Rows 2 + 1 + 3, columns 3 + 1.
    assert_eq!(t.smoothness, -10.0);
}

#[test]
fn empties_between_tiles_are_skipped() {
    // 2 . . 2 in one row: the two 2s are neighbours for smoothness and monotonicity.
    let board = ranks([[0; 4], [3, 0, 0, 3], [0; 4], [0; 4]]);
    let t = terms(board);
    assert_eq!(t.smoothness, 0.0);
    assert_eq!(t.monotonicity, 0.0);
    let board = ranks([[0; 4], [3, 0, 0, 5], [0; 4], [0; 4]]);
    assert_eq!(terms(board).smoothness, -2.0);
}

#[test]
fn corner_needs_a_largest_tile_in_a_corner() {
    let centre = ranks([[1, 0, 0, 0], [0, 6, 0, 0], [0; 4], [0, 0, 0, 2]]);
    assert_eq!(terms(centre).corner, 0.0);
    // Two largest tiles, one of them in a corner: the bonus is paid.
    let tied = ranks([[0, 0, 0, 0], [0, 6, 0, 0], [0; 4], [0, 0, 0, 6]]);
    assert_eq!(terms(tied).corner, 6.0);
    assert_eq!(terms(Board::EMPTY).corner, 0.0);
    assert_eq!(terms(Board::EMPTY).empty, 16.0);
}

#[test]
fn tiles_above_32768_are_evaluated_directly() {
    // 131072 65536 . . / ... / . . . 2
    let board = Board::from_rows([[131_072, 65_536, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]).unwrap();
    assert!(!board.fits_row_tables());
    let t = terms(board);
    assert_eq!(t.empty, 13.0);
    assert_eq!(t.monotonicity, 0.0);
    assert_eq!(t.corner, 17.0);
    assert_eq!(t.smoothness, -1.0);
}

#[test]
fn line_terms_split_drops_and_rises() {
    assert_eq!(
        line_terms([5, 1, 0, 3]),
        LineTerms { empty: 1, decrease: 4, increase: 2, roughness: 6, max: 5 }
    );
    assert_eq!(line_terms([0; 4]), LineTerms { empty: 4, ..LineTerms::default() });
}

#[test]
fn weights_multiply_each_term() {
    let t = Terms { empty: 1.0, monotonicity: -2.0, corner: 3.0, smoothness: -4.0 };
    assert_close(t.score(&Weights::SPEC), 2.7 - 2.0 + 3.0 - 0.4);
}

/// The spec's wording, cell by cell, with no tables: the oracle for random boards.
fn reference(board: Board) -> Terms {
    let g = board.exponents();
    let lines = |columns: bool| -> Vec<Vec<u8>> {
        (0..4)
            .map(|i| (0..4).map(|j| if columns { g[j][i] } else { g[i][j] }).filter(|&r| r != 0).collect())
            .collect()
    };
    let mut mono = 0.0;
    let mut smooth = 0.0;
    for columns in [true, false] {
        let (mut down, mut up) = (0.0, 0.0);
        for line in lines(columns) {
            for pair in line.windows(2) {
                let d = f64::from(pair[1]) - f64::from(pair[0]);
                if d < 0.0 {
                    down += d
                } else {
                    up -= d
                }
                smooth -= d.abs();
            }
        }
        mono += f64::max(down, up);
    }
    let max = board.max_exponent();
    let corner =
        if max > 0 && [g[0][0], g[0][3], g[3][0], g[3][3]].contains(&max) { f64::from(max) } else { 0.0 };
    Terms { empty: f64::from(board.empty_cells()), monotonicity: mono, corner, smoothness: smooth }
}

#[test]
fn table_evaluation_matches_the_reference_on_random_boards() {
    let mut rng = GameRng::seed_from_u64(7);
    for i in 0..20_000 {
        // Every fourth board may hold tiles of 65536 and 131072, which skip the table.
        let top = if i % 4 == 0 { 17 } else { 15 };
        let board = Board::from_exponents(std::array::from_fn(|_| {
            std::array::from_fn(|_| if rng.random_bool(0.3) { 0 } else { rng.random_range(1..=top) })
        }))
        .unwrap();
        assert_eq!(terms(board), reference(board), "{board:?}");
    }
}

#[test]
fn evaluation_is_symmetric() {
    // Reflections and the transpose keep every term: drops become rises, rows become columns.
    let mut rng = GameRng::seed_from_u64(11);
    for _ in 0..2_000 {
        let board = Board::from_exponents(std::array::from_fn(|_| {
            std::array::from_fn(|_| if rng.random_bool(0.4) { 0 } else { rng.random_range(1..=17) })
        }))
        .unwrap();
        let e = evaluate(board);
        assert_close(evaluate(board.transpose()), e);
        assert_close(evaluate(board.mirror()), e);
        assert_close(evaluate(board.transpose().mirror().transpose()), e);
    }
    // And a slide mirrored is the mirrored slide, so its evaluation is the same too.
    let b = ranks([[1, 1, 2, 0], [3, 0, 3, 1], [0, 2, 2, 2], [4, 0, 0, 1]]);
    assert_close(
        evaluate(b.slide(Direction::Left).board),
        evaluate(b.mirror().slide(Direction::Right).board),
    );
}
