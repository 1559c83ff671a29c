"""Findings 1 and 7: sockets held open to starve the others. The server runs with 256 open
files (soft and hard limit, so it cannot raise them): its budget is then 128 connections."""

import asyncio
import socket
import time

FILES = 256


def status_or_silence(club, path, source, timeout=3):
    """The status of GET `path` from `source`, or "timeout" / "refused"."""
    try:
        return club.ask("GET", path, source=source, timeout=timeout).status
    except socket.timeout:
        return "timeout"
    except OSError:
        return "refused"


def answered_at_once(connection):
    """Whether the server already wrote something (a 429 or 503 refusal) on a connection that
    has sent nothing: a connection it took in is silent."""
    connection.setblocking(False)
    try:
        connection.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return False
    except OSError:
        pass
    return True


async def websockets_starve_others(site):
    """1. Three addresses hold as many game WebSockets as they can; a fourth still gets
    /api/health (7 tries) and signs up."""
    with site.club("websockets", files=FILES) as club:
        game = club.game()["id"]
        held, tried = [], 0
        for source in ("127.0.1.1", "127.0.1.2", "127.0.1.3"):
            for _ in range(80):
                tried += 1
                try:
                    held.append(await club.socket(game, source=source))
                except (OSError, asyncio.TimeoutError):
                    pass
        health = [status_or_silence(club, "/api/health", "127.0.1.4") for _ in range(7)]
        try:
            signup = club.ask("POST", "/api/members", {"name": "Newcomer", "password": "correct horse battery"},
                              source="127.0.1.4", timeout=10).status
        except OSError:
            signup = "timeout"
        for ws in held:
            ws.close()
    ok = health.count(200)
    return (ok == len(health) and signup == 201,
            f"{len(held)} of {tried} WebSockets held by 3 addresses at ulimit -n {FILES}; from a 4th, "
            f"/api/health {ok}/{len(health)}, a sign-up {signup}")


async def one_address_fills_the_budget(site):
    """7. One address opens 150 idle connections: the per-address cap must stop it well before
    the global one (128), so that another address's /api/health answers."""
    with site.club("caps", files=FILES) as club:
        connections = []
        for _ in range(150):
            try:
                connections.append(club.raw("127.0.2.1"))
            except OSError:
                pass
        time.sleep(1)
        held = sum(not answered_at_once(c) for c in connections)
        health = [status_or_silence(club, "/api/health", "127.0.2.2") for _ in range(10)]
        for c in connections:
            c.close()
    ok = health.count(200)
    budget = FILES - 128
    return (held < budget and ok == len(health),
            f"one address kept {held} of 150 connections (budget {budget} at ulimit -n {FILES}); "
            f"/api/health from another {ok}/{len(health)}")
