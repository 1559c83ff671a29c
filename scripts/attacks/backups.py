"""Finding 10: the backup commands misled — a backup with a database trigger restored, a
backup written through a dangling symbolic link, a backup into an in-memory database. On
PostgreSQL both commands must refuse (pg_dump and pg_restore do that job)."""

import os
import sqlite3

# Every member signed up after the restore would be an admin.
TRIGGER = "CREATE TRIGGER every_one_admin AFTER INSERT ON members BEGIN UPDATE members SET admin = 1; END"


def with_trigger(path):
    with sqlite3.connect(path) as db:
        db.execute(TRIGGER)


async def restored_trigger(site):
    """10. restore of a backup a trigger was added to."""
    planted = os.path.join(site.folder, "planted.sqlite")
    with site.club("restore") as club:
        club.sign_up("Admin", "127.0.15.1")
        if site.kind == "postgres":
            with sqlite3.connect(planted) as db:
                db.execute("CREATE TABLE members (admin BIGINT)")
            with_trigger(planted)
            status, said = site.run("restore", "--db", club.db, "--from", planted)
            return status != 0, f"restore of a backup with a trigger into PostgreSQL: exit {status} ({said[:60]})"
        site.run("backup", "--db", club.db, "--out", planted)
    with_trigger(planted)
    target = os.path.join(site.folder, "restored.sqlite")
    status, said = site.run("restore", "--db", target, "--from", planted)
    if status != 0:
        return True, f"restore of a backup with a trigger: exit {status} ({said[:70]})"
    with site.club("restored", db=target) as club:
        newcomer = club.sign_up("Newcomer", "127.0.15.2")
        admin = club.ask("GET", "/api/me", member=newcomer).json["admin"]
    return False, f"restore of a backup with a trigger: exit 0; a sign-up after it is {'an' if admin else 'no'} admin"


async def dangling_link(site):
    """10. backup --out a symbolic link to a file that does not exist yet."""
    target = os.path.join(site.folder, "elsewhere.sqlite")
    link = os.path.join(site.folder, "backup-link.sqlite")
    os.symlink(target, link)
    with site.club("backup") as club:
        club.sign_up("Admin", "127.0.15.1")
        status, _ = site.run("backup", "--db", club.db, "--out", link)
    written = os.path.exists(target)
    return (status != 0 and not written,
            f"backup --out a dangling link: exit {status}, the link's target written: {'yes' if written else 'no'}")


async def in_memory(site):
    """10. backup --out an in-memory database (":memory:"): nothing is written anywhere."""
    with site.club("memory") as club:
        club.sign_up("Admin", "127.0.15.1")
        status, said = site.run("backup", "--db", club.db, "--out", ":memory:")
    written = os.path.isfile(os.path.join(site.folder, ":memory:"))
    told = f"refused: {said[:60]}" if status else f"a file written: {'yes' if written else 'no'}"
    return status != 0 or written, f"backup --out :memory:: exit {status}, {told}"
