"""The attacks run in a network namespace of their own (`unshare --net`, as root): their
ports are their own, and its loopback gets IPv6 addresses — eight of one /64, for the
attacker, one of another /64 for a member, one for the server — which a machine's own
loopback (::1 only) cannot give."""

import os
import shutil
import subprocess
import sys

BLOCK = [f"2001:db8:1:2::{i}" for i in range(1, 9)]
OTHER = "2001:db8:3:4::1"
SERVER = "2001:db8:5:6::1"
INSIDE = "JUNGLE_ATTACK_NETNS"


def enter():
    """Runs this script again inside a new network namespace when it can (root, unshare),
    else carries on here; inside, brings the loopback up with the IPv6 addresses."""
    if os.environ.get(INSIDE):
        set_up()
        return
    if os.geteuid() == 0 and shutil.which("unshare") and subprocess.run(
            ["unshare", "--net", "true"], capture_output=True).returncode == 0:
        os.environ[INSIDE] = "1"
        os.execvp("unshare", ["unshare", "--net", "--", sys.executable, *sys.argv])


def set_up():
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    for address in [*BLOCK, OTHER, SERVER]:
        subprocess.run(["ip", "-6", "addr", "add", f"{address}/64", "dev", "lo", "nodad"],
                       capture_output=True)


def why_no_ipv6_block():
    """None when the loopback has the addresses of BLOCK, OTHER and SERVER, else why not."""
    if not os.environ.get(INSIDE):
        return ("no network namespace of its own (needs root and unshare), so no IPv6 /64 on the "
                "loopback: this machine's has ::1 only")
    shown = subprocess.run(["ip", "-6", "addr", "show", "dev", "lo"], capture_output=True, text=True).stdout
    missing = [a for a in [*BLOCK, OTHER, SERVER] if f"{a}/64" not in shown]
    return f"the loopback refused the IPv6 addresses {', '.join(missing)}" if missing else None
