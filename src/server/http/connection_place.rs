//! A connection's place in the caps on connections ([`listen`](super::listen)): the global
//! permit and its address's slot. The connection and, once it upgrades, its WebSocket share
//! it (it travels in the request's extensions), so that the place is given back only when
//! both are gone: every open socket counts against one budget.

use super::rate_limit::Slots;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::OwnedSemaphorePermit;

/// A connection's place, given back when its last holder drops it; cheap to clone.
#[derive(Clone)]
pub struct ConnectionPlace {
    _held: Arc<Held>,
}

impl ConnectionPlace {
    /// The place of a connection holding `permit`, and the slot of its address unless it has
    /// none (a trusted proxy's connections).
    pub fn new(permit: OwnedSemaphorePermit, slot: Option<Slot>) -> ConnectionPlace {
        ConnectionPlace { _held: Arc::new(Held { _permit: permit, _slot: slot }) }
    }
}

/// What a place holds, given back together when dropped.
struct Held {
    _permit: OwnedSemaphorePermit,
    _slot: Option<Slot>,
}

/// A connection slot of an address, given back when dropped.
pub struct Slot {
    slots: Arc<Slots>,
    ip: IpAddr,
}

impl Slot {
    /// A slot of `ip` in `slots`, if it has one left.
    pub fn take(slots: &Arc<Slots>, ip: IpAddr) -> Option<Slot> {
        slots.take(ip).then(|| Slot { slots: slots.clone(), ip })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.give_back(&self.ip);
    }
}
