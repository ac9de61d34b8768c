//! The kept games in IndexedDB: database [`DB_NAME`], object store [`GAMES`] with one entry
//! document per finished game (see `core::history`) under its `id` (the store's key path), and
//! store [`SET_ASIDE`], where an entry that could not be read is moved, under the same key,
//! rather than deleted, store [`REVIEWS`], each kept game's review (`saved::review`'s
//! document, as text) under the game's id, and store [`ACCURACIES`], the accuracy of each game
//! reviewed whole (a number, under the game's id: the statistics read them all without reading
//! every review); both deleted with the game; and store [`DECK`], the practice deck's cards
//! (`super::deck_db`).
//!
//! The page opens the database at whatever version it has (creating it, at version 1, with its
//! stores). One that lacks them (another script on the origin made it first) is opened again at
//! its next version, whose upgrade adds the missing stores and leaves everything there as it is.
//!
//! Every call here can fail (no IndexedDB in the browser, a private window that refuses it, a
//! full disk, another version of the page holding the database): a failure becomes an event
//! for the core, which tells the player and plays on. Nothing here panics.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, JSON, Promise};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{
    IdbDatabase, IdbFactory, IdbKeyRange, IdbObjectStoreParameters, IdbOpenDbRequest, IdbRequest,
    IdbTransaction, IdbTransactionMode,
};

use game_core::DocumentError;
use page_core::Event;
use page_core::history::{HistoryError, Kept, MAX_ENTRY_LEN, Write};

pub const DB_NAME: &str = "2048";
/// The kept games, keyed by their `id`.
pub const GAMES: &str = "games";
/// Entries that could not be read, kept under their keys.
pub const SET_ASIDE: &str = "set-aside";
/// The kept games' reviews, under their games' ids.
pub const REVIEWS: &str = "reviews";
/// The accuracy of each game reviewed whole, under its id.
pub const ACCURACIES: &str = "accuracies";
/// The practice deck's cards, under their boards' keys (`super::deck_db`).
pub const DECK: &str = "deck";

/// The database once open (shared with the tasks that write to it).
#[derive(Clone, Default)]
pub struct HistoryDb {
    pub(super) db: Rc<RefCell<Option<IdbDatabase>>>,
    /// The entries that could not be read and could not be set aside (their keys and values):
    /// still in [`GAMES`], where a game kept under one of their keys must not write over them.
    left: Rc<RefCell<Vec<(JsValue, JsValue)>>>,
}

impl HistoryDb {
    /// Opens the database and reads every entry; `dispatch` gets the outcome.
    pub fn open(&self, dispatch: impl Fn(Event) + 'static) {
        let (slot, left) = (self.db.clone(), self.left.clone());
        spawn_local(async move {
            match open_and_read().await {
                Ok((db, event, unread)) => {
                    *slot.borrow_mut() = Some(db.clone());
                    *left.borrow_mut() = unread;
                    dispatch(event);
                    match super::reviews_db::accuracies(&db).await {
                        Ok(read) => dispatch(Event::AccuraciesLoaded(read)),
                        Err(error) => web_sys::console::warn_2(
                            &JsValue::from_str("the reviews' accuracies cannot be read:"),
                            &error,
                        ),
                    }
                    match super::deck_db::cards(&db).await {
                        Ok(cards) => dispatch(Event::DeckLoaded(cards)),
                        Err(error) => web_sys::console::warn_2(
                            &JsValue::from_str("the practice deck cannot be read:"),
                            &error,
                        ),
                    }
                }
                Err(error) => {
                    web_sys::console::warn_2(&JsValue::from_str("the kept games cannot be read:"), &error);
                    dispatch(Event::HistoryUnavailable);
                }
            }
        });
    }

    /// Writes `write`'s entry and removes its evicted ones; a failure is [`Event::KeepFailed`].
    pub fn keep(&self, write: Write, dispatch: impl Fn(Event) + 'static) {
        let Some(db) = self.db.borrow().clone() else {
            dispatch(Event::KeepFailed);
            return;
        };
        let left = self.left.clone();
        spawn_local(async move {
            if let Err(error) = put(&db, &write, &left).await {
                web_sys::console::warn_2(&JsValue::from_str("a finished game could not be kept:"), &error);
                dispatch(Event::KeepFailed);
            }
        });
    }
}

