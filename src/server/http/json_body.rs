//! A request's JSON body, read whole (up to [`MAX_BODY_BYTES`]) and refused clearly: too
//! large, not JSON, or with a bad field. The `Content-Type` is not checked: the body is.

use crate::server::error::{Code, Refusal};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

/// The largest request body, in bytes (the router's `DefaultBodyLimit`).
pub const MAX_BODY_BYTES: usize = 4096;

/// A body of JSON read as a `T`; a refusal otherwise.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = Refusal;

    async fn from_request(request: Request, state: &S) -> Result<Self, Refusal> {
        // The body fails to arrive only by passing the limit (a slow one is cut off above).
        let bytes = Bytes::from_request(request, state).await.map_err(|_| {
            let message = format!("bodies are limited to {MAX_BODY_BYTES} bytes");
            Refusal::new(Code::TooLarge, message).with("limit", MAX_BODY_BYTES)
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| match e.classify() {
            serde_json::error::Category::Data => Refusal::new(Code::BadField, e.to_string()),
            _ => Refusal::new(Code::BadJson, format!("not JSON: {e}")),
        })
    }
}
