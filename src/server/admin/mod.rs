//! The club admin's tools (issue 24): chat reports, hidden messages, suspensions, the members
//! list, invites and the server's health, under `api/admin/` (invites: `api/invites`) for
//! admins only (403 `not_admin` for other members, 401 `not_signed_in` for guests; changes
//! only from the club's own page).
//! Every action is written to the log (who, what, on what; never a secret) and stored in
//! `admin_actions`.
//!
//! Layout: [`routes`] (the API), [`health`] (the server's figures); the suspensions
//! themselves are the members' ([`suspensions`](crate::server::members::suspensions)).

pub mod health;
pub mod routes;

use crate::server::error::Refusal;
use crate::server::game::clock::now_ms;
use crate::server::game::token::new_game_id;
use crate::server::members::accounts::Member;
use sqlx::AnyPool;

/// Logs and stores `admin`'s `action` on `target` (`detail`: a reason, an end time…).
pub async fn log(
    pool: &AnyPool,
    admin: &Member,
    action: &str,
    target: &str,
    detail: &str,
) -> Result<(), Refusal> {
    tracing::info!(admin = %admin.name, action, target, detail, "admin action");
    sqlx::query(
        "INSERT INTO admin_actions (id, admin_id, action, target, detail, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_game_id())
    .bind(&admin.id)
    .bind(action)
    .bind(target)
    .bind(detail)
    .bind(now_ms())
    .execute(pool)
    .await
    .map_err(Refusal::storage)?;
    Ok(())
}
