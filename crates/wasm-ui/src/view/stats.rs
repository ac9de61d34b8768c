//! The statistics view (`#stats`, a dialog): a table of games played, best score, best tile and
//! the share of games that reached 2048, 4096 … for all games, those played alone and those
//! played with help; the chart of scores over time as an SVG image (`role="img"`, its title and
//! description) with every game in a table as its alternative, each reviewed game's accuracy
//! beside it, and once a game is reviewed whole the chart of accuracy over time
//! (`super::accuracy_chart`). The numbers come from `core::stats`; this module only writes them.
//!
//! Hooks the end-to-end tests read: rows `tr[data-row]` (`played`, `best-score`, `best-tile`,
//! `reached-2048` …) whose cells `td[data-part]` (`all`, `alone`, `helped`) hold
//! `data-value`, the number alone (a count of games for the shares); `#stats-chart` holds one
//! `[data-score]` mark per game; a reviewed game's row in the games table has `data-accuracy`.

use std::cell::RefCell;
use std::collections::BTreeMap;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element, HtmlDialogElement};

use super::markup::{append, el, grid_line, headed_table, scroll_table, show_modal, svg};
use crate::dom::{self, find, find_as};
use page_core::days::Days;
use page_core::history::{Help, Summary};
use page_core::stats::{Part, chart};
use page_core::text::{Label, Language, Message};
use page_core::{Model, Panel};

/// The chart's drawing area, in its own units (the SVG scales to the width it gets).
const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 196.0;
/// Room for the score labels on the left, and margins.
const LEFT: f64 = 48.0;
const TOP: f64 = 10.0;
const RIGHT: f64 = 10.0;
/// Room for the first and last games' days under the marks.
const BOTTOM: f64 = 30.0;

pub struct StatsView {
    document: Document,
    dialog: HtmlDialogElement,
    body: Element,
    shown: RefCell<Option<Written>>,
}

/// What was last written: the games (their count and newest id), the accuracies known (their
/// count), the days and the language.
type Written = (usize, Option<u64>, usize, Days, Language);

impl StatsView {
    pub fn find(document: &Document) -> Result<StatsView, JsValue> {
        Ok(StatsView {
            document: document.clone(),
            dialog: find_as(document, dom::STATS)?,
            body: find(document, dom::STATS_BODY)?,
            shown: RefCell::default(),
        })
    }

    pub fn open(&self) -> Result<(), JsValue> {
        show_modal(&self.dialog)
    }

    pub fn close(&self) {
        self.dialog.close();
    }

