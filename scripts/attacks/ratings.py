"""Finding 3: two accounts farm a rating by rated games one of them resigns before any move,
made by hand and by quick pairing."""

import asyncio

GAMES, PAIRED = 12, 4
CLOCK = {"kind": "none"}


async def resign(ws):
    await ws.send({"type": "resign"})
    while (await ws.expect("state"))["game"]["status"] != "over":
        pass
    ws.close()


def best_rating(club, member):
    ratings = club.ask("GET", "/api/me", member=member).json["ratings"]
    return max((round(r["rating"]) for r in ratings), default=1500)


async def farmed(site):
    """3. Farmer creates rated games, Feeder joins and resigns at once; then both ask for quick
    pairing and Feeder resigns again."""
    with site.club("ratings") as club:
        farmer, feeder = club.sign_up("Farmer", "127.0.4.1"), club.sign_up("Feeder", "127.0.4.2")
        for _ in range(GAMES):
            game = club.game(farmer, source=farmer.source, rated=True, color="red")["id"]
            token = club.join(game, feeder, source=feeder.source)["token"]
            await resign(await club.seat(game, token=token, source=feeder.source))
        paired = 0
        for _ in range(PAIRED):
            club.ask("POST", "/api/pairing", {"clock": CLOCK}, member=farmer, source=farmer.source)
            answer = club.ask("POST", "/api/pairing", {"clock": CLOCK}, member=feeder, source=feeder.source)
            if answer.json and answer.json.get("game"):
                paired += 1
                await resign(await club.seat(answer.json["game"], member=feeder, source=feeder.source))
        await asyncio.sleep(6)  # the ratings are computed by a task, within a few seconds
        rating = best_rating(club, farmer)
        board = club.ask("GET", "/api/leaderboard?category=correspondence").json["players"]
        listed = [p["name"] for p in board if p["name"] in ("Farmer", "Feeder")]
    return (rating <= 1500 and not listed,
            f"{GAMES} rated games + {paired} paired, each resigned before a move: Farmer 1500 → {rating}, "
            f"on the leaderboard: {', '.join(listed) or 'nobody of them'}")
