//! The page around the tiles: scores, the win and game-over banner, the buttons' states, the
//! hint arrow, the accessible grid, notices, the New game confirmation, the language selector,
//! the solver strength selector and the links to the site.
//!
//! The fixed markup lives in `index.html`; this module finds it by id and fills it in. Hooks
//! that the end-to-end tests read, and so must be kept:
//! - `#board` (see [`crate::tiles`]) with `data-moves`, the count of moves that counted since
//!   the page loaded (the first board's among them), and `data-ready` once the page's first
//!   board is on screen (with `data-playable`, which the first board may have set before);
//! - `#score` and `#best` hold the numbers alone (the "+N" rises in a sibling);
//! - `#message` has `data-status` `playing`, `won` or `over`, and is hidden while playing;
//! - one `[data-hint]` element (`up`, `down`, `left`, `right`) only while a hint is shown;
//! - `#notice` (role status) for notices; `#grid`, the labelled grid of 16 cells;
//! - `#update`, shown while a new version of the page is ready, with its button `#update-apply`;
//! - `#language`, a `<select>` whose values are the languages' codes;
//! - `#strength`, a radio group of `input[name=strength]` whose values are the strengths' codes
//!   (`spec`, `strong`, `max`), one checked; `#strength-status` under it (role status), shown
//!   while Strong or Max is chosen and the standard solver answers for it (its download loading
//!   or failed); `#getting-ready` by the board while it loads, with `data-percent`;
//! - links with `data-page` (`rules`, `strategy`, `solver`, `results`) to the site's pages.
//!
//! The page is rendered after every move, up to one a frame during Autoplay, so each part
//! remembers what it last wrote and writes only what changed: a DOM write that changes nothing
//! still costs the browser style work, and a phone has little time to spare in a frame. The
//! memory is of this view's own writes; nothing else writes these elements.

use std::cell::Cell;

use game_core::{Direction, MoveReport, Status};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element, HtmlDialogElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

mod accuracy_chart;
mod analysis;
mod coach;
mod daily;
mod days;
mod drill;
mod entered;
mod getting_ready;
mod labels;
mod markup;
mod panels;
mod replay;
mod review;
mod review_chart;
mod settings;
mod stats;

pub use coach::MISTAKE_INDEX;
pub use drill::ANSWER;
pub use review::{MOVE_INDEX, TURN_INDEX};
pub use review_chart::CHART_MOVE;

pub use labels::apply_labels;
use markup::{arrow_glyph, set_flag, set_hidden, show_modal, strength_radios};
pub use markup::{build_grid, focus, show_error, status_name};

use crate::dom::{self, find, find_as};
use crate::tiles::Tiles;
use crate::timer;
use page_core::Model;
use page_core::text::{Label, Language, Message};

/// How long the "+N" stays before it is removed (its CSS animation is shorter).
const SCORE_GAIN_MS: u32 = 700;
/// How long a toast (the win during Autoplay) stays on the board.
const TOAST_MS: u32 = 1800;

/// The elements of the page that change during a game.
pub struct View {
    document: Document,
    tiles: Tiles,
    board: Element,
    grid_cells: Vec<Element>,
    score: Element,
    best: Element,
    score_gains: Element,
    message: Element,
    message_text: Element,
    keep_going: HtmlElement,
    banner_new_game: HtmlElement,
    try_again: HtmlElement,
    review_game: HtmlElement,
    new_game: Element,
    hint: Element,
    autoplay: Element,
    speed: HtmlInputElement,
    board_wrap: Element,
    notice: Element,
    strength_status: Element,
    update: Element,
    toast: Element,
    confirm: HtmlDialogElement,
    confirm_cancel: HtmlElement,
    language: HtmlSelectElement,
    /// The strength radios, in [`Strength::ALL`] order.
    strength: Vec<HtmlInputElement>,
    toasts: u32,
    coach: coach::CoachView,
    getting_ready: getting_ready::GettingReadyView,
    analysis: analysis::AnalysisView,
    entered: entered::EnteredView,
    daily: daily::DailyViewEl,
    /// The statistics and the replay.
    pub panels: panels::Panels,
    /// What the view last wrote, by part; `None` until first written.
    shown: Shown,
}

