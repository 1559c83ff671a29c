//! Plain Rust data as JavaScript values.

use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as a JavaScript value: structs and maps become plain objects, numbers numbers.
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).expect("plain data converts to a JS value")
}
