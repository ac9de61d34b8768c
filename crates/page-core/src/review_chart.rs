//! The chart of a review: the chance of the next goal tile on the board before each judged
//! move, across the whole game, as points in a drawing area: x by the move's place in the game
//! (the first move at the left edge, the last at the right, so the chart fills in from the
//! left as the review goes), y by the chance in whole percent as the review says it (100 % at
//! the top). Each goal's stretch is a line of its own, labelled with its tile: once a goal is
//! made the next goal's chance is another measure, and joining the two would draw a fall or a
//! rise that never happened. A move whose chance is unknown breaks its line too.
//!
//! Pure, so that the view only draws what this module places, and a pointer on the chart
//! finds its move here ([`Area::nearest`]).

use crate::game_review::{Chance, Verdict};

/// The drawing area, in the chart's own units; y grows downwards, as in SVG.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub width: f64,
    pub height: f64,
}

/// A judged move's chance on the chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The move's index in the game, from 0.
    pub index: usize,
    pub x: f64,
    pub y: f64,
    pub chance: Chance,
}

/// One goal's stretch: consecutive judged moves whose chances are of the same tile.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub tile: u32,
    pub points: Vec<Point>,
    /// Whether the line carries its tile's name: the first line of each goal (a line broken by
    /// an unknown chance goes on with the same goal, already named).
    pub labelled: bool,
}

/// Which end of a label sits at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    End,
}

/// Where a line's tile is written: by its first point, above it where there is room (else
/// under it), ending there when the line starts too far right for the label to fit after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineLabel {
    pub x: f64,
    /// The label's baseline.
    pub y: f64,
    pub anchor: Anchor,
}

/// A goal over the game: its tile, and its chance in percent at its first and last judged moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    pub tile: u32,
    pub first: u8,
    pub last: u8,
}

/// A label's height in the chart's units (its font's size): the room it needs above a point.
pub const LABEL_HEIGHT: f64 = 11.0;
/// The gap between a point and its label.
const LABEL_GAP: f64 = 5.0;
/// The share of the width from which a label ends at its point rather than starts there.
const LABEL_FLIP: f64 = 0.75;

impl Area {
    /// Where move `index` of a game of `moves` moves goes across: a game of one move in the
    /// middle.
    pub fn x(self, moves: usize, index: usize) -> f64 {
        if moves <= 1 { self.width / 2.0 } else { self.width * index as f64 / (moves - 1) as f64 }
    }

    /// Where a chance of `percent` goes up the chart.
    pub fn y(self, percent: u8) -> f64 {
        self.height - self.height * f64::from(percent.min(100)) / 100.0
    }

    /// The judged moves of `verdicts` (the first moves of a game of `moves` moves) with a known
    /// chance, as lines: a new line wherever the goal changes or a chance is unknown.
    pub fn lines(self, moves: usize, verdicts: &[Verdict]) -> Vec<Line> {
        let mut lines: Vec<Line> = Vec::new();
        let mut last_tile = None;
        let mut broken = true;
        for (index, verdict) in verdicts.iter().enumerate() {
            let Some(chance) = verdict.chance else {
                broken = true;
                continue;
            };
            let point = Point { index, x: self.x(moves, index), y: self.y(chance.percent()), chance };
            match lines.last_mut() {
                Some(line) if !broken && line.tile == chance.tile => line.points.push(point),
                _ => {
                    let labelled = last_tile != Some(chance.tile);
                    lines.push(Line { tile: chance.tile, points: vec![point], labelled });
                }
            }
            last_tile = Some(chance.tile);
            broken = false;
        }
        lines
    }

    /// Where `line`'s tile is written (see [`LineLabel`]).
    pub fn label(self, line: &Line) -> Option<LineLabel> {
        let first = line.points.first()?;
        let anchor = if first.x > self.width * LABEL_FLIP { Anchor::End } else { Anchor::Start };
        let above = first.y - LABEL_GAP;
        let y = if above >= LABEL_HEIGHT { above } else { first.y + LABEL_GAP + LABEL_HEIGHT };
        Some(LineLabel { x: first.x, y, anchor })
    }

    /// The judged move nearest to `x` across the chart (clamped to the area), of a game of
    /// `moves` moves of which the first `judged` are judged: the move to open for a pointer
    /// there. None while no move is judged.
    pub fn nearest(self, moves: usize, judged: usize, x: f64) -> Option<usize> {
        let last = judged.min(moves).checked_sub(1)?;
        if moves <= 1 || self.width <= 0.0 {
            return Some(0);
        }
        let across = (x / self.width).clamp(0.0, 1.0);
        Some(((across * (moves - 1) as f64).round() as usize).min(last))
    }
}

