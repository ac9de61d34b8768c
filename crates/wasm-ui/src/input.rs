//! The player's moves from the keyboard and from swipes: which key or gesture means which
//! direction, and the listeners that report them.
//!
//! The mapping is pure (and tested natively); the listeners only read events and hand each
//! direction to a callback, so that the core decides what a move does (`shell::listen`).

use game_core::Direction;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Element, EventTarget, HtmlElement, KeyboardEvent, Touch, TouchEvent, TouchList};

/// How far (CSS pixels) a finger must travel along its main axis, and more, for a touch to be a
/// swipe: as in the original game (over 10 px), so that a phone's short flicks play, while a
/// tap (which moves a few pixels at most) still presses the buttons.
pub const SWIPE_THRESHOLD: f64 = 10.0;

/// A listener of any DOM event, as it is added.
type Listener = Closure<dyn FnMut(web_sys::Event)>;

/// Listeners in place on a target: removed when dropped (the first board's, at the page's
/// take-over), or kept for the page's life with [`Listening::forever`].
pub struct Listening {
    target: EventTarget,
    listeners: Vec<(&'static str, Listener)>,
}

impl Listening {
    fn on(target: &EventTarget) -> Listening {
        Listening { target: target.clone(), listeners: Vec::new() }
    }

    fn add(&mut self, kind: &'static str, listener: Listener) -> Result<(), JsValue> {
        self.target.add_event_listener_with_callback(kind, listener.as_ref().unchecked_ref())?;
        self.listeners.push((kind, listener));
        Ok(())
    }

    /// Keeps the listeners for the page's life: they are never removed.
    pub fn forever(mut self) {
        for (_, listener) in self.listeners.drain(..) {
            listener.forget();
        }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        for (kind, listener) in &self.listeners {
            drop(self.target.remove_event_listener_with_callback(kind, listener.as_ref().unchecked_ref()));
        }
    }
}

/// The move for a `KeyboardEvent.key` value: arrows, WASD, and vim's HJKL.
pub fn direction_for_key(key: &str) -> Option<Direction> {
    match key {
        "ArrowUp" | "w" | "W" | "k" | "K" => Some(Direction::Up),
        "ArrowDown" | "s" | "S" | "j" | "J" => Some(Direction::Down),
        "ArrowLeft" | "a" | "A" | "h" | "H" => Some(Direction::Left),
        "ArrowRight" | "d" | "D" | "l" | "L" => Some(Direction::Right),
        _ => None,
    }
}

/// What a key press asks of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    Move(Direction),
    /// `U`, or Ctrl+Z / Cmd+Z (without Shift, which many programs take for redo).
    Undo,
}

/// Which modifier keys were held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    pub ctrl: bool,
    pub alt: bool,
    pub meta: bool,
    pub shift: bool,
}

/// The game's action for a `KeyboardEvent.key` with `held` modifiers, if any: every other key,
/// and every other shortcut, is the browser's.
pub fn action_for_key(key: &str, held: Modifiers) -> Option<KeyAction> {
    let undo_chord = (held.ctrl || held.meta) && !held.alt && !held.shift;
    if is_shortcut(held.ctrl, held.alt, held.meta) {
        return (undo_chord && key.eq_ignore_ascii_case("z")).then_some(KeyAction::Undo);
    }
    if key.eq_ignore_ascii_case("u") {
        return Some(KeyAction::Undo);
    }
    direction_for_key(key).map(KeyAction::Move)
}

/// Whether a key press with these modifiers belongs to the browser (Ctrl+R, Alt+Left, ...).
pub fn is_shortcut(ctrl: bool, alt: bool, meta: bool) -> bool {
    ctrl || alt || meta
}

/// Whether an element with this tag name takes the keys for itself: form fields, and anything
/// editable. Their keys (even the arrows) are the field's, never a move: on the speed slider the
/// arrows set the speed, on the strength radios they choose the strength (a strength chosen by
/// pointer gives the focus back to the page at once, so that the arrows play again; see
/// `View::release_pointer_focus`).
pub fn is_form_field(tag_name: &str, content_editable: bool) -> bool {
    content_editable || ["INPUT", "TEXTAREA", "SELECT"].iter().any(|tag| tag.eq_ignore_ascii_case(tag_name))
}

