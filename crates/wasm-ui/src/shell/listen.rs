//! The page's listeners: each DOM event becomes one core [`Event`]. Listeners are never
//! removed (the game lives as long as the page), so their closures are leaked on purpose.

use std::cell::RefCell;
use std::rc::Weak;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, EventTarget, HtmlDialogElement, MouseEvent, StorageEvent, Window};

use super::{Shell, dispatcher, with_shell};
use crate::dom::{self, find};
use crate::input::{self, KeyAction};
use crate::storage::{BEST_KEY, GAME_KEY};
use crate::view::{ANSWER, CHART_MOVE, MISTAKE_INDEX, MOVE_INDEX, TURN_INDEX};
use page_core::{Control, Event, Panel, Step};

/// Every button and the event it is.
const CLICKS: [(&str, Control); 38] = [
    (dom::NEW_GAME, Control::NewGame),
    (dom::BANNER_NEW_GAME, Control::BannerNewGame),
    (dom::TRY_AGAIN, Control::TryAgain),
    (dom::REVIEW_GAME, Control::ReviewEnded),
    (dom::KEEP_GOING, Control::KeepGoing),
    (dom::HINT, Control::Hint),
    (dom::AUTOPLAY, Control::Autoplay),
    (dom::CONFIRM_YES, Control::ConfirmYes),
    (dom::CONFIRM_NO, Control::ConfirmNo),
    (dom::COACH_TOGGLE, Control::Coach),
    (dom::UNDO, Control::Undo),
    (dom::COPY_LINK, Control::CopyLink),
    (dom::EDIT_BOARD, Control::EditBoard),
    (dom::PLAY_ENTERED, Control::PlayEntered),
    (dom::LEAVE_ENTERED, Control::LeaveEntered),
    (dom::PREVIOUS_MISTAKE, Control::PreviousMistake),
    (dom::NEXT_MISTAKE, Control::NextMistake),
    (dom::EDITOR_CANCEL, Control::EditorCancel),
    (dom::OPEN_STATS, Control::Statistics),
    (dom::OPEN_REPLAY, Control::Replay),
    (dom::STATS_CLOSE, Control::ClosePanel),
    (dom::REPLAY_CLOSE, Control::ClosePanel),
    (dom::REPLAY_FIRST, Control::ReplayStep(Step::First)),
    (dom::REPLAY_PREVIOUS, Control::ReplayStep(Step::Previous)),
    (dom::REPLAY_NEXT, Control::ReplayStep(Step::Next)),
    (dom::REPLAY_LAST, Control::ReplayStep(Step::Last)),
    (dom::REPLAY_PLAY, Control::ReplayPlay),
    (dom::REPLAY_ANALYSE, Control::ReplayAnalyse),
    (dom::REPLAY_EXPORT, Control::ReplayExport),
    (dom::REPLAY_REVIEW, Control::Review),
    (dom::UPDATE_APPLY, Control::Update),
    (dom::TODAYS_GAME, Control::TodaysGame),
    (dom::COPY_RESULT, Control::CopyResult),
    (dom::REVIEW_LEARN, Control::LearnFromReview),
    (dom::COACH_LEARN, Control::LearnFromCoach),
    (dom::OPEN_PRACTICE, Control::Practice),
    (dom::DRILL_NEXT, Control::DrillNext),
    (dom::DRILL_CLOSE, Control::ClosePanel),
];

/// What `www/update.js` dispatches on the document when a new version is ready, and what the
/// page dispatches there for it to switch to that version.
pub(super) const UPDATE_READY_EVENT: &str = "update-ready";
pub(super) const APPLY_UPDATE_EVENT: &str = "apply-update";

