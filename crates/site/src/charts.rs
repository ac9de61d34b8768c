//! The Results page's charts, drawn as inline SVG: no script, no image file, styled by
//! `site.css` (so they follow the light and dark themes), each with a text alternative (a title
//! and description for screen readers, and the same numbers as a table under the chart).

use std::collections::{BTreeMap, BTreeSet};

use crate::format::{number, percent, thousands};
use crate::html::escape;
use crate::names::label;
use crate::results::{Results, Run};

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

/// How often each strategy ends with each largest tile: one bar per strategy, split by tile.
pub fn tile_chart(results: &Results) -> String {
    const ROW: f64 = 62.0;
    let tiles: BTreeSet<u32> = results.runs.iter().flat_map(|r| final_tiles(r).into_keys()).collect();
    let height = 4.0 + ROW * results.runs.len() as f64;
    let desc: Vec<String> = results
        .runs
        .iter()
        .map(|run| {
            let (tile, n) = final_tiles(run).into_iter().max_by_key(|&(t, n)| (n, t)).unwrap_or((0, 0));
            format!("{}: most often {tile} ({})", label(run.name()), percent(n, run.games.len()))
        })
        .collect();
    let mut svg = svg_open(
        "tile-chart",
        height,
        "Largest tile at the end of each game, by strategy",
        &format!("Stacked bars, one per strategy, split by the largest tile. {}.", desc.join("; ")),
    );
    for (i, run) in results.runs.iter().enumerate() {
        let y = 4.0 + ROW * i as f64;
        let games = run.games.len();
        svg.push_str(&format!(
            "<text x=\"0\" y=\"{:.1}\" class=\"label\">{} <tspan class=\"muted\">({} games)</tspan></text>\n",
            y + 14.0,
            escape(&label(run.name())),
            thousands(games as u64)
        ));
        let mut x = 0.0;
        for (tile, n) in final_tiles(run) {
            let w = WIDTH * n as f64 / games as f64;
            let share = percent(n, games);
            svg.push_str(&format!(
                "<rect x=\"{x:.2}\" y=\"{:.1}\" width=\"{w:.2}\" height=\"28\" data-v=\"{tile}\" \
                 data-strategy=\"{}\"><title>{}: largest tile {tile} in {} of {} games ({share})</title></rect>\n",
                y + 20.0,
                escape(run.key()),
                escape(&label(run.name())),
                thousands(n as u64),
                thousands(games as u64),
            ));
            // Only segments wide enough for the words get them; the table has every number.
            if w >= 44.0 {
                svg.push_str(&format!(
                    "<text x=\"{:.2}\" y=\"{:.1}\" text-anchor=\"middle\" class=\"in-bar\" data-v=\"{tile}\" \
                     aria-hidden=\"true\">{tile}</text>\n",
                    x + w / 2.0,
                    y + 39.0,
                ));
            }
            x += w;
        }
    }
    svg.push_str("</svg>");

    let legend: Vec<String> =
        tiles.iter().map(|t| format!("<li><span class=\"tile\" data-v=\"{t}\">{t}</span></li>")).collect();
    let mut table = String::from(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"tile-chart-data-caption\">\n\
         <table class=\"chart-data\" id=\"tile-chart-data\">\n<caption id=\"tile-chart-data-caption\">Games ending with each largest tile (count, and share of the strategy’s games)</caption>\n\
         <thead><tr><th scope=\"col\">Largest tile</th>",
    );
    for run in &results.runs {
        table.push_str(&format!(
            "<th scope=\"col\" class=\"num\">{} <small>({} games)</small></th>",
            escape(&label(run.name())),
            thousands(run.games.len() as u64)
        ));
    }
    table.push_str("</tr></thead>\n<tbody>\n");
    let counts: Vec<BTreeMap<u32, usize>> = results.runs.iter().map(final_tiles).collect();
    for &tile in tiles.iter().rev() {
        table.push_str(&format!(
            "<tr><th scope=\"row\"><span class=\"tile\" data-v=\"{tile}\">{tile}</span></th>"
        ));
        for (run, c) in results.runs.iter().zip(&counts) {
            let n = c.get(&tile).copied().unwrap_or(0);
            let cell = if n == 0 {
                "—".to_string()
            } else {
                format!("{} <small>({})</small>", thousands(n as u64), percent(n, run.games.len()))
            };
            table.push_str(&format!("<td class=\"num\">{cell}</td>"));
        }
        table.push_str("</tr>\n");
    }
    table.push_str("</tbody>\n</table>\n</div>");

    format!(
        "<figure class=\"chart\" id=\"tile-chart\">\n<ul class=\"legend\" aria-label=\"Tiles, smallest first\">{}</ul>\n\
         {svg}\n<figcaption>How each strategy’s games ended: the bar is all of its games, split by the \
         largest tile on the final board, smallest on the left. Hover a segment for its count; the table \
         below has every number.</figcaption>\n<details class=\"chart-table\">\n<summary>The chart as a \
         table</summary>\n{table}\n</details>\n</figure>",
        legend.join("")
    )
}

