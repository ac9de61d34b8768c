//! A review's chart (`#review-chart`, an SVG image named by its title and description) and its
//! table alternative (`#review-chart-table`, behind a disclosure): the chance of the next goal
//! tile before each judged move across the game, one line a goal, its tile written by it, the
//! turning points ringed once the review is complete, and a mark at the move the replay shows.
//! Where each thing goes is `page_core::review_chart`'s; this module only draws it.
//!
//! A review fills in a move at a time, so both grow as it goes: the lines' new points are
//! appended, the table's new rows added; they are drawn anew only for another game or language.
//! A pointer on the chart opens the judged move nearest to it ([`ChartView::move_at`]); each
//! table row's move button (`data-chart-move`, its index) opens its move.
//!
//! Hooks the end-to-end tests read: `#review-chart`'s `data-points` (the points drawn, one a
//! judged move with a chance); each line's `polyline` with `data-tile`, `data-first` and
//! `data-last` (the moves it joins, from 0); the turning points' rings, `data-turn-mark`.

use std::cell::RefCell;
use std::fmt::Write;

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::markup::{append, el, set_hidden, svg};
use crate::dom::{self, find};
use page_core::game_review::{GameReview, TurningPoint};
use page_core::replay::Replay;
use page_core::review_chart::{Anchor, Area, LABEL_HEIGHT, Line, goals};
use page_core::text::{Label, Language, Message};

/// The attribute on a table row's move button that holds the move's index in the game (from 0).
pub const CHART_MOVE: &str = "data-chart-move";

/// The image's size in its own units (it scales to the width it gets, keeping its shape, so
/// that it never changes height as it fills in), and the margins around the drawing area: room
/// for the percents on the left and the moves under it.
const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 150.0;
const LEFT: f64 = 36.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 22.0;
const AREA: Area = Area { width: WIDTH - LEFT - RIGHT, height: HEIGHT - TOP - BOTTOM };
/// The chances marked up the side.
const TICKS: [u8; 3] = [0, 50, 100];

pub struct ChartView {
    document: Document,
    image: Element,
    desc: Element,
    legend: Element,
    rows: Element,
    /// Everything drawn for a game and language: the axes, then the drawing area's lines,
    /// rings and labels (in that order, so that a label is never hidden), then the mark.
    marks: Element,
    lines: Element,
    rings: Element,
    labels: Element,
    now: Element,
    drawn: RefCell<Option<Drawn>>,
}

/// What the chart and table hold: for which game (its id and moves) and language, the lines
/// drawn, the rows written, the moves judged they show, whether the rings are drawn, and the
/// move marked.
struct Drawn {
    game: u64,
    moves: usize,
    lang: Language,
    lines: Vec<DrawnLine>,
    rows: usize,
    judged: usize,
    rings: bool,
    at: Option<usize>,
}

/// A line on the chart: its element, and its points as written.
struct DrawnLine {
    element: Element,
    points: usize,
    text: String,
}

impl ChartView {
    pub fn find(document: &Document) -> Result<ChartView, JsValue> {
        let image = find(document, dom::REVIEW_CHART)?;
        image.set_attribute("viewBox", &format!("0 0 {WIDTH} {HEIGHT}"))?;
        let marks = svg(document, "g")?;
        append(&image, &marks)?;
        Ok(ChartView {
            document: document.clone(),
            desc: find(document, dom::REVIEW_CHART_DESC)?,
            legend: find(document, dom::REVIEW_CHART_LEGEND)?,
            rows: find(document, dom::REVIEW_CHART_ROWS)?,
            image,
            marks,
            lines: svg(document, "g")?,
            rings: svg(document, "g")?,
            labels: svg(document, "g")?,
            now: svg(document, "line")?,
            drawn: RefCell::default(),
        })
    }

