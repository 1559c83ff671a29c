-- Members' passkeys (WebAuthn). A member signed up with a passkey alone has the password ''
-- (no password: a password sign-in with the name fails as a wrong password does).
-- passkeys: one row per credential; id is the credential id (hex), user_handle the
-- member's WebAuthn user id (a UUID, the same for all of a member's passkeys), passkey the
-- webauthn-rs Passkey as JSON (public key and counter: nothing secret).
CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id),
    user_handle TEXT NOT NULL,
    passkey TEXT NOT NULL,
    created BIGINT NOT NULL,
    used BIGINT NOT NULL
);

CREATE INDEX passkeys_by_member ON passkeys (member_id);

-- The state of a ceremony between its two steps, taken (deleted) by the second step: single use,
-- and in the database so that any instance may finish what another began. digest: SHA-256 of
-- the ceremony id the page holds; kind: sign-up, sign-in or add; member_id: the member adding a
-- passkey; name and invite: a sign-up's.
CREATE TABLE passkey_ceremonies (
    digest TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    member_id TEXT,
    name TEXT,
    invite TEXT,
    expires BIGINT NOT NULL
);

CREATE INDEX passkey_ceremonies_by_expiry ON passkey_ceremonies (expires);
