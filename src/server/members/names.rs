//! Member names: 3 to 20 ASCII letters, digits, `_` or `-`, unique whatever their case (the
//! name's key is its lowercase), so that no two members look alike. "deleted member", the name
//! a deleted account's games show, has a space: nobody can take it.

/// The fewest characters in a member name.
pub const MIN_NAME_CHARS: usize = 3;
/// The most characters in a member name.
pub const MAX_NAME_CHARS: usize = 20;
/// The name shown in the games of a deleted account.
pub const DELETED: &str = "deleted member";

/// The key under which `name` is unique.
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// Whether `name` is a valid member name; else the reason.
pub fn check_name(name: &str) -> Result<(), String> {
    let valid = (MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if valid {
        Ok(())
    } else {
        Err(format!(
            "a member name has {MIN_NAME_CHARS} to {MAX_NAME_CHARS} letters, digits, _ or - (a to z, no spaces)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_keyed_by_case() {
        assert!(check_name("Alice_1").is_ok());
        for bad in ["al", "a".repeat(21).as_str(), "Al ice", "Ålice", DELETED] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert_eq!(name_key("Alice"), name_key("aLICE"));
    }
}
