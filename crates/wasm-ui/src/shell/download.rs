//! The learned network (Strong's and Max's) fetched for the page and kept for offline use, in
//! a Cache Storage cache of the page's own ([`DOWNLOADS_CACHE`], which the service worker's
//! tidying leaves alone: it only removes its own `2048-…` caches). A kept copy is used at once,
//! and refreshed from the network in the background for the next visit (a conditional request
//! where the server allows it), so that a new build's network replaces an old one's; with no
//! kept copy, the network's answer is used. Only a file that checks out
//! ([`super::network_check`]) is ever kept: what a captive portal, a cut download or a damaged
//! one gives is not, and the copy kept before stays. Never more than [`MAX_DOWNLOAD_BYTES`] is
//! read.

use js_sys::{ArrayBuffer, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, ReadableStreamDefaultReader, Request, RequestCache, RequestInit, Response, Window};

use super::network_check;
use page_core::{MAX_DOWNLOAD_BYTES, NetworkProblem};

/// The page's cache of what it downloads for a strength (not a build's: see the module doc).
pub const DOWNLOADS_CACHE: &str = "2048.downloads";

/// Where the network is, next to the page.
pub fn network_url() -> String {
    format!("./{}", solver::max::NETWORK_FILE)
}

/// Why a download failed: what the player is told, and the details for the console.
pub type Failure = (NetworkProblem, String);

/// How much of a download has arrived: bytes received, of the total announced (else the most
/// the page downloads).
pub type Progress<'a> = &'a dyn Fn(u64, u64);

/// The network of Strong and Max: the kept copy if there is one (refreshed in the background), else the
/// network's, then kept; `progress` hears how the download from the network goes.
pub async fn network(window: Window, progress: Progress<'_>) -> Result<ArrayBuffer, Failure> {
    let url = network_url();
    let cache = open(&window).await;
    if let Some(cache) = &cache
        && let Some(kept) = kept(cache, &url).await
    {
        let validators = validators(&kept);
        match body(kept, &|_, _| {}).await {
            Ok(bytes) => {
                wasm_bindgen_futures::spawn_local(refresh(window, cache.clone(), url, validators));
                return Ok(bytes);
            }
            // A kept copy that cannot be read is fetched afresh.
            Err((_, why)) => web_sys::console::warn_1(&JsValue::from_str(&format!("the kept {url}: {why}"))),
        }
    }
    let response = fetch(&window, &url).await?;
    let copy = response.clone().ok();
    let bytes = body(response, progress).await?;
    if let (Some(cache), Some(copy)) = (cache, copy) {
        keep_if_sound(&cache, &url, &copy, &bytes).await;
    }
    Ok(bytes)
}

/// Drops the kept copy of the network (it was damaged).
pub async fn forget(window: Window) {
    if let Some(cache) = open(&window).await {
        let _ = JsFuture::from(cache.delete_with_str(&network_url())).await;
    }
}

/// The page's cache, if the browser has Cache Storage for it.
async fn open(window: &Window) -> Option<Cache> {
    let caches = window.caches().ok()?;
    JsFuture::from(caches.open(DOWNLOADS_CACHE)).await.ok()?.dyn_into::<Cache>().ok()
}

async fn kept(cache: &Cache, url: &str) -> Option<Response> {
    JsFuture::from(cache.match_with_str(url)).await.ok()?.dyn_into::<Response>().ok()
}

/// A response's `ETag` and `Last-Modified`, which say whether a newer one is the same file.
fn validators(response: &Response) -> (Option<String>, Option<String>) {
    let headers = response.headers();
    (headers.get("etag").ok().flatten(), headers.get("last-modified").ok().flatten())
}

/// The network's answer for `url`, revalidated with the server rather than taken from the
/// browser's HTTP cache as it is (which an old build may have left there).
async fn fetch(window: &Window, url: &str) -> Result<Response, Failure> {
    let init = RequestInit::new();
    init.set_cache(RequestCache::NoCache);
    let request = Request::new_with_str_and_init(url, &init).map_err(|e| broke(&e))?;
    let response = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(|e| broke(&e))?
        .dyn_into::<Response>()
        .map_err(|e| broke(&e))?;
    if !response.ok() {
        let status = response.status();
        return Err((NetworkProblem::Status(status), format!("{url}: HTTP {status}")));
    }
    Ok(response)
}

