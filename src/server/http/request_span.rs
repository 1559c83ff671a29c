//! A span per HTTP request (its method and path, never its query or body: seat tokens travel
//! in bodies), so that whatever the request logs says which request it was; the answer's
//! status and time are logged at `debug`.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use std::time::Instant;
use tracing::Instrument;

/// Runs the request inside its span.
pub async fn trace(request: Request, next: Next) -> Response {
    let span = tracing::info_span!("request", method = %request.method(), path = %request.uri().path());
    async move {
        let started = Instant::now();
        let response = next.run(request).await;
        let status = response.status().as_u16();
        tracing::debug!(status, micros = started.elapsed().as_micros() as u64, "answered");
        response
    }
    .instrument(span)
    .await
}