/// What [`View`] last wrote to each part of the page it renders after every move.
#[derive(Default)]
struct Shown {
    score: Cell<Option<u32>>,
    best: Cell<Option<u32>>,
    moves: Cell<Option<u32>>,
    grid: Cell<Option<([[u32; 4]; 4], Language)>>,
    status: Cell<Option<(Status, Language)>>,
    controls: Cell<Option<(Status, bool)>>,
    hint: Cell<Option<Option<Direction>>>,
    notice: std::cell::RefCell<Option<Vec<String>>>,
    strength_status: std::cell::RefCell<Option<Option<String>>>,
    update: Cell<Option<bool>>,
}

/// Records `value` in `memory`; returns whether it differs from what was there (so must be
/// written).
fn changed<T: Copy + PartialEq>(memory: &Cell<Option<T>>, value: T) -> bool {
    memory.replace(Some(value)) != Some(value)
}

impl View {
    /// Finds the page's elements and builds the board's cells and the accessible grid; an error
    /// names the first element missing from the markup.
    pub fn find(document: &Document) -> Result<View, JsValue> {
        let board = find(document, dom::BOARD)?;
        let grid = find(document, dom::GRID)?;
        Ok(View {
            document: document.clone(),
            tiles: Tiles::new(document, board.clone())?,
            board,
            grid_cells: build_grid(document, &grid)?,
            score: find(document, dom::SCORE)?,
            best: find(document, dom::BEST)?,
            score_gains: find(document, dom::SCORE_GAINS)?,
            message: find(document, dom::MESSAGE)?,
            message_text: find(document, dom::MESSAGE_TEXT)?,
            keep_going: find_as(document, dom::KEEP_GOING)?,
            banner_new_game: find_as(document, dom::BANNER_NEW_GAME)?,
            try_again: find_as(document, dom::TRY_AGAIN)?,
            review_game: find_as(document, dom::REVIEW_GAME)?,
            new_game: find(document, dom::NEW_GAME)?,
            hint: find(document, dom::HINT)?,
            autoplay: find(document, dom::AUTOPLAY)?,
            speed: find_as(document, dom::SPEED)?,
            board_wrap: find(document, dom::BOARD_WRAP)?,
            notice: find(document, dom::NOTICE)?,
            strength_status: find(document, dom::STRENGTH_STATUS)?,
            update: find(document, dom::UPDATE)?,
            toast: find(document, dom::TOAST)?,
            confirm: find_as(document, dom::CONFIRM)?,
            confirm_cancel: find_as(document, dom::CONFIRM_NO)?,
            language: find_as(document, dom::LANGUAGE)?,
            strength: strength_radios(document)?,
            toasts: 0,
            coach: coach::CoachView::find(document)?,
            getting_ready: getting_ready::GettingReadyView::find(document)?,
            analysis: analysis::AnalysisView::find(document)?,
            entered: entered::EnteredView::find(document)?,
            daily: daily::DailyViewEl::find(document)?,
            panels: panels::Panels::find(document)?,
            shown: Shown::default(),
        })
    }

    /// Writes every fixed word of the page in `language`, points the site's links at its pages
    /// and shows it in the language selector.
    pub fn apply_labels(&self, language: Language) -> Result<(), JsValue> {
        apply_labels(&self.document, language)?;
        entered::label_cells(&self.entered, language)
    }

    /// Shows everything but the tiles (which move with each report) as `model` stands.
    pub fn render(&self, model: &Model) -> Result<(), JsValue> {
        let status = model.status();
        let language = model.language();
        self.show_scores(model.game().score(), model.best());
        self.show_grid(model.game().board().rows(), language)?;
        self.set_moves(model.moves())?;
        self.set_controls(status, model.autoplay_on())?;
        self.show_hint(model.hint())?;
        let lines: Vec<String> = model.notices().iter().map(|m| language.message(m)).collect();
        self.show_notice(&lines)?;
        self.show_strength_status(model.strength_status().map(|m| language.message(&m)))?;
        if changed(&self.shown.update, model.update_ready()) {
            set_hidden(&self.update, !model.update_ready())?;
        }
        self.getting_ready.render(model)?;
        self.coach.render(model)?;
        self.analysis.render(model)?;
        self.entered.render(model, language)?;
        self.daily.render(model)?;
        self.panels.render(model)?;
        // After a game over kept on this visit, its review is one press away.
        set_hidden(&self.review_game, !model.can_review_ended())?;
        if let Some(button) = self.show_status(status, language)? {
            // The banner waits for a choice: put the keyboard on it.
            focus(&button)?;
        }
        Ok(())
    }

    /// The board editor, opened on `list` (16 values).
    pub fn open_editor(&self, list: &str) -> Result<(), JsValue> {
        self.entered.open_editor(list)
    }

