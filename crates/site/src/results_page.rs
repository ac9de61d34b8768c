//! The generated parts of the Results page (`<!--results PART-->`): the strategies, the two
//! tables of the arena's numbers, the original solver page's claim beside ours, the charts and the runs with the
//! commands that remake them. Every number comes from `www/results/*.json`, except the claim,
//! which is quoted.
//!
//! The runs differ in size (a deeper search is slow, so it plays fewer games), so every table
//! gives each row its own number of games; and every part shows the runs that exist, so the
//! page builds whichever files `www/results/` holds.

use crate::format::{duration_ms, number, percent, percent_interval, thousands};
use crate::html::escape;
use crate::names::{description, label};
use crate::results::{Results, Run};
use crate::{charts, reproduce};

/// The original solver page's claim about the solver, quoted (the page is in Korean: 500 complete
/// games, 2048 reached in 91.4 %, median score 37,004, median length 1,943 moves). It is text
/// we cite, not a measurement of ours, and the page says so wherever it shows it.
struct Claim {
    games: u64,
    reached_2048: f64,
    median_score: f64,
    median_moves: f64,
}

const CLAIM: Claim = Claim { games: 500, reached_2048: 0.914, median_score: 37_004.0, median_moves: 1_943.0 };
const CLAIM_LABEL: &str = "The original solver page’s claim";
const CLAIM_NOTE: &str = "quoted, not measured here";
/// The same, short enough for a table row.
const CLAIM_ROW: &str = "The original solver page’s claim <small>(quoted, not measured)</small>";

/// The expansion of `<!--results PART-->`.
pub fn part(name: &str, results: &Results) -> Result<String, String> {
    match name {
        "strategies" => Ok(strategies(results)),
        "strong-summary" => Ok(strong_summary(results)),
        "reach-table" => Ok(reach_table(results)),
        "score-table" => Ok(score_table(results)),
        "claim" => claim(results),
        "tile-chart" => Ok(charts::tile_chart(results)),
        "score-chart" => Ok(charts::score_chart(results)),
        "runs" => Ok(runs(results)),
        _ => Err(format!(
            "unknown results part `{name}` (known: strategies, strong-summary, reach-table, score-table, claim, \
             tile-chart, score-chart, runs)"
        )),
    }
}

fn strategies(results: &Results) -> String {
    let items: Vec<String> = results
        .runs
        .iter()
        .map(|run| {
            format!(
                "<dt>{} <code>{}</code></dt>\n<dd>{} <span class=\"games\">({} games)</span></dd>",
                escape(&label(run.name())),
                escape(run.key()),
                escape(description(run.name())),
                thousands(run.summary.games as u64)
            )
        })
        .collect();
    format!("<dl class=\"strategies\">\n{}\n</dl>", items.join("\n"))
}

/// The Strong solver in one sentence beside Spec, when its results are committed; a note that
/// they are not, otherwise. The numbers are `data-result` spans, filled (and checked) like the
/// ones the templates write.
fn strong_summary(results: &Results) -> String {
    let Some(strong) = results.run("strong") else {
        return "<p class=\"strong-summary\">The Strong solver’s results are not committed yet: its row joins \
                the tables below once its run is in <code>www/results/</code>.</p>"
            .to_string();
    };
    let span = |key: &str| format!("<span data-result=\"{}.{key}\">…</span>", escape(strong.key()));
    let mut text = format!(
        "<p class=\"strong-summary\">The Strong solver reached 2048 in {} of its {} games, 8192 in {} and \
         16384 in {}, with a median score of {} and {} of thought a move on average",
        span("reached.2048"),
        span("games"),
        span("reached.8192"),
        span("reached.16384"),
        span("median_score"),
        span("mean_think_ms"),
    );
    if results.run("spec").is_some() {
        text.push_str(
            " (the Spec solver: <span data-result=\"spec.reached.2048\">…</span>, \
             <span data-result=\"spec.reached.8192\">…</span> and <span data-result=\"spec.reached.16384\">…</span>, \
             a median of <span data-result=\"spec.median_score\">…</span>, \
             <span data-result=\"spec.mean_think_ms\">…</span> a move)",
        );
    }
    text.push_str(".</p>");
    text
}

