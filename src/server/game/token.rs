//! Random game ids and seat tokens from the operating system's generator, and the token digest
//! that is stored instead of the token itself (a copy of the database does not give seats away).

use sha2::{Digest, Sha256};

/// Bytes in a seat token: 192 bits, written as 48 lowercase hex digits.
const TOKEN_BYTES: usize = 24;
/// Characters in a game id (5 bits each: 60 bits).
const ID_CHARS: usize = 12;
/// The id alphabet: lowercase letters and digits without the look-alikes 0, 1, l and o.
const ID_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // Without the OS generator no seat can be secret: stop rather than hand out guessable tokens.
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes
}

/// A new seat token.
pub fn new_token() -> String {
    random_bytes::<TOKEN_BYTES>().iter().map(|b| format!("{b:02x}")).collect()
}

/// A new game id.
pub fn new_game_id() -> String {
    random_bytes::<ID_CHARS>().iter().map(|b| ID_ALPHABET[(b & 31) as usize] as char).collect()
}

/// A fair coin (for a random colour).
pub fn coin() -> bool {
    random_bytes::<1>()[0] & 1 == 0
}

/// Whether `text` has the shape of a seat token.
pub fn is_token(text: &str) -> bool {
    text.len() == 2 * TOKEN_BYTES && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Whether `text` has the shape of a game id.
pub fn is_game_id(text: &str) -> bool {
    text.len() == ID_CHARS && text.bytes().all(|b| ID_ALPHABET.contains(&b))
}

/// The stored digest of a token (SHA-256, hex).
pub fn digest(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_ids_have_their_shape_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert!(is_token(&a) && is_token(&b) && a != b);
        assert!(is_game_id(&new_game_id()));
        assert!(!is_token("xyz") && !is_game_id("abc"));
        assert_eq!(digest(&a).len(), 64);
        assert_ne!(digest(&a), digest(&b));
    }
}
