"""What the server scripts (fault-server, attack-server) share: a throwaway PostgreSQL 15, a
jungle-server process, and a minimal WebSocket client."""
