//! The practice deck in the history's database (`super::history_db`): store [`DECK`], each
//! card's document (`saved::card`, as text) under its board's key (`deck::key_of`), so that two
//! tabs adding cards write different records. A card the core could not read is moved to
//! [`SET_ASIDE`] under `deck:` and its key, never deleted. A failure here is said in the console
//! only: the deck in the page goes on, and a card not written is only a board to practise less.

use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::{IdbDatabase, IdbTransactionMode};

use super::history_db::{DECK, HistoryDb, SET_ASIDE, complete, done, every_entry};

/// The prefix of a set-aside card's key in [`SET_ASIDE`] (whose other keys are games' ids).
const ASIDE_PREFIX: &str = "deck:";

/// Every card kept: its key and its text (a value that is not text is passed on as empty text,
/// which the core sets aside as any unreadable card).
pub(super) async fn cards(db: &IdbDatabase) -> Result<Vec<(String, String)>, JsValue> {
    let (keys, values) = every_entry(db, DECK).await?;
    Ok(keys
        .iter()
        .zip(values.iter())
        .filter_map(|(key, value)| Some((key.as_string()?, value.as_string().unwrap_or_default())))
        .collect())
}

impl HistoryDb {
    /// Keeps `cards` (key, document), each over any kept under its key, in one transaction.
    pub fn keep_cards(&self, cards: Vec<(String, String)>) {
        self.deck_write("practice cards could not be kept:", move |db| {
            let tx = db.transaction_with_str_and_mode(DECK, IdbTransactionMode::Readwrite)?;
            let store = tx.object_store(DECK)?;
            for (key, text) in &cards {
                store.put_with_key(&JsValue::from_str(text), &JsValue::from_str(key))?;
            }
            Ok(tx)
        });
    }

    /// Deletes the cards of `keys`.
    pub fn delete_cards(&self, keys: Vec<String>) {
        self.deck_write("practice cards could not be deleted:", move |db| {
            let tx = db.transaction_with_str_and_mode(DECK, IdbTransactionMode::Readwrite)?;
            let store = tx.object_store(DECK)?;
            for key in &keys {
                store.delete(&JsValue::from_str(key))?;
            }
            Ok(tx)
        });
    }

    /// Moves the cards of `keys` to [`SET_ASIDE`], each with its text as it was.
    pub fn set_aside_cards(&self, keys: Vec<String>) {
        let Some(db) = self.db.borrow().clone() else { return };
        spawn_local(async move {
            let moved = async {
                let tx = db.transaction_with_str_sequence_and_mode(
                    &Array::of2(&DECK.into(), &SET_ASIDE.into()),
                    IdbTransactionMode::Readwrite,
                )?;
                let (deck, aside) = (tx.object_store(DECK)?, tx.object_store(SET_ASIDE)?);
                for key in &keys {
                    let key = JsValue::from_str(key);
                    let value = done(&deck.get(&key)?).await?;
                    let under =
                        JsValue::from_str(&format!("{ASIDE_PREFIX}{}", key.as_string().unwrap_or_default()));
                    aside.put_with_key(&value, &under)?;
                    deck.delete(&key)?;
                }
                complete(&tx).await
            };
            if let Err(error) = moved.await {
                web_sys::console::warn_2(
                    &JsValue::from_str("unreadable practice cards stay where they are:"),
                    &error,
                );
            }
        });
    }

    /// Runs `ask` (which asks for a transaction's writes) and says a failure in the console.
    fn deck_write(
        &self,
        failed: &'static str,
        ask: impl FnOnce(&IdbDatabase) -> Result<web_sys::IdbTransaction, JsValue> + 'static,
    ) {
        let Some(db) = self.db.borrow().clone() else { return };
        spawn_local(async move {
            let written = async { complete(&ask(&db)?).await };
            if let Err(error) = written.await {
                web_sys::console::warn_2(&JsValue::from_str(failed), &error);
            }
        });
    }
}
