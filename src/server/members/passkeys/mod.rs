//! Passkeys (WebAuthn, by `webauthn-rs`): the first way to sign up and in, a password the
//! fallback. Each sign-up, sign-in or added passkey is a ceremony of two requests: the server
//! gives the browser a challenge and keeps the state ([`ceremonies`], single use, expiring), the
//! browser's authenticator answers it, the server checks the answer against the state.
//! Sign-in asks for a discoverable credential: no name is given, so nothing tells which names
//! exist. The credentials are in [`credentials`]; the routes in [`routes`]; the club as the
//! relying party in [`relying_party`](super::relying_party); [`proof`] the fresh proof of who a
//! signed-in member is (a passkey's assertion, or the password) that deleting an account,
//! setting a password and adding a passkey ask for.

pub mod ceremonies;
pub mod credentials;
pub mod proof;
pub mod routes;