/// The header cell of a row: the strategy's name and its arena name.
fn row_head(run: &Run) -> String {
    format!(
        "<tr data-strategy=\"{}\"><th scope=\"row\">{} <code>{}</code></th>",
        escape(run.key()),
        escape(&label(run.name())),
        escape(run.key())
    )
}

fn claim_head() -> String {
    format!("<tr class=\"claim\" data-claim=\"solver-page\"><th scope=\"row\">{CLAIM_ROW}</th>")
}

/// A table cell holding a number, named by `field` for the tests, with an optional interval
/// under it.
fn cell(field: &str, value: &str, interval: Option<String>) -> String {
    match interval {
        Some(i) => format!(
            "<td class=\"num\" data-field=\"{field}\">{value}<br><small class=\"ci\" data-field=\"{field}_interval\">{i}</small></td>"
        ),
        None => format!("<td class=\"num\" data-field=\"{field}\">{value}</td>"),
    }
}

const NONE: &str = "<td class=\"num\">—</td>";

/// The tiles of the reach table: every tile a document reports, and any larger tile a game
/// made that no summary reports (a run with 32768 among documents that stop at 16384), up to
/// the first tile no game reached. That last column's zeros, with their upper bounds, say how
/// rare it is; the columns after it would only repeat them.
pub fn milestones(results: &Results) -> Vec<u32> {
    let mut tiles: Vec<u32> =
        results.runs.iter().flat_map(|r| r.summary.reach.iter().map(|x| x.tile)).collect();
    let best = results.runs.iter().map(Run::best_tile).max().unwrap_or(0);
    if let Some(&smallest) = tiles.iter().min() {
        let mut tile = smallest;
        while tile <= best && tile < crate::results::LARGEST_TILE {
            tile *= 2;
            tiles.push(tile);
        }
    }
    tiles.sort_unstable();
    tiles.dedup();
    if let Some(frontier) = tiles.iter().position(|&t| t > best) {
        tiles.truncate(frontier + 1);
    }
    tiles
}

/// Where the claim row goes: right under the solver's own row.
fn claim_after(results: &Results) -> Option<usize> {
    results.runs.iter().position(|r| r.name() == "spec")
}

fn reach_table(results: &Results) -> String {
    let tiles = milestones(results);
    let mut t = String::from(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"reach-table-caption\">\n<table class=\"results\" id=\"reach-table\">\n<caption id=\"reach-table-caption\">Games whose largest \
         tile reached each tile, with 95&nbsp;% intervals</caption>\n<thead><tr><th scope=\"col\">Strategy</th>\
         <th scope=\"col\" class=\"num\">Games</th>",
    );
    for tile in &tiles {
        t.push_str(&format!(
            "<th scope=\"col\" class=\"num\"><span class=\"tile\" data-v=\"{tile}\">{tile}</span></th>"
        ));
    }
    t.push_str("</tr></thead>\n<tbody>\n");
    for (i, run) in results.runs.iter().enumerate() {
        let s = &run.summary;
        t.push_str(&row_head(run));
        t.push_str(&cell("games", &thousands(s.games as u64), None));
        for &tile in &tiles {
            match run.reach(tile) {
                Some(r) => t.push_str(&cell(
                    &format!("reached.{tile}"),
                    &percent(r.games, s.games),
                    Some(percent_interval(r.low, r.high)),
                )),
                None => t.push_str(NONE),
            }
        }
        t.push_str("</tr>\n");
        if claim_after(results) == Some(i) {
            t.push_str(&claim_head());
            t.push_str(&format!("<td class=\"num\">{}</td>", thousands(CLAIM.games)));
            for &tile in &tiles {
                if tile == 2048 {
                    t.push_str(&format!("<td class=\"num\">{:.1} %</td>", CLAIM.reached_2048 * 100.0));
                } else {
                    t.push_str(NONE);
                }
            }
            t.push_str("</tr>\n");
        }
    }
    t.push_str("</tbody>\n</table>\n</div>");
    t
}

