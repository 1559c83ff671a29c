-- Devices a member signed in on (issue 33): the digest (SHA-256) of the random id of the
-- `jungle_device` cookie set at each sign-in. A sign-in carrying a device cookie known for the
-- account is not slowed by the failed passwords of others on that account.
CREATE TABLE member_devices (
    digest TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id),
    expires BIGINT NOT NULL
);

CREATE INDEX member_devices_by_member ON member_devices (member_id);
