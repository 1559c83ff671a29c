-- Web Push (issue 37): the club's VAPID key pair, members' subscriptions and settings, the
-- outbox of notices to deliver, and the members' pages watching their challenges. Portable
-- SQL, as the other migrations; times in ms since the Unix epoch.

-- The club's one VAPID key pair (RFC 8292): the P-256 private key, base64url. Made on the
-- first start; a second instance starting at once inserts nothing and reads the first's.
CREATE TABLE push_keys (
    id BIGINT PRIMARY KEY,
    private_key TEXT NOT NULL,
    created BIGINT NOT NULL
);

-- A device's subscription (the browser's PushSubscription): its push service URL, its
-- P-256 public key and auth secret (base64url), and the language it subscribed with.
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    member_id TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    created BIGINT NOT NULL
);

CREATE INDEX push_subscriptions_by_member ON push_subscriptions (member_id, created);

-- A member's choices: the kinds switched off (comma-separated), quiet hours (minutes after
-- midnight, both NULL for none) in the member's IANA time zone.
CREATE TABLE push_settings (
    member_id TEXT PRIMARY KEY,
    kinds_off TEXT NOT NULL,
    quiet_from BIGINT,
    quiet_to BIGINT,
    time_zone TEXT NOT NULL
);

-- A notice for one subscription: queued once per event (`dedupe` names the event), due at
-- `due` (the club's time), pointless after `deadline` if any. A worker holds it while
-- `claimed_until` (real time) is ahead; each failed attempt moves `due` on.
CREATE TABLE push_outbox (
    endpoint TEXT NOT NULL,
    dedupe TEXT NOT NULL,
    member_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    deadline BIGINT,
    due BIGINT NOT NULL,
    attempts BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL,
    PRIMARY KEY (endpoint, dedupe)
);

CREATE INDEX push_outbox_due ON push_outbox (due);

-- The events queued already (`dedupe`: e.g. `your_move:GAME:PLY`), kept for
-- `events::EVENTS_KEPT_MS` after: an event seen again (by another instance, by the next sweep)
-- queues nothing.
CREATE TABLE push_events (
    dedupe TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);

CREATE INDEX push_events_by_time ON push_events (at);

-- A page of a member's open with the challenge event stream, on any instance: `seen` (real
-- time) is repeated while it is open. No challenge is pushed to a member watching.
CREATE TABLE push_watching (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL,
    seen BIGINT NOT NULL
);

CREATE INDEX push_watching_by_member ON push_watching (member_id, seen);