    /// Draws what is new in `review` of `replay`'s game, with its `turns` (once complete), and
    /// marks the move the replay shows.
    pub fn render(
        &self,
        review: &GameReview,
        replay: &Replay,
        turns: &[TurningPoint],
        lang: Language,
    ) -> Result<(), JsValue> {
        let mut drawn = self.drawn.borrow_mut();
        let fresh = match drawn.as_ref() {
            Some(d) => {
                d.game != review.game
                    || d.moves != review.moves
                    || d.lang != lang
                    || d.judged > review.judged()
            }
            None => true,
        };
        if fresh {
            *drawn = Some(self.start(review, lang)?);
        }
        let Some(drawn) = drawn.as_mut() else { return Ok(()) };
        if drawn.judged != review.judged() || fresh {
            self.grow(drawn, review, replay, lang)?;
            let said = Message::ReviewChartDescription {
                judged: review.judged(),
                goals: goals(review.verdicts()),
                turns: !turns.is_empty(),
            };
            self.desc.set_text_content(Some(&lang.message(&said)));
        }
        if !drawn.rings && !turns.is_empty() {
            self.rings(review.moves, turns)?;
            set_hidden(&self.legend, false)?;
            drawn.rings = true;
        }
        if drawn.at != Some(replay.at()) {
            self.mark_now(review.moves, replay.at())?;
            drawn.at = Some(replay.at());
        }
        Ok(())
    }

