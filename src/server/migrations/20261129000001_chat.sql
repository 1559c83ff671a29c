-- Chat in games between members, and its moderation (issue 23 and the admin's tools of issue
-- 24). Portable SQL, as the other migrations; times in ms since the Unix epoch; flags 0 or 1.
-- Member ids are not foreign keys: a deleted account's messages stay, shown as "deleted member".

-- A message of a game's chat: room `players` (the two players) or `spectators` (members
-- watching). Hidden messages (by an admin) are sent to nobody any more, but kept.
CREATE TABLE chat_messages (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    room TEXT NOT NULL,
    author_id TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    hidden BIGINT NOT NULL
);

CREATE INDEX chat_messages_by_game ON chat_messages (game_id, room, at);

-- Who muted whom: the muted member's messages are not delivered to the other.
CREATE TABLE chat_mutes (
    member_id TEXT NOT NULL,
    muted_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (member_id, muted_id)
);

-- A member's report of a message, one per reporter and message; `outcome` stays NULL while
-- the report is open, then `hidden` or `dismissed`.
CREATE TABLE chat_reports (
    id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES chat_messages (id),
    reporter_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    at BIGINT NOT NULL,
    outcome TEXT,
    UNIQUE (message_id, reporter_id)
);

CREATE INDEX chat_reports_open ON chat_reports (outcome, at);

-- Suspensions: in force from `since` until `ends` (NULL: until lifted) unless `lifted`.
CREATE TABLE member_suspensions (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    since BIGINT NOT NULL,
    ends BIGINT,
    lifted BIGINT,
    by_id TEXT NOT NULL
);

CREATE INDEX member_suspensions_by_member ON member_suspensions (member_id);

-- Every admin action: who, what (`hide`, `dismiss`, `suspend`, `lift`, `invite`), on what.
CREATE TABLE admin_actions (
    id TEXT PRIMARY KEY,
    admin_id TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    detail TEXT NOT NULL,
    at BIGINT NOT NULL
);
