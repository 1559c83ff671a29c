//! Token-bucket rate limits: per connection, and per IP address across connections.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Addresses remembered before full (idle) buckets are forgotten.
const PRUNE_AT: usize = 10_000;

/// A rate: `per_second` on average, bursts of up to `burst`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Requests per second allowed on average.
    pub per_second: f64,
    /// Requests allowed at once.
    pub burst: f64,
}

/// One bucket of tokens, refilled at its rate.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: Rate) -> Bucket {
        Bucket { tokens: rate.burst, at: Instant::now() }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let gained = now.saturating_duration_since(self.at).as_secs_f64() * rate.per_second;
        self.tokens = (self.tokens + gained).min(rate.burst);
        self.at = now;
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, rate: Rate) -> bool {
        self.refill(rate, Instant::now());
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets per IP address (or per other key, such as an account name).
pub struct Limiter<K = IpAddr> {
    rate: Rate,
    buckets: Mutex<HashMap<K, Bucket>>,
}

impl<K: Hash + Eq> Limiter<K> {
    /// A limiter allowing `rate` per address.
    pub fn new(rate: Rate) -> Limiter<K> {
        Limiter { rate, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes a token for `key`; false when the key is over its rate.
    pub fn allow(&self, key: K) -> bool {
        let mut buckets = self.buckets.lock().expect("rate limit lock");
        if buckets.len() >= PRUNE_AT {
            let (rate, now) = (self.rate, Instant::now());
            buckets.retain(|_, b| {
                b.refill(rate, now);
                b.tokens < rate.burst
            });
        }
        buckets.entry(key).or_insert_with(|| Bucket::new(self.rate)).take(self.rate)
    }
}

/// Open connections or streams per holder (an IP address unless said), up to a maximum.
pub struct Slots<K = IpAddr> {
    max: u32,
    open: Mutex<HashMap<K, u32>>,
}

impl<K: Eq + Hash> Slots<K> {
    /// At most `max` per holder.
    pub fn new(max: u32) -> Slots<K> {
        Slots { max, open: Mutex::new(HashMap::new()) }
    }

    /// Takes a slot for `holder`; false when it has all its slots.
    pub fn take(&self, holder: K) -> bool {
        let mut open = self.open.lock().expect("slots lock");
        let count = open.entry(holder).or_insert(0);
        if *count >= self.max {
            return false;
        }
        *count += 1;
        true
    }

    /// Gives back a slot of `holder`.
    pub fn give_back(&self, holder: &K) {
        let mut open = self.open.lock().expect("slots lock");
        if let Some(count) = open.get_mut(holder) {
            *count -= 1;
            if *count == 0 {
                open.remove(holder);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_allowed_then_refused() {
        let limiter = Limiter::new(Rate { per_second: 0.001, burst: 3.0 });
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        assert_eq!((0..5).map(|_| limiter.allow(ip)).collect::<Vec<_>>(), [true, true, true, false, false]);
        assert!(limiter.allow("192.0.2.2".parse().unwrap()), "another address has its own bucket");
    }

    #[test]
    fn slots_are_counted_per_address() {
        let slots = Slots::new(1);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        assert!(slots.take(ip) && !slots.take(ip));
        slots.give_back(&ip);
        assert!(slots.take(ip));
    }
}
