//! Limits on guessing: sign-in attempts per address, and per account name (known or not, so
//! the limit tells nothing about which names exist) for attempts from a device that has not
//! signed in to that account before (see [`devices`](super::devices)): others' wrong passwords
//! slow themselves and unknown devices, never the member on their own device. Sign-ups per address (a taken name is
//! told to whoever signs up with it, so sign-ups must not be a cheap way to list members).
//! A refused attempt costs no hash.

use crate::server::http::rate_limit::{Limiter, Rate};
use std::net::IpAddr;

/// Sign-in attempts per address: 20 at once, then 10 a minute.
pub const SIGN_INS_PER_ADDRESS: Rate = Rate { per_second: 10.0 / 60.0, burst: 20.0 };
/// Sign-in attempts per account name, from all addresses: 10 at once, then 5 a minute.
pub const SIGN_INS_PER_ACCOUNT: Rate = Rate { per_second: 5.0 / 60.0, burst: 10.0 };
/// Sign-ups (and their taken-name answers) per address: 5 at once, then 5 an hour.
pub const SIGN_UPS_PER_ADDRESS: Rate = Rate { per_second: 5.0 / 3600.0, burst: 5.0 };

/// The guessing limits of a server.
pub struct Limits {
    sign_ins_by_address: Limiter<IpAddr>,
    sign_ins_by_account: Limiter<String>,
    sign_ups_by_address: Limiter<IpAddr>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            sign_ins_by_address: Limiter::new(SIGN_INS_PER_ADDRESS),
            sign_ins_by_account: Limiter::new(SIGN_INS_PER_ACCOUNT),
            sign_ups_by_address: Limiter::new(SIGN_UPS_PER_ADDRESS),
        }
    }
}

impl Limits {
    /// Takes a password attempt, from a device unknown to it, on the account keyed `name_key`
    /// (after [`Limits::sign_in_from`] took it from its address); else the reason.
    pub fn sign_in_on(&self, name_key: &str) -> Result<(), &'static str> {
        if self.sign_ins_by_account.allow(name_key.to_string()) {
            Ok(())
        } else {
            Err("too many sign-in attempts on this account: wait a few minutes")
        }
    }

    /// Takes a sign-in attempt from `ip` (any: with a password or a passkey); else the reason.
    pub fn sign_in_from(&self, ip: IpAddr) -> Result<(), &'static str> {
        if self.sign_ins_by_address.allow(ip) {
            Ok(())
        } else {
            Err("too many sign-in attempts from this address: wait a few minutes")
        }
    }

    /// Takes a sign-up attempt from `ip`; else the reason.
    pub fn sign_up(&self, ip: IpAddr) -> Result<(), &'static str> {
        if self.sign_ups_by_address.allow(ip) {
            Ok(())
        } else {
            Err("too many accounts asked for from this address: wait an hour")
        }
    }
}
