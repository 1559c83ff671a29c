//! Who directs a tournament: the club's admins, and where members make tournaments
//! (`--tournaments members`) the member who made it.

use super::tables::TournamentRow;
use crate::server::error::{Code, Refusal};
use crate::server::members::accounts::{self, Member};
use crate::server::members::options::TournamentMakers;
use crate::server::members::Members;

/// Whether `member` directs tournament `row` in a club whose tournaments `makers` make.
pub fn directs(member: &Member, row: &TournamentRow, makers: TournamentMakers) -> bool {
    member.admin || (makers == TournamentMakers::Members && row.created_by == member.id)
}

/// Nothing if `member` directs tournament `row`; else the refusal.
pub fn must_direct(member: &Member, row: &TournamentRow, members: &Members) -> Result<(), Refusal> {
    if directs(member, row, members.tournament_makers) {
        return Ok(());
    }
    let why = "only the tournament's director may do this: an admin, or the member who made it";
    Err(Refusal::new(Code::NotDirector, why))
}

/// The name of the member who directs tournament `row` besides the admins (its maker, where
/// members make tournaments), if any.
pub async fn member_director(members: &Members, row: &TournamentRow) -> Result<Option<String>, Refusal> {
    if members.tournament_makers != TournamentMakers::Members {
        return Ok(None);
    }
    let maker = accounts::by_id(members.pool(), &row.created_by).await.map_err(Refusal::storage)?;
    Ok(maker.map(|maker| maker.name))
}
