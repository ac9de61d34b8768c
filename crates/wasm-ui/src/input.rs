//! Which key means which move: the arrow keys, plus WASD for one-handed play.

use game_core::Direction;

/// The move for a `KeyboardEvent.key` value, or `None` for a key the game does not use.
pub fn direction_for_key(key: &str) -> Option<Direction> {
    match key {
        "ArrowUp" | "w" | "W" => Some(Direction::Up),
        "ArrowDown" | "s" | "S" => Some(Direction::Down),
        "ArrowLeft" | "a" | "A" => Some(Direction::Left),
        "ArrowRight" | "d" | "D" => Some(Direction::Right),
        _ => None,
    }
}

/// Whether a key press with these modifiers belongs to the browser (Ctrl+R, Alt+Left, ...).
pub fn is_shortcut(ctrl: bool, alt: bool, meta: bool) -> bool {
    ctrl || alt || meta
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
    fn other_keys_are_ignored() {
        for key in ["Enter", " ", "x", "Escape", "Tab", ""] {
            assert_eq!(direction_for_key(key), None, "{key:?}");
        }
    }

    #[test]
    fn modifiers_leave_the_key_to_the_browser() {
        assert!(!is_shortcut(false, false, false));
        assert!(is_shortcut(true, false, false));
        assert!(is_shortcut(false, true, false));
        assert!(is_shortcut(false, false, true));
    }
}
