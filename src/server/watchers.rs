//! Who watches what, for the live streams ([`live`](super::tournaments::live)): the tournaments,
//! leaderboards and members' challenges received watched on this instance, each with its latest state, the caps on streams, and
//! the announcement of changes to the other instances on PostgreSQL (`NOTIFY` on [`CHANNEL`]).
//! Nothing here reads a tournament: the streams' tasks do.

use crate::server::error::{Code, Refusal};
use crate::server::http::rate_limit::Slots;
use crate::server::rating::tables::Asked;
use serde_json::Value;
use sqlx::AnyPool;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// The PostgreSQL channel on which the instances announce changes to each other.
pub const CHANNEL: &str = "jungle_live";

/// What a stream watches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// A tournament, by id.
    Tournament(String),
    /// A leaderboard, as asked for.
    Leaderboard(Asked),
    /// The challenges a member received, by the member's id.
    Challenges(String),
    /// A knockout cup, by id.
    Cup(String),
    /// A league, by id.
    League(String),
    /// A team match, by id.
    TeamMatch(String),
}

/// A watched topic: its changes, and its latest state (none until first read).
struct Watched {
    changes: watch::Sender<()>,
    state: watch::Sender<Option<Arc<Value>>>,
}

/// How many streams of a member's challenges may be open at once: one per page of theirs.
const STREAMS_PER_MEMBER: u32 = 10;

/// Whose stream it is, for the caps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Holder {
    /// A tournament's or a leaderboard's, which anyone may watch: counted by the address.
    Address(IpAddr),
    /// A member's own challenges: counted by the member, wherever they are, so that a club
    /// night's members behind one address are not capped by how many came.
    Member(String),
}

/// The live streams of a server.
pub struct Live {
    topics: Mutex<HashMap<Topic, Watched>>,
    per_ip: Slots,
    per_member: Slots<String>,
    open: AtomicUsize,
    max: usize,
    /// The pool to announce changes on, on PostgreSQL.
    postgres: Option<AnyPool>,
}

impl Live {
    /// Streams capped at `per_ip` per address and `max` in all; changes announced on
    /// `postgres`'s pool when given.
    pub fn new(per_ip: u32, max: usize, postgres: Option<AnyPool>) -> Live {
        Live {
            topics: Mutex::default(),
            per_ip: Slots::new(per_ip),
            per_member: Slots::new(STREAMS_PER_MEMBER),
            open: AtomicUsize::new(0),
            max,
            postgres,
        }
    }

    /// Tournament `id` changed (stored and committed): its watchers here and elsewhere are told.
    pub fn tournament_changed(&self, id: &str) {
        self.heard(&Topic::Tournament(id.to_string()));
        self.announce(format!("tournament {id}"));
    }

    /// Cup `id` changed (stored and committed): its watchers here and elsewhere are told.
    pub fn cup_changed(&self, id: &str) {
        self.heard(&Topic::Cup(id.to_string()));
        self.announce(format!("cup {id}"));
    }

    /// League `id` changed (stored and committed): its watchers here and elsewhere are told.
    pub fn league_changed(&self, id: &str) {
        self.heard(&Topic::League(id.to_string()));
        self.announce(format!("league {id}"));
    }

    /// Team match `id` changed (stored and committed): its watchers here and elsewhere are told.
    pub fn team_match_changed(&self, id: &str) {
        self.heard(&Topic::TeamMatch(id.to_string()));
        self.announce(format!("team-match {id}"));
    }

