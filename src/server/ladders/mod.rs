//! Ladders on the server (issue 38): [`tables`] (its tables), [`turn`] (every change of a
//! ladder made one after another, on any number of instances), [`challenges`] (made,
//! answered, forfeited, ended by their game or the director), [`sweep`] (on every instance:
//! unanswered challenges forfeited, ended games applied, idle members dropped), [`settings`]
//! (checked), [`limits`] (what one member may do in a while), [`directing`] (who directs
//! one), [`shown`] (a ladder as the API shows it) and [`routes`] (the API). The rules
//! themselves are the pure `crate::competitions::ladder`.

pub mod challenges;
pub mod directing;
pub mod limits;
pub mod routes;
pub mod settings;
pub mod shown;
pub mod sweep;
pub mod tables;
pub mod turn;

use crate::server::members::Members;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use axum::extract::FromRef;
use std::sync::Arc;

/// What the ladders' routes and sweep work with.
#[derive(Clone)]
pub struct Parts {
    /// The games (and the database's kind).
    pub hub: Arc<Hub>,
    /// The club's members, whose database holds the ladders.
    pub members: Arc<Members>,
    /// The rating categories' bounds: a ladder's ratings are those of its clock's category.
    pub bounds: Bounds,
    /// What one member may do in a while.
    pub limits: Arc<limits::Limits>,
}

impl<S> FromRef<S> for Parts
where
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Bounds: FromRef<S>,
    Arc<limits::Limits>: FromRef<S>,
{
    fn from_ref(state: &S) -> Parts {
        Parts {
            hub: FromRef::from_ref(state),
            members: FromRef::from_ref(state),
            bounds: FromRef::from_ref(state),
            limits: FromRef::from_ref(state),
        }
    }
}
