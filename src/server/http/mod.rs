//! What every HTTP handler shares, below the routers that use it: the answer of a
//! [`Refusal`](crate::server::error::Refusal) ([`refusal`]), a JSON body and a query read with
//! a refusal as their rejection ([`json_body`], [`query`]), and the limits of a list ([`lists`]).

pub mod json_body;
pub mod lists;
pub mod query;
pub mod refusal;

pub use json_body::{JsonBody, MAX_BODY_BYTES};
pub use query::QueryParams;
