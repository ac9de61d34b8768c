//! The messages between the page and the solver's Web Worker, and the worker's answer to each.
//!
//! Every message is a plain object, posted by structured clone and read with
//! `serde-wasm-bindgen` ([`to_js`], [`from_js`]) into the types below, whose serde derives check
//! every field on arrival (natively, the same derives are tested through `serde_json`):
//!
//! ```text
//! page -> worker  {id: 7, board: [[0,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]], strength: "spec"}
//! worker -> page  {kind: "ready"}                       once, when the worker can take requests
//!                 {kind: "decision", id: 7, best: "left", values: [..4 numbers or null..],
//!                  nodes: 1234, depth: 3, micros: 850, solved: false}
//!                 {kind: "error", id: 7, message: "..."}  a request it could not read
//!                 {kind: "failed", message: "..."}        its wasm could not load (worker-loader.js)
//! ```
//! `values` follow `Direction::ALL` (up, down, left, right); `nodes` and `depth` are the
//! search's (see `solver::Decision`); `micros` is the search time in the worker; `solved` says
//! that Max's endgame tables decided, without a search: each value is then the exact chance of
//! building the 32768's last 256 after that move (`solver::endgame`). The page
//! matches a decision to its request by `id` and drops it when the board has changed since.
//!
//! `strength` names the solver ([`Strength`]): `"spec"` is `solver::decide`, the spec's
//! expectimax, with nothing kept between requests; `"strong"` is `solver::Strong`, of which the
//! worker keeps one ([`Solvers`](crate::worker::solvers::Solvers)) for its whole life, because its transposition table carries
//! over from one move of a game to the next. So a Strong answer depends on the requests before
//! it: the same boards asked in the same order of a fresh worker get the same answers (the
//! browser benchmark relies on it), a board asked alone may not. `"max"` is `solver::max::Max`,
//! kept the same way: one searcher per root move, all with the network the worker was given,
//! and Max's endgame tables above them, which answer the boards in their frames first.
//! Any other name is an error reply.
//!
//! Strong and Max search with a learned network that the page downloads
//! (`solver::max::NETWORK_FILE`) and hands each worker once, as the file's bytes, before it asks
//! for either:
//!
//! ```text
//! page -> worker  {network: <ArrayBuffer>}                 the file's bytes (a copy per worker)
//! worker -> page  {kind: "network-ready"}                  read and kept: Strong and Max can
//!                                                          be asked
//!                 {kind: "network-error", message: "..."}  not a network (corrupt, cut, foreign)
//! ```
//! The worker reads the bytes with `solver::ntuple::Network::from_bytes` and keeps the network
//! for its life (the first one it is given: a second message is answered "network-ready" and
//! not read). A bad file changes nothing: the worker answers Spec as before. A Strong or Max
//! request before a network is an error reply naming the request: the page asks Spec instead
//! until the worker has said "network-ready" ([`Solvers::take_network`](crate::worker::solvers::Solvers::take_network)).
//!
//! Between the worker and the helpers it shares Max's root moves with (see `share`), a
//! request carries `roots`, the root moves wanted, and is answered with their values alone:
//!
//! ```text
//! worker -> helper  {id: 7, board: [..], strength: "max", roots: ["up", "left"]}
//! helper -> worker  {kind: "roots", id: 7, roots: [{direction: "up", value: 1234.5, nodes: 99,
//!                    depth: 5}, ..]}
//! ```
//! A helper is handed the network the same way, by the worker, before it is asked anything.
//!
//! The game of the day, played by Strong in the background (`worker::day`), once the network is
//! in the worker, a slice of moves at a time between the other requests:
//!
//! ```text
//! page -> worker  {day: "2026-12-05"}                      play that day's game (UTC date)
//! worker -> page  {kind: "day", date: "2026-12-05", score: 71548, tile: 4096, moves: 3340}
//! ```
//! A second day asked before the first is done replaces it; a day asked before the network is
//! an error reply with no id.

use game_core::Direction;
pub use page_core::request::{Request, Strength};
use serde::{Deserialize, Serialize};

/// One root move's value from Max's searcher for it (`value` null: the move does not count).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Root {
    pub direction: Direction,
    pub value: Option<f64>,
    pub nodes: u64,
    pub depth: u32,
}

impl Root {
    pub fn new(direction: Direction, value: solver::max::MoveValue) -> Root {
        Root { direction, value: value.value, nodes: value.nodes, depth: value.depth }
    }

    /// The searcher's value, as `solver::max::Max::combine` takes it.
    pub fn move_value(&self) -> solver::max::MoveValue {
        solver::max::MoveValue { value: self.value, nodes: self.nodes, depth: self.depth }
    }
}

