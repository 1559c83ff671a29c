"""Findings 2 and 8: writes with a member's cookie from a page that is not the club's, and the
club reached by HTTPS."""

GAME = b'{"name":"Victim","rated":true}'


async def cross_site_games(site):
    """2. A page on another port of the same host (and one sending no or a `null` Origin)
    posts, as a form would (text/plain), creating a rated game and joining the attacker's rated
    game with the victim's cookie."""
    with site.club("origins") as club:
        attacker = club.sign_up("Mallory", "127.0.3.1")
        victim = club.sign_up("Victim", "127.0.3.2")
        bait = club.game(attacker, source=attacker.source, rated=True, color="red")["id"]
        tries = []
        for origin in (f"http://{club.host}:{club.port + 1}", None, "null"):
            for path, body in ((f"/api/games/{bait}/join", b'{"name":"Victim"}'), ("/api/games", GAME)):
                answer = club.ask("POST", path, body, member=victim, origin=origin, content_type="text/plain",
                                  source=victim.source)
                tries.append(answer.status)
        seated = club.view(bait)["players"].get("blue")
        games = club.ask("GET", "/api/me/games", member=victim).json["games"]
    accepted = sum(status < 400 for status in tries)
    return (accepted == 0 and not seated and not games,
            f"{len(tries)} forged posts with the victim's cookie (another port, no and null Origin): "
            f"{accepted} accepted (statuses {sorted(set(tries))}); victim seated in the attacker's game: "
            f"{'yes' if seated else 'no'}; games in the victim's name: {len(games)}")


async def https_cookies(site):
    """8. `--public-origin https://…` alone: the session cookie must be Secure and an http
    origin refused."""
    with site.club("https", ["--public-origin", "https://club.example"], https=True) as club:
        signed_up = club.ask("POST", "/api/members", {"name": "Member", "password": "correct horse battery"},
                             source="127.0.3.5")
        cookie = next((line for line in signed_up.cookies if line.startswith("jungle_session=")), "")
        secure = "secure" in [part.strip().lower() for part in cookie.split(";")]
        plain = club.ask("POST", "/api/session", {"name": "Member", "password": "correct horse battery"},
                         origin=club.origin.replace("https://", "http://"), source="127.0.3.5")
    return (signed_up.status == 201 and secure and plain.status == 403,
            f"sign-up from the https origin {signed_up.status}, session cookie "
            f"{'Secure' if secure else 'not Secure'}; sign-in from the http origin {plain.status}")