    /// Writes the statistics while the view is open, again only when the games or the
    /// language changed.
    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        if model.panel() != Panel::Stats {
            return Ok(());
        }
        let games = model.kept_games();
        let lang = model.language();
        let now =
            (games.len(), games.last().map(|g| g.id), model.accuracies().len(), model.days().clone(), lang);
        if self.shown.borrow().as_ref() == Some(&now) {
            return Ok(());
        }
        self.body.set_text_content(None);
        if games.is_empty() {
            append(&self.body, &el(&self.document, "p", Some(lang.label(Label::NoGames)))?)?;
        } else {
            let stats = model.stats();
            append(&self.body, &self.table(&[&stats.all, &stats.alone, &stats.helped], lang)?)?;
            append(&self.body, &self.chart(games, lang)?)?;
            if let Some(accuracy) =
                super::accuracy_chart::figure(&self.document, games, model.accuracies(), lang)?
            {
                append(&self.body, &accuracy)?;
            }
            append(&self.body, &self.games_table(games, model.accuracies(), lang)?)?;
        }
        if !model.days().all().is_empty() {
            append(&self.body, &super::days::days_table(&self.document, model.days(), lang)?)?;
        }
        *self.shown.borrow_mut() = Some(now);
        Ok(())
    }

    /// The numbers of the three parts, one column each.
    fn table(&self, parts: &[&Part; 3], lang: Language) -> Result<Element, JsValue> {
        let d = &self.document;
        let columns = [Label::StatsAll, Label::StatsAlone, Label::StatsHelped].map(|label| lang.label(label));
        let (table, tbody) = headed_table(d, true, &columns)?;
        table.set_class_name("stats-table");
        type Cell = fn(&Part) -> u64;
        let rows: [(&str, Label, Cell); 3] = [
            ("played", Label::GamesPlayed, |p| p.played as u64),
            ("best-score", Label::BestScore, |p| u64::from(p.best_score)),
            ("best-tile", Label::BestTile, |p| u64::from(p.best_tile)),
        ];
        for (key, label, value) in rows {
            let cells = parts.map(|p| {
                let v = value(p);
                // A tile is named as on the board (8192); counts and scores are grouped.
                (v, if key == "best-tile" { v.to_string() } else { lang.number(v) })
            });
            append(&tbody, &self.row(key, lang.label(label), cells)?)?;
        }
        for (i, reached) in parts[0].reached.iter().enumerate() {
            let cells = parts.map(|p| {
                let r = p.reached[i];
                let said = lang.message(&Message::Share { games: r.games, percent: r.percent(p.played) });
                (r.games as u64, said)
            });
            let name = lang.message(&Message::Reached { tile: reached.tile });
            append(&tbody, &self.row(&format!("reached-{}", reached.tile), &name, cells)?)?;
        }
        Ok(table)
    }

    fn row(&self, key: &str, name: &str, cells: [(u64, String); 3]) -> Result<Element, JsValue> {
        let d = &self.document;
        let tr = el(d, "tr", None)?;
        tr.set_attribute("data-row", key)?;
        let th = el(d, "th", Some(name))?;
        th.set_attribute("scope", "row")?;
        tr.append_child(&th)?;
        for ((value, text), part) in cells.into_iter().zip(["all", "alone", "helped"]) {
            let td = el(d, "td", Some(&text))?;
            td.set_attribute("data-part", part)?;
            td.set_attribute("data-value", &value.to_string())?;
            tr.append_child(&td)?;
        }
        Ok(tr)
    }

    /// The chart of scores: an image with its title and description, its marks for the eyes.
    fn chart(&self, games: &[Summary], lang: Language) -> Result<Element, JsValue> {
        let d = &self.document;
        let figure = el(d, "figure", None)?;
        figure.set_class_name("stats-chart");
        let image = svg(d, "svg")?;
        image.set_id(dom::STATS_CHART);
        image.set_attribute("viewBox", &format!("0 0 {WIDTH} {HEIGHT}"))?;
        image.set_attribute("role", "img")?;
        image.set_attribute(
            "aria-labelledby",
            &format!("{} {}", dom::STATS_CHART_TITLE, dom::STATS_CHART_DESC),
        )?;
        let title = svg(d, "title")?;
        title.set_id(dom::STATS_CHART_TITLE);
        title.set_text_content(Some(lang.label(Label::ScoresChart)));
        image.append_child(&title)?;
        let best = games.iter().map(|g| g.score).max().unwrap_or(0);
        let desc = svg(d, "desc")?;
        desc.set_id(dom::STATS_CHART_DESC);
        desc.set_text_content(Some(&lang.message(&Message::ChartDescription { games: games.len(), best })));
        image.append_child(&desc)?;
        let area = chart(games, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        for (score, y) in &area.ticks {
            grid_line(d, &image, (LEFT, WIDTH - RIGHT), TOP + y, &lang.number(*score))?;
        }
        for point in &area.points {
            let (x, y) = (LEFT + point.x, TOP + point.y);
            let mark = if point.helped {
                let square = svg(d, "rect")?;
                for (name, value) in [("x", x - 3.5), ("y", y - 3.5), ("width", 7.0), ("height", 7.0)] {
                    square.set_attribute(name, &format!("{value:.1}"))?;
                }
                square
            } else {
                let circle = svg(d, "circle")?;
                for (name, value) in [("cx", x), ("cy", y), ("r", 4.0)] {
                    circle.set_attribute(name, &format!("{value:.1}"))?;
                }
                circle
            };
            mark.set_attribute("class", if point.helped { "mark helped" } else { "mark alone" })?;
            mark.set_attribute("data-score", &point.score.to_string())?;
            image.append_child(&mark)?;
        }
        // The days of the first and the last game, under the ends of the axis.
        if let (Some(first), Some(last)) = (games.first(), games.last()) {
            // One day (every game played on it) is said once, in the middle.
            let ends = if date(first.ended, lang) != date(last.ended, lang) {
                vec![(first.ended, LEFT, "start"), (last.ended, WIDTH - RIGHT, "end")]
            } else {
                vec![(last.ended, LEFT + (WIDTH - LEFT - RIGHT) / 2.0, "middle")]
            };
            for (ms, x, anchor) in &ends {
                let text = svg(d, "text")?;
                text.set_attribute("class", "day")?;
                text.set_attribute("x", &format!("{x:.1}"))?;
                text.set_attribute("y", &format!("{:.1}", HEIGHT - 6.0))?;
                text.set_attribute("text-anchor", anchor)?;
                text.set_text_content(Some(&date(*ms, lang)));
                append(&image, &text)?;
            }
        }
        figure.append_child(&image)?;
        let legend = el(d, "figcaption", None)?;
        legend.set_class_name("chart-legend");
        for (class, label) in [("alone", Label::LegendAlone), ("helped", Label::LegendHelped)] {
            let item = el(d, "span", Some(lang.label(label)))?;
            item.set_class_name(class);
            legend.append_child(&item)?;
        }
        figure.append_child(&legend)?;
        Ok(figure)
    }

    /// Every game, newest first: the chart's alternative, with each reviewed game's accuracy.
    fn games_table(
        &self,
        games: &[Summary],
        accuracies: &BTreeMap<u64, u8>,
        lang: Language,
    ) -> Result<Element, JsValue> {
        let d = &self.document;
        let details = el(d, "details", None)?;
        details.set_class_name("stats-games");
        append(&details, &el(d, "summary", Some(lang.label(Label::ScoresTable)))?)?;
        let columns = [
            Label::ColumnGame,
            Label::ColumnDate,
            Label::Score,
            Label::BestTile,
            Label::ColumnMoves,
            Label::StatsHelped,
            Label::ColumnAccuracy,
        ]
        .map(|label| lang.label(label));
        let (wrap, tbody) = scroll_table(d, lang.label(Label::ScoresTable), &columns)?;
        for (number, game) in games.iter().enumerate().rev() {
            let tr = el(d, "tr", None)?;
            let cells = [
                (number + 1).to_string(),
                date(game.ended, lang),
                lang.number(u64::from(game.score)),
                game.best_tile.to_string(),
                lang.number(u64::from(game.moves)),
                help_words(game.help, lang),
                // A game not reviewed whole has none: a dash, which a screen reader reads out.
                accuracies.get(&game.id).map_or_else(|| "–".to_owned(), |a| format!("{a}%")),
            ];
            for text in cells {
                append(&tr, &el(d, "td", Some(&text))?)?;
            }
            if let Some(accuracy) = accuracies.get(&game.id) {
                tr.set_attribute("data-accuracy", &accuracy.to_string())?;
            }
            tbody.append_child(&tr)?;
        }
        details.append_child(&wrap)?;
        Ok(details)
    }
}

/// The help a game had, in words ("Alone" for none).
pub fn help_words(help: Help, lang: Language) -> String {
    let used: Vec<&str> = [
        (help.hint, Label::Hint),
        (help.autoplay, Label::Autoplay),
        (help.coach, Label::Coach),
        (help.undo, Label::Undo),
        (help.entered, Label::EnteredBoard),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, label)| lang.label(label))
    .collect();
    if used.is_empty() { lang.label(Label::StatsAlone).to_owned() } else { used.join(", ") }
}

/// A day, in the page's language.
pub fn date(ms: u64, lang: Language) -> String {
    let date = js_sys::Date::new(&JsValue::from_f64(ms as f64));
    date.to_locale_date_string(lang.code(), &JsValue::UNDEFINED).into()
}
