//! The Results page's charts, drawn as inline SVG: no script, no image file, styled by
//! `site.css` (so they follow the light and dark themes), each with a text alternative (a title
//! and description for screen readers, and the same numbers as a table under the chart), in the
//! page's language: the largest tiles (`tiles`) and the scores (`scores`).

mod scores;
mod tiles;

use std::collections::BTreeMap;

use crate::html::escape;
use crate::language::Language;
use crate::results::Run;
use crate::words::CHART_AS_TABLE;

pub use scores::score_chart;
pub use tiles::tile_chart;

/// The width of every chart, in SVG units. Narrow enough that the text stays legible when a
/// phone scales the chart down to its screen (the stylesheet caps the desktop width).
const WIDTH: f64 = 440.0;

/// How many games of `run` ended with each largest tile.
pub fn final_tiles(run: &Run) -> BTreeMap<u32, usize> {
    let mut counts = BTreeMap::new();
    for game in &run.games {
        *counts.entry(game.max_tile).or_insert(0) += 1;
    }
    counts
}

/// The five numbers of a box plot: lowest, quartiles, median and highest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FiveNumbers {
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
}

/// The score's five numbers over the games of `run`. Quantiles interpolate between the two
/// nearest games, so the median is the arena's median (the mean of the middle two for an
/// even count).
pub fn score_spread(run: &Run) -> FiveNumbers {
    let mut scores: Vec<f64> = run.games.iter().map(|g| f64::from(g.score)).collect();
    scores.sort_by(f64::total_cmp);
    let quantile = |p: f64| {
        let h = (scores.len() - 1) as f64 * p;
        let lo = h.floor() as usize;
        let hi = (lo + 1).min(scores.len() - 1);
        scores[lo] + (h - lo as f64) * (scores[hi] - scores[lo])
    };
    FiveNumbers {
        min: quantile(0.0),
        q1: quantile(0.25),
        median: quantile(0.5),
        q3: quantile(0.75),
        max: quantile(1.0),
    }
}

/// The opening of a chart's figure: the SVG's accessible name and description.
fn svg_open(id: &str, height: f64, title: &str, desc: &str) -> String {
    format!(
        "<svg class=\"chart-svg\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" \
         aria-labelledby=\"{id}-title {id}-desc\" font-size=\"14\">\n<title id=\"{id}-title\">{}</title>\n\
         <desc id=\"{id}-desc\">{}</desc>\n",
        escape(title),
        escape(desc)
    )
}

/// The end of a chart's figure: its caption, and its numbers as a table to open.
fn figure_end(caption: &str, table: &str, language: Language) -> String {
    format!(
        "<figcaption>{caption}</figcaption>\n<details class=\"chart-table\">\n<summary>{}</summary>\n{table}\n\
         </details>\n</figure>",
        language.pick(CHART_AS_TABLE)
    )
}