/// Whole microseconds from `started` to `now()` (a clock in milliseconds): a reply's `micros`.
pub fn micros_since(started: f64, now: &mut dyn FnMut() -> f64) -> u64 {
    ((now() - started) * 1000.0).max(0.0).round() as u64
}

/// Everything the worker sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Reply {
    Ready,
    Decision {
        id: u64,
        best: Option<Direction>,
        values: [Option<f64>; 4],
        nodes: u64,
        depth: u32,
        micros: u64,
        /// The endgame tables' exact chances, not a search's values.
        #[serde(default)]
        solved: bool,
    },
    /// The values of the root moves a request's `roots` asked for.
    Roots {
        id: u64,
        roots: Vec<Root>,
    },
    /// The network of a `{network}` message is read and kept: Max can be asked.
    #[serde(rename = "network-ready")]
    NetworkReady,
    /// The bytes of a `{network}` message are not a network; `message` says why.
    #[serde(rename = "network-error")]
    NetworkError {
        message: String,
    },
    Error {
        id: Option<u64>,
        message: String,
    },
    /// Sent by the worker's loader, not the wasm: the wasm could not load.
    Failed {
        message: String,
    },
    /// Strong played the game of the day `date` to this end.
    Day {
        date: String,
        score: u32,
        tile: u32,
        moves: u32,
    },
}

/// The message that asks the worker to play a day's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DayRequest {
    pub day: String,
}

/// The field that marks a [`DayRequest`].
pub const DAY_FIELD: &str = "day";

impl Reply {
    /// Strong's result on `day`'s game.
    pub fn day(day: page_core::daily::Day, outcome: page_core::days::Outcome) -> Reply {
        Reply::Day { date: day.to_string(), score: outcome.score, tile: outcome.tile, moves: outcome.moves }
    }
}

/// A value as the object posted to or from the worker (`null` for `None`, plain numbers).
pub fn to_js<T: Serialize>(value: &T) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(Into::into)
}

/// A posted object read as `T`, every field checked. It is read as a whole first, then as `T`:
/// serde-wasm-bindgen reading a struct straight from an object looks up the struct's own fields
/// only, so an unknown field would pass where `T` refuses it (natively tested through the same
/// path, `serde_json::Value`).
pub fn from_js<T: serde::de::DeserializeOwned>(value: wasm_bindgen::JsValue) -> Result<T, String> {
    let whole: serde_json::Value =
        serde_wasm_bindgen::from_value(value).map_err(|error| error.to_string())?;
    serde_json::from_value(whole).map_err(|error| error.to_string())
}

/// The field of the message that hands a worker the network: `{network: <ArrayBuffer>}`.
pub const NETWORK_FIELD: &str = "network";

/// The message that hands a worker the network: the file's bytes, which the browser copies.
pub fn network_message(bytes: &js_sys::ArrayBuffer) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &NETWORK_FIELD.into(), bytes)?;
    Ok(message.into())
}

/// The file of a network message, if `message` is one (an object with a `network` field); an
/// error when that field holds no bytes. Read by hand rather than with serde: the megabytes
/// stay one `ArrayBuffer` (kept to hand on to helpers), copied into the wasm once.
pub fn read_network(message: &wasm_bindgen::JsValue) -> Option<Result<js_sys::ArrayBuffer, String>> {
    use wasm_bindgen::JsCast;
    if !message.is_object() {
        return None;
    }
    let field = js_sys::Reflect::get(message, &NETWORK_FIELD.into()).ok().filter(|f| !f.is_undefined())?;
    Some(
        field
            .dyn_into::<js_sys::ArrayBuffer>()
            .map_err(|_| format!("`{NETWORK_FIELD}` is not the file's bytes (an ArrayBuffer)")),
    )
}

/// The day of a `{day}` message, if `message` is one (an object with a `day` field); an error
/// when it is not a date or the message holds anything else.
pub fn read_day(message: &wasm_bindgen::JsValue) -> Option<Result<page_core::daily::Day, String>> {
    if !message.is_object() {
        return None;
    }
    js_sys::Reflect::get(message, &DAY_FIELD.into()).ok().filter(|f| !f.is_undefined())?;
    Some(from_js::<DayRequest>(message.clone()).and_then(|ask| {
        page_core::daily::Day::parse(&ask.day).ok_or_else(|| "`day` is not a date (YYYY-MM-DD)".to_owned())
    }))
}

