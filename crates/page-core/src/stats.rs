//! The statistics of the kept games: games played, best score, best tile, the share of games
//! that reached 2048, 4096, 8192 …, for all games and split into games played alone and with
//! help; and the scores over time as a chart's points, scaled to its area. Pure, so that every
//! number shown is tested natively.

use super::history::Summary;

/// The first tile the shares count: the win.
pub const FIRST_GOAL: u32 = 2048;
/// Goals always listed (higher ones too once a game reaches them).
pub const GOALS_SHOWN: usize = 3;

/// How many games of a part reached a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reached {
    pub tile: u32,
    pub games: usize,
}

/// The numbers of one set of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Part {
    pub played: usize,
    pub best_score: u32,
    pub best_tile: u32,
    /// From 2048 up, every goal listed (see [`GOALS_SHOWN`]).
    pub reached: Vec<Reached>,
}

impl Part {
    fn of<'a>(games: impl Iterator<Item = &'a Summary> + Clone, goals: &[u32]) -> Part {
        Part {
            played: games.clone().count(),
            best_score: games.clone().map(|g| g.score).max().unwrap_or(0),
            best_tile: games.clone().map(|g| g.best_tile).max().unwrap_or(0),
            reached: goals
                .iter()
                .map(|&tile| Reached { tile, games: games.clone().filter(|g| g.best_tile >= tile).count() })
                .collect(),
        }
    }
}

impl Reached {
    /// The share of `played` games, in whole percent (rounded half up); 0 of no games.
    pub fn percent(self, played: usize) -> u32 {
        if played == 0 { 0 } else { ((self.games * 200 + played) / (2 * played)) as u32 }
    }
}

/// The statistics of all kept games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub all: Part,
    pub alone: Part,
    pub helped: Part,
}

/// The statistics of `games`.
pub fn stats(games: &[Summary]) -> Stats {
    let highest = games.iter().map(|g| g.best_tile).max().unwrap_or(0);
    let mut goals = Vec::new();
    let mut tile = FIRST_GOAL;
    while goals.len() < GOALS_SHOWN || tile <= highest {
        goals.push(tile);
        match tile.checked_mul(2) {
            Some(next) => tile = next,
            None => break,
        }
    }
    Stats {
        all: Part::of(games.iter(), &goals),
        alone: Part::of(games.iter().filter(|g| !g.help.any()), &goals),
        helped: Part::of(games.iter().filter(|g| g.help.any()), &goals),
    }
}

/// One game in the chart of scores: where its mark goes, in the chart's units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub score: u32,
    pub helped: bool,
}

/// The chart of scores over time: one point per game in the order played, across
/// `width`, and up `height` to the highest tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub points: Vec<Point>,
    /// The scores marked on the vertical axis, from 0, and their heights.
    pub ticks: Vec<(u64, f64)>,
}

/// The chart of `games` (oldest first) in a `width` by `height` area, y growing downwards as
/// in SVG: a score of 0 at `height`, the top tick at 0.
pub fn chart(games: &[Summary], width: f64, height: f64) -> Chart {
    let top = u64::from(games.iter().map(|g| g.score).max().unwrap_or(0));
    let step = tick_step(top);
    let ticks_count = top.div_ceil(step).max(1);
    let scale_top = (step * ticks_count) as f64;
    let y = |score: u64| height - height * score as f64 / scale_top;
    let n = games.len();
    let points = games
        .iter()
        .enumerate()
        .map(|(i, g)| Point {
            x: if n <= 1 { width / 2.0 } else { width * i as f64 / (n - 1) as f64 },
            y: y(u64::from(g.score)),
            score: g.score,
            helped: g.help.any(),
        })
        .collect();
    let ticks = (0..=ticks_count).map(|k| (k * step, y(k * step))).collect();
    Chart { points, ticks }
}

/// One reviewed game in the chart of accuracy: where its mark goes, in the chart's units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AccuracyPoint {
    pub x: f64,
    pub y: f64,
    pub game: u64,
    pub accuracy: u8,
}

/// The accuracy of each reviewed game among `games` (oldest first) in a `width` by `height`
/// area, in the order played: 100 % at the top (y 0), 0 % at `height`; the games never reviewed
/// whole are left out (they have no accuracy).
pub fn accuracy_chart(
    games: &[Summary],
    accuracies: &std::collections::BTreeMap<u64, u8>,
    width: f64,
    height: f64,
) -> Vec<AccuracyPoint> {
    let reviewed: Vec<(u64, u8)> =
        games.iter().filter_map(|g| accuracies.get(&g.id).map(|&a| (g.id, a))).collect();
    let n = reviewed.len();
    reviewed
        .into_iter()
        .enumerate()
        .map(|(i, (game, accuracy))| AccuracyPoint {
            x: if n <= 1 { width / 2.0 } else { width * i as f64 / (n - 1) as f64 },
            y: height - height * f64::from(accuracy) / 100.0,
            game,
            accuracy,
        })
        .collect()
}

/// A round step (1, 2 or 5 times a power of ten) that marks `top` (a score, below 2^32) in at
/// most 5 steps.
fn tick_step(top: u64) -> u64 {
    let mut magnitude: u64 = 1;
    loop {
        for factor in [1, 2, 5] {
            let step = magnitude * factor;
            if top.div_ceil(step) <= 5 {
                return step;
            }
        }
        magnitude *= 10;
    }
}