    /// The move nearest to a pointer at `client_x` (in the page's pixels) across the chart,
    /// among `review`'s judged moves.
    pub fn move_at(&self, client_x: f64, review: &GameReview) -> Option<usize> {
        let rect = self.image.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return None;
        }
        let x = (client_x - rect.left()) / rect.width() * WIDTH - LEFT;
        AREA.nearest(review.moves, review.judged(), x)
    }

    /// An empty chart and table for `review`'s game in `lang`: the axes, nothing drawn on them.
    fn start(&self, review: &GameReview, lang: Language) -> Result<Drawn, JsValue> {
        let d = &self.document;
        self.marks.set_text_content(None);
        for group in [&self.lines, &self.rings, &self.labels] {
            group.set_text_content(None);
        }
        self.rows.set_text_content(None);
        for percent in TICKS {
            let y = TOP + AREA.y(percent);
            let grid = svg(d, "line")?;
            grid.set_attribute("class", "grid")?;
            set_numbers(&grid, &[("x1", LEFT), ("x2", WIDTH - RIGHT), ("y1", y), ("y2", y)])?;
            append(&self.marks, &grid)?;
            self.text(&format!("{percent}%"), LEFT - 5.0, y + 4.0, "end", "tick")?;
        }
        let under = HEIGHT - 6.0;
        let moves = review.moves;
        if moves > 1 {
            self.text("1", LEFT, under, "start", "tick")?;
            self.text(&lang.number(moves as u64), WIDTH - RIGHT, under, "end", "tick")?;
            self.text(lang.label(Label::ColumnMove), LEFT + AREA.width / 2.0, under, "middle", "tick")?;
        } else if moves == 1 {
            self.text("1", LEFT + AREA.x(moves, 0), under, "middle", "tick")?;
        }
        let plot = svg(d, "g")?;
        plot.set_attribute("transform", &format!("translate({LEFT} {TOP})"))?;
        for group in [&self.lines, &self.rings, &self.labels] {
            append(&plot, group)?;
        }
        append(&self.marks, &plot)?;
        self.now.set_attribute("class", "now")?;
        append(&self.marks, &self.now)?;
        self.image.set_attribute("data-points", "0")?;
        set_hidden(&self.legend, true)?;
        Ok(Drawn {
            game: review.game,
            moves,
            lang,
            lines: Vec::new(),
            rows: 0,
            judged: 0,
            rings: false,
            at: None,
        })
    }

    /// Adds the points and rows judged since the last time.
    fn grow(
        &self,
        drawn: &mut Drawn,
        review: &GameReview,
        replay: &Replay,
        lang: Language,
    ) -> Result<(), JsValue> {
        let lines = AREA.lines(review.moves, review.verdicts());
        for (i, line) in lines.iter().enumerate() {
            if i == drawn.lines.len() {
                drawn.lines.push(self.new_line(line)?);
            }
            let shown = &mut drawn.lines[i];
            if shown.points == line.points.len() {
                continue;
            }
            for point in &line.points[shown.points..] {
                if !shown.text.is_empty() {
                    shown.text.push(' ');
                }
                let _ = write!(shown.text, "{:.1},{:.1}", point.x, point.y);
            }
            shown.points = line.points.len();
            // One point is drawn as a dot: a line to itself, its round ends showing.
            if shown.points == 1 {
                shown.element.set_attribute("points", &format!("{0} {0}", shown.text))?;
            } else {
                shown.element.set_attribute("points", &shown.text)?;
            }
            let last = line.points.last().map_or(0, |p| p.index);
            shown.element.set_attribute("data-last", &last.to_string())?;
        }
        let total: usize = lines.iter().map(|l| l.points.len()).sum();
        self.image.set_attribute("data-points", &total.to_string())?;
        for (index, verdict) in review.verdicts().iter().enumerate().skip(drawn.rows) {
            let Some(played) = replay.move_from(index) else { break };
            let row = el(&self.document, "tr", None)?;
            let head = el(&self.document, "th", None)?;
            head.set_attribute("scope", "row")?;
            let button = el(&self.document, "button", Some(&(index + 1).to_string()))?;
            button.set_attribute("type", "button")?;
            button.set_attribute(CHART_MOVE, &index.to_string())?;
            let said = Message::ReviewedMove { number: index + 1, played, quality: verdict.quality };
            button.set_attribute("aria-label", &lang.message(&said))?;
            append(&head, &button)?;
            append(&row, &head)?;
            let chance = verdict.chance.map_or_else(
                // None known: a dash, which a screen reader reads out.
                || "–".to_owned(),
                |c| lang.message(&Message::ChanceOf { tile: c.tile, percent: c.percent() }),
            );
            for text in [
                lang.message(&Message::Played(played)),
                chance,
                lang.message(&Message::Rating(verdict.quality)),
            ] {
                append(&row, &el(&self.document, "td", Some(&text))?)?;
            }
            append(&self.rows, &row)?;
            drawn.rows = index + 1;
        }
        drawn.judged = review.judged();
        Ok(())
    }

    /// A new line, with its tile by it if it is its goal's first.
    fn new_line(&self, line: &Line) -> Result<DrawnLine, JsValue> {
        let element = svg(&self.document, "polyline")?;
        element.set_attribute("class", "line")?;
        element.set_attribute("data-tile", &line.tile.to_string())?;
        let first = line.points.first().map_or(0, |p| p.index);
        element.set_attribute("data-first", &first.to_string())?;
        append(&self.lines, &element)?;
        if let Some(label) = line.labelled.then(|| AREA.label(line)).flatten() {
            let anchor = match label.anchor {
                Anchor::Start => "start",
                Anchor::End => "end",
            };
            let text = svg(&self.document, "text")?;
            text.set_attribute("class", "goal")?;
            text.set_attribute("text-anchor", anchor)?;
            text.set_attribute("font-size", &LABEL_HEIGHT.to_string())?;
            set_numbers(&text, &[("x", label.x), ("y", label.y)])?;
            text.set_text_content(Some(&line.tile.to_string()));
            append(&self.labels, &text)?;
        }
        Ok(DrawnLine { element, points: 0, text: String::new() })
    }

    /// A ring at each turning point: the move after which the chance fell, at its chance.
    fn rings(&self, moves: usize, turns: &[TurningPoint]) -> Result<(), JsValue> {
        for turn in turns {
            let (x, y) = (AREA.x(moves, turn.index), AREA.y(turn.before.percent()));
            let ring = svg(&self.document, "circle")?;
            ring.set_attribute("class", "turn")?;
            ring.set_attribute("data-turn-mark", &turn.index.to_string())?;
            set_numbers(&ring, &[("cx", x), ("cy", y), ("r", 4.5)])?;
            append(&self.rings, &ring)?;
        }
        Ok(())
    }

    /// The mark at the move the replay shows (`at`, from 0), none at the game's end (SVG has
    /// no `hidden`: its `visibility` hides it).
    fn mark_now(&self, moves: usize, at: usize) -> Result<(), JsValue> {
        if at >= moves {
            return self.now.set_attribute("visibility", "hidden");
        }
        let x = LEFT + AREA.x(moves, at);
        set_numbers(&self.now, &[("x1", x), ("x2", x), ("y1", TOP), ("y2", TOP + AREA.height)])?;
        self.now.set_attribute("visibility", "visible")
    }

    /// A small text of the axes.
    fn text(&self, said: &str, x: f64, y: f64, anchor: &str, class: &str) -> Result<(), JsValue> {
        let text = svg(&self.document, "text")?;
        text.set_attribute("class", class)?;
        text.set_attribute("text-anchor", anchor)?;
        set_numbers(&text, &[("x", x), ("y", y)])?;
        text.set_text_content(Some(said));
        append(&self.marks, &text)
    }
}

/// Sets each of `values`, to a tenth of a unit.
fn set_numbers(element: &Element, values: &[(&str, f64)]) -> Result<(), JsValue> {
    for (name, value) in values {
        element.set_attribute(name, &format!("{value:.1}"))?;
    }
    Ok(())
}
