//! The solver page's table of the solver's strengths side by side (`<!--strengths LANG-->`):
//! Spec, the original solver page's expectimax, Strong (and its earlier, heuristic evaluation)
//! and Max, at each setting that has results.
//!
//! Its cells are `data-result` spans, filled and checked like every other quoted number. It
//! lists the strengths that have a results file, so the page builds before Strong's run is
//! committed; it then says so, instead of leaving a gap.

use solver::Strategy;

use crate::html::escape;
use crate::language::Language;
use crate::names::label;
use crate::results::{Results, base_of};

/// The strengths: every run of one of these, or of a setting of one, is a row.
const STRENGTHS: [Strategy; 5] =
    [Strategy::Max, Strategy::Strong, Strategy::StrongHeuristic, Strategy::StrongDeep, Strategy::Spec];

/// The quantities of the table: each column's key, and its heading in each language.
const COLUMNS: [(&str, [&str; 3]); 7] = [
    ("games", ["Games", "게임 수", "局數"]),
    ("reached.2048", ["Reached 2048", "2048 도달", "達到 2048"]),
    ("reached.8192", ["Reached 8192", "8192 도달", "達到 8192"]),
    ("reached.16384", ["Reached 16384", "16384 도달", "達到 16384"]),
    ("reached.32768", ["Reached 32768", "32768 도달", "達到 32768"]),
    ("median_score", ["Median score", "점수 중앙값", "分數中位數"]),
    ("mean_think_ms", ["Think time a move (mean)", "한 수 생각 시간(평균)", "每步思考時間（平均）"]),
];

const CAPTION: [&str; 3] = [
    "The solver’s strengths in complete games",
    "솔버의 강도별 완주 게임 결과",
    "解題程式各強度的完整對局成績",
];
const FIRST: [&str; 3] = ["Strength", "강도", "強度"];
/// Shown while Strong has no results.
const MISSING: [&str; 3] = [
    "The Strong solver’s results are not committed yet: its row appears here once its run is in \
     <code>www/results/</code>.",
    "Strong 솔버의 결과는 아직 커밋되지 않았습니다. 실행 결과가 <code>www/results/</code>에 들어오면 \
     이 표에 함께 나옵니다.",
    "「強」的結果還沒有提交：等它的對局結果放進 <code>www/results/</code>，這一列就會出現在表裡。",
];

/// The table, in language `lang`.
pub fn table(lang: &str, results: &Results) -> Result<String, String> {
    let language = Language::from_code(lang)?;
    let (caption, first, missing) = (language.pick(CAPTION), language.pick(FIRST), language.pick(MISSING));
    let runs: Vec<_> = results
        .runs
        .iter()
        .filter(|r| Strategy::from_id(base_of(r.name())).is_some_and(|s| STRENGTHS.contains(&s)))
        .collect();
    if runs.is_empty() {
        return Err("no results for the spec or strong strategy".to_string());
    }
    let mut t = format!(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"strengths-table-caption\">\n<table class=\"results strengths\" id=\"strengths-table\">\n<caption id=\"strengths-table-caption\">{caption}\
         </caption>\n<thead><tr><th scope=\"col\">{first}</th>"
    );
    for (_, heading) in COLUMNS {
        t.push_str(&format!("<th scope=\"col\" class=\"num\">{}</th>", language.pick(heading)));
    }
    t.push_str("</tr></thead>\n<tbody>\n");
    for run in &runs {
        let name = escape(run.key());
        t.push_str(&format!(
            "<tr data-strategy=\"{name}\"><th scope=\"row\">{} <code>{name}</code></th>",
            escape(&label(run.name(), language))
        ));
        for (key, _) in COLUMNS {
            t.push_str(&format!("<td class=\"num\"><span data-result=\"{name}.{key}\">…</span></td>"));
        }
        t.push_str("</tr>\n");
    }
    t.push_str("</tbody>\n</table>\n</div>");
    if results.run(Strategy::Strong.id()).is_none() {
        t.push_str(&format!("\n<p class=\"strengths-note\">{missing}</p>"));
    }
    Ok(t)
}
