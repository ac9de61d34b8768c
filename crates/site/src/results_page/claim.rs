//! The original solver page's claim about the solver, quoted (the page is in Korean: 500
//! complete games, 2048 reached in 91.4 %, median score 37,004, median length 1,943 moves),
//! and set beside our measurement of the Standard solver: a row under its own in each table, and
//! a quote with, for each number, whether it lies in our 95 % interval. It is text we cite, not
//! a measurement of ours, and the page says so wherever it shows it.

use page_core::request::Strength;

use crate::format::{number, percent, percent_interval, thousands};
use crate::language::Language;
use crate::results::Results;

use super::NONE;

struct Claim {
    games: u64,
    reached_2048: f64,
    median_score: f64,
    median_moves: f64,
}

const CLAIM: Claim = Claim { games: 500, reached_2048: 0.914, median_score: 37_004.0, median_moves: 1_943.0 };
const LABEL: [&str; 3] =
    ["The original solver page’s claim", "원래 솔버 페이지의 주장", "原始解題程式頁面的說法"];
const NOTE: [&str; 3] =
    ["quoted, not measured here", "인용한 것이며 여기서 잰 것이 아님", "引用，並非本專案實測"];
/// The same, short enough for a table row.
const ROW: [&str; 3] = [
    "The original solver page’s claim <small>(quoted, not measured)</small>",
    "원래 솔버 페이지의 주장 <small>(인용, 측정 아님)</small>",
    "原始解題程式頁面的說法<small>（引用，非實測）</small>",
];

/// Where the claim rows go: right under the solver's own row.
pub(super) fn claim_after(results: &Results) -> Option<usize> {
    results.runs.iter().position(|r| r.name() == Strength::Spec.code())
}

fn row_open(language: Language) -> String {
    format!(
        "<tr class=\"claim\" data-claim=\"solver-page\"><th scope=\"row\">{}</th><td class=\"num\">{}</td>",
        language.pick(ROW),
        thousands(CLAIM.games)
    )
}

/// The claim's row of the reach table, whose columns are `tiles`.
pub(super) fn reach_row(tiles: &[u32], language: Language) -> String {
    let mut t = row_open(language);
    for &tile in tiles {
        if tile == 2048 {
            t.push_str(&format!("<td class=\"num\">{:.1} %</td>", CLAIM.reached_2048 * 100.0));
        } else {
            t.push_str(NONE);
        }
    }
    t.push_str("</tr>\n");
    t
}

/// The claim's row of the score table.
pub(super) fn score_row(language: Language) -> String {
    format!(
        "{}<td class=\"num\">{}</td>{NONE}<td class=\"num\">{}</td>{NONE}{NONE}{NONE}</tr>\n",
        row_open(language),
        number(CLAIM.median_score),
        number(CLAIM.median_moves)
    )
}

/// The claim beside our measurement, each number with whether it lies in our 95 % interval.
pub(super) fn claim(results: &Results, language: Language) -> Result<String, String> {
    let run = results
        .run(Strength::Spec.code())
        .ok_or("no results for strategy `spec`, which the original solver page's claim is about")?;
    let s = &run.summary;
    let verdict = |claimed: f64, (lo, hi): (f64, f64)| {
        let at = if claimed < lo {
            0
        } else if claimed > hi {
            1
        } else {
            2
        };
        language.pick([
            ["below our 95&nbsp;% interval", "above our 95&nbsp;% interval", "inside our 95&nbsp;% interval"],
            ["우리의 95% 구간보다 낮습니다", "우리의 95% 구간보다 높습니다", "우리의 95% 구간 안에 듭니다"],
            ["低於我們的 95&nbsp;% 區間", "高於我們的 95&nbsp;% 區間", "落在我們的 95&nbsp;% 區間內"],
        ])[at]
    };
    let reach = run.reach(2048).ok_or("the spec run does not report 2048")?;
    let (claimed, games) = (format!("{:.1} %", CLAIM.reached_2048 * 100.0), thousands(CLAIM.games));
    let (ours, n, interval) =
        (percent(reach.games, s.games), thousands(s.games as u64), percent_interval(reach.low, reach.high));
    let said = verdict(CLAIM.reached_2048, (reach.low, reach.high));
    let mut items = vec![language.pick([
        format!(
            "<li>2048 reached in <strong class=\"nowrap\">{claimed}</strong> of {games} games. We measured \
             <span class=\"nowrap\">{ours}</span> of {n} (<span class=\"nowrap\">{interval}</span>): {said}.</li>"
        ),
        format!(
            "<li>{games}판 가운데 <strong class=\"nowrap\">{claimed}</strong>에서 2048 도달. 우리가 잰 값은 {n}판 \
             가운데 <span class=\"nowrap\">{ours}</span>(<span class=\"nowrap\">{interval}</span>)로, {said}.</li>"
        ),
        format!(
            "<li>{games} 局中有 <strong class=\"nowrap\">{claimed}</strong> 拼出 2048。我們實測 {n} 局中是 \
             <span class=\"nowrap\">{ours}</span>（<span class=\"nowrap\">{interval}</span>）：{said}。</li>"
        ),
    ])];
    let median = |what: [&str; 3], unit: [&str; 3], claimed: f64, ours: f64, interval: (f64, f64)| {
        let (what, unit, said) = (language.pick(what), language.pick(unit), verdict(claimed, interval));
        let range = format!("<span class=\"nowrap\">{}–{}</span>", number(interval.0), number(interval.1));
        let (claimed, ours) = (number(claimed), number(ours));
        language.pick([
            format!("<li>Median {what} <strong>{claimed}</strong>{unit}. We measured {ours} ({range}): {said}.</li>"),
            format!("<li>{what} 중앙값 <strong>{claimed}</strong>{unit}. 우리가 잰 값은 {ours}({range})로, {said}.</li>"),
            format!("<li>{what}中位數 <strong>{claimed}</strong>{unit}。我們實測是 {ours}（{range}）：{said}。</li>"),
        ])
    };
    for (what, unit, claimed, ours, interval) in [
        (
            ["score", "점수", "分數"],
            ["", "", ""],
            CLAIM.median_score,
            s.median_score,
            s.median_score_interval,
        ),
        (
            ["length", "게임 길이", "對局長度"],
            [" moves", "수", " 步"],
            CLAIM.median_moves,
            s.median_moves,
            s.median_moves_interval,
        ),
    ] {
        items.push(median(what, unit, claimed, ours, interval));
    }
    let (label, note) = (language.pick(LABEL), language.pick(NOTE));
    let (pct, score, moves) = (
        format!("{:.1} %", CLAIM.reached_2048 * 100.0),
        number(CLAIM.median_score),
        number(CLAIM.median_moves),
    );
    let quote = language.pick([
        format!(
            "<strong>{label}</strong> ({note}): in {games} complete games it reached 2048 in {pct} of them, with a \
             median score of {score} and a median game of {moves} moves."
        ),
        format!(
            "<strong>{label}</strong>({note}): 끝까지 둔 {games}판 가운데 {pct}에서 2048을 만들었고, 점수 중앙값은 \
             {score}, 게임 길이의 중앙값은 {moves}수입니다."
        ),
        format!(
            "<strong>{label}</strong>（{note}）：在 {games} 局完整對局中，有 {pct} 拼出 2048，分數中位數是 {score}，\
             對局長度中位數是 {moves} 步。"
        ),
    ]);
    Ok(format!(
        "<blockquote class=\"claim\">\n<p>{quote}</p>\n</blockquote>\n<ul class=\"claim-check\">\n{}\n</ul>",
        items.join("\n")
    ))
}
