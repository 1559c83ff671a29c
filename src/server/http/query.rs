//! A request's query string read as a `T`, refused as a bad field otherwise.

use crate::server::error::{Code, Refusal};
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

/// The query of a request, as a `T`.
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Refusal> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(query)) => Ok(QueryParams(query)),
            Err(e) => Err(Refusal::new(Code::BadField, e.body_text())),
        }
    }
}
