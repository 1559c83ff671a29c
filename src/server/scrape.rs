//! `GET /metrics`: the [`metrics`](crate::server::ops::metrics) for Prometheus. On the main port it answers
//! only direct connections from this machine (a loopback peer, with none of the
//! [`FORWARDING`] headers: a reverse proxy on the same machine adds one), so that players never
//! see it; `--metrics-addr` serves it to anyone who reaches that address instead.

use super::app::App;
use super::error::{Code, Refusal};
use crate::server::ops::metrics::metrics;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use tokio::net::TcpListener;

/// What Prometheus is told the answer is.
const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The headers a proxy adds to say whom it forwards: any one means the request came from elsewhere.
const FORWARDING: [&str; 3] = ["forwarded", "x-forwarded-for", "x-real-ip"];

/// `GET /metrics` on the main port: for this machine only.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    summary = "The server's metrics for Prometheus (from this machine only, or on --metrics-addr)",
    responses(
        (status = 200, description = "The metrics, OpenMetrics text", body = String, content_type = "application/openmetrics-text"),
        (status = 404, description = "Asked through a proxy or from another machine"),
    ))]
pub async fn local(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let proxied = FORWARDING.iter().any(|name| headers.contains_key(*name));
    if !peer.ip().is_loopback() || proxied {
        return Refusal::new(Code::NotFound, "no such page").into_response();
    }
    answer(&app)
}

fn answer(app: &App) -> Response {
    ([(header::CONTENT_TYPE, CONTENT_TYPE)], metrics().text(app.hub.rooms().len())).into_response()
}

/// Binds `addr` for `/metrics` alone, answered to anyone who reaches it.
pub async fn bind(addr: SocketAddr) -> Result<TcpListener, String> {
    TcpListener::bind(addr).await.map_err(|e| format!("cannot listen for the metrics on {addr}: {e}"))
}

/// Serves `/metrics` on `listener` for as long as the server runs.
pub async fn serve(listener: TcpListener, app: App) {
    let router = Router::new().route("/metrics", get(|State(app): State<App>| async move { answer(&app) }));
    if let Err(e) = axum::serve(listener, router.with_state(app)).await {
        tracing::error!(error = %e, "the metrics listener failed");
    }
}
