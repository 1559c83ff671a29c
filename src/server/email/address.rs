//! What an email address must look like to be stored: one the mail library accepts, of at
//! most 254 characters (RFC 5321's limit on a path), its domain in lower case (the local part
//! is the receiving server's business, kept as typed).

/// The longest address, in bytes.
pub const MAX_ADDRESS_BYTES: usize = 254;

/// `text` (trimmed) as the club stores an address; else the reason.
pub fn normalized(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.len() > MAX_ADDRESS_BYTES {
        return Err(format!("an email address has at most {MAX_ADDRESS_BYTES} characters"));
    }
    let (local, domain) = text.rsplit_once('@').ok_or("an email address has an @")?;
    let address = format!("{local}@{}", domain.to_ascii_lowercase());
    match address.parse::<lettre::Address>() {
        Ok(_) if domain.contains('.') => Ok(address),
        _ => Err("this is not an email address".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked_and_their_domain_lowercased() {
        assert_eq!(normalized(" Ana.B@Club.Example ").unwrap(), "Ana.B@club.example");
        for bad in ["", "ana", "ana@", "@club.example", "ana@club", "a b@club.example", "ana@club..example"] {
            assert!(normalized(bad).is_err(), "{bad}");
        }
        let long = format!("{}@club.example", "a".repeat(MAX_ADDRESS_BYTES));
        assert!(normalized(&long).unwrap_err().contains("254"));
    }
}
