//! HTTP below the routers that use it. What every handler shares: the answer of a
//! [`Refusal`](crate::server::error::Refusal) ([`refusal`]), a JSON body and a query read with
//! a refusal as their rejection ([`json_body`], [`query`]), the client's address
//! ([`client_ip`]; the blocks it counts in and proxies are given as, [`address_block`]), the
//! limits of a list ([`lists`]), short texts shown to others ([`one_line`]), rate limits by
//! address ([`rate_limit`]) and the OpenAPI document's common parts ([`openapi`]). What every
//! state-changing request passes: [`origin`] (the club's own page only). And what every answer
//! goes through: [`listen`] (accepting connections: caps and timeouts, sized by [`budget`]
//! within the [`open_files`] the process may use; [`connection_place`], a connection's place in
//! the caps, which its WebSocket keeps), [`headers`] (the Content-Security-Policy and the other
//! headers),
//! [`request_span`] (each request's span in the log), and [`files`] and [`caching`] (the built
//! page, from inside `dist/` only, and how long browsers keep it; [`bundled_page`], the page
//! built into the binary, written out to be served the same way).

pub mod address_block;
pub mod budget;
pub mod bundled_page;
pub mod caching;
pub mod client_ip;
pub mod connection_place;
pub mod files;
pub mod headers;
pub mod json_body;
pub mod listen;
pub mod lists;
pub mod one_line;
pub mod open_files;
pub mod openapi;
pub mod origin;
pub mod query;
pub mod rate_limit;
pub mod refusal;
pub mod request_span;

pub use json_body::{JsonBody, MAX_BODY_BYTES};
pub use query::QueryParams;