fn score_table(results: &Results) -> String {
    let mut t = String::from(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"score-table-caption\">\n<table class=\"results\" id=\"score-table\">\n<caption id=\"score-table-caption\">Scores, game lengths \
         and think time per move (medians with 95&nbsp;% intervals)</caption>\n<thead><tr><th scope=\"col\">Strategy</th>\
         <th scope=\"col\" class=\"num\">Games</th><th scope=\"col\" class=\"num\">Median score</th><th scope=\"col\" class=\"num\">Mean score</th>\
         <th scope=\"col\" class=\"num\">Median length (moves)</th><th scope=\"col\" class=\"num\">Mean length</th>\
         <th scope=\"col\" class=\"num\">Think time, mean</th><th scope=\"col\" class=\"num\">Think time, 99th \
         percentile</th></tr></thead>\n<tbody>\n",
    );
    let range = |(lo, hi): (f64, f64)| Some(format!("{}–{}", number(lo), number(hi)));
    for (i, run) in results.runs.iter().enumerate() {
        let s = &run.summary;
        t.push_str(&row_head(run));
        t.push_str(&cell("games", &thousands(s.games as u64), None));
        t.push_str(&cell("median_score", &number(s.median_score), range(s.median_score_interval)));
        t.push_str(&cell("mean_score", &number(s.mean_score.round()), None));
        t.push_str(&cell("median_moves", &number(s.median_moves), range(s.median_moves_interval)));
        t.push_str(&cell("mean_moves", &number(s.mean_moves), None));
        t.push_str(&cell("mean_think_ms", &duration_ms(s.mean_think_ms), None));
        t.push_str(&cell("p99_think_ms", &duration_ms(s.p99_think_ms), None));
        t.push_str("</tr>\n");
        if claim_after(results) == Some(i) {
            t.push_str(&claim_head());
            t.push_str(&format!("<td class=\"num\">{}</td>", thousands(CLAIM.games)));
            t.push_str(&format!("<td class=\"num\">{}</td>{NONE}", number(CLAIM.median_score)));
            t.push_str(&format!("<td class=\"num\">{}</td>{NONE}{NONE}{NONE}", number(CLAIM.median_moves)));
            t.push_str("</tr>\n");
        }
    }
    t.push_str("</tbody>\n</table>\n</div>");
    t
}

/// The claim beside our measurement, each number with whether it lies in our 95 % interval.
fn claim(results: &Results) -> Result<String, String> {
    let run = results
        .run("spec")
        .ok_or("no results for strategy `spec`, which the original solver page's claim is about")?;
    let s = &run.summary;
    let verdict = |claimed: f64, (lo, hi): (f64, f64)| {
        if claimed < lo {
            "below our 95&nbsp;% interval"
        } else if claimed > hi {
            "above our 95&nbsp;% interval"
        } else {
            "inside our 95&nbsp;% interval"
        }
    };
    let reach = run.reach(2048).ok_or("the spec run does not report 2048")?;
    let mut items = vec![format!(
        "<li>2048 reached in <strong class=\"nowrap\">{:.1} %</strong> of {} games. We measured \
         <span class=\"nowrap\">{}</span> of {} (<span class=\"nowrap\">{}</span>): {}.</li>",
        CLAIM.reached_2048 * 100.0,
        thousands(CLAIM.games),
        percent(reach.games, s.games),
        thousands(s.games as u64),
        percent_interval(reach.low, reach.high),
        verdict(CLAIM.reached_2048, (reach.low, reach.high))
    )];
    let median = |name: &str, unit: &str, claimed: f64, ours: f64, interval: (f64, f64)| {
        let range = format!(" (<span class=\"nowrap\">{}–{}</span>)", number(interval.0), number(interval.1));
        format!(
            "<li>Median {name} <strong>{}</strong>{unit}. We measured {}{range}: {}.</li>",
            number(claimed),
            number(ours),
            verdict(claimed, interval)
        )
    };
    items.push(median("score", "", CLAIM.median_score, s.median_score, s.median_score_interval));
    items.push(median("length", " moves", CLAIM.median_moves, s.median_moves, s.median_moves_interval));
    Ok(format!(
        "<blockquote class=\"claim\">\n<p><strong>{CLAIM_LABEL}</strong> ({CLAIM_NOTE}): \
         in {} complete games it reached 2048 in {:.1} % of them, with a median score of {} and a median \
         game of {} moves.</p>\n</blockquote>\n<ul class=\"claim-check\">\n{}\n</ul>",
        thousands(CLAIM.games),
        CLAIM.reached_2048 * 100.0,
        number(CLAIM.median_score),
        number(CLAIM.median_moves),
        items.join("\n")
    ))
}

