//! The mini boards and lines of the diagrams: parsing a template's `ROWS`, drawing the cells as
//! HTML, and the slides between them, computed by `game-core`.
//!
//! `ROWS` reads like the board: `'. . . 2 / . 2 4 . / …'`, row 0 first, `.` for an empty cell,
//! `/` between rows (optional), and a trailing `*` on a cell the text points at.

use game_core::{Board, Direction};

use crate::html::escape;

/// One drawn cell: its tile value (0 when empty) and whether it is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub value: u32,
    pub mark: bool,
}

/// Parses the cells of a `ROWS` (or a line) argument, in reading order.
pub fn parse_cells(text: &str) -> Result<Vec<Cell>, String> {
    let mut cells = Vec::new();
    for token in text.split_whitespace().filter(|&t| t != "/") {
        let mark = token.ends_with('*');
        let bare = token.trim_end_matches('*');
        let value = if bare == "." {
            0
        } else {
            bare.parse::<u32>().map_err(|_| format!("`{token}` is neither a tile nor `.`"))?
        };
        cells.push(Cell { value, mark });
    }
    Ok(cells)
}

/// The 16 cells of `rows` as a board, checked to be tiles.
pub fn board_of(cells: &[Cell]) -> Result<Board, String> {
    if cells.len() != 16 {
        return Err(format!("a board has 16 cells, this one {}", cells.len()));
    }
    let rows: [[u32; 4]; 4] = std::array::from_fn(|r| std::array::from_fn(|c| cells[4 * r + c].value));
    Board::from_rows(rows).map_err(|e| e.to_string())
}

/// The unmarked cells of a board, for the board after a slide.
pub fn cells_of(board: Board) -> Vec<Cell> {
    board.rows().iter().flatten().map(|&value| Cell { value, mark: false }).collect()
}

/// A direction by its name in the templates (`left`, `right`, `up`, `down`).
pub fn direction(name: &str) -> Result<Direction, String> {
    Direction::from_name(name).ok_or_else(|| format!("`{name}` is not a direction (left, right, up or down)"))
}

/// The arrow drawn beside a move.
pub fn arrow(direction: Direction) -> &'static str {
    match direction {
        Direction::Left => "←",
        Direction::Right => "→",
        Direction::Up => "↑",
        Direction::Down => "↓",
    }
}

/// Slides one line of four cells left or right with `game-core`: the line is the top row of
/// an otherwise empty board, so the board's own slide is the only rule used.
pub fn slide_line(cells: &[Cell], direction: Direction) -> Result<Vec<Cell>, String> {
    if cells.len() != 4 {
        return Err(format!("a line has 4 cells, this one {}", cells.len()));
    }
    if matches!(direction, Direction::Up | Direction::Down) {
        return Err("a line is drawn across, so it slides left or right".to_string());
    }
    let mut all = cells.to_vec();
    all.resize(16, Cell { value: 0, mark: false });
    let after = board_of(&all)?.slide(direction).board;
    Ok(cells_of(after)[..4].to_vec())
}

/// The cells written out for a screen reader: `2 empty 4 8 / …`, one group of four per row.
pub fn describe(cells: &[Cell], empty: &str) -> String {
    cells
        .chunks(4)
        .map(|row| {
            row.iter()
                .map(|c| if c.value == 0 { empty.to_string() } else { c.value.to_string() })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The cells as spans, four to a line. A tile's `data-v` picks its colour, `data-d` (its number
/// of digits) its font size, so the stylesheet needs no per-board rules.
fn spans(cells: &[Cell]) -> String {
    cells
        .chunks(4)
        .map(|row| {
            let mut line = String::from("  ");
            for cell in row {
                let class = if cell.mark { r#" class="mark""# } else { "" };
                if cell.value == 0 {
                    line.push_str(&format!("<span{class}></span>"));
                } else {
                    let v = cell.value;
                    let digits = v.to_string().len();
                    line.push_str(&format!(r#"<span data-v="{v}" data-d="{digits}"{class}>{v}</span>"#));
                }
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A 4x4 mini board: an image to assistive technology, read out by `label`.
pub fn board_html(cells: &[Cell], label: &str) -> String {
    format!(
        "<div class=\"mini-board\" role=\"img\" aria-label=\"{}\">\n{}\n</div>",
        escape(label),
        spans(cells)
    )
}

/// One line of four cells, drawn like a row of the board.
pub fn line_html(cells: &[Cell], label: &str) -> String {
    format!(
        "<div class=\"mini-line\" role=\"img\" aria-label=\"{}\">\n{}\n</div>",
        escape(label),
        spans(cells)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(cells: &[Cell]) -> Vec<u32> {
        cells.iter().map(|c| c.value).collect()
    }

    #[test]
    fn parses_rows_marks_and_empties() {
        let cells = parse_cells("2 . 8* / 4").unwrap();
        assert_eq!(values(&cells), [2, 0, 8, 4]);
        assert_eq!(cells.iter().map(|c| c.mark).collect::<Vec<_>>(), [false, false, true, false]);
        assert!(parse_cells("2 x").is_err());
    }

    #[test]
    fn a_board_needs_sixteen_tiles() {
        assert!(board_of(&parse_cells("2 2 2").unwrap()).is_err());
        let err = board_of(&parse_cells("3 . . . / . . . . / . . . . / . . . .").unwrap()).unwrap_err();
        assert!(err.contains("not a tile"), "{err}");
    }

    #[test]
    fn lines_slide_by_the_game_rules() {
        let line = |s| parse_cells(s).unwrap();
        assert_eq!(values(&slide_line(&line("4 4 4 4"), Direction::Left).unwrap()), [8, 8, 0, 0]);
        assert_eq!(values(&slide_line(&line("4 4 4 ."), Direction::Left).unwrap()), [8, 4, 0, 0]);
        assert_eq!(values(&slide_line(&line("2 2 2 ."), Direction::Right).unwrap()), [0, 0, 2, 4]);
        assert!(slide_line(&line("2 2 . ."), Direction::Up).is_err());
    }

    #[test]
    fn describes_rows_for_screen_readers() {
        let cells = parse_cells(". 2 . . / 4 . . .").unwrap();
        assert_eq!(describe(&cells, "empty"), "empty 2 empty empty / 4 empty empty empty");
    }
}
