//! Fresh proof of who one is, asked before a change a stolen session cookie must not make:
//! deleting the account, setting or changing its password, adding a passkey. A member proves it with the
//! password, or with a passkey assertion made for the purpose (`"passkey": {"ceremony",
//! "credential"}`, answering a `confirm` ceremony begun by `POST api/me/passkeys/confirm` for
//! this member's own passkeys). The session alone is never enough: without either proof the
//! answer is `proof_needed`.

use super::ceremonies::{self, Kind};
use super::credentials;
use crate::server::error::{Code, Refusal};
use crate::server::members::accounts;
use crate::server::members::devices;
use crate::server::members::names::name_key;
use crate::server::members::{Members, SignedIn};
use axum::http::HeaderMap;
use serde::Deserialize;
use std::net::IpAddr;
use webauthn_rs::prelude::{PasskeyAuthentication, PublicKeyCredential};

/// A passkey assertion answering a `confirm` ceremony: its id and the browser's credential.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assertion {
    /// The ceremony's id, as `POST api/me/passkeys/confirm` gave it.
    pub ceremony: String,
    /// The credential `navigator.credentials.get` gave.
    pub credential: PublicKeyCredential,
}

/// A request's body that is only the proof: `{"password"}` or `{"passkey": {…}}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Confirm {
    password: Option<String>,
    passkey: Option<Assertion>,
}

impl Confirm {
    /// The proof the body offers.
    pub fn proof(&self) -> Proof<'_> {
        Proof { password: self.password.as_deref(), passkey: self.passkey.as_ref() }
    }
}

/// What a request offers as proof: the password, or a passkey assertion (either may be
/// missing; [`confirm`] says whether what is there is enough).
pub struct Proof<'a> {
    /// The password typed.
    pub password: Option<&'a str>,
    /// The passkey assertion made.
    pub passkey: Option<&'a Assertion>,
}

/// The refusal of a request that offers no proof the member can give.
fn proof_needed() -> Refusal {
    Refusal::new(Code::ProofNeeded, "confirm who you are with your password or a passkey")
}

/// Checks `proof` for the signed-in member `who` (limited as sign-ins are): a passkey
/// assertion of one of the member's passkeys, or the member's password. A wrong one is
/// `bad_credentials`; none the member can give, `proof_needed`.
pub async fn confirm(
    members: &Members,
    ip: IpAddr,
    headers: &HeaderMap,
    who: &SignedIn,
    proof: Proof<'_>,
) -> Result<(), Refusal> {
    members.limits.sign_in_from(ip).map_err(Refusal::rate_limited)?;
    if !devices::known(&members.pool, headers, &who.member.id).await.map_err(Refusal::storage)? {
        members.limits.sign_in_on(&name_key(&who.member.name)).map_err(Refusal::rate_limited)?;
    }
    if let Some(assertion) = proof.passkey {
        return asserted(members, &who.member.id, assertion).await;
    }
    let stored = accounts::password_of(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    let Some(password) = proof.password.filter(|_| !stored.is_empty()) else {
        return Err(proof_needed());
    };
    match members.passwords.verify(password.to_string(), Some(stored)).await.map_err(Refusal::storage)? {
        true => Ok(()),
        false => Err(Refusal::bad_credentials()),
    }
}

/// Checks `assertion` against its ceremony, begun for member `member_id`, and one of the
/// member's passkeys still held; the passkey's counter is kept.
async fn asserted(members: &Members, member_id: &str, assertion: &Assertion) -> Result<(), Refusal> {
    let taken = ceremonies::take::<PasskeyAuthentication>(&members.pool, Kind::Confirm, &assertion.ceremony);
    let ceremony = taken
        .await
        .map_err(Refusal::storage)?
        .filter(|ceremony| ceremony.member_id.as_deref() == Some(member_id))
        .ok_or_else(Refusal::bad_credentials)?;
    let result = members
        .relying_party
        .finish_passkey_authentication(&assertion.credential, &ceremony.state)
        .map_err(|_| Refusal::bad_credentials())?;
    let held = credentials::of_member(&members.pool, member_id).await.map_err(Refusal::storage)?;
    let (_, mut passkey) = held
        .into_iter()
        .find(|(_, passkey)| passkey.cred_id() == result.cred_id())
        .ok_or_else(Refusal::bad_credentials)?;
    passkey.update_credential(&result);
    credentials::used(&members.pool, &passkey).await.map_err(Refusal::storage)
}
