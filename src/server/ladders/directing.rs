//! Who directs a ladder, as for tournaments: the club's admins, and its maker where the club
//! lets members make tournaments (`--tournaments members`). The [`LadderDirector`] extractor
//! lets only them through to the desk's routes: a result set, a member removed, the settings
//! changed.

use super::tables::{self, LadderRow};
use crate::server::error::{Code, Refusal};
use crate::server::members::options::TournamentMakers;
use crate::server::members::{Members, SignedIn};
use axum::extract::{FromRef, FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use std::sync::Arc;

/// The ladder named by the request's `{id}`, asked for by its signed-in director.
pub struct LadderDirector {
    /// The ladder, as it was when the request came.
    pub ladder: LadderRow,
}

/// Whether member `member_id` (`admin` or not) directs `ladder` in a club whose tournaments
/// (and so ladders) are made by `makers`.
pub fn directs(member_id: &str, admin: bool, ladder: &LadderRow, makers: TournamentMakers) -> bool {
    admin || (makers == TournamentMakers::Members && ladder.created_by == member_id)
}

impl<S: Send + Sync> FromRequestParts<S> for LadderDirector
where
    Arc<Members>: FromRef<S>,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<LadderDirector, Refusal> {
        let who = SignedIn::from_request_parts(parts, state).await?;
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| Refusal::not_found("ladder"))?;
        let id = params.iter().find(|(name, _)| *name == "id").map(|(_, value)| value.to_string());
        let id = id.ok_or_else(|| Refusal::not_found("ladder"))?;
        let members = Arc::<Members>::from_ref(state);
        let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
        let ladder = tables::get(&mut conn, &id)
            .await
            .map_err(Refusal::storage)?
            .ok_or_else(|| Refusal::not_found("ladder"))?;
        let makers = members.tournament_makers;
        if directs(&who.member.id, who.member.admin, &ladder, makers) {
            return Ok(LadderDirector { ladder });
        }
        Err(match makers {
            TournamentMakers::Admins => Refusal::not_admin(),
            TournamentMakers::Members => {
                Refusal::new(Code::NotDirector, "only an admin of the club or the ladder's maker may do this")
            }
        })
    }
}