/// The move for a finger that travelled `dx`, `dy` CSS pixels (y grows downward): the
/// dominant axis wins once it passes `threshold`; a tap, or a perfect diagonal, is no move.
pub fn swipe_direction(dx: f64, dy: f64, threshold: f64) -> Option<Direction> {
    let (ax, ay) = (dx.abs(), dy.abs());
    if !(dx.is_finite() && dy.is_finite()) || ax.max(ay) <= threshold || ax == ay {
        return None;
    }
    Some(match (ax > ay, dx > 0.0, dy > 0.0) {
        (true, true, _) => Direction::Right,
        (true, false, _) => Direction::Left,
        (false, _, true) => Direction::Down,
        (false, _, false) => Direction::Up,
    })
}

fn target_is_form_field(target: Option<EventTarget>) -> bool {
    let Some(element) = target.and_then(|t| t.dyn_into::<Element>().ok()) else {
        return false;
    };
    let editable = element.dyn_ref::<HtmlElement>().is_some_and(HtmlElement::is_content_editable);
    is_form_field(&element.tag_name(), editable)
}

/// Calls `on_key` with the action of every game key pressed anywhere on `target` (see
/// [`action_for_key`]), except while a form field has the focus or a text is being composed.
/// Game keys never scroll.
pub fn listen_keys(
    target: &EventTarget,
    mut on_key: impl FnMut(KeyAction) + 'static,
) -> Result<Listening, JsValue> {
    let handler = Listener::new(move |event: web_sys::Event| {
        let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
        if event.is_composing() || target_is_form_field(event.target()) {
            return;
        }
        let held = Modifiers {
            ctrl: event.ctrl_key(),
            alt: event.alt_key(),
            meta: event.meta_key(),
            shift: event.shift_key(),
        };
        if let Some(action) = action_for_key(&event.key(), held) {
            event.prevent_default();
            on_key(action);
        }
    });
    let mut listening = Listening::on(target);
    listening.add("keydown", handler)?;
    Ok(listening)
}

/// The touch in `list` with `id`, else the first one (synthetic events may not keep ids).
fn touch_with_id(list: &TouchList, id: Option<i32>) -> Option<Touch> {
    let all = (0..list.length()).filter_map(|i| list.get(i));
    id.and_then(|id| all.clone().find(|t| t.identifier() == id)).or_else(|| list.get(0))
}