/// The 1-2-5 ticks from the one at or below `lo` to the first at or above `hi`.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut ticks = Vec::new();
    let mut decade = 10f64.powi(lo.max(1.0).log10().floor() as i32);
    while ticks.last().is_none_or(|&t| t < hi) {
        ticks.extend([1.0, 2.0, 5.0].map(|m| m * decade));
        decade *= 10.0;
    }
    let end = ticks.iter().position(|&t| t >= hi).unwrap_or(ticks.len() - 1);
    ticks.truncate(end + 1);
    let start = ticks.iter().rposition(|&t| t <= lo).unwrap_or(0);
    ticks.drain(..start);
    ticks
}

/// A tick's label, short enough to fit: `500`, `2k`, `100k`.
fn tick_label(t: f64) -> String {
    if t >= 1000.0 { format!("{}k", thousands((t / 1000.0).round() as u64)) } else { format!("{t:.0}") }
}

/// How each strategy's scores spread: a box plot per strategy on a log scale, which shows the
/// random player's hundreds and the solver's tens of thousands on one axis.
pub fn score_chart(results: &Results) -> String {
    const ROW: f64 = 56.0;
    const LEFT: f64 = 14.0;
    const RIGHT: f64 = 14.0;
    let spreads: Vec<FiveNumbers> = results.runs.iter().map(score_spread).collect();
    let lo = spreads.iter().map(|s| s.min).fold(f64::INFINITY, f64::min).max(1.0);
    let hi = spreads.iter().map(|s| s.max).fold(1.0, f64::max);
    let ticks = log_ticks(lo, hi);
    let (first, last) = (ticks[0].log10(), ticks[ticks.len() - 1].log10());
    let x = |v: f64| LEFT + (v.max(ticks[0]).log10() - first) / (last - first) * (WIDTH - LEFT - RIGHT);
    let axis_y = 4.0 + ROW * results.runs.len() as f64;
    let height = axis_y + 46.0;
    let desc: Vec<String> = results
        .runs
        .iter()
        .zip(&spreads)
        .map(|(run, s)| {
            format!(
                "{}: median {}, middle half {} to {}, range {} to {}",
                label(run.name()),
                number(s.median),
                number(s.q1),
                number(s.q3),
                number(s.min),
                number(s.max)
            )
        })
        .collect();
    let mut svg = svg_open(
        "score-chart",
        height,
        "Final scores by strategy, on a logarithmic scale",
        &format!("Box plots of the final score. {}.", desc.join("; ")),
    );
    svg.push_str("<g class=\"grid\" aria-hidden=\"true\">\n");
    for &t in &ticks {
        svg.push_str(&format!(
            "<line x1=\"{0:.2}\" x2=\"{0:.2}\" y1=\"4\" y2=\"{axis_y:.1}\"/>\
             <text x=\"{0:.2}\" y=\"{1:.1}\" text-anchor=\"middle\" class=\"{2}\">{3}</text>\n",
            x(t),
            axis_y + 17.0,
            // The 2s of 1-2-5 are the first labels to go where the chart is narrow, then the 5s.
            match tick_label(t).chars().next() {
                Some('2') => "tick minor",
                Some('5') => "tick mid",
                _ => "tick",
            },
            tick_label(t)
        ));
    }
    svg.push_str("</g>\n");
    for (i, (run, s)) in results.runs.iter().zip(&spreads).enumerate() {
        let y = 4.0 + ROW * i as f64;
        let mid = y + 33.0;
        let name = escape(&label(run.name()));
        svg.push_str(&format!(
            "<text x=\"0\" y=\"{:.1}\" class=\"label\">{name} <tspan class=\"muted\">median {}, {} games</tspan></text>\n",
            y + 14.0,
            number(s.median),
            thousands(run.games.len() as u64)
        ));
        svg.push_str(&format!(
            "<g class=\"box-plot\"><title>{name}: lowest {min}, quartiles {q1} and {q3}, median {median}, \
             highest {max}</title>\n\
             <line class=\"whisker\" x1=\"{x_min:.2}\" x2=\"{x_max:.2}\" y1=\"{mid:.1}\" y2=\"{mid:.1}\"/>\
             <line class=\"whisker\" x1=\"{x_min:.2}\" x2=\"{x_min:.2}\" y1=\"{cap_top:.1}\" y2=\"{cap_bottom:.1}\"/>\
             <line class=\"whisker\" x1=\"{x_max:.2}\" x2=\"{x_max:.2}\" y1=\"{cap_top:.1}\" y2=\"{cap_bottom:.1}\"/>\n\
             <rect class=\"box\" x=\"{x_q1:.2}\" y=\"{box_top:.1}\" width=\"{box_width:.2}\" height=\"22\" rx=\"2\"/>\
             <line class=\"median\" x1=\"{x_median:.2}\" x2=\"{x_median:.2}\" y1=\"{median_top:.1}\" \
             y2=\"{median_bottom:.1}\"/></g>\n",
            min = number(s.min),
            q1 = number(s.q1),
            q3 = number(s.q3),
            median = number(s.median),
            max = number(s.max),
            x_min = x(s.min),
            x_max = x(s.max),
            cap_top = mid - 7.0,
            cap_bottom = mid + 7.0,
            x_q1 = x(s.q1),
            box_top = y + 22.0,
            box_width = (x(s.q3) - x(s.q1)).max(1.0),
            x_median = x(s.median),
            median_top = y + 19.0,
            median_bottom = y + 47.0,
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" class=\"tick\" aria-hidden=\"true\">final score \
         (logarithmic scale)</text>\n",
        WIDTH / 2.0,
        axis_y + 38.0
    ));
    svg.push_str("</svg>");

    let mut table = String::from(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"score-chart-data-caption\">\n\
         <table class=\"chart-data\" id=\"score-chart-data\">\n<caption id=\"score-chart-data-caption\">Final scores: lowest, quartiles, median and highest</caption>\n\
         <thead><tr><th scope=\"col\">Strategy</th><th scope=\"col\" class=\"num\">Lowest</th>\
         <th scope=\"col\" class=\"num\">25 %</th><th scope=\"col\" class=\"num\">Median</th>\
         <th scope=\"col\" class=\"num\">75 %</th><th scope=\"col\" class=\"num\">Highest</th></tr></thead>\n<tbody>\n",
    );
    for (run, s) in results.runs.iter().zip(&spreads) {
        table.push_str(&format!(
            "<tr data-strategy=\"{}\"><th scope=\"row\">{}</th>",
            escape(run.key()),
            escape(&label(run.name()))
        ));
        for (field, v) in [("min", s.min), ("q1", s.q1), ("median", s.median), ("q3", s.q3), ("max", s.max)] {
            table.push_str(&format!("<td class=\"num\" data-field=\"{field}\">{}</td>", number(v)));
        }
        table.push_str("</tr>\n");
    }
    table.push_str("</tbody>\n</table>\n</div>");

    format!(
        "<figure class=\"chart\" id=\"score-chart\">\n{svg}\n<figcaption>Final scores, one row per strategy, \
         on a logarithmic scale (each grid step multiplies the score): the box holds the middle half of the \
         games, the thick line is the median, the whiskers reach the lowest and the highest score.\
         </figcaption>\n<details class=\"chart-table\">\n<summary>The chart as a table</summary>\n{table}\n\
         </details>\n</figure>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_cover_the_range_in_1_2_5_steps() {
        assert_eq!(log_ticks(620.0, 80_000.0), [500.0, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5]);
        assert_eq!(log_ticks(1000.0, 2000.0), [1000.0, 2000.0]);
        assert_eq!(tick_label(20_000.0), "20k");
        assert_eq!(tick_label(500.0), "500");
    }
}