impl HistoryDb {
    /// Reads kept game `id`, validated; `dispatch` gets [`Event::KeptLoaded`].
    pub fn load(&self, id: u64, dispatch: impl Fn(Event) + 'static) {
        let db = self.db.borrow().clone();
        spawn_local(async move {
            let kept = match db {
                Some(db) => get(&db, id).await,
                None => Err("the kept games cannot be read in this browser".to_owned()),
            };
            dispatch(Event::KeptLoaded { id, kept: kept.map(Box::new) });
        });
    }
}

async fn get(db: &IdbDatabase, id: u64) -> Result<Kept, String> {
    let read = async {
        let tx = db.transaction_with_str_and_mode(GAMES, IdbTransactionMode::Readonly)?;
        done(&tx.object_store(GAMES)?.get(&JsValue::from_f64(id as f64))?).await
    };
    let value = read.await.map_err(|e: JsValue| format!("{e:?}"))?;
    if value.is_undefined() {
        return Err("no such game".into());
    }
    entry(&value).map_err(|e| e.to_string())
}

/// The database, what was read, and the entries that could not be read and stay in [`GAMES`].
type Opened = (IdbDatabase, Event, Vec<(JsValue, JsValue)>);

async fn open_and_read() -> Result<Opened, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let factory = window.indexed_db()?.ok_or("no IndexedDB")?;
    let mut db = open_at(&factory, None).await?;
    if !has_stores(&db) {
        // Made without the stores (by another script): an upgrade adds them.
        // (A version is a whole number, exact as an f64, as IndexedDB takes it.)
        let next = db.version() + 1.0;
        db.close();
        db = open_at(&factory, Some(next)).await?;
        if !has_stores(&db) {
            db.close();
            return Err("the database's stores could not be made".into());
        }
    }
    // Another tab opening the database at a later version (a later page, or a repair) asks
    // this one to let go.
    let close = Closure::once_into_js({
        let db = db.clone();
        move |_: JsValue| db.close()
    });
    db.set_onversionchange(Some(close.unchecked_ref()));
    let (event, left) = read(&db).await?;
    Ok((db, event, left))
}

