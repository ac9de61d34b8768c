//! The page's listeners: each DOM event becomes one core [`Event`]. Listeners are never
//! removed (the game lives as long as the page), so their closures are leaked on purpose.

use std::cell::RefCell;
use std::rc::Weak;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, EventTarget, StorageEvent, Window};

use super::{Shell, dispatcher, with_shell};
use crate::core::{Control, Event};
use crate::dom::{self, find};
use crate::input;
use crate::storage::{BEST_KEY, GAME_KEY};

/// Every button and the event it is.
const CLICKS: [(&str, Control); 8] = [
    (dom::NEW_GAME, Control::NewGame),
    (dom::BANNER_NEW_GAME, Control::BannerNewGame),
    (dom::TRY_AGAIN, Control::TryAgain),
    (dom::KEEP_GOING, Control::KeepGoing),
    (dom::HINT, Control::Hint),
    (dom::AUTOPLAY, Control::Autoplay),
    (dom::CONFIRM_YES, Control::ConfirmYes),
    (dom::CONFIRM_NO, Control::ConfirmNo),
];

pub(super) fn wire(
    window: &Window,
    document: &Document,
    shell: &Weak<RefCell<Shell>>,
) -> Result<(), JsValue> {
    let dispatch = dispatcher(shell);
    let on_move = {
        let dispatch = dispatch.clone();
        move |direction| dispatch(Event::Move(direction))
    };
    input::listen_keys(window, on_move.clone())?;
    input::listen_swipes(&find(document, dom::GAME)?.into(), on_move)?;
    for (id, control) in CLICKS {
        let dispatch = dispatch.clone();
        listen(&find(document, id)?.into(), "click", move |_| dispatch(Event::Click(control)))?;
    }
    // Escape closes the dialog by itself; a close the core asked for changes nothing.
    {
        let dispatch = dispatch.clone();
        listen(&find(document, dom::CONFIRM)?.into(), "close", move |_| dispatch(Event::ConfirmDismissed))?;
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
    // Another tab or window wrote the game or the best.
    listen(window, "storage", move |event| {
        let Some(event) = event.dyn_ref::<StorageEvent>() else { return };
        match event.key().as_deref() {
            Some(GAME_KEY) => dispatch(Event::StoredGame(event.new_value())),
            Some(BEST_KEY) => dispatch(Event::StoredBest(event.new_value())),
            _ => {}
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
