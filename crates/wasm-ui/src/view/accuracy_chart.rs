//! The statistics' chart of accuracy (`#stats-accuracy`): each game reviewed whole, oldest
//! first, its accuracy a mark on a line from 0 to 100 %, an image named and described in words
//! (the games table below, with its Accuracy column, says the same game by game). The places
//! come from `page_core::stats::accuracy_chart`; this module only draws them.
//!
//! Hook the end-to-end tests read: one `[data-accuracy]` mark a reviewed game, in the order
//! played, its value the accuracy.

use std::collections::BTreeMap;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::markup::{append, el, grid_line, svg};
use crate::dom;
use page_core::history::Summary;
use page_core::stats::accuracy_chart;
use page_core::text::{Label, Language, Message};

const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 120.0;
const LEFT: f64 = 48.0;
const TOP: f64 = 10.0;
const RIGHT: f64 = 10.0;
const BOTTOM: f64 = 10.0;

/// The chart of the reviewed games among `games`, if any was reviewed whole.
pub fn figure(
    d: &Document,
    games: &[Summary],
    accuracies: &BTreeMap<u64, u8>,
    lang: Language,
) -> Result<Option<Element>, JsValue> {
    let points = accuracy_chart(games, accuracies, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let (Some(first), Some(last)) = (points.first(), points.last()) else { return Ok(None) };
    let figure = el(d, "figure", None)?;
    figure.set_class_name("stats-chart accuracy-chart");
    let image = svg(d, "svg")?;
    image.set_id(dom::STATS_ACCURACY);
    image.set_attribute("viewBox", &format!("0 0 {WIDTH} {HEIGHT}"))?;
    image.set_attribute("role", "img")?;
    image.set_attribute("aria-labelledby", &format!("{}-title", dom::STATS_ACCURACY))?;
    image.set_attribute("aria-describedby", &format!("{}-desc", dom::STATS_ACCURACY))?;
    let title = svg(d, "title")?;
    title.set_id(&format!("{}-title", dom::STATS_ACCURACY));
    title.set_text_content(Some(lang.label(Label::AccuracyChart)));
    append(&image, &title)?;
    let mean = points.iter().map(|p| u32::from(p.accuracy)).sum::<u32>() as f64 / points.len() as f64;
    let said = Message::AccuracyChartDescription {
        games: points.len(),
        first: first.accuracy,
        last: last.accuracy,
        mean: mean.round() as u8,
    };
    let desc = svg(d, "desc")?;
    desc.set_id(&format!("{}-desc", dom::STATS_ACCURACY));
    desc.set_text_content(Some(&lang.message(&said)));
    append(&image, &desc)?;
    let height = HEIGHT - TOP - BOTTOM;
    for percent in [0u64, 50, 100] {
        let y = TOP + height - height * percent as f64 / 100.0;
        grid_line(d, &image, (LEFT, WIDTH - RIGHT), y, &format!("{percent}%"))?;
    }
    if points.len() > 1 {
        let path = svg(d, "polyline")?;
        path.set_attribute("class", "trend")?;
        let list: Vec<String> =
            points.iter().map(|p| format!("{:.1},{:.1}", LEFT + p.x, TOP + p.y)).collect();
        path.set_attribute("points", &list.join(" "))?;
        append(&image, &path)?;
    }
    for point in &points {
        let circle = svg(d, "circle")?;
        for (name, value) in [("cx", LEFT + point.x), ("cy", TOP + point.y), ("r", 4.0)] {
            circle.set_attribute(name, &format!("{value:.1}"))?;
        }
        circle.set_attribute("class", "mark alone")?;
        circle.set_attribute("data-accuracy", &point.accuracy.to_string())?;
        append(&image, &circle)?;
    }
    append(&figure, &image)?;
    Ok(Some(figure))
}
