-- Members' vacations (issue 37): a member's correspondence clocks stand while they are on
-- vacation. One row a member: the days of their yearly allowance used in `allowance_year`
-- (the calendar year in UTC the vacations began in) and the last vacation's start and end
-- (ms since the Unix epoch; on vacation while `ends` is later than now).
CREATE TABLE member_vacations (
    member_id TEXT PRIMARY KEY REFERENCES members (id),
    allowance_year BIGINT NOT NULL,
    days_used BIGINT NOT NULL,
    starts BIGINT NOT NULL,
    ends BIGINT NOT NULL
);
