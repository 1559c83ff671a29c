"""Findings 4 and 5: a stolen session's open WebSocket after the member ended every session,
and strangers' wrong passwords against a member's own device."""

import asyncio

from server_kit.websocket import Closed

from attacks.client import PASSWORD, Member


async def close_code(ws, seconds):
    """The close code of `ws` once the server closes it within `seconds`, else "still open"."""
    try:
        await ws.expect("no such message", seconds)
    except Closed as closed:
        return closed.code
    except asyncio.TimeoutError:
        return "still open"


async def stolen_socket(site):
    """4. A thief holds the victim's session cookie and a WebSocket on the victim's seat; the
    victim sets a new password and signs out everywhere; the thief then moves and resigns."""
    with site.club("sessions") as club:
        victim = club.sign_up("Victim", "127.0.5.1")
        game = club.game(victim, source=victim.source, color="red")["id"]
        club.join(game, source="127.0.5.3", name="Friend")
        thief = await club.seat(game, member=victim, source="127.0.5.9")
        device = Member("Victim", club.sign_in("Victim", PASSWORD, source=victim.source), victim.source)
        changed = club.ask("PUT", "/api/me/password", {"password": PASSWORD, "new_password": "a brand new secret"},
                           member=device, source=device.source).status
        ended = club.ask("DELETE", "/api/me/sessions", member=device, source=device.source).status
        code = await close_code(thief, 3)
        try:
            await thief.send({"type": "move", "ply": 0, "move": "b2c2"})
            await thief.send({"type": "resign"})
            await asyncio.sleep(1)
        except OSError:
            pass
        thief.close()
        after = club.view(game)
        http = club.ask("GET", "/api/me", member=victim).status
    played = len(after["moves"]) + (after["status"] == "over")
    return (code != "still open" and played == 0,
            f"new password {changed}, sign out everywhere {ended}: the thief's WebSocket "
            f"{'closed (' + str(code) + ')' if code != 'still open' else 'still open'}, its move and "
            f"resignation after that changed the game {played} times; the cookie over HTTP {http}")


async def locked_out(site):
    """5. 30 wrong passwords from one address while the member signs in from a device that
    signed in before (its `jungle_device` cookie)."""
    with site.club("lockout") as club:
        club.sign_up("Member", "127.0.5.1")
        device = club.sign_in("Member", PASSWORD, source="127.0.5.1").cookie("jungle_device")
        wrong = [club.sign_in("Member", "not the password", source="127.0.5.66").status for _ in range(30)]
        right = club.sign_in("Member", PASSWORD, source="127.0.5.2", device=device).status
    return (right == 200,
            f"30 wrong passwords from one address ({wrong.count(429)} answered 429), "
            f"then the member on their known device: {right}")
