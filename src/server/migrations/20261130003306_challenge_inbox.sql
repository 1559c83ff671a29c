-- A member's incoming challenges kept from a crowd (issue 33). Portable SQL.

-- One open challenge per challenger and name challenged (names are ASCII, compared in lower
-- case as `members.name_key`): a new one closes the old, as `cancelled`, or `expired` once
-- past its time. Of the pairs already open more than once, the newest stays open.
UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND EXISTS (
    SELECT 1 FROM challenges newer
    WHERE newer.from_member = challenges.from_member AND LOWER(newer.to_name) = LOWER(challenges.to_name)
      AND newer.state = 'open'
      AND (newer.created > challenges.created OR (newer.created = challenges.created AND newer.id > challenges.id))
);

CREATE UNIQUE INDEX challenges_one_open ON challenges (from_member, LOWER(to_name)) WHERE state = 'open';

-- Whether a member challenged another (their list shows the challengers they know first).
CREATE INDEX challenges_between ON challenges (from_member, to_member);

-- The challengers a member blocked: their challenges are stored as any other, and never
-- listed to that member. Removed with either account.
CREATE TABLE challenge_blocks (
    member_id TEXT NOT NULL,
    blocked_id TEXT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (member_id, blocked_id)
);
