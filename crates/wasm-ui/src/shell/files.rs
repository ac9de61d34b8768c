//! Replay files: offering one to save (a download of a `Blob`), and reading one the player
//! chose, refused by its size before a byte of it is read.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{Blob, BlobPropertyBag, Document, File, HtmlAnchorElement, Url};

use page_core::Event;
use page_core::replay::{MAX_REPLAY_LEN, ReplayError};

/// Offers `text` as a JSON file called `name`.
pub fn download(document: &Document, name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let link: HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The download has taken the blob's contents by now.
    Url::revoke_object_url(&url)
}

/// Reads `file` as text for [`Event::ReplayFile`], unless it is larger than any replay.
pub fn read(file: File, dispatch: impl Fn(Event) + 'static) {
    let size = file.size();
    if size > MAX_REPLAY_LEN as f64 {
        let length = if size.is_finite() { size as usize } else { usize::MAX };
        dispatch(Event::ReplayFile(Err(ReplayError::TooLarge { length, limit: MAX_REPLAY_LEN })));
        return;
    }
    spawn_local(async move {
        let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string());
        dispatch(Event::ReplayFile(text.ok_or(ReplayError::Unreadable)));
    });
}
