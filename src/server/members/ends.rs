//! Sessions' ends told to the sockets signed in with them, on every instance: whatever ends
//! sessions of a member (signing out, signing out everywhere, a new password, deleting the
//! account, a suspension) calls [`Ends::ended`], which tells this instance's sockets at once and
//! the other instances by a note; each socket of that member then checks its own session and
//! closes if it ended (see [`connection::ws`](crate::server::connection::ws)).

use crate::server::storage::db::Db;
use crate::server::storage::note::Note;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Ends told at once to the sockets of an instance; a socket that falls further behind checks
/// its session anyway.
const BACKLOG: usize = 256;

/// The ends of sessions, told to the sockets.
pub struct Ends {
    /// The ids of members some of whose sessions ended.
    members: broadcast::Sender<Arc<str>>,
    /// The database the notes to the other instances go through.
    db: Db,
    /// This instance, named in its notes.
    instance: Arc<str>,
}

impl Ends {
    /// The ends told to this instance's sockets, and to the others through `db` as `instance`.
    pub fn new(db: Db, instance: Arc<str>) -> Ends {
        Ends { members: broadcast::channel(BACKLOG).0, db, instance }
    }

    /// Sessions of `member_id` ended: their sockets here and on the other instances close.
    pub fn ended(&self, member_id: &str) {
        let _ = self.members.send(member_id.into());
        let note = Note::SessionsEnded { member: member_id.to_string(), instance: self.instance.to_string() };
        self.db.notes(vec![note]);
    }

    /// Instance `instance` noted that sessions of `member_id` ended.
    pub fn heard(&self, member_id: &str, instance: &str) {
        if instance != &*self.instance {
            let _ = self.members.send(member_id.into());
        }
    }

    /// The members whose sessions end from now on (taken before a socket reads its session,
    /// so that no end slips between).
    pub fn watch(&self) -> broadcast::Receiver<Arc<str>> {
        self.members.subscribe()
    }
}
