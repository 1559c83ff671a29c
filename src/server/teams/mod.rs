//! Teams and team matches on the server (issue 38): [`store`] (the tables), [`routes`] (the
//! teams' API: make one, its members and captain), [`match_routes`] (the matches' API: make,
//! accept, line up, start, show), [`desk`] (the club admin's: a board's result set by hand),
//! [`start`] (a match's boards and games, made at once), [`sweep`] (every few hundred ms on
//! every instance: starts at their time, board results, the end), [`shown`] (a team and a
//! match as the API shows them) and [`limits`] (what a member makes in a while). The pure
//! rules — line-ups, colours, score, winner — are `crate::competitions::team_match`.

pub mod desk;
pub mod limits;
pub mod match_routes;
pub mod routes;
pub mod shown;
pub mod start;
pub mod store;
pub mod sweep;

use crate::server::members::Members;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::watchers::Live;
use axum::extract::FromRef;
use std::sync::Arc;

/// What the team routes and the sweep work with.
#[derive(Clone)]
pub struct Parts {
    /// The games (and the database's kind).
    pub hub: Arc<Hub>,
    /// The club's members, whose database holds the teams.
    pub members: Arc<Members>,
    /// The live streams, told of each change of a match.
    pub live: Arc<Live>,
    /// What one member makes in a while.
    pub limits: Arc<limits::Limits>,
    /// The rating categories' bounds: a match's line-up by rating is in its clock's category.
    pub bounds: Bounds,
}

impl<S> FromRef<S> for Parts
where
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<limits::Limits>: FromRef<S>,
    Bounds: FromRef<S>,
{
    fn from_ref(state: &S) -> Parts {
        Parts {
            hub: FromRef::from_ref(state),
            members: FromRef::from_ref(state),
            live: FromRef::from_ref(state),
            limits: FromRef::from_ref(state),
            bounds: FromRef::from_ref(state),
        }
    }
}