    pub fn close_editor(&self) {
        self.entered.close_editor();
    }

    /// The editor's values and score as typed.
    pub fn editor_values(&self) -> (String, String) {
        self.entered.values()
    }

    /// Keeps the editor's text and its tile pickers in step: `from_cells` after a pick.
    pub fn sync_editor(&self, from_cells: bool) {
        if from_cells { self.entered.text_from_cells() } else { self.entered.cells_from_text() }
    }

    pub fn editor_is_open(&self) -> bool {
        self.entered.editor_is_open()
    }

    /// Puts the tiles of `rows` on the board afresh; `appear` animates them in.
    pub fn show_board(&mut self, rows: [[u32; 4]; 4], appear: bool) -> Result<(), JsValue> {
        self.tiles.show(rows, appear)
    }

    /// Moves the tiles as `report` says (sliding them if `motion`), and the "+N" of its
    /// points; where the tiles cannot follow the report, they are put on `rows` afresh.
    pub fn animate(&mut self, report: &MoveReport, rows: [[u32; 4]; 4], motion: bool) -> Result<(), JsValue> {
        if let Err(error) = self.tiles.play(report, motion) {
            web_sys::console::error_1(&error);
            self.tiles.show(rows, false)?;
        }
        if report.score_gained > 0 && motion {
            self.show_score_gain(report.score_gained)?;
        }
        Ok(())
    }

    pub fn set_ready(&self) -> Result<(), JsValue> {
        self.board.set_attribute(dom::PLAYABLE_ATTRIBUTE, "")?;
        self.board.set_attribute("data-ready", "true")
    }

    pub fn set_moves(&self, moves: u32) -> Result<(), JsValue> {
        if changed(&self.shown.moves, moves) {
            self.board.set_attribute(dom::MOVES_ATTRIBUTE, &moves.to_string())?;
        }
        Ok(())
    }

    pub fn show_scores(&self, score: u32, best: u32) {
        if changed(&self.shown.score, score) {
            self.score.set_text_content(Some(&score.to_string()));
        }
        if changed(&self.shown.best, best) {
            self.best.set_text_content(Some(&best.to_string()));
        }
    }

    /// The "+N" that rises from the score, beside `#score` so that its text stays the number.
    pub fn show_score_gain(&self, gained: u32) -> Result<(), JsValue> {
        // Only the latest gain rises: at Autoplay's pace, older ones would pile up unreadably.
        self.score_gains.set_text_content(None);
        let gain = self.document.create_element("span")?;
        gain.set_class_name("score-gain");
        gain.set_text_content(Some(&format!("+{gained}")));
        self.score_gains.append_child(&gain)?;
        timer::after(SCORE_GAIN_MS, move || gain.remove());
        Ok(())
    }

    /// The accessible grid's 16 cells, in reading order: only the cells whose value changed
    /// (all of them in a new language).
    pub fn show_grid(&self, rows: [[u32; 4]; 4], lang: Language) -> Result<(), JsValue> {
        let before = self.shown.grid.replace(Some((rows, lang)));
        for (i, cell) in self.grid_cells.iter().enumerate() {
            let (row, col) = (i / 4, i % 4);
            if before.is_some_and(|(old, old_lang)| old_lang == lang && old[row][col] == rows[row][col]) {
                continue;
            }
            let value = Some(rows[row][col]).filter(|&v| v != 0);
            cell.set_attribute(
                "aria-label",
                &lang.message(&Message::Cell { row: row + 1, col: col + 1, value }),
            )?;
        }
        Ok(())
    }

    /// The banner for `status`; returns the button to focus when the banner has just appeared.
    pub fn show_status(&self, status: Status, lang: Language) -> Result<Option<HtmlElement>, JsValue> {
        if !changed(&self.shown.status, (status, lang)) {
            return Ok(None);
        }
        let was_hidden = self.message.has_attribute("hidden");
        let text = match status {
            Status::Playing => None,
            Status::Won => Some(lang.label(Label::Won)),
            Status::Over => Some(lang.label(Label::Over)),
        };
        self.message.set_attribute("data-status", status_name(status))?;
        self.message_text.set_text_content(text);
        set_hidden(&self.message, text.is_none())?;
        // A win waits for the player's choice: keep going, or a new game. After a loss the
        // only way on is a new game, offered as "Try again".
        set_hidden(&self.keep_going, status != Status::Won)?;
        set_hidden(&self.banner_new_game, status != Status::Won)?;
        set_hidden(&self.try_again, status != Status::Over)?;
        // While the win banner offers its own "New game", the header's steps aside so that the
        // page never has two buttons of that name.
        self.new_game.class_list().toggle_with_force("stand-aside", status == Status::Won)?;
        // Inert, and out of the accessibility tree, where it stays in place (no hole in the row).
        set_flag(&self.new_game, "inert", status == Status::Won)?;
        match status {
            Status::Won => self.new_game.set_attribute("aria-hidden", "true")?,
            _ => self.new_game.remove_attribute("aria-hidden")?,
        }
        Ok(match status {
            Status::Won if was_hidden => Some(self.keep_going.clone()),
            Status::Over if was_hidden => Some(self.try_again.clone()),
            _ => None,
        })
    }