    /// Challenges to or from the members of `ids` were made or answered: their lists of
    /// challenges received, here and elsewhere, are read again.
    pub fn challenges_changed<'a>(&self, ids: impl IntoIterator<Item = &'a str>) {
        for id in ids {
            self.heard(&Topic::Challenges(id.to_string()));
            self.announce(format!("challenges {id}"));
        }
    }

    /// Some ratings changed: every leaderboard watched is read again.
    pub fn ratings_changed(&self) {
        self.heard_ratings();
        self.announce("ratings".to_string());
    }

    fn topics(&self) -> MutexGuard<'_, HashMap<Topic, Watched>> {
        self.topics.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn heard(&self, topic: &Topic) {
        if let Some(watched) = self.topics().get(topic) {
            watched.changes.send_replace(());
        }
    }

    pub fn heard_ratings(&self) {
        self.changed_where(|topic| matches!(topic, Topic::Leaderboard(_)));
    }

    pub fn changed_where(&self, which: impl Fn(&Topic) -> bool) {
        for (_, watched) in self.topics().iter().filter(|(topic, _)| which(topic)) {
            watched.changes.send_replace(());
        }
    }

    fn announce(&self, payload: String) {
        let Some(pool) = self.postgres.clone() else { return };
        tokio::spawn(async move {
            let sent = sqlx::query("SELECT 1 FROM (SELECT pg_notify($1, $2)) AS sent")
                .bind(CHANNEL)
                .bind(&payload)
                .execute(&pool)
                .await;
            if let Err(e) = sent {
                tracing::warn!(error = %e, %payload, "live: the change was not announced to the other instances");
            }
        });
    }

    /// A receiver of `topic`'s states, and whether the topic is new here (then its task must
    /// be started).
    pub fn subscribe(
        &self,
        topic: &Topic,
    ) -> (watch::Receiver<Option<Arc<Value>>>, Option<watch::Receiver<()>>) {
        let mut topics = self.topics();
        if let Some(watched) = topics.get(topic) {
            return (watched.state.subscribe(), None);
        }
        let (changes, changed) = watch::channel(());
        let (state, states) = watch::channel(None);
        topics.insert(topic.clone(), Watched { changes, state });
        (states, Some(changed))
    }

    /// Forgets `topic` if nobody watches it any more; whether it did.
    pub fn forget(&self, topic: &Topic) -> bool {
        let mut topics = self.topics();
        let unwatched = topics.get(topic).is_none_or(|watched| watched.state.receiver_count() == 0);
        if unwatched {
            topics.remove(topic);
        }
        unwatched
    }

    pub fn state_sender(&self, topic: &Topic) -> Option<watch::Sender<Option<Arc<Value>>>> {
        self.topics().get(topic).map(|watched| watched.state.clone())
    }

    /// A stream slot for `ip`, or the refusal when the address or the server has all it may.
    pub fn slot(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Refusal> {
        if !self.per_ip.take(ip) {
            return Err(Refusal::new(Code::RateLimited, "too many live streams from this address"));
        }
        self.within_max(Holder::Address(ip))
    }

    /// A slot for a stream of member `id`'s own, or the refusal when the member or the server
    /// has all it may.
    pub fn member_slot(self: &Arc<Self>, id: &str) -> Result<Slot, Refusal> {
        if !self.per_member.take(id.to_string()) {
            return Err(Refusal::new(Code::RateLimited, "too many live streams of this member"));
        }
        self.within_max(Holder::Member(id.to_string()))
    }

    /// The slot `holder` took, if the server holds fewer streams than its maximum.
    fn within_max(self: &Arc<Self>, holder: Holder) -> Result<Slot, Refusal> {
        let slot = Slot { live: self.clone(), holder };
        if self.open.fetch_add(1, Ordering::SeqCst) >= self.max {
            // Dropping the slot gives back what it holds.
            return Err(Refusal::new(
                Code::Busy,
                "the server holds all the live streams it can: retry later",
            ));
        }
        Ok(slot)
    }
}

/// An open stream's place in the caps, given back when the stream ends.
pub struct Slot {
    live: Arc<Live>,
    holder: Holder,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.live.open.fetch_sub(1, Ordering::SeqCst);
        match &self.holder {
            Holder::Address(ip) => self.live.per_ip.give_back(ip),
            Holder::Member(id) => self.live.per_member.give_back(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caps_refuse_with_their_codes_and_free_slots_when_streams_end() {
        let live = Arc::new(Live::new(2, 3, None));
        let (one, two): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = live.slot(one).unwrap();
        let _second = live.slot(one).unwrap();
        assert_eq!(live.slot(one).err().map(|r| r.code), Some(Code::RateLimited));
        let _third = live.slot(two).unwrap();
        assert_eq!(live.slot(two).err().map(|r| r.code), Some(Code::Busy));
        drop(first);
        assert!(live.slot(two).is_ok(), "a slot given back is free again");
    }

    #[test]
    fn a_members_challenge_streams_count_by_member_not_by_address() {
        // One address at its cap (a club night behind one router) does not stop its members'
        // own streams; each member has at most STREAMS_PER_MEMBER.
        let live = Arc::new(Live::new(1, 100, None));
        let room: IpAddr = "10.0.0.1".parse().unwrap();
        let _watching = live.slot(room).unwrap();
        assert_eq!(live.slot(room).err().map(|r| r.code), Some(Code::RateLimited));
        let ann: Vec<Slot> = (0..STREAMS_PER_MEMBER).map(|_| live.member_slot("ann").unwrap()).collect();
        assert_eq!(live.member_slot("ann").err().map(|r| r.code), Some(Code::RateLimited));
        assert!(live.member_slot("ben").is_ok(), "another member has streams of their own");
        drop(ann);
        assert!(live.member_slot("ann").is_ok(), "slots given back are free again");
    }
}
