-- Bot accounts and their API tokens (issue 40). Portable SQL; times in ms since the Unix
-- epoch; flags 0 or 1.

-- A bot plays through the bot API (`api/bot/*`) with a token, never through the page's
-- pairing queue; it is shown as a bot wherever its name is.
ALTER TABLE members ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;

-- A bot's tokens: only the SHA-256 digest of each is kept (a copy of the database plays for
-- nobody). `id` is the number the account screen lists and revokes it by; `last_used` is
-- noted at most once a minute.
CREATE TABLE bot_tokens (
    id BIGINT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id),
    digest TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created BIGINT NOT NULL,
    last_used BIGINT
);

CREATE INDEX bot_tokens_member ON bot_tokens (member_id);
