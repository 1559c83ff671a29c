//! A push service for the tests, made independently of the server's crates (OpenSSL only):
//! it hands out subscriptions as a browser would (a P-256 key pair and an auth secret per
//! device, an endpoint `http://127.0.0.1:PORT/push/<id>`), and on each push it checks the
//! VAPID `Authorization` header (RFC 8292: an ES256 token signed by the key `k`, `aud` the
//! endpoint's origin, `exp` ahead and at most 24 hours ahead, a `sub`) and decrypts the
//! `aes128gcm` body (RFC 8188 and RFC 8291) with the device's private key, keeping the JSON.
//! A test may tell it to answer an endpoint with another status (410, 404, 500, 429).
//!
//! ```ignore
//! let service = PushService::start();
//! let device = service.subscription("en");        // what the page POSTs
//! // … the server pushes …
//! let payloads = service.wait_for(&endpoint, 1);  // decrypted JSON, in order
//! service.answer_with(&endpoint, 410);
//! ```

use openssl::bn::{BigNum, BigNumContext};
use openssl::derive::Deriver;
use openssl::ec::{EcGroup, EcKey, EcPoint, PointConversionForm};
use openssl::ecdsa::EcdsaSig;
use openssl::hash::{hash, MessageDigest};
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::sign::Signer;
use openssl::symm::{decrypt_aead, Cipher};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A device the service knows.
struct Device {
    key: EcKey<Private>,
    auth: Vec<u8>,
    /// The status to answer its pushes with.
    status: u16,
    /// The decrypted payloads accepted.
    received: Vec<Value>,
    /// Every push that reached it (accepted or not): its `Urgency` and `TTL` headers.
    attempts: Vec<(Option<String>, Option<String>)>,
}

#[derive(Default)]
struct State {
    devices: HashMap<String, Device>,
    /// What was wrong with pushes refused for their VAPID header or body.
    faults: Vec<String>,
    next_id: usize,
}

/// The running service (its thread lives as long as the test).
#[derive(Clone)]
pub struct PushService {
    port: u16,
    state: Arc<Mutex<State>>,
}

