//! The statistics' table of the days' games (`#stats-days`): for each day, newest first, the
//! first try's score and largest tile and the solver's on the same tiles (empty until the
//! worker has played it). Hooks the end-to-end tests read: rows `tr[data-date]`, cells
//! `td[data-part]` (`score`, `tile`, `solver-score`, `solver-tile`).

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::markup::{append, el, scroll_table};
use page_core::days::Days;
use page_core::text::{Label, Language};

/// The id of the section.
pub const STATS_DAYS: &str = "stats-days";

pub(super) fn days_table(d: &Document, days: &Days, lang: Language) -> Result<Element, JsValue> {
    let section = el(d, "section", None)?;
    section.set_id(STATS_DAYS);
    section.set_attribute("aria-labelledby", "stats-days-title")?;
    let title = el(d, "h3", Some(lang.label(Label::DaysTitle)))?;
    title.set_id("stats-days-title");
    append(&section, &title)?;
    let columns = [
        Label::ColumnDate,
        Label::ColumnYourScore,
        Label::ColumnTile,
        Label::ColumnSolverScore,
        Label::ColumnSolverTile,
    ]
    .map(|label| lang.label(label));
    let (wrap, tbody) = scroll_table(d, lang.label(Label::DaysTitle), &columns)?;
    for day in days.all().iter().rev() {
        let tr = el(d, "tr", None)?;
        let date = day.day.to_string();
        tr.set_attribute("data-date", &date)?;
        let th = el(d, "th", Some(&date))?;
        th.set_attribute("scope", "row")?;
        tr.append_child(&th)?;
        let mut score = lang.number(u64::from(day.player.score));
        if !day.counted {
            // Undo was used in it: said beside the score, as the games' table says its help.
            score = format!("{score} ({})", lang.label(Label::Undo));
        }
        let solver = day.solver;
        let cells = [
            ("score", Some(day.player.score), score),
            ("tile", Some(day.player.tile), day.player.tile.to_string()),
            (
                "solver-score",
                solver.map(|s| s.score),
                solver.map_or_else(String::new, |s| lang.number(u64::from(s.score))),
            ),
            ("solver-tile", solver.map(|s| s.tile), solver.map_or_else(String::new, |s| s.tile.to_string())),
        ];
        for (part, value, text) in cells {
            let td = el(d, "td", Some(&text))?;
            td.set_attribute("data-part", part)?;
            if let Some(value) = value {
                td.set_attribute("data-value", &value.to_string())?;
            }
            tr.append_child(&td)?;
        }
        tbody.append_child(&tr)?;
    }
    section.append_child(&wrap)?;
    Ok(section)
}
