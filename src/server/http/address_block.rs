//! Blocks of addresses (`10.0.0.0/8`, `::1`): the proxies the server trusts, and the block a
//! client's address counts as for caps and rate limits: an IPv4 address alone, an IPv6
//! address by its /64, the least a home or a host is given (so that the 2⁶⁴ addresses of one
//! /64 count as one).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// The bits of an IPv6 address that name its network: a /64 counts as one client.
const IPV6_CLIENT_BITS: u8 = 64;

/// Addresses sharing their first `bits` bits with `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressBlock {
    first: IpAddr,
    bits: u8,
}

impl AddressBlock {
    /// Whether `ip` is in the block (an IPv4-mapped IPv6 address as its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        masked(ip.to_canonical(), self.bits) == self.first
    }

    /// Whether the block holds every address (`0.0.0.0/0`, `::/0`).
    pub fn is_everyone(&self) -> bool {
        self.bits == 0
    }
}

impl std::fmt::Display for AddressBlock {
    /// `ADDR`, or `ADDR/BITS` for more than one address.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let most = if self.first.is_ipv4() { 32 } else { 128 };
        match self.bits {
            bits if bits == most => write!(f, "{}", self.first),
            bits => write!(f, "{}/{bits}", self.first),
        }
    }
}

impl FromStr for AddressBlock {
    type Err = String;

    /// `ADDR` or `ADDR/BITS`.
    fn from_str(text: &str) -> Result<AddressBlock, String> {
        let (address, bits) = text.split_once('/').map_or((text, None), |(a, b)| (a, Some(b)));
        let first = address
            .trim()
            .parse::<IpAddr>()
            .map_err(|_| format!("'{address}' is not an IP address"))?
            .to_canonical();
        let most = if first.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => most,
            Some(bits) => match bits.trim().parse() {
                Ok(bits) if bits <= most => bits,
                _ => return Err(format!("'/{bits}': the prefix is 0 to {most} bits")),
            },
        };
        Ok(AddressBlock { first: masked(first, bits), bits })
    }
}

/// The address `ip` counts as in caps and rate limits: an IPv4 address itself, an IPv6
/// address the first address of its /64.
pub fn counted(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        v6 => masked(v6, IPV6_CLIENT_BITS),
    }
}

/// `ip` with all but its first `bits` bits cleared.
fn masked(ip: IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask))
        }
        IpAddr::V6(v6) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn blocks_are_read_and_hold_their_addresses() {
        let block: AddressBlock = "10.0.0.0/8".parse().unwrap();
        assert!(block.contains(ip("10.200.3.4")) && !block.contains(ip("11.0.0.1")));
        assert!(block.contains(ip("::ffff:10.1.2.3")), "an IPv4-mapped address is its IPv4 address");
        let one: AddressBlock = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let v6: AddressBlock = "2001:db8::/32".parse().unwrap();
        assert!(v6.contains(ip("2001:db8:ffff::1")) && !v6.contains(ip("2001:db9::1")));
        let everyone = "0.0.0.0/0".parse::<AddressBlock>().unwrap();
        assert!(everyone.contains(ip("203.0.113.9")) && everyone.is_everyone() && !block.is_everyone());
        assert_eq!(
            (block.to_string(), one.to_string(), v6.to_string()),
            ("10.0.0.0/8".into(), "127.0.0.1".into(), "2001:db8::/32".into())
        );
        assert!(!v6.contains(ip("10.0.0.1")));
        assert!("10.0.0.0/33".parse::<AddressBlock>().unwrap_err().contains("0 to 32 bits"));
        assert!("proxy".parse::<AddressBlock>().unwrap_err().contains("not an IP address"));
    }

    #[test]
    fn the_addresses_of_one_ipv6_64_count_as_one() {
        let same =
            ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:2:8:7:6:5"].map(|a| counted(ip(a)));
        assert!(same.iter().all(|&a| a == ip("2001:db8:1:2::")), "{same:?}");
        assert_ne!(counted(ip("2001:db8:1:3::1")), same[0], "the next /64 is another client");
        assert_eq!(counted(ip("192.0.2.7")), ip("192.0.2.7"), "an IPv4 address is its own");
        assert_eq!(counted(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
    }
}
