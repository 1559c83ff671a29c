//! Knockout cups on the server (issue 38): [`tables`] (its tables), [`ledger`] (the rows as the
//! pure `crate::competitions::cup` sees them), [`director`] (the sweep: results, tie-breaks,
//! next rounds, deadlines, the end; each change made once across instances), [`settings`]
//! (a new cup, checked), [`limits`] (what one member may do in a while), [`shown`] (a cup as
//! the API shows it), [`routes`] (the API and the director's desk) and [`live`] (its changes
//! as server-sent events).

pub mod director;
pub mod ledger;
pub mod limits;
pub mod live;
pub mod routes;
pub mod settings;
pub mod shown;
pub mod tables;
