//! Every id of `index.html` that the page's code uses, and the attributes of `#board` that the
//! first board and the page share, declared once; and finding them.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

pub const BOARD: &str = "board";
pub const BOARD_WRAP: &str = "board-wrap";
pub const GAME: &str = "game";
pub const GRID: &str = "grid";
pub const SCORE: &str = "score";
pub const BEST: &str = "best";
pub const SCORE_GAINS: &str = "score-gains";
pub const MESSAGE: &str = "message";
pub const MESSAGE_TEXT: &str = "message-text";
pub const KEEP_GOING: &str = "keep-going";
pub const BANNER_NEW_GAME: &str = "banner-new-game";
pub const TRY_AGAIN: &str = "try-again";
/// The game-over banner's Review.
pub const REVIEW_GAME: &str = "review-game";
pub const NEW_GAME: &str = "new-game";
pub const HINT: &str = "hint";
pub const AUTOPLAY: &str = "autoplay";
pub const SPEED: &str = "speed";
pub const STRENGTH: &str = "strength";
/// Under the strength selector: why the strength chosen is not the one answering yet (Max
/// downloading, or its download failed); hidden otherwise.
pub const STRENGTH_STATUS: &str = "strength-status";
pub const LANGUAGE: &str = "language";
pub const NOTICE: &str = "notice";
pub const GETTING_READY: &str = "getting-ready";
pub const GETTING_READY_TEXT: &str = "getting-ready-text";
pub const GETTING_READY_BAR: &str = "getting-ready-bar";
pub const TOAST: &str = "toast";
pub const CONFIRM: &str = "confirm";
pub const CONFIRM_YES: &str = "confirm-yes";
pub const CONFIRM_NO: &str = "confirm-no";
pub const ANNOUNCER: &str = "announcer";
pub const COACH_TOGGLE: &str = "coach-toggle";
pub const UNDO: &str = "undo";
pub const COPY_LINK: &str = "copy-link";
pub const EDIT_BOARD: &str = "edit-board";
pub const COACH_FEEDBACK: &str = "coach-feedback";
pub const COACH: &str = "coach";
pub const COACH_AGREEMENT: &str = "coach-agreement";
pub const MISTAKES_SUMMARY: &str = "mistakes-summary";
pub const MISTAKES_LIST: &str = "mistakes-list";
pub const ANALYSIS: &str = "analysis";
pub const ANALYSIS_MOVES: &str = "analysis-moves";
pub const ANALYSIS_SEARCH: &str = "analysis-search";
/// Hint's chance of the next goal tile (`data-tile`, `data-percent`).
pub const CHANCE: &str = "chance";
pub const BOARD_MESSAGE: &str = "board-message";
pub const ENTERED: &str = "entered";
pub const PLAY_ENTERED: &str = "play-entered";
pub const LEAVE_ENTERED: &str = "leave-entered";
/// While a mistake is reviewed: which one, and the way to the others.
pub const MISTAKE_REVIEW: &str = "mistake-review";
pub const REVIEW_TEXT: &str = "review-text";
pub const PREVIOUS_MISTAKE: &str = "previous-mistake";
pub const NEXT_MISTAKE: &str = "next-mistake";
pub const EDITOR: &str = "editor";
pub const EDITOR_CELLS: &str = "editor-cells";
pub const EDITOR_TEXT: &str = "editor-text";
pub const EDITOR_SCORE: &str = "editor-score";
pub const EDITOR_MESSAGE: &str = "editor-message";
pub const EDITOR_APPLY: &str = "editor-apply";
pub const EDITOR_CANCEL: &str = "editor-cancel";
pub const ERROR: &str = "error";
pub const OPEN_STATS: &str = "open-stats";
pub const OPEN_REPLAY: &str = "open-replay";
/// The game of the day: its control, what is said of it under the board, and its share.
pub const TODAYS_GAME: &str = "todays-game";
pub const DAILY: &str = "daily";
pub const DAILY_TEXT: &str = "daily-text";
pub const COPY_RESULT: &str = "copy-result";
pub const STATS: &str = "stats";
pub const STATS_CLOSE: &str = "stats-close";
pub const STATS_BODY: &str = "stats-body";
/// The chart of scores in the statistics (an SVG), and its title and description.
pub const STATS_CHART: &str = "stats-chart";
pub const STATS_CHART_TITLE: &str = "stats-chart-title";
pub const STATS_CHART_DESC: &str = "stats-chart-desc";
/// The chart of the reviewed games' accuracy (an SVG; its title and description are its id
/// with `-title` and `-desc`).
pub const STATS_ACCURACY: &str = "stats-accuracy";
pub const REPLAY: &str = "replay";
pub const REPLAY_CLOSE: &str = "replay-close";
pub const REPLAY_EMPTY: &str = "replay-empty";
pub const REPLAY_PICKER: &str = "replay-picker";
pub const REPLAY_PICK: &str = "replay-pick";
pub const REPLAY_MESSAGE: &str = "replay-message";
pub const REPLAY_VIEW: &str = "replay-view";
pub const REPLAY_BOARD: &str = "replay-board";
pub const REPLAY_SCORE: &str = "replay-score";
pub const REPLAY_POSITION: &str = "replay-position";
pub const REPLAY_FIRST: &str = "replay-first";
pub const REPLAY_PREVIOUS: &str = "replay-previous";
pub const REPLAY_PLAY: &str = "replay-play";
pub const REPLAY_NEXT: &str = "replay-next";
pub const REPLAY_LAST: &str = "replay-last";
pub const REPLAY_SEEK: &str = "replay-seek";
pub const REPLAY_ANALYSE: &str = "replay-analyse";
pub const REPLAY_EXPORT: &str = "replay-export";
pub const REPLAY_REVIEW: &str = "replay-review";
/// A game's review (the replay view's).
pub const REVIEW: &str = "review";
pub const REVIEW_SUMMARY: &str = "review-summary";
pub const REVIEW_MOVES: &str = "review-moves";
pub const REVIEW_TURNS_PART: &str = "review-turns-part";
pub const REVIEW_TURNS: &str = "review-turns";
/// A review's chart (an SVG), its description and legend, and its table's body.
pub const REVIEW_CHART: &str = "review-chart";
pub const REVIEW_CHART_DESC: &str = "review-chart-desc";
pub const REVIEW_CHART_LEGEND: &str = "review-chart-legend";
pub const REVIEW_CHART_TABLE: &str = "review-chart-table";
pub const REVIEW_CHART_ROWS: &str = "review-chart-rows";
pub const REPLAY_ANALYSIS: &str = "replay-analysis";
pub const REPLAY_ANALYSIS_MOVES: &str = "replay-analysis-moves";
pub const REPLAY_ANALYSIS_SEARCH: &str = "replay-analysis-search";
pub const REPLAY_CHANCE: &str = "replay-chance";
pub const REPLAY_IMPORT: &str = "replay-import";
/// "Learn from your mistakes": in a review, in the coach's list, and the deck's practice in
/// "Your games"; and the practice's dialog.
pub const REVIEW_LEARN: &str = "review-learn";
pub const COACH_LEARN: &str = "coach-learn";
pub const OPEN_PRACTICE: &str = "open-practice";
pub const DRILL: &str = "drill";
pub const DRILL_CLOSE: &str = "drill-close";
pub const DRILL_PROGRESS: &str = "drill-progress";
pub const DRILL_QUESTION: &str = "drill-question";
pub const DRILL_ASK: &str = "drill-ask";
pub const DRILL_BOARD: &str = "drill-board";
pub const DRILL_MOVES: &str = "drill-moves";
pub const DRILL_SAID: &str = "drill-said";
pub const DRILL_NEXT: &str = "drill-next";
pub const DRILL_ANALYSIS: &str = "drill-analysis";
pub const DRILL_ANALYSIS_MOVES: &str = "drill-analysis-moves";
pub const DRILL_ANALYSIS_SEARCH: &str = "drill-analysis-search";
pub const DRILL_CHANCE: &str = "drill-chance";
/// The notice that a new version is ready, and its button.
pub const UPDATE: &str = "update";
pub const UPDATE_APPLY: &str = "update-apply";

/// The element `#id`; an error names it when the markup lacks it.
pub fn find(document: &Document, id: &str) -> Result<Element, JsValue> {
    document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("no element #{id}")))
}

/// The element `#id` as the kind of element it must be.
pub fn find_as<T: JsCast>(document: &Document, id: &str) -> Result<T, JsValue> {
    find(document, id)?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not the right element")))
}

/// `#board`'s attributes that the first board and the page share (see `first_board`):
/// the moves that counted since the page loaded, that the board can be played (the first
/// board's listeners or the page's are in place), and a move the first board left for the
/// page to play.
pub const MOVES_ATTRIBUTE: &str = "data-moves";
pub const PLAYABLE_ATTRIBUTE: &str = "data-playable";
pub const HANDOVER_ATTRIBUTE: &str = "data-handover";