/// A wall-clock time in seconds, for the length of a whole run.
fn wall(seconds: f64) -> String {
    if seconds >= 60.0 {
        let whole = seconds.round() as u64;
        format!("{} min {:02} s", whole / 60, whole % 60)
    } else if seconds >= 1.0 {
        format!("{seconds:.1} s")
    } else {
        duration_ms(seconds * 1e3)
    }
}

/// `command` with each argument (an option together with its value) kept on one line.
fn wrap_between_arguments(command: &str) -> String {
    let mut groups: Vec<String> = Vec::new();
    let mut words = command.split(' ').peekable();
    while let Some(word) = words.next() {
        let mut group = word.to_string();
        let takes_value = word.starts_with('-') && word != "--";
        if takes_value && words.peek().is_some_and(|next| !next.starts_with('-')) {
            group = format!("{group} {}", words.next().unwrap_or_default());
        }
        groups.push(format!("<span class=\"nowrap\">{}</span>", escape(&group)));
    }
    groups.join(" ")
}

fn runs(results: &Results) -> String {
    let mut t = String::from(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"runs-table-caption\">\n<table class=\"runs\" id=\"runs-table\">\n<caption id=\"runs-table-caption\">The runs behind these \
         numbers</caption>\n<thead><tr><th scope=\"col\">Strategy</th><th scope=\"col\" class=\"num\">Games</th>\
         <th scope=\"col\" class=\"num\">Seed</th><th scope=\"col\" class=\"num\">Threads</th>\
         <th scope=\"col\" class=\"num\">Wall time</th><th scope=\"col\" class=\"num\">Positions searched per \
         second</th></tr></thead>\n<tbody>\n",
    );
    for run in &results.runs {
        let s = &run.summary;
        t.push_str(&row_head(run));
        t.push_str(&cell("games", &thousands(s.games as u64), None));
        t.push_str(&cell("seed", &s.seed.to_string(), None));
        t.push_str(&cell("threads", &s.threads.to_string(), None));
        t.push_str(&cell("wall_seconds", &wall(s.wall_seconds), None));
        if s.nodes_per_second > 0.0 {
            t.push_str(&cell("nodes_per_second", &thousands(s.nodes_per_second.round() as u64), None));
        } else {
            t.push_str(NONE);
        }
        t.push_str("</tr>\n");
    }
    t.push_str("</tbody>\n</table>\n</div>\n");
    // One list item per command. On a narrow screen a command wraps, but only between its
    // arguments (a browser would otherwise break `--strategy` after its dashes), and it still
    // copies as one line.
    let commands: Vec<String> = results
        .runs
        .iter()
        .map(|r| match reproduce::command(r) {
            Some(command) => format!(
                "<li data-strategy=\"{}\"><code>{}</code></li>",
                escape(r.key()),
                wrap_between_arguments(&command)
            ),
            None => format!(
                "<li data-strategy=\"{0}\">No command for <code>{0}</code> ({1}): its file does not say \
                 which arena options made it.</li>",
                escape(r.key()),
                escape(&r.file)
            ),
        })
        .collect();
    t.push_str(&format!("<ul class=\"commands\" aria-label=\"Commands\">\n{}\n</ul>", commands.join("\n")));
    t
}