/// Calls `on_move` for every one-finger swipe that starts and ends on `area`. Touches that
/// begin on a form field (the speed slider) are the field's. Only touch events are read, so a
/// swipe is reported once whatever pointer events the browser also sends.
pub fn listen_swipes(
    area: &EventTarget,
    mut on_move: impl FnMut(Direction) + 'static,
) -> Result<Listening, JsValue> {
    // Where the current single-finger touch began: (identifier, x, y).
    let start = std::rc::Rc::new(std::cell::Cell::new(None::<(i32, f64, f64)>));

    let begin = {
        let start = std::rc::Rc::clone(&start);
        Listener::new(move |event: web_sys::Event| {
            let Some(event) = event.dyn_ref::<TouchEvent>() else { return };
            // A second finger makes it a pinch, not a swipe.
            let fingers = event.touches().length().max(event.changed_touches().length());
            let touch = touch_with_id(&event.changed_touches(), None);
            start.set(match touch {
                Some(t) if fingers == 1 && !target_is_form_field(event.target()) => {
                    Some((t.identifier(), f64::from(t.client_x()), f64::from(t.client_y())))
                }
                _ => None,
            });
        })
    };
    let end = {
        let start = std::rc::Rc::clone(&start);
        Listener::new(move |event: web_sys::Event| {
            let Some(event) = event.dyn_ref::<TouchEvent>() else { return };
            let Some((id, x0, y0)) = start.take() else { return };
            let Some(touch) = touch_with_id(&event.changed_touches(), Some(id)) else { return };
            let (dx, dy) = (f64::from(touch.client_x()) - x0, f64::from(touch.client_y()) - y0);
            if let Some(direction) = swipe_direction(dx, dy, SWIPE_THRESHOLD) {
                // No click or mouse events after a swipe: it must not also press a button.
                event.prevent_default();
                on_move(direction);
            }
        })
    };
    let cancel = {
        let start = std::rc::Rc::clone(&start);
        Listener::new(move |_: web_sys::Event| start.set(None))
    };
    let mut listening = Listening::on(area);
    listening.add("touchstart", begin)?;
    listening.add("touchend", end)?;
    listening.add("touchcancel", cancel)?;
    Ok(listening)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_map_to_their_directions() {
        assert_eq!(direction_for_key("ArrowUp"), Some(Direction::Up));
        assert_eq!(direction_for_key("ArrowDown"), Some(Direction::Down));
        assert_eq!(direction_for_key("ArrowLeft"), Some(Direction::Left));
        assert_eq!(direction_for_key("ArrowRight"), Some(Direction::Right));
    }

    #[test]
    fn wasd_maps_like_the_arrows() {
        assert_eq!(direction_for_key("w"), Some(Direction::Up));
        assert_eq!(direction_for_key("S"), Some(Direction::Down));
        assert_eq!(direction_for_key("a"), Some(Direction::Left));
        assert_eq!(direction_for_key("D"), Some(Direction::Right));
    }

    #[test]
    fn vim_keys_are_h_left_j_down_k_up_l_right() {
        assert_eq!(direction_for_key("h"), Some(Direction::Left));
        assert_eq!(direction_for_key("j"), Some(Direction::Down));
        assert_eq!(direction_for_key("k"), Some(Direction::Up));
        assert_eq!(direction_for_key("l"), Some(Direction::Right));
        assert_eq!(direction_for_key("L"), Some(Direction::Right));
    }

    #[test]
    fn other_keys_are_ignored() {
        for key in ["Enter", " ", "x", "Escape", "Tab", "", "Up", "ArrowUpx", "q", "e"] {
            assert_eq!(direction_for_key(key), None, "{key:?}");
        }
    }

    #[test]
    fn u_and_ctrl_or_cmd_z_undo_and_nothing_else_does() {
        let none = Modifiers::default();
        let ctrl = Modifiers { ctrl: true, ..none };
        let meta = Modifiers { meta: true, ..none };
        assert_eq!(action_for_key("u", none), Some(KeyAction::Undo));
        assert_eq!(action_for_key("U", Modifiers { shift: true, ..none }), Some(KeyAction::Undo));
        assert_eq!(action_for_key("z", ctrl), Some(KeyAction::Undo));
        assert_eq!(action_for_key("z", meta), Some(KeyAction::Undo));
        assert_eq!(action_for_key("Z", Modifiers { shift: true, ..ctrl }), None, "redo is the browser's");
        assert_eq!(action_for_key("z", Modifiers { alt: true, ..ctrl }), None);
        assert_eq!(action_for_key("z", none), None);
        assert_eq!(action_for_key("u", ctrl), None);
        assert_eq!(action_for_key("ArrowLeft", ctrl), None);
        assert_eq!(action_for_key("ArrowLeft", none), Some(KeyAction::Move(Direction::Left)));
    }

    #[test]
    fn modifiers_leave_the_key_to_the_browser() {
        assert!(!is_shortcut(false, false, false));
        assert!(is_shortcut(true, false, false));
        assert!(is_shortcut(false, true, false));
        assert!(is_shortcut(false, false, true));
    }

    #[test]
    fn form_fields_keep_their_keys() {
        for tag in ["INPUT", "input", "TEXTAREA", "SELECT"] {
            assert!(is_form_field(tag, false), "{tag}");
        }
        assert!(is_form_field("DIV", true), "contenteditable");
        for tag in ["BUTTON", "BODY", "DIV", "MAIN", "INPUTS"] {
            assert!(!is_form_field(tag, false), "{tag}");
        }
    }

    #[test]
    fn swipes_follow_the_dominant_axis() {
        let t = SWIPE_THRESHOLD;
        assert_eq!(swipe_direction(100.0, 10.0, t), Some(Direction::Right));
        assert_eq!(swipe_direction(-100.0, 40.0, t), Some(Direction::Left));
        assert_eq!(swipe_direction(5.0, 80.0, t), Some(Direction::Down));
        assert_eq!(swipe_direction(-30.0, -31.0, t), Some(Direction::Up));
    }

    #[test]
    fn short_or_diagonal_touches_are_no_swipe() {
        let t = SWIPE_THRESHOLD;
        assert_eq!(swipe_direction(0.0, 0.0, t), None);
        assert_eq!(swipe_direction(10.0, 0.0, t), None);
        assert_eq!(swipe_direction(0.0, -9.0, t), None);
        assert_eq!(swipe_direction(12.0, 0.0, t), Some(Direction::Right), "a phone's short flick");
        assert_eq!(swipe_direction(0.0, -10.5, t), Some(Direction::Up));
        assert_eq!(swipe_direction(50.0, -50.0, t), None);
        assert_eq!(swipe_direction(f64::NAN, 100.0, t), None);
    }
}