/// The database opened at `version` (`None`: at the version it has, or 1 if there is none
/// yet), any store it lacks made by the upgrade, if there is one.
async fn open_at(factory: &IdbFactory, version: Option<f64>) -> Result<IdbDatabase, JsValue> {
    let request = match version {
        Some(version) => factory.open_with_f64(DB_NAME, version)?,
        None => factory.open(DB_NAME)?,
    };
    let upgrade = Closure::once_into_js({
        let request = request.clone();
        move |_: JsValue| {
            if let Err(error) = create_stores(&request) {
                web_sys::console::error_1(&error);
            }
        }
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    // The upgrade waits until every other tab has let the database go.
    let blocked = Closure::once_into_js(|_: JsValue| {
        web_sys::console::warn_1(&"the kept games wait for another tab to close the database".into());
    });
    request.set_onblocked(Some(blocked.unchecked_ref()));
    JsCast::dyn_into(done(&request).await?)
}

fn has_stores(db: &IdbDatabase) -> bool {
    let names = db.object_store_names();
    [GAMES, SET_ASIDE, REVIEWS, ACCURACIES, DECK].into_iter().all(|name| names.contains(name))
}

fn create_stores(request: &IdbOpenDbRequest) -> Result<(), JsValue> {
    let db: IdbDatabase = JsCast::dyn_into(request.result()?)?;
    let names = db.object_store_names();
    if !names.contains(GAMES) {
        let parameters = IdbObjectStoreParameters::new();
        parameters.set_key_path(&JsValue::from_str("id"));
        db.create_object_store_with_optional_parameters(GAMES, &parameters)?;
    }
    if !names.contains(SET_ASIDE) {
        db.create_object_store(SET_ASIDE)?;
    }
    for name in [REVIEWS, ACCURACIES, DECK] {
        if !names.contains(name) {
            db.create_object_store(name)?;
        }
    }
    Ok(())
}

/// Every entry, validated; those that are not entries are moved to [`SET_ASIDE`] if they can
/// be (a full disk may refuse: they are then left where they are, untouched, and tried again
/// at the next visit, or when a game is kept under one's key), and the others are shown either
/// way. Also the entries left (keys and values).
async fn read(db: &IdbDatabase) -> Result<(Event, Vec<(JsValue, JsValue)>), JsValue> {
    let mut games = Vec::new();
    let mut bad = Vec::new();
    let performance = web_sys::window().and_then(|window| window.performance());
    let now = || performance.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
    let mut slice = now();
    let mut after = None;
    loop {
        let (keys, values) = read_batch(db, after.as_ref()).await?;
        let count = keys.length();
        for (key, value) in keys.iter().zip(values.iter()) {
            // Each record is replayed to be checked (a game to 2048 takes milliseconds on a
            // phone): the page goes on between short slices, so that a long history never
            // holds up a key press or a frame.
            if now() - slice > CHECK_SLICE_MS {
                next_task().await;
                slice = now();
            }
            match entry(&value) {
                Ok(kept) if JsValue::from_f64(kept.summary.id as f64) == key => games.push(kept.summary),
                Ok(_) => bad.push((key, value, "its id is not its key".to_owned())),
                Err(error) => bad.push((key, value, error.to_string())),
            }
        }
        if count < READ_BATCH {
            break;
        }
        after = Some(keys.get(count - 1));
    }
    let set_aside = bad.len();
    let mut left = Vec::new();
    if !bad.is_empty() {
        for (_, _, why) in &bad {
            web_sys::console::warn_1(&JsValue::from_str(&format!("a kept game could not be read: {why}")));
        }
        if let Err(error) = set_aside_all(db, &bad).await {
            web_sys::console::warn_2(&"the games that could not be read stay where they are:".into(), &error);
            left = bad.into_iter().map(|(key, value, _)| (key, value)).collect();
        }
    }
    Ok((Event::HistoryLoaded { games, set_aside }, left))
}

/// Moves the `bad` entries (key, value, why) to [`SET_ASIDE`], all or none.
async fn set_aside_all(db: &IdbDatabase, bad: &[(JsValue, JsValue, String)]) -> Result<(), JsValue> {
    let tx = db.transaction_with_str_sequence_and_mode(
        &Array::of2(&GAMES.into(), &SET_ASIDE.into()),
        IdbTransactionMode::Readwrite,
    )?;
    let ask = || -> Result<(), JsValue> {
        let (games_store, aside) = (tx.object_store(GAMES)?, tx.object_store(SET_ASIDE)?);
        for (key, value, _) in bad {
            aside.put_with_key(value, key)?;
            games_store.delete(key)?;
        }
        Ok(())
    };
    if let Err(error) = ask() {
        // A request refused at once (a full disk): the ones asked before it are undone too.
        let _ = tx.abort();
        return Err(error);
    }
    complete(&tx).await
}

/// How many entries one read brings into the page's memory: a full history (8 MiB) read at
/// once was built as objects in one long task. Each batch has a transaction of its own, since a
/// transaction ends once a task passes with nothing asked of it, and the checks between batches
/// let tasks pass.
const READ_BATCH: u32 = 25;

/// The keys and entries of up to [`READ_BATCH`] games, from the first key after `after` (from
/// the first key of all for `None`).
async fn read_batch(db: &IdbDatabase, after: Option<&JsValue>) -> Result<(Array, Array), JsValue> {
    let tx = db.transaction_with_str_and_mode(GAMES, IdbTransactionMode::Readonly)?;
    let store = tx.object_store(GAMES)?;
    let range = match after {
        Some(key) => IdbKeyRange::lower_bound_with_open(key, true)?.into(),
        None => JsValue::NULL,
    };
    let keys_request = store.get_all_keys_with_key_and_limit(&range, READ_BATCH)?;
    let values_request = store.get_all_with_key_and_limit(&range, READ_BATCH)?;
    let keys: Array = JsCast::dyn_into(done(&keys_request).await?)?;
    let values: Array = JsCast::dyn_into(done(&values_request).await?)?;
    Ok((keys, values))
}

/// Every key and value of `store`, in key order (both asked in one transaction).
pub(super) async fn every_entry(db: &IdbDatabase, store: &str) -> Result<(Array, Array), JsValue> {
    let tx = db.transaction_with_str_and_mode(store, IdbTransactionMode::Readonly)?;
    let store = tx.object_store(store)?;
    // Both asked before either is awaited, as one transaction must.
    let (keys_request, values_request) = (store.get_all_keys()?, store.get_all()?);
    let keys: Array = JsCast::dyn_into(done(&keys_request).await?)?;
    let values: Array = JsCast::dyn_into(done(&values_request).await?)?;
    Ok((keys, values))
}

/// Writes `write` in one transaction, all or none. An unreadable entry `left` under its key
/// is set aside in it first, never written over: if that cannot be done, nothing is.
async fn put(
    db: &IdbDatabase,
    write: &Write,
    left: &RefCell<Vec<(JsValue, JsValue)>>,
) -> Result<(), JsValue> {
    let value = JSON::parse(&write.entry.to_json())?;
    let id = write.entry.summary.id as f64;
    let under = left.borrow().iter().find(|(key, _)| key.as_f64() == Some(id)).cloned();
    let tx = db.transaction_with_str_sequence_and_mode(
        &Array::of4(&GAMES.into(), &SET_ASIDE.into(), &REVIEWS.into(), &ACCURACIES.into()),
        IdbTransactionMode::Readwrite,
    )?;
    let ask = || -> Result<(), JsValue> {
        let store = tx.object_store(GAMES)?;
        let (reviews, accuracies) = (tx.object_store(REVIEWS)?, tx.object_store(ACCURACIES)?);
        if let Some((key, unread)) = &under {
            tx.object_store(SET_ASIDE)?.put_with_key(unread, key)?;
        }
        store.put(&value)?;
        for id in &write.evict {
            store.delete(&JsValue::from_f64(*id as f64))?;
            reviews.delete(&JsValue::from_f64(*id as f64))?;
            accuracies.delete(&JsValue::from_f64(*id as f64))?;
        }
        Ok(())
    };
    if let Err(error) = ask() {
        let _ = tx.abort();
        return Err(error);
    }
    complete(&tx).await?;
    if under.is_some() {
        left.borrow_mut().retain(|(key, _)| key.as_f64() != Some(id));
    }
    Ok(())
}

/// The kept game a stored value is, read as [`Kept::from_json`] reads its text; a text far
/// too long for an entry is not even copied into the page's memory.
fn entry(value: &JsValue) -> Result<Kept, HistoryError> {
    let text = JSON::stringify(value)
        .map_err(|_| HistoryError::Document(DocumentError::NotJson("not JSON".into())))?;
    let length = text.length() as usize;
    if length > MAX_ENTRY_LEN {
        return Err(HistoryError::Document(DocumentError::TooLong { length, limit: MAX_ENTRY_LEN }));
    }
    Kept::from_json(&String::from(text))
}

/// How long the entries are checked before the page's event loop gets a turn, in ms: half a
/// frame, on any device: a fixed count of entries made long tasks on a slow phone with a long
/// history.
const CHECK_SLICE_MS: f64 = 8.0;

/// Waits for a later task (a zero timeout), letting input and frames through.
async fn next_task() {
    let _ = settled(|resolve, _| {
        let later = web_sys::window().map(|window| window.set_timeout_with_callback(resolve));
        if !matches!(later, Some(Ok(_))) {
            let _ = resolve.call0(&JsValue::NULL);
        }
    })
    .await;
}

/// A promise settled by the callbacks that `arm` sets (resolve, reject).
async fn settled(arm: impl Fn(&Function, &Function)) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve, reject| arm(&resolve, &reject));
    JsFuture::from(promise).await
}

/// The result of `request` once it succeeds.
pub(super) async fn done(request: &IdbRequest) -> Result<JsValue, JsValue> {
    settled(|resolve, reject| {
        request.set_onsuccess(Some(resolve));
        request.set_onerror(Some(reject));
    })
    .await?;
    request.result()
}

/// Once `tx` has committed.
pub(super) async fn complete(tx: &IdbTransaction) -> Result<(), JsValue> {
    settled(|resolve, reject| {
        tx.set_oncomplete(Some(resolve));
        tx.set_onerror(Some(reject));
        tx.set_onabort(Some(reject));
    })
    .await
    .map(drop)
}
