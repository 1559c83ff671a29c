//! Password hashes: argon2id with the optional per-server pepper as its secret. Hashing runs on
//! blocking threads, on all cores but one at a time (one at least), so that a flood of
//! sign-ins leaves a core to the games, and their memory stays bounded (cores × [`MEMORY_KIB`]).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// Memory per hash, in KiB: 19 MiB (OWASP's argon2id minimum with 2 passes).
pub const MEMORY_KIB: u32 = 19 * 1024;
/// Passes over the memory.
pub const PASSES: u32 = 2;
/// The fewest characters in a password.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most bytes in a password (bounds the work a request can ask for).
pub const MAX_PASSWORD_BYTES: usize = 256;
const SALT_BYTES: usize = 16;

/// Whether `password` has an acceptable length; else the reason.
pub fn check_password(password: &str) -> Result<(), String> {
    if password.chars().count() < MIN_PASSWORD_CHARS || password.len() > MAX_PASSWORD_BYTES {
        return Err(format!(
            "a password has at least {MIN_PASSWORD_CHARS} characters and at most {MAX_PASSWORD_BYTES} bytes"
        ));
    }
    Ok(())
}

/// The hasher: the pepper, a hash of nothing to verify against when no account has the name
/// (the same work as a wrong password), and the gate that lets one hash per core run.
pub struct Passwords {
    pepper: Vec<u8>,
    decoy: String,
    gate: Semaphore,
}

impl Passwords {
    /// A hasher with `pepper` (empty: none).
    pub fn new(pepper: Vec<u8>) -> Result<Passwords, String> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let at_once = cores.saturating_sub(1).max(1);
        let mut passwords = Passwords { pepper, decoy: String::new(), gate: Semaphore::new(at_once) };
        passwords.decoy = passwords.hash_now(&crate::server::game::token::new_token())?;
        Ok(passwords)
    }

    fn argon(&self) -> Result<Argon2<'_>, String> {
        let params = Params::new(MEMORY_KIB, PASSES, 1, None).map_err(|e| e.to_string())?;
        Argon2::new_with_secret(&self.pepper, Algorithm::Argon2id, Version::V0x13, params)
            .map_err(|e| e.to_string())
    }

    fn hash_now(&self, password: &str) -> Result<String, String> {
        let mut salt = [0u8; SALT_BYTES];
        getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        let hash = self.argon()?.hash_password(password.as_bytes(), &salt).map_err(|e| e.to_string())?;
        Ok(hash.to_string())
    }

    /// Whether `password` matches `stored`; with no stored hash, the decoy's work and false.
    fn verify_now(&self, password: &str, stored: Option<&str>) -> Result<bool, String> {
        let hash = PasswordHash::new(stored.unwrap_or(&self.decoy)).map_err(|e| e.to_string())?;
        let matches = self.argon()?.verify_password(password.as_bytes(), &hash).is_ok();
        Ok(matches && stored.is_some())
    }

    /// The PHC string (`$argon2id$v=19$m=…`) of `password` with a new salt.
    pub async fn hash(self: &Arc<Self>, password: String) -> Result<String, String> {
        let _turn = self.gate.acquire().await.map_err(|e| e.to_string())?;
        let me = self.clone();
        tokio::task::spawn_blocking(move || me.hash_now(&password)).await.map_err(|e| e.to_string())?
    }

    /// Whether `password` matches `stored` (none: no such account, the same work is done).
    pub async fn verify(self: &Arc<Self>, password: String, stored: Option<String>) -> Result<bool, String> {
        let _turn = self.gate.acquire().await.map_err(|e| e.to_string())?;
        let me = self.clone();
        tokio::task::spawn_blocking(move || me.verify_now(&password, stored.as_deref()))
            .await
            .map_err(|e| e.to_string())?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_is_argon2id_salted_and_verified_only_by_its_password() {
        let passwords = Arc::new(Passwords::new(Vec::new()).unwrap());
        let a = passwords.hash("correct horse".into()).await.unwrap();
        let b = passwords.hash("correct horse".into()).await.unwrap();
        assert!(a.starts_with(&format!("$argon2id$v=19$m={MEMORY_KIB},t={PASSES},p=1$")), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(passwords.verify("correct horse".into(), Some(a.clone())).await.unwrap());
        assert!(!passwords.verify("wrong horse".into(), Some(a.clone())).await.unwrap());
        assert!(!passwords.verify("correct horse".into(), None).await.unwrap());
        let peppered = Arc::new(Passwords::new(b"a pepper of 16+ bytes".to_vec()).unwrap());
        assert!(!peppered.verify("correct horse".into(), Some(a)).await.unwrap(), "the pepper counts");
    }

    #[test]
    fn passwords_have_lengths() {
        assert!(check_password("short").is_err());
        assert!(check_password("long enough").is_ok());
        assert!(check_password(&"x".repeat(MAX_PASSWORD_BYTES + 1)).is_err());
    }
}
