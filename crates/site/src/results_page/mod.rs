//! The generated parts of the Results page (`<!--results PART LANG-->`), in the page's language:
//! the strategies, the two tables of the arena's numbers (`tables`), the original solver
//! page's claim beside ours (`claim`), the charts and the runs with the commands that remake
//! them. Every number comes from `www/results/*.json`, except the claim, which is quoted.
//!
//! The runs differ in size (a deeper search is slow, so it plays fewer games), so every table
//! gives each row its own number of games; and every part shows the runs that exist, so the
//! page builds whichever files `www/results/` holds.

mod claim;
mod tables;

use page_core::request::Strength;

use crate::html::escape;
use crate::language::Language;
use crate::names::{label, strength};
use crate::results::{Results, Run};
use crate::summaries::description;
use crate::words::games_in_brackets;
use crate::{charts, results};

/// The parts, for the error that names an unknown one.
const PARTS: &str =
    "strategies, strong-summary, reach-table, score-table, claim, tile-chart, score-chart, runs";

/// The expansion of `<!--results PART LANG-->`: part `name` in `language`.
pub fn part(name: &str, language: Language, results: &Results) -> Result<String, String> {
    match name {
        "strategies" => Ok(strategies(results, language)),
        "strong-summary" => Ok(strong_summary(results, language)),
        "reach-table" => Ok(tables::reach(results, language)),
        "score-table" => Ok(tables::score(results, language)),
        "claim" => claim::claim(results, language),
        "tile-chart" => Ok(charts::tile_chart(results, language)),
        "score-chart" => Ok(charts::score_chart(results, language)),
        "runs" => Ok(tables::runs(results, language)),
        _ => Err(format!("unknown results part `{name}` (known: {PARTS})")),
    }
}

fn strategies(results: &Results, language: Language) -> String {
    let items: Vec<String> = results
        .runs
        .iter()
        .map(|run| {
            format!(
                "<dt>{} <code>{}</code></dt>\n<dd>{}{}<span class=\"games\">{}</span></dd>",
                escape(&label(run.name(), language)),
                escape(run.key()),
                escape(&description(run.name(), language)),
                // Full-width brackets bring their own space.
                language.pick([" ", " ", ""]),
                games_in_brackets(run.summary.games, language)
            )
        })
        .collect();
    format!("<dl class=\"strategies\">\n{}\n</dl>", items.join("\n"))
}

/// The Strong solver in one sentence beside the Standard one, when its results are committed; a
/// note that they are not, otherwise. The numbers are `data-result` spans, filled (and checked)
/// like the ones the templates write.
fn strong_summary(results: &Results, language: Language) -> String {
    let strong_name = strength(Strength::Strong, language);
    let Some(strong) = results.run(Strength::Strong.code()) else {
        return format!(
            "<p class=\"strong-summary\">{}</p>",
            language.pick([
                format!(
                    "The {}’s results are not committed yet: its row joins the tables below once its run is in \
                     <code>www/results/</code>.",
                    label("strong", language)
                ),
                format!(
                    "‘{strong_name}’의 결과는 아직 커밋되지 않았습니다. 실행 결과가 <code>www/results/</code>에 \
                     들어오면 아래 표에 함께 나옵니다."
                ),
                format!("「{strong_name}」的結果還沒有提交：等它的對局結果放進 <code>www/results/</code>，就會出現在下面的表裡。"),
            ])
        );
    };
    let span = |run: &Run, key: &str| format!("<span data-result=\"{}.{key}\">…</span>", escape(run.key()));
    let [s2048, games, s8192, s16384, median, think] =
        ["reached.2048", "games", "reached.8192", "reached.16384", "median_score", "mean_think_ms"]
            .map(|key| span(strong, key));
    // The particles follow the names, each ending in a consonant: 강함은.
    let mut text = language.pick([
        format!(
            "<p class=\"strong-summary\">The {} reached 2048 in {s2048} of its {games} games, 8192 in {s8192} and \
             16384 in {s16384}, with a median score of {median} and {think} of thought a move on average",
            label("strong", language)
        ),
        format!(
            "<p class=\"strong-summary\">‘{strong_name}’은 {games}판 가운데 {s2048}에서 2048을, {s8192}에서 8192를, \
             {s16384}에서 16384를 만들었고, 점수 중앙값은 {median}, 한 수에 평균 {think} 생각했습니다"
        ),
        format!(
            "<p class=\"strong-summary\">「{strong_name}」在 {games} 局中，有 {s2048} 拼出 2048、{s8192} 拼出 8192、\
             {s16384} 拼出 16384，分數中位數是 {median}，平均每步思考 {think}"
        ),
    ]);
    if let Some(spec) = results.run(Strength::Spec.code()) {
        let spec_name = strength(Strength::Spec, language);
        let [s2048, s8192, s16384, median, think] =
            ["reached.2048", "reached.8192", "reached.16384", "median_score", "mean_think_ms"]
                .map(|key| span(spec, key));
        text.push_str(&language.pick([
            format!(
                " (the {}: {s2048}, {s8192} and {s16384}, a median of {median}, {think} a move)",
                label("spec", language)
            ),
            format!("(‘{spec_name}’: {s2048}, {s8192}, {s16384}, 중앙값 {median}, 한 수에 {think})"),
            format!("（「{spec_name}」：{s2048}、{s8192}、{s16384}，中位數 {median}，每步 {think}）"),
        ]));
    }
    text.push_str(language.pick([".</p>", ".</p>", "。</p>"]));
    text
}

/// The header cell of a row: the strategy's name and its arena name.
fn row_head(run: &Run, language: Language) -> String {
    format!(
        "<tr data-strategy=\"{}\"><th scope=\"row\">{} <code>{}</code></th>",
        escape(run.key()),
        escape(&label(run.name(), language)),
        escape(run.key())
    )
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
        while tile <= best && tile < results::LARGEST_TILE {
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