/// The reply to a message that is not a request: it names the request when its `id` could be
/// read.
pub fn unreadable(id: Option<u64>, error: &str) -> Reply {
    Reply::Error { id, message: format!("unreadable request: {error}") }
}

impl Reply {
    /// The reply to request `id` that a search's `decision` answers, `micros` after it was
    /// asked.
    pub fn decision(id: u64, decision: solver::Decision, micros: u64) -> Reply {
        Reply::answer(id, decision, micros, false)
    }

    /// The same for the endgame tables' decision: its values are exact chances.
    pub fn solved(id: u64, decision: solver::Decision, micros: u64) -> Reply {
        Reply::answer(id, decision, micros, true)
    }

    fn answer(id: u64, decision: solver::Decision, micros: u64, solved: bool) -> Reply {
        let solver::Decision { best, values, nodes, depth } = decision;
        Reply::Decision { id, best, values, nodes, depth, micros, solved }
    }
}

// Natively only: Max's tests read the repository's network file.

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use game_core::Board;

    #[test]
    fn a_request_reads_back_and_has_the_documented_shape() {
        let board = Board::from_rows([[0, 2, 0, 0], [0; 4], [0, 0, 4, 0], [0; 4]]).unwrap();
        let request = Request::new(7, board, Strength::Spec);
        let json = serde_json::to_string(&request).unwrap();
        assert_eq!(json, r#"{"id":7,"board":[[0,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]],"strength":"spec"}"#);
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
    }

    #[test]
    fn replies_round_trip_through_json() {
        let reply = Reply::Decision {
            id: 9,
            best: Some(Direction::Left),
            values: [Some(1.5), None, Some(-1.0e6), Some(0.25)],
            nodes: 42,
            depth: 2,
            micros: 800,
            solved: true,
        };
        let json = serde_json::to_string(&reply).unwrap();
        assert!(json.starts_with(r#"{"kind":"decision","id":9,"best":"left","values":[1.5,null,"#), "{json}");
        assert_eq!(serde_json::from_str::<Reply>(&json).unwrap(), reply);
        // A decision from before the tables said nothing of them: a search's.
        let searched = r#"{"kind":"decision","id":1,"best":null,"values":[null,null,null,null],"nodes":0,"depth":0,"micros":0}"#;
        assert!(matches!(serde_json::from_str(searched), Ok(Reply::Decision { solved: false, .. })));
        assert_eq!(serde_json::to_string(&Reply::Ready).unwrap(), r#"{"kind":"ready"}"#);
        let failed: Reply = serde_json::from_str(r#"{"kind":"failed","message":"no wasm"}"#).unwrap();
        assert_eq!(failed, Reply::Failed { message: "no wasm".into() });
    }

    #[test]
    fn the_days_messages_have_the_documented_shape() {
        let ask = DayRequest { day: "2026-12-05".into() };
        assert_eq!(serde_json::to_string(&ask).unwrap(), r#"{"day":"2026-12-05"}"#);
        let day = page_core::daily::Day::parse("2026-12-05").unwrap();
        let outcome = page_core::days::Outcome { score: 71548, tile: 4096, moves: 3340 };
        let json = serde_json::to_string(&Reply::day(day, outcome)).unwrap();
        assert_eq!(json, r#"{"kind":"day","date":"2026-12-05","score":71548,"tile":4096,"moves":3340}"#);
        assert!(serde_json::from_str::<DayRequest>(r#"{"day":"2026-12-05","x":1}"#).is_err());
    }

    #[test]
    fn strengths_have_the_documented_names() {
        for strength in Strength::ALL {
            assert_eq!(Strength::from_code(strength.code()), Some(strength));
            let json = serde_json::to_string(&strength).unwrap();
            assert_eq!(json, format!("\"{}\"", strength.code()));
        }
        assert_eq!(Strength::ALL.map(Strength::code), ["spec", "strong", "max"]);
        assert_eq!(Strength::default(), Strength::Spec);
        for bad in ["", "Spec", "STRONG", " strong", "strongest"] {
            assert_eq!(Strength::from_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_network_replies_have_the_documented_shape() {
        assert_eq!(serde_json::to_string(&Reply::NetworkReady).unwrap(), r#"{"kind":"network-ready"}"#);
        let error = Reply::NetworkError { message: "the file is not a network: bad header".into() };
        let json = serde_json::to_string(&error).unwrap();
        assert_eq!(json, r#"{"kind":"network-error","message":"the file is not a network: bad header"}"#);
        assert_eq!(serde_json::from_str::<Reply>(&json).unwrap(), error);
        assert!(serde_json::from_str::<Reply>(r#"{"kind":"network-error"}"#).is_err());
    }
}
