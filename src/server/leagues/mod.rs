//! Leagues on the server (issue 38): [`tables`] (its tables), [`ledger`] (a season's rows as
//! the pure `crate::competitions::league` sees them), [`season`] (every change of a season:
//! drafted, started, a game started, a withdrawal, a result), [`sweep`] (on every instance:
//! results of games that ended, forfeits at the deadlines, a season's end), [`settings`] (a new
//! league's, checked), [`limits`] (what one member may make in a while), [`shown`] (a league as
//! the API shows it), [`directing`] (who directs one) and [`routes`] (the API).

pub mod directing;
pub mod ledger;
pub mod limits;
pub mod routes;
pub mod season;
pub mod settings;
pub mod shown;
pub mod sweep;
pub mod tables;

use crate::server::members::Members;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::watchers::Live;
use axum::extract::FromRef;
use limits::Limits;
use std::sync::Arc;

/// What the sweep and the routes that change a league work with: the games, the members
/// (whose database holds the leagues), the live streams told of each change, what one member
/// may do in a while, and the rating categories (members are placed by their rating in the
/// league's).
#[derive(Clone)]
pub struct Parts {
    /// The games.
    pub hub: Arc<Hub>,
    /// The club's members.
    pub members: Arc<Members>,
    /// The live streams.
    pub live: Arc<Live>,
    /// What one member may do in a while.
    pub limits: Arc<Limits>,
    /// The rating categories' bounds.
    pub bounds: Bounds,
}

impl<S> FromRef<S> for Parts
where
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Limits>: FromRef<S>,
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
