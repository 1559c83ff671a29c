//! The limits of a list asked for by `?limit=N&offset=N`.

use crate::server::error::Refusal;

/// The most items a list returns.
pub const MAX_LIST: i64 = 100;
/// The most items a list skips (a deeper page: use `before`).
pub const MAX_OFFSET: i64 = 10_000;
/// The items a list returns unless asked.
const DEFAULT_LIMIT: i64 = 50;

/// The `limit` asked for (1 to [`MAX_LIST`]; 50 unless asked).
pub fn limit(asked: Option<i64>) -> Result<i64, Refusal> {
    let limit = asked.unwrap_or(DEFAULT_LIMIT);
    if (1..=MAX_LIST).contains(&limit) {
        Ok(limit)
    } else {
        Err(Refusal::field("limit", format!("limit must be 1 to {MAX_LIST}")))
    }
}

/// The `offset` asked for (0 to [`MAX_OFFSET`]; 0 unless asked).
pub fn offset(asked: Option<i64>) -> Result<i64, Refusal> {
    let offset = asked.unwrap_or(0);
    if (0..=MAX_OFFSET).contains(&offset) {
        Ok(offset)
    } else {
        Err(Refusal::field("offset", format!("offset must be 0 to {MAX_OFFSET}")))
    }
}
