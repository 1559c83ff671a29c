//! Who directs a tournament (issue 34): the club's admins, and its creator where the club lets
//! members make tournaments. The [`Director`] extractor lets only them through to the routes
//! that start, pair, pause, resume, end, correct and read the log of a tournament.

use super::tables::{self, TournamentRow};
use crate::server::error::{Code, Refusal};
use crate::server::members::options::TournamentMakers;
use crate::server::members::{Members, SignedIn};
use axum::extract::{FromRef, FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use sqlx::{AnyConnection, Row};
use std::sync::Arc;

/// The signed-in director of the tournament named by the request's `{id}`, with the tournament.
pub struct Director {
    /// The member.
    pub who: SignedIn,
    /// The tournament, as it was when the request came.
    pub tournament: TournamentRow,
}

/// Whether the member `member_id` (`admin` or not) directs `tournament` in a club whose
/// tournaments are made by `makers`.
pub fn directs(member_id: &str, admin: bool, tournament: &TournamentRow, makers: TournamentMakers) -> bool {
    admin || (makers == TournamentMakers::Members && tournament.created_by == member_id)
}

/// The name of the member who directs `tournament` beside the admins (its creator, where
/// members make tournaments), if any.
pub async fn director_name(
    conn: &mut AnyConnection,
    tournament: &TournamentRow,
    makers: TournamentMakers,
) -> sqlx::Result<Option<String>> {
    if makers != TournamentMakers::Members {
        return Ok(None);
    }
    let row = sqlx::query("SELECT name FROM members WHERE id = $1")
        .bind(&tournament.created_by)
        .fetch_optional(conn)
        .await?;
    row.map(|row| row.try_get("name")).transpose()
}

impl<S: Send + Sync> FromRequestParts<S> for Director
where
    Arc<Members>: FromRef<S>,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Director, Refusal> {
        let who = SignedIn::from_request_parts(parts, state).await?;
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| Refusal::not_found("tournament"))?;
        let id = params.iter().find(|(name, _)| *name == "id").map(|(_, value)| value.to_string());
        let id = id.ok_or_else(|| Refusal::not_found("tournament"))?;
        let members = Arc::<Members>::from_ref(state);
        let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
        let tournament = tables::get(&mut conn, &id)
            .await
            .map_err(Refusal::storage)?
            .ok_or_else(|| Refusal::not_found("tournament"))?;
        let makers = members.tournament_makers;
        if directs(&who.member.id, who.member.admin, &tournament, makers) {
            return Ok(Director { who, tournament });
        }
        // Where only admins make tournaments, only admins direct them.
        Err(match makers {
            TournamentMakers::Admins => Refusal::not_admin(),
            TournamentMakers::Members => Refusal::new(
                Code::NotDirector,
                "only an admin of the club or the tournament's creator may do this",
            ),
        })
    }
}
