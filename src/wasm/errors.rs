//! Refusals across the boundary, in a form the page can word in its language.
//!
//! A thrown error is a JavaScript `Error` whose `message` is the engine's English sentence,
//! with two more properties: `code` (such as `position.not-a-swimmer`) and `params` (a plain
//! object of strings and numbers, such as `{side: "red", animal: "cat", square: "b5"}`); see
//! [`crate::error_code`]. A refusal that is returned rather than thrown (a link's warnings,
//! the editor's verdict) is the same three fields as plain data. [`error_codes`] lists every
//! code the engine can give, so that a test can check the page has words for each.

use super::js::to_js;
use crate::error_code::{ErrorCode, Param, Params};
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// A parameter's value as JavaScript sees it: a string or a number.
#[derive(Serialize)]
#[serde(untagged)]
enum ParamView {
    Text(String),
    Number(u64),
}

/// A refusal as plain data: `{message, code, params}`.
#[derive(Serialize)]
pub(crate) struct ReasonView {
    message: String,
    code: &'static str,
    params: BTreeMap<&'static str, ParamView>,
}

impl ReasonView {
    /// The refusal `error`, with its own message.
    pub(crate) fn of<E: ErrorCode>(error: &E) -> ReasonView {
        ReasonView { message: error.to_string(), code: error.code(), params: params_view(error.params()) }
    }
}

fn params_view(params: Params) -> BTreeMap<&'static str, ParamView> {
    let view = |value| match value {
        Param::Text(text) => ParamView::Text(text),
        Param::Number(n) => ParamView::Number(n),
    };
    params.into_iter().map(|(name, value)| (name, view(value))).collect()
}

/// The error to throw for `error`: its message, `code` and `params`.
pub(crate) fn refused<E: ErrorCode>(error: E) -> JsError {
    refused_with(&error.to_string(), &error)
}

/// The error to throw for `error`, with `message` (the error's own message in a context).
pub(crate) fn refused_with<E: ErrorCode>(message: &str, error: &E) -> JsError {
    let thrown = JsError::new(message);
    // A `JsError` is a handle on a JavaScript object: a clone reaches the same object.
    let object: JsValue = thrown.clone().into();
    let set = |key: &str, value: JsValue| js_sys::Reflect::set(&object, &key.into(), &value);
    let added =
        set("code", error.code().into()).and_then(|_| set("params", to_js(&params_view(error.params()))));
    debug_assert!(added.is_ok(), "an Error object takes new properties");
    thrown
}

/// One code and its parameters' names, for [`error_codes`].
#[derive(Serialize)]
struct CodeView {
    code: &'static str,
    params: &'static [&'static str],
}

/// Every code the engine can give, each with its parameters' names:
/// `[{code: "position.not-a-swimmer", params: ["side", "animal", "square"]}, …]`. A code
/// whose parameters end with `cause` also carries the parameters of the cause it names.
#[wasm_bindgen(js_name = errorCodes)]
pub fn error_codes() -> JsValue {
    let codes: Vec<CodeView> =
        crate::record::error_codes().map(|c| CodeView { code: c.code, params: c.params }).collect();
    to_js(&codes)
}
