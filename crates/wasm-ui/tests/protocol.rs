//! The worker's messages as the browser carries them: plain objects through structured clone,
//! read with serde-wasm-bindgen and checked field by field on arrival.
#![cfg(target_arch = "wasm32")]

use game_core::{Board, Direction};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;
use wasm_ui::protocol::{Reply, Request, Strength, from_js, network_message, read_network, to_js};
use wasm_ui::worker::solvers::Solvers;

wasm_bindgen_test_configure!(run_in_browser);

fn object(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().as_string().unwrap()
}

#[wasm_bindgen_test]
fn a_request_goes_as_the_documented_object_and_reads_back() {
    let board = Board::from_rows([[0, 2, 0, 0], [0; 4], [0, 0, 4, 0], [0; 4]]).unwrap();
    let request = Request::new(7, board, Strength::Strong);
    let sent = to_js(&request).unwrap();
    assert_eq!(
        json(&sent),
        r#"{"id":7,"board":[[0,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]],"strength":"strong"}"#
    );
    assert_eq!(from_js::<Request>(sent), Ok(request));
}

#[wasm_bindgen_test]
fn a_decision_has_nulls_for_moves_that_do_not_count() {
    let request = from_js::<Request>(object(
        r#"{"id":3,"board":[[2,4,2,4],[4,2,4,2],[2,4,2,4],[4,2,4,0]],"strength":"spec"}"#,
    ))
    .unwrap();
    let reply = Solvers::ample().respond(request, &mut || 0.0);
    let text = json(&to_js(&reply).unwrap());
    assert!(text.starts_with(r#"{"kind":"decision","id":3,"best":"#), "{text}");
    assert!(text.contains("null"), "the moves that change nothing: {text}");
    assert_eq!(from_js::<Reply>(to_js(&reply).unwrap()), Ok(reply.clone()));
    let Reply::Decision { best, .. } = reply else { panic!() };
    assert!(matches!(best, Some(Direction::Right | Direction::Down)));
}

#[wasm_bindgen_test]
fn a_message_that_is_not_a_request_is_refused() {
    for bad in [
        r#""{\"id\":1}""#,
        r#"{"id":1,"board":[[0,0,0,0]],"strength":"spec"}"#,
        r#"{"id":1,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"strongest"}"#,
        r#"{"id":1,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"spec","extra":1}"#,
        r#"{"id":-1,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"spec"}"#,
        r#"{"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"spec"}"#,
        "null",
    ] {
        assert!(from_js::<Request>(object(bad)).is_err(), "{bad}");
    }
    // A worker's reply of a kind the page does not know is refused too.
    assert!(from_js::<Reply>(object(r#"{"kind":"shout"}"#)).is_err());
    assert_eq!(
        from_js::<Reply>(object(r#"{"kind":"failed","message":"no wasm"}"#)),
        Ok(Reply::Failed { message: "no wasm".into() })
    );
}

#[wasm_bindgen_test]
fn a_network_message_carries_the_bytes_and_a_bad_one_gets_its_reason() {
    let bytes = js_sys::Uint8Array::from(&b"2048NT04 and more"[..]).buffer();
    let message = network_message(&bytes).unwrap();
    let read = read_network(&message).expect("a network message").expect("its bytes");
    assert_eq!(js_sys::Uint8Array::new(&read).to_vec(), b"2048NT04 and more");
    // A request is no network message; a `network` that holds no bytes is a bad one.
    let request = object(r#"{"id":1,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"strength":"max"}"#);
    assert!(read_network(&request).is_none());
    assert!(read_network(&JsValue::from_str("network")).is_none());
    assert!(matches!(read_network(&object(r#"{"network":"bytes"}"#)), Some(Err(_))));
    // Bytes that are no network: a clear error reply, and Strong and Max, which search with it,
    // are still refused; Spec answers.
    let mut solvers = Solvers::ample();
    let reply = solvers.take_network(b"2048NT04 and more");
    let text = json(&to_js(&reply).unwrap());
    assert!(text.starts_with(r#"{"kind":"network-error","message":"the file is not a network: "#), "{text}");
    assert_eq!(from_js::<Reply>(object(r#"{"kind":"network-ready"}"#)), Ok(Reply::NetworkReady));
    assert!(!solvers.has_network());
    let max = from_js::<Request>(request).unwrap();
    assert!(matches!(solvers.respond(max, &mut || 0.0), Reply::Error { id: Some(1), .. }));
    let board = r#""board":[[2,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]"#;
    let strong = from_js::<Request>(object(&format!(r#"{{"id":2,{board},"strength":"strong"}}"#))).unwrap();
    assert!(matches!(solvers.respond(strong, &mut || 0.0), Reply::Error { id: Some(2), .. }));
    let spec = from_js::<Request>(object(&format!(r#"{{"id":3,{board},"strength":"spec"}}"#))).unwrap();
    assert!(
        matches!(solvers.respond(spec, &mut || 0.0), Reply::Decision { id: 3, .. }),
        "Spec needs no network"
    );
}
