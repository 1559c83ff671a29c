-- When a server last said it was running (ms since the Unix epoch): after a crash, the running
-- clocks restart with the time their side used before it, the outage charged to nobody.
CREATE TABLE alive (
    id INTEGER PRIMARY KEY,
    at BIGINT NOT NULL
);

INSERT INTO alive (id, at) VALUES (1, 0);
