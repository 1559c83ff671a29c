//! A software passkey authenticator for the server tests: it makes a discoverable P-256
//! credential ("none" attestation, user verified) and signs assertions with it, as a browser
//! and its authenticator would answer `navigator.credentials.create/get`, in the JSON the page
//! sends (base64url fields).

use openssl::bn::BigNumContext;
use openssl::ec::{EcGroup, EcKey};
use openssl::ecdsa::EcdsaSig;
use openssl::nid::Nid;
use openssl::pkey::Private;
use openssl::sha::sha256;
use serde_json::{json, Value};

/// Base64url without padding.
pub fn b64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut text = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            text.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    text
}

/// Decodes base64url (padding, if any, ignored).
pub fn unb64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' | b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').map(value).collect();
    let mut bytes = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, d)| n | u32::from(*d) << (18 - 6 * i));
        bytes.extend((0..chunk.len() - 1).map(|i| (n >> (16 - 8 * i)) as u8));
    }
    bytes
}

/// One discoverable credential.
pub struct Passkey {
    key: EcKey<Private>,
    /// The credential id.
    pub id: Vec<u8>,
    /// The member's user handle, given at registration.
    pub user_handle: Vec<u8>,
    counter: u32,
    rp_id: String,
}

/// The client data of a ceremony of `kind` for `options`' challenge, seen at `origin`.
fn client_data(kind: &str, options: &Value, origin: &str) -> Vec<u8> {
    let challenge = options["publicKey"]["challenge"].as_str().expect("a challenge");
    json!({ "type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false })
        .to_string()
        .into_bytes()
}

/// CBOR's head of a byte string of `len` bytes (len < 65536).
fn cbor_bytes(len: usize) -> Vec<u8> {
    match len {
        0..=23 => vec![0x40 | len as u8],
        24..=255 => vec![0x58, len as u8],
        _ => vec![0x59, (len >> 8) as u8, len as u8],
    }
}

impl Passkey {
    /// Answers the registration `options` (from a `begin`) at `origin`: the new passkey and
    /// the credential to send.
    pub fn register(options: &Value, origin: &str) -> (Passkey, Value) {
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let key = EcKey::generate(&group).unwrap();
        let mut id = [0u8; 16];
        openssl::rand::rand_bytes(&mut id).unwrap();
        let public = options["publicKey"].clone();
        let passkey = Passkey {
            key,
            id: id.to_vec(),
            user_handle: unb64(public["user"]["id"].as_str().expect("a user id")),
            counter: 0,
            rp_id: public["rp"]["id"].as_str().expect("an rp id").to_string(),
        };
        let (mut x, mut y) = (openssl::bn::BigNum::new().unwrap(), openssl::bn::BigNum::new().unwrap());
        let mut ctx = BigNumContext::new().unwrap();
        passkey.key.public_key().affine_coordinates(&group, &mut x, &mut y, &mut ctx).unwrap();
        let mut cose = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20];
        cose.extend(x.to_vec_padded(32).unwrap());
        cose.extend([0x22, 0x58, 0x20]);
        cose.extend(y.to_vec_padded(32).unwrap());
        // Flags: user present, user verified, attested credential data.
        let mut auth_data = passkey.auth_data_head(0x45);
        auth_data.extend([0u8; 16]);
        auth_data.extend((passkey.id.len() as u16).to_be_bytes());
        auth_data.extend(&passkey.id);
        auth_data.extend(cose);
        let mut attestation = vec![0xa3, 0x63];
        attestation.extend(b"fmt\x64none\x67attStmt\xa0\x68authData");
        attestation.extend(cbor_bytes(auth_data.len()));
        attestation.extend(auth_data);
        let client_data = client_data("webauthn.create", options, origin);
        let credential = json!({
            "id": b64(&passkey.id),
            "rawId": b64(&passkey.id),
            "type": "public-key",
            "response": { "attestationObject": b64(&attestation), "clientDataJSON": b64(&client_data) },
            "extensions": {},
        });
        (passkey, credential)
    }

    fn auth_data_head(&self, flags: u8) -> Vec<u8> {
        let mut data = sha256(self.rp_id.as_bytes()).to_vec();
        data.push(flags);
        data.extend(self.counter.to_be_bytes());
        data
    }

    /// Answers the sign-in `options` at `origin`: the credential to send.
    pub fn assert(&mut self, options: &Value, origin: &str) -> Value {
        self.counter += 1;
        let auth_data = self.auth_data_head(0x05);
        let client_data = client_data("webauthn.get", options, origin);
        let mut signed = auth_data.clone();
        signed.extend(sha256(&client_data));
        let signature = EcdsaSig::sign(&sha256(&signed), &self.key).unwrap().to_der().unwrap();
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": {
                "authenticatorData": b64(&auth_data),
                "clientDataJSON": b64(&client_data),
                "signature": b64(&signature),
                "userHandle": b64(&self.user_handle),
            },
            "extensions": {},
        })
    }

    /// The same credential under another id (a credential the server does not know).
    pub fn with_id(&self, id: Vec<u8>) -> Passkey {
        Passkey {
            key: self.key.clone(),
            id,
            user_handle: self.user_handle.clone(),
            counter: self.counter,
            rp_id: self.rp_id.clone(),
        }
    }
}

#[test]
fn base64url_goes_there_and_back() {
    for bytes in [&b""[..], b"f", b"fo", b"foo", b"foob", b"\xff\xfe\x00"] {
        assert_eq!(unb64(&b64(bytes)), bytes);
    }
    assert_eq!(b64(b"foob"), "Zm9vYg");
}
