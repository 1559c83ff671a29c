//! The club's VAPID key pair (RFC 8292): made on the first start and kept in `push_keys`, so
//! a backup carries it and every instance signs with the same one. Two instances starting at
//! once on one database end with one pair: each inserts its own only if none is there, then
//! reads back the one that is. The private key is never logged nor shown: [`Keys`] prints as
//! its public key only.

use crate::server::time::now_ms;
use sqlx::{AnyPool, Row};
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::jwt_simple::reexports::ct_codecs::{Base64UrlSafeNoPadding, Decoder, Encoder};

/// The club's signing keys.
pub struct Keys {
    pair: ES256KeyPair,
    /// The public key as browsers take it (`applicationServerKey`): the uncompressed P-256
    /// point, base64url without padding.
    public: String,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Keys {{ public: {} }}", self.public)
    }
}

impl Keys {
    /// The key pair of the database on `pool`, made and stored if it has none yet.
    pub async fn load_or_make(pool: &AnyPool) -> Result<Keys, String> {
        let made = base64url(&ES256KeyPair::generate().to_bytes());
        sqlx::query(
            "INSERT INTO push_keys (id, private_key, created) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&made)
        .bind(now_ms())
        .execute(pool)
        .await
        .map_err(|e| format!("cannot store the push keys: {e}"))?;
        let row = sqlx::query("SELECT private_key FROM push_keys WHERE id = 1")
            .fetch_one(pool)
            .await
            .map_err(|e| format!("cannot read the push keys: {e}"))?;
        let private: String = row.try_get("private_key").map_err(|e| e.to_string())?;
        let bytes = from_base64url(&private).ok_or("the stored push key is not base64url")?;
        let pair = ES256KeyPair::from_bytes(&bytes).map_err(|_| "the stored push key is no P-256 key")?;
        let public = base64url(&pair.public_key().public_key().to_bytes_uncompressed());
        Ok(Keys { pair, public })
    }

    /// The public key, base64url (what `GET api/push/key` gives).
    pub fn public(&self) -> &str {
        &self.public
    }

    /// The pair that signs the VAPID tokens.
    pub fn pair(&self) -> &ES256KeyPair {
        &self.pair
    }
}

/// `bytes` as base64url without padding.
pub fn base64url(bytes: &[u8]) -> String {
    Base64UrlSafeNoPadding::encode_to_string(bytes).unwrap_or_default()
}

/// The bytes of base64url `text` (padded or not), if it is base64url.
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    Base64UrlSafeNoPadding::decode_to_vec(text.trim_end_matches('='), None).ok()
}
