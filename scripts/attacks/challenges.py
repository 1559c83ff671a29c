"""Finding 6: challenge spam to push a friend's challenge out of the victim's list."""


async def friend_hidden(site):
    """6. Six accounts send the victim as many challenges as they may, then a friend sends
    one: it must still be listed to the victim."""
    with site.club("challenges") as club:
        victim, friend = club.sign_up("Victim", "127.0.6.1"), club.sign_up("Friend", "127.0.6.2")
        spammers = club.members([f"Spammer{i}" for i in range(6)], subnet=7)
        sent = sum(club.ask("POST", "/api/challenges", {"to": "Victim"}, member=s, source=s.source).status == 201
                   for s in spammers for _ in range(10))
        friendly = club.ask("POST", "/api/challenges", {"to": "Victim"}, member=friend, source=friend.source)
        incoming = club.ask("GET", "/api/me/challenges", member=victim).json["incoming"]
    listed = any(c["from"] == "Friend" for c in incoming)
    return (listed,
            f"{sent} of 60 spam challenges taken, the friend's {friendly.status}; the victim sees "
            f"{len(incoming)}, the friend's {'among them' if listed else 'not among them'}")