impl PushService {
    /// Starts the service on a free port of 127.0.0.1.
    pub fn start() -> PushService {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let service = PushService { port, state: Arc::default() };
        let accepting = service.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let serving = accepting.clone();
                std::thread::spawn(move || serving.serve(stream));
            }
        });
        service
    }

    /// The origin of its endpoints, `http://127.0.0.1:PORT`.
    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A new device's subscription, as the page posts it: `{"endpoint","keys":{"p256dh",
    /// "auth"},"lang"}`.
    pub fn subscription(&self, lang: &str) -> Value {
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let key = EcKey::generate(&group).unwrap();
        let mut auth = vec![0; 16];
        openssl::rand::rand_bytes(&mut auth).unwrap();
        let public = point_bytes(&key);
        let mut state = self.state.lock().unwrap();
        state.next_id += 1;
        let endpoint = format!("{}/push/{}", self.origin(), state.next_id);
        let p256dh = base64url(&public);
        let device =
            Device { key, auth: auth.clone(), status: 201, received: Vec::new(), attempts: Vec::new() };
        state.devices.insert(endpoint.clone(), device);
        json!({ "endpoint": endpoint, "keys": { "p256dh": p256dh, "auth": base64url(&auth) }, "lang": lang })
    }

    /// A new device of the member of `cookie`, subscribed on `server` (the page's language
    /// `lang`): its endpoint.
    pub fn subscribe(&self, server: &super::Server, cookie: &str, lang: &str) -> String {
        let device = self.subscription(lang);
        let answer = super::members::call(
            server,
            super::members::HOME,
            "POST",
            "/api/me/push/subscriptions",
            Some(cookie),
            Some(device.clone()),
        );
        assert_eq!((answer.status, answer.body.as_str()), (201, r#"{"ok":true}"#));
        device["endpoint"].as_str().unwrap().to_string()
    }

    /// The payloads `endpoint` accepted so far, decrypted, in order.
    pub fn received(&self, endpoint: &str) -> Vec<Value> {
        self.state.lock().unwrap().devices[endpoint].received.clone()
    }

    /// How many pushes reached `endpoint`, accepted or not, with each one's `Urgency` and `TTL`.
    pub fn attempts(&self, endpoint: &str) -> Vec<(Option<String>, Option<String>)> {
        self.state.lock().unwrap().devices[endpoint].attempts.clone()
    }

    /// Answers the pushes to `endpoint` with `status` from now on (201 accepts them).
    pub fn answer_with(&self, endpoint: &str, status: u16) {
        self.state.lock().unwrap().devices.get_mut(endpoint).unwrap().status = status;
    }

    /// What was wrong with the pushes refused for their VAPID header or body (none, if the
    /// server speaks the protocols).
    pub fn faults(&self) -> Vec<String> {
        self.state.lock().unwrap().faults.clone()
    }

    /// Waits until `endpoint` accepted `count` payloads; they.
    pub fn wait_for(&self, endpoint: &str, count: usize) -> Vec<Value> {
        let what = || format!("{count} pushes to {endpoint} (it has {:?})", self.received(endpoint));
        self.wait_until(|| self.received(endpoint).len() >= count, what);
        self.received(endpoint)
    }

    /// Waits until `endpoint` was reached `count` times, accepted or not.
    pub fn wait_for_attempts(&self, endpoint: &str, count: usize) {
        self.wait_until(
            || self.attempts(endpoint).len() >= count,
            || format!("{count} attempts at {endpoint}"),
        );
    }

    fn wait_until(&self, done: impl Fn() -> bool, what: impl Fn() -> String) {
        let until = Instant::now() + super::PATIENCE;
        while !done() {
            assert!(
                Instant::now() < until,
                "the push service never saw {}; faults: {:?}",
                what(),
                self.faults()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Serves one connection's requests (kept alive) until it closes.
    fn serve(&self, stream: TcpStream) {
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut writer = stream;
        while let Some((path, headers, body)) = read_request(&mut reader) {
            let status = self.push(&path, &headers, body);
            let reason = if status < 300 { "OK" } else { "Refused" };
            let answer = format!("HTTP/1.1 {status} {reason}\r\ncontent-length: 0\r\n\r\n");
            if writer.write_all(answer.as_bytes()).is_err() {
                return;
            }
        }
    }

    /// One push to `path`: its answer's status.
    fn push(&self, path: &str, headers: &HashMap<String, String>, body: Vec<u8>) -> u16 {
        let endpoint = format!("{}{path}", self.origin());
        let mut state = self.state.lock().unwrap();
        let Some(device) = state.devices.get_mut(&endpoint) else { return 404 };
        device.attempts.push((headers.get("urgency").cloned(), headers.get("ttl").cloned()));
        let status = device.status;
        let checked = check_vapid(headers.get("authorization").map(String::as_str), &self.origin())
            .and_then(|()| decrypt(&device.key, &device.auth, &body, headers));
        match checked {
            Ok(payload) if status < 300 => {
                device.received.push(payload);
                status
            }
            Ok(_) => status,
            Err(fault) => {
                state.faults.push(fault);
                401
            }
        }
    }
}

/// A request read from `reader`: its path, its headers (names in lower case) and its body.
fn read_request(reader: &mut BufReader<TcpStream>) -> Option<(String, HashMap<String, String>, Vec<u8>)> {
    let mut line = String::new();
    reader.read_line(&mut line).ok().filter(|n| *n > 0)?;
    let path = line.split_whitespace().nth(1)?.to_string();
    let mut headers = HashMap::new();
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).ok()?;
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
    }
    let length = headers.get("content-length").and_then(|n| n.parse().ok()).unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some((path, headers, body))
}

/// Checks `Authorization: vapid t=JWT, k=KEY` (RFC 8292) for a push to `origin`.
fn check_vapid(header: Option<&str>, origin: &str) -> Result<(), String> {
    let header = header.ok_or("no Authorization header")?;
    let rest = header.strip_prefix("vapid ").ok_or(format!("not a vapid scheme: {header}"))?;
    let mut token = None;
    let mut key = None;
    for part in rest.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => token = Some(value),
            Some(("k", value)) => key = Some(value),
            _ => return Err(format!("an unknown part of the header: {part}")),
        }
    }
    let (token, key) = (token.ok_or("no t=")?, key.ok_or("no k=")?);
    let parts: Vec<&str> = token.split('.').collect();
    let [head, claims, signature] = parts[..] else { return Err("the token is not three parts".into()) };
    let head: Value = serde_json::from_slice(&from_base64url(head)?).map_err(|e| e.to_string())?;
    if head["alg"] != "ES256" {
        return Err(format!("the token is not ES256: {head}"));
    }
    let signature = from_base64url(signature)?;
    if signature.len() != 64 {
        return Err("an ES256 signature is 64 bytes".into());
    }
    let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
    let mut ctx = BigNumContext::new().unwrap();
    let point =
        EcPoint::from_bytes(&group, &from_base64url(key)?, &mut ctx).map_err(|e| format!("k: {e}"))?;
    let public = EcKey::from_public_key(&group, &point).map_err(|e| e.to_string())?;
    let (r, s) =
        (BigNum::from_slice(&signature[..32]).unwrap(), BigNum::from_slice(&signature[32..]).unwrap());
    let signed = format!("{}.{}", parts[0], parts[1]);
    let digest = hash(MessageDigest::sha256(), signed.as_bytes()).unwrap();
    let valid = EcdsaSig::from_private_components(r, s).unwrap().verify(&digest, &public).unwrap_or(false);
    if !valid {
        return Err("the token's signature is not the key's".into());
    }
    let claims: Value = serde_json::from_slice(&from_base64url(claims)?).map_err(|e| e.to_string())?;
    if claims["aud"] != origin {
        return Err(format!("aud is not the endpoint's origin {origin}: {claims}"));
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
    let exp = claims["exp"].as_i64().ok_or(format!("no exp: {claims}"))?;
    if exp <= now || exp > now + 24 * 3600 {
        return Err(format!("exp must be ahead and at most 24 hours ahead: {claims}"));
    }
    if !claims["sub"].is_string() {
        return Err(format!("no sub: {claims}"));
    }
    Ok(())
}

/// The payload of an `aes128gcm` body (RFC 8188) encrypted for the device of `key` and
/// `auth` (RFC 8291), as JSON.
fn decrypt(
    key: &EcKey<Private>,
    auth: &[u8],
    body: &[u8],
    headers: &HashMap<String, String>,
) -> Result<Value, String> {
    if headers.get("content-encoding").map(String::as_str) != Some("aes128gcm") {
        return Err("Content-Encoding is not aes128gcm".into());
    }
    let fault = |what: &str| format!("the body is not aes128gcm: {what}");
    let salt = body.get(..16).ok_or(fault("no salt"))?;
    let record_size =
        u32::from_be_bytes(body.get(16..20).ok_or(fault("no rs"))?.try_into().unwrap()) as usize;
    let id_length = *body.get(20).ok_or(fault("no idlen"))? as usize;
    let sender = body.get(21..21 + id_length).ok_or(fault("a short keyid"))?;
    let records = &body[21 + id_length..];
    if records.len() > record_size || records.len() < 17 {
        return Err(fault("one record of rs bytes at most, with its tag"));
    }
    // RFC 8291: the shared secret with the sender's ephemeral key, mixed with the auth secret.
    let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
    let mut ctx = BigNumContext::new().unwrap();
    let sender_point =
        EcPoint::from_bytes(&group, sender, &mut ctx).map_err(|_| fault("keyid is no P-256 point"))?;
    let sender_key = PKey::from_ec_key(EcKey::from_public_key(&group, &sender_point).unwrap()).unwrap();
    let own = PKey::from_ec_key(key.clone()).unwrap();
    let mut deriver = Deriver::new(&own).unwrap();
    deriver.set_peer(&sender_key).unwrap();
    let shared = deriver.derive_to_vec().unwrap();
    let mut key_info = b"WebPush: info\0".to_vec();
    key_info.extend(point_bytes(key));
    key_info.extend(sender);
    let ikm = hkdf(auth, &shared, &key_info, 32);
    // RFC 8188: the content key and nonce of the record (the first: sequence number 0).
    let content_key = hkdf(salt, &ikm, b"Content-Encoding: aes128gcm\0", 16);
    let nonce = hkdf(salt, &ikm, b"Content-Encoding: nonce\0", 12);
    let (sealed, tag) = records.split_at(records.len() - 16);
    let plain = decrypt_aead(Cipher::aes_128_gcm(), &content_key, Some(&nonce), &[], sealed, tag)
        .map_err(|_| fault("it does not decrypt with the device's keys"))?;
    // The last record ends with the delimiter 2, then padding zeros.
    let end = plain.iter().rposition(|b| *b != 0).ok_or(fault("no delimiter"))?;
    if plain[end] != 2 {
        return Err(fault("the last record's delimiter is not 2"));
    }
    serde_json::from_slice(&plain[..end]).map_err(|e| format!("the payload is not JSON: {e}"))
}

/// HKDF-SHA-256 (RFC 5869) of `length` bytes, at most 32.
fn hkdf(salt: &[u8], ikm: &[u8], info: &[u8], length: usize) -> Vec<u8> {
    let hmac = |key: &[u8], data: &[u8]| {
        let key = PKey::hmac(key).unwrap();
        let mut signer = Signer::new(MessageDigest::sha256(), &key).unwrap();
        signer.update(data).unwrap();
        signer.sign_to_vec().unwrap()
    };
    let prk = hmac(salt, ikm);
    let mut first = info.to_vec();
    first.push(1);
    hmac(&prk, &first)[..length].to_vec()
}

/// The uncompressed point of `key`'s public key.
fn point_bytes(key: &EcKey<Private>) -> Vec<u8> {
    let mut ctx = BigNumContext::new().unwrap();
    key.public_key().to_bytes(key.group(), PointConversionForm::UNCOMPRESSED, &mut ctx).unwrap()
}

/// `bytes` as base64url without padding.
pub fn base64url(bytes: &[u8]) -> String {
    openssl::base64::encode_block(bytes).replace('+', "-").replace('/', "_").trim_end_matches('=').to_string()
}

/// The bytes of base64url `text`.
pub fn from_base64url(text: &str) -> Result<Vec<u8>, String> {
    let mut standard = text.replace('-', "+").replace('_', "/");
    while !standard.len().is_multiple_of(4) {
        standard.push('=');
    }
    openssl::base64::decode_block(&standard).map_err(|e| format!("not base64url: {text}: {e}"))
}
