"""Finding 10: guests taking names that are not theirs — a member's, the admin's, names with
invisible or right-to-left characters, and a suspended member's own."""

import unicodedata

from attacks.client import PASSWORD

GUEST = "127.0.14.9"


def shown_as(club, name, join=None):
    """The name a guest's seat shows after creating a game (or joining `join`) as `name`, or
    None if refused."""
    if join:
        answer = club.ask("POST", f"/api/games/{join}/join", {"name": name}, origin=None, source=GUEST)
    else:
        answer = club.ask("POST", "/api/games", {"name": name}, origin=None, source=GUEST)
    if answer.status >= 400:
        return None
    seat = answer.json["color"]
    return club.view(answer.json["id"])["players"][seat]["name"]


def impersonates(shown, name):
    return shown is not None and shown.casefold() == name.casefold()


def invisible(text):
    return [f"U+{ord(c):04X}" for c in text if unicodedata.category(c) in ("Cf", "Cc")]


async def members_names(site):
    """10. A guest creates games as a member ("Alice", as "alice") and as the admin
    ("ClubAdmin")."""
    with site.club("names") as club:
        club.sign_up("clubadmin", "127.0.14.1")
        club.sign_up("Alice", "127.0.14.2")
        shown = {name: shown_as(club, name) for name in ("alice", "ClubAdmin")}
    taken = [name for name, as_ in shown.items() if impersonates(as_, name)]
    return (not taken,
            "a guest as " + ", ".join(f"{n!r}: {'refused' if s is None else 'shown ' + repr(s)}"
                                      for n, s in shown.items()))


async def invisible_names(site):
    """10. A guest names itself with a zero-width space and with a right-to-left override."""
    with site.club("tricks") as club:
        shown = {name: shown_as(club, name) for name in ("Ali\u200bce", "\u202eecilA")}
    tricked = [s for s in shown.values() if s is not None and invisible(s)]

    def told(name, as_):
        return f"{invisible(name)[0]}: " + ("refused" if as_ is None else f"shown with {invisible(as_) or 'none'}")
    return not tricked, "a guest named with " + ", ".join(told(n, s) for n, s in shown.items())


async def suspended_as_guest(site):
    """10. A suspended member comes back as a guest under their own name, creating and joining."""
    with site.club("suspended") as club:
        admin = club.sign_up("Admin", "127.0.14.1")
        club.sign_up("Alice", "127.0.14.2")
        suspended = club.ask("POST", "/api/admin/suspensions", {"name": "Alice", "reason": "abuse"}, member=admin,
                             source=admin.source).status
        signs_in = club.sign_in("Alice", PASSWORD, source="127.0.14.2").status
        open_game = club.game(source="127.0.14.3", name="Bob")["id"]
        shown = {"creates": shown_as(club, "Alice"), "joins": shown_as(club, "Alice", join=open_game)}
    played = [how for how, as_ in shown.items() if impersonates(as_, "Alice")]
    return (not played,
            f"suspended ({suspended}, her sign-in {signs_in}), as a guest named Alice she "
            + ", ".join(f"{how}: {'refused' if s is None else 'shown ' + repr(s)}" for how, s in shown.items()))