pub(super) fn wire(
    window: &Window,
    document: &Document,
    shell: &Weak<RefCell<Shell>>,
) -> Result<(), JsValue> {
    let dispatch = dispatcher(shell);
    {
        let dispatch = dispatch.clone();
        input::listen_keys(window, move |action| {
            dispatch(match action {
                KeyAction::Move(direction) => Event::Move(direction),
                KeyAction::Undo => Event::Undo,
            })
        })?
        .forever();
    }
    {
        let dispatch = dispatch.clone();
        input::listen_swipes(&find(document, dom::GAME)?.into(), move |direction| {
            dispatch(Event::Move(direction))
        })?
        .forever();
    }
    for (id, control) in CLICKS {
        let dispatch = dispatch.clone();
        listen(&find(document, id)?.into(), "click", move |_| dispatch(Event::Click(control)))?;
    }
    // Escape closes a dialog by itself; a close the core asked for changes nothing.
    on_closed(document, dom::CONFIRM, &dispatch, Event::ConfirmDismissed)?;
    on_closed(document, dom::STATS, &dispatch, Event::PanelClosed(Panel::Stats))?;
    on_closed(document, dom::REPLAY, &dispatch, Event::PanelClosed(Panel::Replay))?;
    on_closed(document, dom::DRILL, &dispatch, Event::PanelClosed(Panel::Drill))?;
    // A practice's move button names its move.
    on_item(document, dom::DRILL_MOVES, ANSWER, &dispatch, |name, dispatch| {
        if let Some(direction) = game_core::Direction::ALL.into_iter().find(|d| d.name() == name) {
            dispatch(Event::DrillAnswer(direction));
        }
    })?;
    read_on(document, dom::REPLAY_PICK, "change", shell, |shell| {
        Event::ReplayPick(shell.view.panels.replay.picked())
    })?;
    read_on(document, dom::REPLAY_SEEK, "input", shell, |shell| {
        Event::ReplaySeek(shell.view.panels.replay.seek_value())
    })?;
    {
        let shell = shell.clone();
        listen(&find(document, dom::REPLAY_IMPORT)?.into(), "change", move |_| {
            let dispatch = dispatcher(&shell);
            let mut file = None;
            with_shell(&shell, |shell| file = shell.view.panels.replay.take_file());
            if let Some(file) = file {
                super::files::read(file, dispatch);
            }
        })?;
    }
    read_on(document, dom::EDITOR_APPLY, "click", shell, |shell| {
        let (list, score) = shell.view.editor_values();
        Event::EnterBoard { list, score }
    })?;
    // The editor: a pick changes the text, typing changes the picks; Escape closes it.
    read_on(document, dom::EDITOR_CELLS, "change", shell, |shell| {
        shell.view.sync_editor(true);
        Event::EditorEdited
    })?;
    read_on(document, dom::EDITOR_TEXT, "input", shell, |shell| {
        shell.view.sync_editor(false);
        Event::EditorEdited
    })?;
    on_closed(document, dom::EDITOR, &dispatch, Event::Click(Control::EditorCancel))?;
    // A mistake's button holds its place in the list.
    on_item(document, dom::MISTAKES_LIST, MISTAKE_INDEX, &dispatch, |index, dispatch| {
        if let Ok(index) = index.parse() {
            dispatch(Event::ReviewMistake(index));
        }
    })?;
    // A reviewed move's button, a turning point's, or a move's in the review's table shows the
    // board it was played on, with the solver's view of it.
    for (list, attribute) in [
        (dom::REVIEW_MOVES, MOVE_INDEX),
        (dom::REVIEW_TURNS, TURN_INDEX),
        (dom::REVIEW_CHART_TABLE, CHART_MOVE),
    ] {
        on_item(document, list, attribute, &dispatch, open_move)?;
    }
    // So does a pointer on the review's chart, for the judged move nearest to it.
    {
        let shell = shell.clone();
        listen(&find(document, dom::REVIEW_CHART)?.into(), "click", move |event| {
            let Some(event) = event.dyn_ref::<MouseEvent>() else { return };
            let client_x = f64::from(event.client_x());
            let dispatch = dispatcher(&shell);
            let mut index = None;
            with_shell(&shell, |shell| {
                index = shell.view.panels.replay.chart_move_at(client_x, &shell.model)
            });
            if let Some(index) = index {
                open_move(index.to_string(), &dispatch);
            }
        })?;
    }
    // A `#board=` address, now and whenever it changes.
    {
        let dispatch = dispatch.clone();
        let window = window.clone();
        let hash = move || window.location().hash().ok().map(|h| decode(&h)).unwrap_or_default();
        let first = hash();
        if !first.is_empty() {
            dispatch(Event::Address(first));
        }
        let dispatch = dispatch.clone();
        listen(&web_sys::window().ok_or("no window")?.into(), "hashchange", move |_| {
            dispatch(Event::Address(hash()))
        })?;
    }
    read_on(document, dom::SPEED, "input", shell, |shell| Event::Speed(shell.view.speed_value()))?;
    read_on(document, dom::LANGUAGE, "change", shell, |shell| Event::Language(shell.view.language_value()))?;
    // The radios' change events bubble up to their group.
    read_on(document, dom::STRENGTH, "change", shell, |shell| Event::Strength(shell.view.strength_value()))?;
    // What Autoplay has not saved yet is saved when the page is hidden (a phone switching
    // apps may never come back) or left (a reload, a closed tab).
    {
        let dispatch = dispatch.clone();
        listen(window, "pagehide", move |_| dispatch(Event::PageHidden))?;
    }
    {
        let dispatch = dispatch.clone();
        let document = document.clone();
        listen(&document.clone(), "visibilitychange", move |_| {
            if document.hidden() {
                dispatch(Event::PageHidden);
            }
        })?;
    }
    {
        let dispatch = dispatch.clone();
        listen(document, UPDATE_READY_EVENT, move |_| dispatch(Event::UpdateReady))?;
    }
    // Another tab or window wrote the game or the best.
    let shell = shell.clone();
    listen(window, "storage", move |event| {
        let Some(event) = event.dyn_ref::<StorageEvent>() else { return };
        match event.key().as_deref() {
            Some(GAME_KEY) => with_shell(&shell, |shell| {
                // The other tab wrote the game's tally just before the game: read with it, the
                // game is taken up whole.
                let tally = shell.store.load_tally().ok().flatten().map(Box::new);
                shell.dispatch(Event::StoredGame { text: event.new_value(), tally });
            }),
            Some(BEST_KEY) => dispatch(Event::StoredBest(event.new_value())),
            _ => {}
        }
    })
}

