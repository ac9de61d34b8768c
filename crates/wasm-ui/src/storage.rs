//! What the browser keeps between visits: for now only the best score.
//!
//! `localStorage` can be missing, blocked or full (private windows, disabled cookies, quotas):
//! every failure here is ignored, because losing the best score must never stop a game. That is
//! also why this uses `web_sys::Storage` directly: gloo-storage throws when storage is blocked.

const BEST_KEY: &str = "2048.best";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The best score saved by an earlier visit, 0 when there is none or it cannot be read.
pub fn load_best() -> u32 {
    local_storage()
        .and_then(|storage| storage.get_item(BEST_KEY).ok().flatten())
        .and_then(|text| text.parse().ok())
        .unwrap_or(0)
}

/// Saves the best score; a failure only means it will not survive a reload.
pub fn save_best(best: u32) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(BEST_KEY, &best.to_string());
    }
}
