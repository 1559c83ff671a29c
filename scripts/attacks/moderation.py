"""Finding 10: reporting a chat message one was never shown, and control characters in the
text admins and members write for everyone (tournament names, suspension reasons)."""


async def report_unseen(site):
    """10. Carol, not a player, reports a message of the players' chat of Alice and Bob."""
    with site.club("reports") as club:
        club.sign_up("Admin", "127.0.16.1")
        names = ("Alice", "Bob", "Carol")
        alice, bob, carol = (club.sign_up(name, f"127.0.16.{2 + i}") for i, name in enumerate(names))
        game = club.game(alice, source=alice.source, color="red")["id"]
        club.join(game, bob, source=bob.source)
        ws = await club.seat(game, member=alice, source=alice.source)
        await ws.send({"type": "chat", "text": "between us"})
        message = (await ws.expect("chat"))["message"]["id"]
        ws.close()
        report = club.ask("POST", f"/api/chat/messages/{message}/report", {"reason": "rude"}, member=carol,
                          source=carol.source)
    return report.status >= 400, f"a watcher's report of the players' message: {report.status} {report.code() or ''}"


async def control_characters(site):
    """10. A tournament named and a suspension reasoned with a bell, an escape sequence and a
    right-to-left override."""
    text = "Spring\x07 Open\x1b[2J\u202e"
    with site.club("control") as club:
        admin = club.sign_up("Admin", "127.0.16.1")
        club.sign_up("Alice", "127.0.16.2")
        named = club.ask("POST", "/api/tournaments", {"name": text, "format": "arena"}, member=admin,
                         source=admin.source).status
        reasoned = club.ask("POST", "/api/admin/suspensions", {"name": "Alice", "reason": text}, member=admin,
                            source=admin.source).status
    return (named == 400 and reasoned == 400,
            f"control characters in a tournament's name: {named}, in a suspension's reason: {reasoned}")
