//! A refusal as an HTTP answer: its code's status and `{"code","message","params"}`.

use crate::server::error::Refusal;
use crate::server::ops::metrics::metrics;
use axum::response::{IntoResponse, Response};
use axum::Json;

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        metrics().refused(self.code);
        let body =
            serde_json::json!({ "code": self.code, "message": self.message, "params": self.params_json() });
        (self.code.status(), Json(body)).into_response()
    }
}
