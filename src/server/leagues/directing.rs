//! Who directs a league: as a tournament, the club's admins, and its creator where the club
//! lets members make tournaments (`--tournaments members`). The [`Director`] extractor lets
//! only them through to the routes that draft, start, correct and arrange a season.

use super::tables::{self, LeagueRow};
use crate::server::error::{Code, Refusal};
use crate::server::members::options::TournamentMakers;
use crate::server::members::{Members, SignedIn};
use axum::extract::{FromRef, FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use std::sync::Arc;

/// The league named by the request's `{id}`, asked for by its signed-in director.
pub struct Director {
    /// The league, as it was when the request came.
    pub league: LeagueRow,
}

/// Whether the member `member_id` (`admin` or not) directs `league` in a club whose
/// competitions are made by `makers`.
pub fn directs(member_id: &str, admin: bool, league: &LeagueRow, makers: TournamentMakers) -> bool {
    admin || (makers == TournamentMakers::Members && league.created_by == member_id)
}

/// League `id`, or the refusal that names it missing.
pub async fn league(members: &Members, id: &str) -> Result<LeagueRow, Refusal> {
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    tables::get(&mut conn, id).await.map_err(Refusal::storage)?.ok_or_else(|| Refusal::not_found("league"))
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
            .map_err(|_| Refusal::not_found("league"))?;
        let id = params.iter().find(|(name, _)| *name == "id").map(|(_, value)| value.to_string());
        let id = id.ok_or_else(|| Refusal::not_found("league"))?;
        let members = Arc::<Members>::from_ref(state);
        let league = league(&members, &id).await?;
        if directs(&who.member.id, who.member.admin, &league, members.tournament_makers) {
            return Ok(Director { league });
        }
        Err(match members.tournament_makers {
            TournamentMakers::Admins => Refusal::not_admin(),
            TournamentMakers::Members => Refusal::new(
                Code::NotDirector,
                "only an admin of the club or the league's creator may do this",
            ),
        })
    }
}
