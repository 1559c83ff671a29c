"""Finding 7: forged X-Forwarded-For from a peer that is not a trusted proxy, the per-address
connection cap beside --trust-proxy, and many addresses of one IPv6 /64."""

import time

from attacks import namespace
from attacks.client import PASSWORD
from attacks.sockets import answered_at_once

STRANGER = "127.0.8.9"


async def forged_forwarded(site):
    """7. With --trust-proxy 127.0.0.1 on 0.0.0.0, another peer sends 40 sign-ins and 8 sign-ups
    each with a new X-Forwarded-For, and holds 30 connections (cap 10)."""
    options = ["--trust-proxy", "127.0.0.1", "--http-connections-per-ip", "10"]
    with site.club("proxies", options, host="0.0.0.0") as club:
        def forged(k):
            return {"X-Forwarded-For": f"203.0.113.{k}"}
        sign_ins = [club.ask("POST", "/api/session", {"name": f"ghost{k}", "password": "not the password"},
                             source=STRANGER, headers=forged(k)).status for k in range(40)]
        sign_ups = [club.ask("POST", "/api/members", {"name": f"Forger{k}", "password": PASSWORD},
                             source=STRANGER, headers=forged(100 + k)).status for k in range(8)]
        connections = [club.raw(STRANGER) for _ in range(30)]
        time.sleep(1)
        held = sum(not answered_at_once(c) for c in connections)
        for c in connections:
            c.close()
    escaped, admitted = sum(s != 429 for s in sign_ins), sign_ups.count(201)
    return (escaped <= 20 and admitted <= 5 and held <= 10,
            f"forged X-Forwarded-For from a non-proxy: {escaped}/40 sign-ins past the limit of 20, "
            f"{admitted}/8 sign-ups (limit 5); connections held {held}/30 (cap 10)")


async def one_ipv6_block(site):
    """7. Eight addresses of one IPv6 /64 sign up five accounts each; a member of another /64
    signs up after them."""
    why_not = namespace.why_no_ipv6_block()
    if why_not:
        return None, why_not
    with site.club("ipv6", host=namespace.SERVER) as club:
        admitted = sum(club.ask("POST", "/api/members", {"name": f"Block{i}x{k}", "password": PASSWORD},
                                source=source).status == 201
                       for i, source in enumerate(namespace.BLOCK) for k in range(5))
        other = club.ask("POST", "/api/members", {"name": "Neighbour", "password": PASSWORD},
                         source=namespace.OTHER).status
    return (admitted <= 5 and other == 201,
            f"8 addresses of one /64 made {admitted} of 40 accounts (limit 5 an address); "
            f"a sign-up from another /64 {other}")