/// The whole body, unless it is larger than the page may download; `progress` hears each part
/// as it arrives. Read a part at a time, kept in the browser's memory (not the page's program's,
/// which never shrinks), and joined at the end.
async fn body(response: Response, progress: Progress<'_>) -> Result<ArrayBuffer, Failure> {
    let too_large = |length: u64| {
        (NetworkProblem::TooLarge, format!("{length} bytes, more than the {MAX_DOWNLOAD_BYTES} allowed"))
    };
    // Refused before a byte of it is read when the server says how long it is (else checked
    // as it arrives). Read as an integer: float parsing would add kilobytes to the page's program.
    let announced = response.headers().get("content-length").ok().flatten();
    let announced = announced.and_then(|n| n.trim().parse::<u64>().ok());
    if let Some(length) = announced
        && length > u64::from(MAX_DOWNLOAD_BYTES)
    {
        return Err(too_large(length));
    }
    let total = announced.unwrap_or(u64::from(MAX_DOWNLOAD_BYTES));
    let Some(stream) = response.body() else { return Ok(ArrayBuffer::new(0)) };
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut parts: Vec<Uint8Array> = Vec::new();
    let mut received: u64 = 0;
    loop {
        let read = JsFuture::from(reader.read()).await.map_err(|e| broke(&e))?;
        if Reflect::get(&read, &JsValue::from_str("done")).ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            break;
        }
        let part: Uint8Array = Reflect::get(&read, &JsValue::from_str("value"))
            .and_then(JsCast::dyn_into)
            .map_err(|e| broke(&e))?;
        received += u64::from(part.length());
        if received > u64::from(MAX_DOWNLOAD_BYTES) {
            let _ = reader.cancel();
            return Err(too_large(received));
        }
        parts.push(part);
        progress(received, total.max(received));
    }
    let whole = Uint8Array::new_with_length(received as u32);
    let mut at = 0;
    for part in &parts {
        whole.set(part, at);
        at += part.length();
    }
    Ok(whole.buffer())
}

/// Keeps `response` (a successful one, not read yet, whose body is `bytes`) as the copy of
/// `url` if `bytes` are a sound network file: one that is not never replaces the kept copy,
/// and the console says why. (A first download is handed to the worker all the same: the
/// worker's refusal is what the player is told.) A cache that refuses (full, say) costs only
/// the offline copy.
async fn keep_if_sound(cache: &Cache, url: &str, response: &Response, bytes: &ArrayBuffer) {
    if let Err(why) = network_check::check(bytes).await {
        let said = format!("{url} from the network is not kept for offline use: {why}");
        web_sys::console::warn_1(&JsValue::from_str(&said));
        return;
    }
    if let Err(error) = JsFuture::from(cache.put_with_str(url, response)).await {
        web_sys::console::warn_2(&JsValue::from_str(&format!("{url} is not kept for offline use:")), &error);
    }
}

/// Fetches `url` again and keeps it in place of the kept copy, for the next visit, if it is
/// another file (`validators` differ, or the server gives none) and a sound one; says nothing
/// when offline.
async fn refresh(window: Window, cache: Cache, url: String, validators: (Option<String>, Option<String>)) {
    let Ok(response) = fetch(&window, &url).await else { return };
    let fresh = self::validators(&response);
    if fresh == validators && (fresh.0.is_some() || fresh.1.is_some()) {
        return;
    }
    let Ok(copy) = response.clone() else { return };
    if let Ok(bytes) = body(response, &|_, _| {}).await {
        keep_if_sound(&cache, &url, &copy, &bytes).await;
    }
}

fn broke(error: &JsValue) -> Failure {
    let why = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the download failed".to_owned());
    (NetworkProblem::Unreachable, why)
}
