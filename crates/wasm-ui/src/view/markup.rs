//! Small pieces of the page's markup that the view builds or sets: the accessible grid, the
//! strength radios, status names, tinted cells, arrows, focus, opening a dialog, flags, and the
//! error banner.

use game_core::{Direction, Status};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, FocusOptions, HtmlDialogElement, HtmlElement, HtmlInputElement};

use crate::dom::{self, find};
use crate::protocol::Strength;

/// The strength selector's radios, one per strength in [`Strength::ALL`] order; an error when
/// the markup says otherwise.
pub(super) fn strength_radios(document: &Document) -> Result<Vec<HtmlInputElement>, JsValue> {
    find(document, dom::STRENGTH)?;
    let nodes = document.query_selector_all("#strength input[type='radio'][name='strength']")?;
    let radios: Vec<HtmlInputElement> =
        (0..nodes.length()).filter_map(|i| nodes.item(i)?.dyn_into::<HtmlInputElement>().ok()).collect();
    let codes: Vec<String> = radios.iter().map(HtmlInputElement::value).collect();
    if codes != Strength::ALL.map(|s| s.code().to_owned()) {
        return Err(JsValue::from_str(&format!("#strength offers {codes:?}, not every strength in order")));
    }
    Ok(radios)
}

/// Fills `grid` with 4 rows of 4 grid cells and returns the cells in reading order.
pub fn build_grid(document: &Document, grid: &Element) -> Result<Vec<Element>, JsValue> {
    grid.set_text_content(None);
    let mut cells = Vec::with_capacity(16);
    for _ in 0..4 {
        let row = document.create_element("div")?;
        row.set_attribute("role", "row")?;
        for _ in 0..4 {
            let cell = document.create_element("div")?;
            cell.set_attribute("role", "gridcell")?;
            row.append_child(&cell)?;
            cells.push(cell);
        }
        grid.append_child(&row)?;
    }
    Ok(cells)
}

/// The classes of a table cell that shows a tile of `value` in the tile's colours.
pub fn tint(value: u32) -> String {
    format!("tinted {}", crate::tiles::value_class(value))
}

/// The name of a status as written in `data-status`.
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Playing => "playing",
        Status::Won => "won",
        Status::Over => "over",
    }
}

pub(super) fn arrow_glyph(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "\u{2191}",
        Direction::Down => "\u{2193}",
        Direction::Left => "\u{2190}",
        Direction::Right => "\u{2192}",
    }
}

/// Moves the keyboard focus to `element` without scrolling the page to it.
pub fn focus(element: &HtmlElement) -> Result<(), JsValue> {
    let options = FocusOptions::new();
    options.set_prevent_scroll(true);
    element.focus_with_options(&options)
}

/// Opens `dialog` as a modal, unless it is open already (opening an open one throws).
pub(super) fn show_modal(dialog: &HtmlDialogElement) -> Result<(), JsValue> {
    if !dialog.open() {
        dialog.show_modal()?;
    }
    Ok(())
}

pub(super) fn set_flag(element: &Element, name: &str, on: bool) -> Result<(), JsValue> {
    if on { element.set_attribute(name, "") } else { element.remove_attribute(name) }
}

pub(super) fn set_hidden(element: &Element, hidden: bool) -> Result<(), JsValue> {
    set_flag(element, "hidden", hidden)
}

/// Shows `text` in the page's error banner (`#error`), creating the banner atop the page when
/// the markup lacks it, so that a failure is never a blank or frozen screen. Never panics: it
/// runs inside the panic hook.
pub fn show_error(text: &str) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    let banner = document.get_element_by_id(dom::ERROR).or_else(|| {
        let banner = document.create_element("p").ok()?;
        banner.set_id(dom::ERROR);
        banner.set_class_name("error");
        let _ = banner.set_attribute("role", "alert");
        document.body()?.prepend_with_node_1(&banner).ok()?;
        Some(banner)
    });
    if let Some(banner) = banner {
        banner.set_text_content(Some(text));
        let _ = banner.remove_attribute("hidden");
    }
}

/// A new `tag` element with `text`, if any.
pub(super) fn el(document: &Document, tag: &str, text: Option<&str>) -> Result<Element, JsValue> {
    let element = document.create_element(tag)?;
    if text.is_some() {
        element.set_text_content(text);
    }
    Ok(element)
}

