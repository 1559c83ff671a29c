//! Limits on the mails a request can cause: password resets per address typed and per client
//! address, and mails to an address being added per member. They are apart from the sign-in
//! limits, so that someone asking for resets of a member's address never stops that member
//! from signing in.

use crate::server::http::rate_limit::{Limiter, Rate};
use std::net::IpAddr;

/// Resets asked for one address: 3 at once, then 3 an hour.
pub const RESETS_PER_ADDRESS: Rate = Rate { per_second: 3.0 / 3600.0, burst: 3.0 };
/// Resets asked from one client address: 10 at once, then 10 an hour.
pub const RESETS_PER_CLIENT: Rate = Rate { per_second: 10.0 / 3600.0, burst: 10.0 };
/// Addresses a member adds (each mailed): 5 at once, then 5 an hour.
pub const ADDRESSES_PER_MEMBER: Rate = Rate { per_second: 5.0 / 3600.0, burst: 5.0 };

/// The mail limits of a server.
pub struct Limits {
    resets_by_address: Limiter<String>,
    resets_by_client: Limiter<IpAddr>,
    addresses_by_member: Limiter<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            resets_by_address: Limiter::new(RESETS_PER_ADDRESS),
            resets_by_client: Limiter::new(RESETS_PER_CLIENT),
            addresses_by_member: Limiter::new(ADDRESSES_PER_MEMBER),
        }
    }
}

impl Limits {
    /// Takes a reset of `address` asked from `ip`; else the reason.
    pub fn reset(&self, ip: IpAddr, address: &str) -> Result<(), &'static str> {
        if !self.resets_by_client.allow(ip) {
            return Err("too many password resets asked from this address: wait an hour");
        }
        if !self.resets_by_address.allow(address.to_lowercase()) {
            return Err("too many password resets asked for this email address: wait an hour");
        }
        Ok(())
    }

    /// Takes an address added by `member_id`; else the reason.
    pub fn add_address(&self, member_id: &str) -> Result<(), &'static str> {
        if self.addresses_by_member.allow(member_id.to_string()) {
            Ok(())
        } else {
            Err("too many email addresses added: wait an hour")
        }
    }
}
