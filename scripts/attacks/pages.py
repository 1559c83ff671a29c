"""Finding 10: /metrics through a proxy that says X-Real-IP, the page framed by any site, and
how soon a frozen client shows away."""

import asyncio
import os
import re
import time

PING, DEAD = 3, 6


async def metrics_behind_proxy(site):
    """10. /metrics asked from this machine with only X-Real-IP (a proxy's header) set."""
    with site.club("metrics") as club:
        direct = club.ask("GET", "/metrics").status
        proxied = club.ask("GET", "/metrics", headers={"X-Real-IP": "203.0.113.7"}).status
    return proxied == 404, f"/metrics direct {direct}, with X-Real-IP {proxied}"


async def framed(site):
    """10. The Content-Security-Policy of the club's page, the one a member signs in on."""
    dist = os.path.join(site.folder, "dist")
    os.makedirs(dist, exist_ok=True)
    with open(os.path.join(dist, "index.html"), "w") as page:
        page.write("<!doctype html><title>Jungle</title>")
    with site.club("frames", ["--dist", dist]) as club:
        answer = club.ask("GET", "/")
    policy = answer.headers.get("content-security-policy") or ""
    ancestors = re.search(r"frame-ancestors([^;]*)", policy)
    ancestors = ancestors.group(1).strip() if ancestors else "not said"
    return ancestors not in ("*", "not said"), f"GET / {answer.status}: frame-ancestors {ancestors}"


async def away_time(site):
    """10. With --ping-every 3 --dead-after 6, Blue answers the server's first ping, says a last
    word a second later, then freezes (reads and answers nothing): Red must see Blue away about
    6 s after that word, not at the ping after (8 s): ~59 s, not 45, with the defaults."""
    with site.club("away", ["--ping-every", str(PING), "--dead-after", str(DEAD)]) as club:
        created = club.game(source="127.0.17.1", color="red")
        joined = club.join(created["id"], source="127.0.17.2")
        red = await club.seat(created["id"], token=created["token"], source="127.0.17.1")
        blue = await club.seat(created["id"], token=joined["token"], source="127.0.17.2")
        try:
            await blue.expect("no such message", PING + 1)
        except asyncio.TimeoutError:
            pass
        await blue.send({"type": "ping"})
        last_word = time.monotonic()
        try:
            while (await red.expect("presence", DEAD * 3)).get("blue"):
                pass
            away = time.monotonic() - last_word
        except asyncio.TimeoutError:
            away = None
        red.close()
        blue.close()
    if away is None:
        return False, f"Blue never shown away within {DEAD * 3} s"
    return (away <= DEAD + 1,
            f"Blue, frozen after a last word, shown away {away:.1f} s later (--dead-after {DEAD}, "
            f"--ping-every {PING}; by default 45 and 15)")