/// A new SVG `tag` element.
pub(super) fn svg(document: &Document, tag: &str) -> Result<Element, JsValue> {
    document.create_element_ns(Some("http://www.w3.org/2000/svg"), tag)
}

/// Appends `child` to `parent`.
pub(super) fn append(parent: &Element, child: &Element) -> Result<(), JsValue> {
    parent.append_child(child).map(drop)
}

/// A table in a region named `name` that may scroll sideways on a phone (focusable, so that
/// keyboard users reach it, and named, so that it says what it is), with a head row of
/// `columns`: the region, and the table's body to fill.
pub(super) fn scroll_table(
    d: &Document,
    name: &str,
    columns: &[&str],
) -> Result<(Element, Element), JsValue> {
    let wrap = el(d, "div", None)?;
    wrap.set_class_name("table-wrap");
    wrap.set_attribute("tabindex", "0")?;
    wrap.set_attribute("role", "region")?;
    wrap.set_attribute("aria-label", name)?;
    let (table, tbody) = headed_table(d, false, columns)?;
    wrap.append_child(&table)?;
    Ok((wrap, tbody))
}

/// A table whose head row names `columns` (after an empty `corner` cell, above rows that name
/// themselves): the table, and its body to fill.
pub(super) fn headed_table(
    d: &Document,
    corner: bool,
    columns: &[&str],
) -> Result<(Element, Element), JsValue> {
    let table = el(d, "table", None)?;
    let head = el(d, "tr", None)?;
    if corner {
        append(&head, &el(d, "td", None)?)?;
    }
    for column in columns {
        let th = el(d, "th", Some(column))?;
        th.set_attribute("scope", "col")?;
        head.append_child(&th)?;
    }
    let thead = el(d, "thead", None)?;
    thead.append_child(&head)?;
    table.append_child(&thead)?;
    let tbody = el(d, "tbody", None)?;
    table.append_child(&tbody)?;
    Ok((table, tbody))
}

/// Fills `table` with a 4 × 4 board's cells (a board shown as numbers, as the replay and the
/// practice show one): its 16 cells, in reading order.
pub(super) fn board_cells(document: &Document, table: &Element) -> Result<Vec<Element>, JsValue> {
    let mut cells = Vec::with_capacity(16);
    table.set_text_content(None);
    for _ in 0..4 {
        let tr = el(document, "tr", None)?;
        for _ in 0..4 {
            let td = el(document, "td", None)?;
            append(&tr, &td)?;
            cells.push(td);
        }
        append(table, &tr)?;
    }
    Ok(cells)
}

/// Shows `rows` in `cells` (from [`board_cells`]): each tile's number, `data-value` and tint;
/// only the cells that change are written.
pub(super) fn show_board_cells(cells: &[Element], rows: [[u32; 4]; 4]) -> Result<(), JsValue> {
    for (cell, value) in cells.iter().zip(rows.into_iter().flatten()) {
        let text = if value == 0 { String::new() } else { value.to_string() };
        if cell.text_content().unwrap_or_default() != text {
            cell.set_text_content(Some(&text));
            if value == 0 {
                cell.remove_attribute("data-value")?;
                cell.set_class_name("");
            } else {
                cell.set_attribute("data-value", &text)?;
                cell.set_class_name(&tint(value));
            }
        }
    }
    Ok(())
}

/// A chart's level `y`: a grid line (class `grid`) from `left` to `right`, and its `label`
/// (class `tick`) before it, in `image`.
pub(super) fn grid_line(
    d: &Document,
    image: &Element,
    (left, right): (f64, f64),
    y: f64,
    label: &str,
) -> Result<(), JsValue> {
    let line = svg(d, "line")?;
    line.set_attribute("class", "grid")?;
    for (name, value) in [("x1", left), ("x2", right), ("y1", y), ("y2", y)] {
        line.set_attribute(name, &format!("{value:.1}"))?;
    }
    append(image, &line)?;
    let text = svg(d, "text")?;
    text.set_attribute("class", "tick")?;
    text.set_attribute("text-anchor", "end")?;
    text.set_attribute("x", &format!("{:.1}", left - 6.0))?;
    text.set_attribute("y", &format!("{:.1}", y + 4.0))?;
    text.set_text_content(Some(label));
    append(image, &text)
}
