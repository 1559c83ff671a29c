-- Optional email (issue 37): a member's address, and the single-use tokens of the links mailed
-- to it. Portable SQL. Tokens are stored only as SHA-256 digests. Times are milliseconds since
-- the Unix epoch (the club's time); flags are 0 or 1.

-- One address a member; `verified` once the member opened the link mailed to it. `lang`: the
-- page's language when it was added (the mails' language); `origin`: the club's address the
-- links in mails start with; `digest`: the daily digest is on; `last_digest`: when the last one
-- was sent (claimed by compare-and-set, so that one instance sends it).
CREATE TABLE member_emails (
    member_id TEXT PRIMARY KEY REFERENCES members (id),
    address TEXT NOT NULL,
    verified BIGINT NOT NULL,
    lang TEXT NOT NULL,
    origin TEXT NOT NULL,
    digest BIGINT NOT NULL,
    last_digest BIGINT NOT NULL
);

-- An address is verified for one member at most (its local part's case aside, as mail
-- providers take it).
CREATE UNIQUE INDEX member_emails_verified ON member_emails (LOWER(address)) WHERE verified = 1;

-- The links' tokens: `purpose` verify (of `address`), reset (a password) or unsubscribe.
CREATE TABLE email_tokens (
    digest TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id),
    purpose TEXT NOT NULL,
    address TEXT NOT NULL,
    expires BIGINT NOT NULL
);

CREATE INDEX email_tokens_by_member ON email_tokens (member_id);
