//! The solver page's table of the solver's strengths side by side (`<!--strengths LANG-->`):
//! Spec, the original solver page's expectimax, Strong (and its earlier, heuristic evaluation)
//! and Max, at each setting that has results.
//!
//! Its cells are `data-result` spans, filled and checked like every other quoted number. It
//! lists the strengths that have a results file, so the page builds before Strong's run is
//! committed; it then says so, instead of leaving a gap.

use solver::Strategy;

use crate::html::escape;
use crate::names::label_in;
use crate::results::{Results, base_of};

/// The strengths: every run of one of these, or of a setting of one, is a row.
const STRENGTHS: [Strategy; 5] =
    [Strategy::Max, Strategy::Strong, Strategy::StrongHeuristic, Strategy::StrongDeep, Strategy::Spec];

/// The quantities of the table: a column heading in English and Korean, and its key.
const COLUMNS: [(&str, &str, &str); 7] = [
    ("Games", "게임 수", "games"),
    ("Reached 2048", "2048 도달", "reached.2048"),
    ("Reached 8192", "8192 도달", "reached.8192"),
    ("Reached 16384", "16384 도달", "reached.16384"),
    ("Reached 32768", "32768 도달", "reached.32768"),
    ("Median score", "점수 중앙값", "median_score"),
    ("Think time a move (mean)", "한 수 생각 시간(평균)", "mean_think_ms"),
];

/// The words of the table in language `lang`: caption, first heading, and the note shown
/// while Strong has no results.
fn words(lang: &str) -> Result<(&'static str, &'static str, &'static str), String> {
    match lang {
        "en" => Ok((
            "The solver’s strengths in complete games",
            "Strength",
            "The Strong solver’s results are not committed yet: its row appears here once its run is in \
             <code>www/results/</code>.",
        )),
        "ko" => Ok((
            "솔버의 강도별 완주 게임 결과",
            "강도",
            "Strong 솔버의 결과는 아직 커밋되지 않았습니다. 실행 결과가 <code>www/results/</code>에 들어오면 \
             이 표에 함께 나옵니다.",
        )),
        other => Err(format!("`strengths` is written in en and ko, not `{other}`")),
    }
}

/// The table, in language `lang`.
pub fn table(lang: &str, results: &Results) -> Result<String, String> {
    let (caption, first, missing) = words(lang)?;
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
    for (en, ko, _) in COLUMNS {
        t.push_str(&format!("<th scope=\"col\" class=\"num\">{}</th>", if lang == "ko" { ko } else { en }));
    }
    t.push_str("</tr></thead>\n<tbody>\n");
    for run in &runs {
        let name = escape(run.key());
        t.push_str(&format!(
            "<tr data-strategy=\"{name}\"><th scope=\"row\">{} <code>{name}</code></th>",
            escape(&label_in(run.name(), lang))
        ));
        for (_, _, key) in COLUMNS {
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
