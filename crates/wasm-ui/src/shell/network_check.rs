//! Whether downloaded bytes are a sound network file, checked before the page keeps them for
//! offline use (`super::download`), with what the file itself carries: its header, read by
//! the solver's own reader, which says what the file holds and how long it is; and, for the
//! sparse file the page ships, the checksum of the zlib stream its weights are deflated in,
//! which the browser's `DecompressionStream` checks natively, a chunk at a time with pauses
//! between, so that the game never stutters meanwhile. Reading the weights themselves is the
//! worker's: a tenth of a second or more and tens of megabytes that the page's thread and
//! memory are spared.

use js_sys::{ArrayBuffer, Promise, Uint8Array};
use solver::ntuple::{HEAD_BYTES, Network, Unchecked};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStream, WritableStream};

use crate::timer;

/// The bytes handed to the browser's inflater at a time, and how many such chunks between
/// pauses: a few milliseconds' work (the whole file at once held the page for 60 to 100 ms).
const CHUNK_BYTES: u32 = 64 * 1024;
const CHUNKS_A_PAUSE: usize = 8;

#[wasm_bindgen]
extern "C" {
    /// The browser's `DecompressionStream`, bound here because web-sys offers it only among
    /// its unstable APIs.
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &DecompressionStream) -> ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &DecompressionStream) -> WritableStream;
}

/// Whether `bytes` are a network file as it was written; else why not.
pub async fn check(bytes: &ArrayBuffer) -> Result<(), String> {
    let len = bytes.byte_length();
    // Only the header is copied into the page's memory (which never shrinks), not megabytes.
    let head = Uint8Array::new_with_byte_offset_and_length(bytes, 0, len.min(HEAD_BYTES as u32)).to_vec();
    match Network::check_head(&head, len as usize).map_err(|e| e.to_string())? {
        Unchecked::Nothing => Ok(()),
        Unchecked::Deflated { from } => {
            inflates(&Uint8Array::new_with_byte_offset(bytes, from as u32)).await.map_err(|error| {
                let why = error.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()));
                format!(
                    "its weights do not inflate to their checksum ({})",
                    why.as_deref().unwrap_or("no reason given")
                )
            })
        }
    }
}

/// Whether `zlib` is one whole zlib stream whose Adler-32 checksum matches what it inflates
/// to: the browser inflates it, and what comes out is dropped.
async fn inflates(zlib: &Uint8Array) -> Result<(), JsValue> {
    // "deflate" is the zlib format, checksum and all: a stream cut short or changed is an
    // error, which the writes below and the drain both hear.
    let inflate = DecompressionStream::new("deflate")?;
    let drained = JsFuture::from(inflate.readable().pipe_to(&WritableStream::new()?));
    let writer = inflate.writable().get_writer()?;
    let len = zlib.length();
    for (n, start) in (0..len).step_by(CHUNK_BYTES as usize).enumerate() {
        let chunk = zlib.subarray(start, start.saturating_add(CHUNK_BYTES).min(len));
        JsFuture::from(writer.write_with_chunk(&chunk)).await?;
        // Awaiting a write alone never leaves the task: a timer lets the page draw and
        // take input.
        if n % CHUNKS_A_PAUSE == CHUNKS_A_PAUSE - 1 {
            let pause =
                Promise::new(&mut |done, _| timer::after(0, move || drop(done.call0(&JsValue::NULL))));
            JsFuture::from(pause).await?;
        }
    }
    JsFuture::from(writer.close()).await?;
    drained.await.map(drop)
}
