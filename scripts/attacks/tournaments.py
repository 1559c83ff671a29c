"""Finding 9: amplification through tournaments — a register/withdraw loop pushed to every
watcher, a member making tournaments without end, and the list of tournaments unpaged."""

import asyncio
import time

PLAYERS, WATCHERS, SECONDS = 40, 40, 15


class Watcher:
    """A live stream of a tournament (server-sent events), counting the bytes it is sent."""

    async def open(self, club, path, source):
        self.reader, self.writer = await asyncio.open_connection(club.host, club.port, local_addr=(source, 0))
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {club.host}:{club.port}\r\n"
                          f"Accept: text/event-stream\r\n\r\n".encode())
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), 5)
        if b" 200 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.split(b"\r\n")[0].decode())
        self.bytes = 0
        self.reading = asyncio.ensure_future(self.read())
        return self

    async def read(self):
        while chunk := await self.reader.read(65536):
            self.bytes += len(chunk)

    def close(self):
        self.reading.cancel()
        self.writer.close()


def churn(club, tournament, member, seconds):
    """The attacker's loop: withdraw and register again for `seconds`; the changes made."""
    changes, until = 0, time.time() + seconds
    path = f"/api/tournaments/{tournament}/players"
    while time.time() < until:
        for method in ("DELETE", "POST"):
            changes += club.ask(method, path, member=member, source=member.source).status < 300
    return changes


async def watchers_flooded(site):
    """9. 40 members registered, 40 watchers of the tournament; one member withdraws and
    registers in a loop for 15 s: each watcher must be sent at most about one state a second."""
    with site.club("amplify") as club:
        director = club.sign_up("Director", "127.0.9.1")
        players = club.members([f"Entrant{i}" for i in range(PLAYERS)], subnet=10)
        tournament = club.ask("POST", "/api/tournaments", {"name": "Spring open", "format": "swiss", "rounds": 5},
                              member=director, source=director.source).json["id"]
        for p in players:
            club.ask("POST", f"/api/tournaments/{tournament}/players", member=p, source=p.source)
        path = f"/api/tournaments/{tournament}/events"
        watchers = [await Watcher().open(club, path, f"127.0.11.{1 + i // 20}") for i in range(WATCHERS)]
        await asyncio.sleep(2)
        state = max(w.bytes for w in watchers)
        for w in watchers:
            w.bytes = 0
        started = time.time()
        changes = await asyncio.to_thread(churn, club, tournament, players[0], SECONDS)
        await asyncio.sleep(1)
        elapsed, pushed = time.time() - started, sum(w.bytes for w in watchers)
        for w in watchers:
            w.close()
    bound = WATCHERS * state * (elapsed + 2)
    return (pushed <= bound,
            f"{changes} registrations and withdrawals in {SECONDS} s pushed {pushed / elapsed / 1e6:.2f} MB/s to "
            f"{WATCHERS} watchers ({pushed / WATCHERS / state:.0f} states each, one is {state} bytes; "
            f"bound: one a second, {bound / elapsed / 1e6:.2f} MB/s)")


async def tournaments_without_end(site):
    """9. With --tournaments members, one member asks for 60 tournaments at once (from three
    addresses)."""
    with site.club("makers", ["--tournaments", "members"]) as club:
        club.sign_up("Director", "127.0.12.1")
        maker = club.sign_up("Maker", "127.0.12.2")
        made = sum(club.ask("POST", "/api/tournaments", {"name": f"Cup {i}", "format": "arena"}, member=maker,
                            source=f"127.0.12.{3 + i // 20}").status == 201 for i in range(60))
    return made < 60, f"one member made {made} of 60 tournaments asked for at once"


async def tournaments_unpaged(site):
    """9. The list of tournaments: `?limit=2` must give at most two of the twelve made."""
    with site.club("listing") as club:
        director = club.sign_up("Director", "127.0.13.1")
        made = sum(club.ask("POST", "/api/tournaments", {"name": f"Cup {i}", "format": "arena"},
                            member=director, source=director.source).status == 201 for i in range(12))
        whole = club.ask("GET", "/api/tournaments")
        paged = club.ask("GET", "/api/tournaments?limit=2")
    listed = len(paged.json["tournaments"]) if paged.status == 200 else None
    return (listed is not None and listed <= 2 < made,
            f"{made} tournaments; GET /api/tournaments {len(whole.text)} bytes with "
            f"{len((whole.json or {}).get('tournaments', []))}, with ?limit=2: "
            f"{listed if listed is not None else paged.status}")