    /// Enables Hint and Autoplay only while the game is played, and shows Autoplay's state.
    pub fn set_controls(&self, status: Status, autoplay_on: bool) -> Result<(), JsValue> {
        if !changed(&self.shown.controls, (status, autoplay_on)) {
            return Ok(());
        }
        let playing = status == Status::Playing;
        set_flag(&self.hint, "disabled", !playing || autoplay_on)?;
        set_flag(&self.autoplay, "disabled", !playing)?;
        self.autoplay.set_attribute("aria-pressed", if autoplay_on { "true" } else { "false" })
    }

    /// The arrow on the board for a hint, or none.
    pub fn show_hint(&self, hint: Option<Direction>) -> Result<(), JsValue> {
        if !changed(&self.shown.hint, hint) {
            return Ok(());
        }
        let existing = self.board_wrap.query_selector("[data-hint]")?;
        match (hint, existing) {
            (None, Some(arrow)) => arrow.remove(),
            (None, None) => {}
            (Some(direction), existing) => {
                let arrow = match existing {
                    Some(arrow) => arrow,
                    None => {
                        let arrow = self.document.create_element("div")?;
                        arrow.set_class_name("hint-arrow");
                        // The live region says the hint in words; the arrow is for the eyes.
                        arrow.set_attribute("aria-hidden", "true")?;
                        self.board_wrap.append_child(&arrow)?;
                        arrow
                    }
                };
                arrow.set_attribute("data-hint", direction.name())?;
                arrow.set_text_content(Some(arrow_glyph(direction)));
            }
        }
        Ok(())
    }

    /// Shows `lines` in `#notice`, or hides it when there are none.
    pub fn show_notice(&self, lines: &[String]) -> Result<(), JsValue> {
        if self.shown.notice.borrow().as_deref() == Some(lines) {
            return Ok(());
        }
        *self.shown.notice.borrow_mut() = Some(lines.to_vec());
        self.notice.set_text_content(Some(&lines.join(" ")));
        set_hidden(&self.notice, lines.is_empty())
    }

    /// The status under the strength selector: `text`, or hidden.
    fn show_strength_status(&self, text: Option<String>) -> Result<(), JsValue> {
        if self.shown.strength_status.borrow().as_ref() == Some(&text) {
            return Ok(());
        }
        self.strength_status.set_text_content(text.as_deref());
        set_hidden(&self.strength_status, text.is_none())?;
        *self.shown.strength_status.borrow_mut() = Some(text);
        Ok(())
    }

    /// A short message over the board that goes by itself (the live region says it aloud).
    pub fn show_toast(&mut self, text: &str) -> Result<(), JsValue> {
        self.toasts = self.toasts.wrapping_add(1);
        let this_one = self.toasts.to_string();
        self.toast.set_text_content(Some(text));
        self.toast.set_attribute("data-toast", &this_one)?;
        set_hidden(&self.toast, false)?;
        let toast = self.toast.clone();
        timer::after(TOAST_MS, move || {
            // A later toast owns the element now.
            if toast.get_attribute("data-toast").as_deref() == Some(this_one.as_str()) {
                let _ = set_hidden(&toast, true);
            }
        });
        Ok(())
    }

    /// Rewrites the toast on the board, if one is showing, without restarting its time.
    pub fn retext_toast(&self, text: &str) {
        if !self.toast.has_attribute("hidden") {
            self.toast.set_text_content(Some(text));
        }
    }

    /// Asks whether to throw the game in progress away; Cancel has the focus, so a stray Enter
    /// keeps the game.
    pub fn open_confirm(&self) -> Result<(), JsValue> {
        show_modal(&self.confirm)?;
        focus(&self.confirm_cancel)
    }

    pub fn close_confirm(&self) {
        self.confirm.close();
    }
}