/// The goals the judged moves' chances were of, in the order played, each with its first and
/// last chance: what the chart shows, said in words.
pub fn goals(verdicts: &[Verdict]) -> Vec<Goal> {
    let mut goals: Vec<Goal> = Vec::new();
    for chance in verdicts.iter().filter_map(|v| v.chance) {
        let percent = chance.percent();
        match goals.last_mut() {
            Some(goal) if goal.tile == chance.tile => goal.last = percent,
            _ => goals.push(Goal { tile: chance.tile, first: percent, last: percent }),
        }
    }
    goals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quality::Quality;
    use game_core::Direction;

    const AREA: Area = Area { width: 300.0, height: 100.0 };

    fn verdict(chance: Option<(u32, u16)>) -> Verdict {
        Verdict {
            quality: Quality::Best,
            best: Direction::Left,
            chance: chance.map(|(tile, permille)| Chance { tile, permille }),
        }
    }

    fn verdicts(chances: &[Option<(u32, u16)>]) -> Vec<Verdict> {
        chances.iter().map(|&c| verdict(c)).collect()
    }

    /// Each line's tile and the moves it joins.
    fn shape(lines: &[Line]) -> Vec<(u32, Vec<usize>)> {
        lines.iter().map(|l| (l.tile, l.points.iter().map(|p| p.index).collect())).collect()
    }

    #[test]
    fn a_move_goes_across_by_its_place_in_the_game_and_up_by_its_chance() {
        // The first move at the left edge, the last at the right, whatever is judged so far.
        assert_eq!((AREA.x(11, 0), AREA.x(11, 5), AREA.x(11, 10)), (0.0, 150.0, 300.0));
        assert_eq!(AREA.x(1, 0), 150.0);
        assert_eq!((AREA.y(100), AREA.y(62), AREA.y(0)), (0.0, 38.0, 100.0));
        let lines = AREA.lines(11, &verdicts(&[Some((2048, 620)), Some((2048, 999))]));
        let points = &lines[0].points;
        assert_eq!((points[0].x, points[0].y), (0.0, 38.0));
        // Placed at the percent the review says (99, short of certain), not at the thousandths.
        assert_eq!((points[1].x, points[1].y), (30.0, 1.0));
    }

    #[test]
    fn each_goal_is_a_line_of_its_own_never_joined_to_the_next() {
        let chances =
            [Some((2048, 600)), Some((2048, 900)), Some((4096, 50)), Some((4096, 40)), Some((8192, 0))];
        let lines = AREA.lines(5, &verdicts(&chances));
        assert_eq!(shape(&lines), [(2048, vec![0, 1]), (4096, vec![2, 3]), (8192, vec![4])]);
        assert!(lines.iter().all(|l| l.labelled));
        // One point a judged move with a chance.
        assert_eq!(lines.iter().map(|l| l.points.len()).sum::<usize>(), chances.len());
    }

    #[test]
    fn an_unknown_chance_breaks_its_line_and_the_goal_is_named_once() {
        let chances = [Some((2048, 600)), None, Some((2048, 500)), Some((2048, 400)), None];
        let lines = AREA.lines(5, &verdicts(&chances));
        assert_eq!(shape(&lines), [(2048, vec![0]), (2048, vec![2, 3])]);
        assert_eq!(lines.iter().map(|l| l.labelled).collect::<Vec<_>>(), [true, false]);
        assert!(AREA.lines(5, &verdicts(&[None, None])).is_empty());
        assert!(AREA.lines(5, &[]).is_empty());
    }

    #[test]
    fn a_label_sits_above_its_lines_start_or_under_it_at_the_top_and_ends_there_at_the_right() {
        let line = |index, permille| {
            AREA.lines(11, &verdicts(&vec![Some((2048, permille)); index + 1]))[0].points[index..].to_vec()
        };
        let at = |points: Vec<Point>| AREA.label(&Line { tile: 2048, points, labelled: true }).unwrap();
        // 50 %: above the point (y 50), starting at it.
        assert_eq!(at(line(2, 500)), LineLabel { x: 60.0, y: 45.0, anchor: Anchor::Start });
        // 100 %: no room above the top, so under it.
        assert_eq!(at(line(0, 1000)).y, LABEL_GAP + LABEL_HEIGHT);
        // Near the right edge the label ends at its point, inside the chart.
        assert_eq!(at(line(10, 500)).anchor, Anchor::End);
        assert_eq!(AREA.label(&Line { tile: 2048, points: Vec::new(), labelled: true }), None);
    }

    #[test]
    fn a_pointer_opens_the_judged_move_nearest_to_it() {
        // 11 moves: one every 30 units.
        assert_eq!(AREA.nearest(11, 11, 0.0), Some(0));
        assert_eq!(AREA.nearest(11, 11, 44.0), Some(1));
        assert_eq!(AREA.nearest(11, 11, 46.0), Some(2));
        // Outside the area: the first or the last move.
        assert_eq!((AREA.nearest(11, 11, -20.0), AREA.nearest(11, 11, 400.0)), (Some(0), Some(10)));
        // Past the moves judged so far: the last one judged.
        assert_eq!(AREA.nearest(11, 4, 250.0), Some(3));
        assert_eq!(AREA.nearest(11, 0, 100.0), None);
        assert_eq!(AREA.nearest(1, 1, 280.0), Some(0));
    }

    #[test]
    fn the_goals_say_each_tiles_first_and_last_chance_in_order() {
        let chances = [Some((2048, 620)), None, Some((2048, 1000)), Some((4096, 60)), Some((4096, 0))];
        assert_eq!(
            goals(&verdicts(&chances)),
            [Goal { tile: 2048, first: 62, last: 100 }, Goal { tile: 4096, first: 6, last: 0 }]
        );
        assert!(goals(&verdicts(&[None])).is_empty());
    }
}