/// Shows move `index` (a number, as an attribute holds it) of the game replayed: the board it
/// was played on, with the solver's view of it.
fn open_move(index: String, dispatch: &impl Fn(Event)) {
    dispatch(Event::ReplaySeek(index));
    dispatch(Event::Click(Control::ReplayAnalyse));
}

/// An address fragment as typed: percent-escapes decoded where they can be (`%2C` for a comma),
/// else left as they are (the parser then says what is wrong).
fn decode(hash: &str) -> String {
    js_sys::decode_uri_component(hash).ok().and_then(|s| s.as_string()).unwrap_or_else(|| hash.to_owned())
}

/// Dispatches `event` when dialog `id` closes, unless it is open again by then. A dialog's
/// `close` event comes a task after it closed: Escape and Enter pressed together close a view
/// and open it again (Enter on the button that opened it) before that event arrives, and
/// taking the late event for the view's close would let keys play under the open view.
fn on_closed(
    document: &Document,
    id: &str,
    dispatch: &(impl Fn(Event) + Clone + 'static),
    event: Event,
) -> Result<(), JsValue> {
    let dialog: HtmlDialogElement = find(document, id)?.dyn_into()?;
    let dispatch = dispatch.clone();
    listen(&dialog.clone().into(), "close", move |_| {
        if !dialog.open() {
            dispatch(event.clone());
        }
    })
}

fn listen(
    target: &EventTarget,
    name: &str,
    handler: impl FnMut(web_sys::Event) + 'static,
) -> Result<(), JsValue> {
    let handler = Closure::<dyn FnMut(web_sys::Event)>::new(handler);
    target.add_event_listener_with_callback(name, handler.as_ref().unchecked_ref())?;
    handler.forget();
    Ok(())
}

/// On `name` at `#id`, the event `read` makes from the page's controls as they are then.
fn read_on(
    document: &Document,
    id: &str,
    name: &str,
    shell: &Weak<RefCell<Shell>>,
    read: impl Fn(&Shell) -> Event + 'static,
) -> Result<(), JsValue> {
    let shell = shell.clone();
    listen(&find(document, id)?.into(), name, move |_| {
        with_shell(&shell, |shell| {
            let event = read(shell);
            shell.dispatch(event);
        })
    })
}

/// A click in list `list` on an item (or inside one) that carries `attribute`: `then` gets the
/// attribute's value. One listener for the whole list, whose items come and go.
fn on_item<D: Fn(Event) + Clone + 'static>(
    document: &Document,
    list: &str,
    attribute: &'static str,
    dispatch: &D,
    then: impl Fn(String, &D) + 'static,
) -> Result<(), JsValue> {
    let dispatch = dispatch.clone();
    listen(&find(document, list)?.into(), "click", move |event| {
        let value = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest(&format!("[{attribute}]")).ok().flatten())
            .and_then(|e| e.get_attribute(attribute));
        if let Some(value) = value {
            then(value, &dispatch);
        }
    })
}
