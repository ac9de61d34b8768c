//! An entered board's part of the page: the bar under it (what it is, Play from here, Back to
//! my game), why a board could not be analysed (`role="alert"`, in the editor while it is
//! open), and the board editor: a tile to pick for each cell, and the 16 values as text, each
//! kept in step with the other.

use std::cell::RefCell;

use game_core::{MAX_TILE, board_list};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    Document, Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement,
};

use super::markup::{set_flag, set_hidden, show_modal};
use crate::dom::{self, find, find_as};
use page_core::text::{Language, Message};
use page_core::{Model, Review};

/// What the bar last showed: analysing, the editor open, the error, the mistake reviewed.
type Shown = (bool, bool, Option<String>, Option<(Review, Language)>);

pub struct EnteredView {
    bar: Element,
    review: Element,
    review_text: Element,
    previous: Element,
    next: Element,
    message: Element,
    editor: HtmlDialogElement,
    editor_message: Element,
    cells: Vec<HtmlSelectElement>,
    text: HtmlTextAreaElement,
    score: HtmlInputElement,
    shown: RefCell<Option<Shown>>,
}

impl EnteredView {
    pub fn find(document: &Document) -> Result<EnteredView, JsValue> {
        Ok(EnteredView {
            bar: find(document, dom::ENTERED)?,
            review: find(document, dom::MISTAKE_REVIEW)?,
            review_text: find(document, dom::REVIEW_TEXT)?,
            previous: find(document, dom::PREVIOUS_MISTAKE)?,
            next: find(document, dom::NEXT_MISTAKE)?,
            message: find(document, dom::BOARD_MESSAGE)?,
            editor: find_as(document, dom::EDITOR)?,
            editor_message: find(document, dom::EDITOR_MESSAGE)?,
            cells: build_cells(document, &find(document, dom::EDITOR_CELLS)?)?,
            text: find_as(document, dom::EDITOR_TEXT)?,
            score: find_as(document, dom::EDITOR_SCORE)?,
            shown: RefCell::default(),
        })
    }

    pub fn render(&self, model: &Model, lang: Language) -> Result<(), JsValue> {
        let error = model.entry_error().map(|e| lang.message(&Message::BadBoard(e.clone())));
        let now = (model.analysing(), model.editor_open(), error, model.review().map(|r| (r, lang)));
        if self.shown.borrow().as_ref() == Some(&now) {
            return Ok(());
        }
        let (analysing, editing, error, review) = &now;
        set_hidden(&self.bar, !analysing)?;
        set_hidden(&self.review, review.is_none())?;
        if let Some((review, _)) = review {
            self.review_text.set_text_content(Some(&lang.message(&Message::Reviewing(*review))));
            set_flag(&self.previous, "disabled", review.index == 0)?;
            set_flag(&self.next, "disabled", review.index + 1 >= review.count)?;
        }
        for (element, here) in [(&self.message, !editing), (&self.editor_message, *editing)] {
            match error.as_deref().filter(|_| here) {
                Some(text) => {
                    element.set_text_content(Some(text));
                    set_hidden(element, false)?;
                }
                None => set_hidden(element, true)?,
            }
        }
        *self.shown.borrow_mut() = Some(now);
        Ok(())
    }

    /// Opens the editor on `list` (16 values), Cancel not yet focused: the first cell is.
    pub fn open_editor(&self, list: &str) -> Result<(), JsValue> {
        self.text.set_value(list);
        self.score.set_value("");
        self.cells_from_text();
        show_modal(&self.editor)?;
        if let Some(first) = self.cells.first() {
            first.focus()?;
        }
        Ok(())
    }

    pub fn close_editor(&self) {
        self.editor.close();
    }

    /// The editor's 16 values and score, as typed.
    pub fn values(&self) -> (String, String) {
        (self.text.value(), self.score.value())
    }

    /// A cell's tile was picked: the text follows.
    pub fn text_from_cells(&self) {
        let values: Vec<String> = self.cells.iter().map(HtmlSelectElement::value).collect();
        self.text.set_value(&values.join(","));
    }

    /// The text was typed: the cells follow, once it reads as a board.
    pub fn cells_from_text(&self) {
        let Ok(board) = board_list::parse(&self.text.value()) else { return };
        for (cell, value) in self.cells.iter().zip(board.rows().into_iter().flatten()) {
            cell.set_value(&value.to_string());
        }
    }

    /// Whether the editor's dialog is open (Escape closes it by itself).
    pub fn editor_is_open(&self) -> bool {
        self.editor.open()
    }
}

/// The 16 tile pickers, row by row, each offering empty and 2 … 131072.
fn build_cells(document: &Document, grid: &Element) -> Result<Vec<HtmlSelectElement>, JsValue> {
    grid.set_text_content(None);
    let mut cells = Vec::with_capacity(16);
    for i in 0..16 {
        let select: HtmlSelectElement = document.create_element("select")?.unchecked_into();
        // Named by position, in the page's words for a cell of the grid.
        select.set_attribute("data-cell", &i.to_string())?;
        let mut value = 0;
        while value <= MAX_TILE {
            let option = document.create_element("option")?;
            option.set_attribute("value", &value.to_string())?;
            // The empty choice is named in the page's language (see `label_cells`).
            if value != 0 {
                option.set_text_content(Some(&value.to_string()));
            }
            select.append_child(&option)?;
            value = if value == 0 { 2 } else { value * 2 };
        }
        grid.append_child(&select)?;
        cells.push(select);
    }
    Ok(cells)
}

/// Names each picker by its row and column in `lang` (the grid's own words), and its empty
/// choice by the grid's word for an empty cell, again at each change of language.
pub fn label_cells(view: &EnteredView, lang: Language) -> Result<(), JsValue> {
    for (i, cell) in view.cells.iter().enumerate() {
        let said = lang.message(&Message::Cell { row: i / 4 + 1, col: i % 4 + 1, value: None });
        // "row 1, column 2: empty": the place names the picker, the rest its empty choice.
        let (place, empty) = said.rsplit_once([':', '：']).unwrap_or((&said, ""));
        cell.set_attribute("aria-label", place)?;
        if let Some(option) = cell.first_element_child() {
            option.set_text_content(Some(empty.trim()));
        }
    }
    Ok(())
}
