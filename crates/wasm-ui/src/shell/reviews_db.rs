//! The kept games' reviews in the history's database (`super::history_db`): store
//! [`REVIEWS`], each review's document (`saved::review`, as text) under its game's id, and store
//! [`ACCURACIES`], the accuracy of each game reviewed whole, a number under the game's id, so that
//! the statistics read them all without reading every review. Both are deleted with their game
//! (`history_db`'s write of an eviction). A failure here loses no game: a review can be done
//! again, so it is said in the console only.

use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::{IdbDatabase, IdbTransactionMode};

use super::history_db::{ACCURACIES, HistoryDb, REVIEWS, complete, done, every_entry};
use page_core::Event;

impl HistoryDb {
    /// Reads the review kept with game `id`; `dispatch` gets [`Event::ReviewLoaded`], with no
    /// text when there is none or it cannot be read (said in the console).
    pub fn load_review(&self, id: u64, dispatch: impl Fn(Event) + 'static) {
        let Some(db) = self.db.borrow().clone() else {
            dispatch(Event::ReviewLoaded { game: id, text: None });
            return;
        };
        spawn_local(async move {
            let read = async {
                let tx = db.transaction_with_str_and_mode(REVIEWS, IdbTransactionMode::Readonly)?;
                done(&tx.object_store(REVIEWS)?.get(&JsValue::from_f64(id as f64))?).await
            };
            let text = match read.await {
                Ok(value) => value.as_string(),
                Err(error) => {
                    web_sys::console::warn_2(&JsValue::from_str("a game's review cannot be read:"), &error);
                    None
                }
            };
            dispatch(Event::ReviewLoaded { game: id, text });
        });
    }

    /// Keeps `document` as game `id`'s review, and its `accuracy` once it is complete, in one
    /// transaction. A failure is said in the console only: the review can be done again, and
    /// nothing of the game is lost.
    pub fn keep_review(&self, id: u64, document: String, accuracy: Option<u8>) {
        let Some(db) = self.db.borrow().clone() else { return };
        spawn_local(async move {
            let write = async {
                let tx = db.transaction_with_str_sequence_and_mode(
                    &Array::of2(&REVIEWS.into(), &ACCURACIES.into()),
                    IdbTransactionMode::Readwrite,
                )?;
                let key = JsValue::from_f64(id as f64);
                tx.object_store(REVIEWS)?.put_with_key(&JsValue::from_str(&document), &key)?;
                if let Some(accuracy) = accuracy {
                    tx.object_store(ACCURACIES)?.put_with_key(&JsValue::from(accuracy), &key)?;
                }
                complete(&tx).await
            };
            if let Err(error) = write.await {
                web_sys::console::warn_2(&JsValue::from_str("a game's review could not be kept:"), &error);
            }
        });
    }
}

/// Every accuracy kept (game id, accuracy); a value that is not one (0 to 100 under a whole
/// number) is left out.
pub(super) async fn accuracies(db: &IdbDatabase) -> Result<Vec<(u64, u8)>, JsValue> {
    let (keys, values) = every_entry(db, ACCURACIES).await?;
    let whole = |v: JsValue| v.as_f64().filter(|x| x.fract() == 0.0 && *x >= 0.0);
    Ok(keys
        .iter()
        .zip(values.iter())
        .filter_map(|(key, value)| {
            let id = whole(key).filter(|&id| id <= page_core::history::MAX_ID as f64)? as u64;
            let accuracy = whole(value).filter(|&a| a <= 100.0)? as u8;
            Some((id, accuracy))
        })
        .collect())
}
