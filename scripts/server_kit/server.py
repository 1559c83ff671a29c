"""A jungle-server process: started with its options, its port read from the line it prints
first ("listening on http://ADDR:PORT")."""

import re
import subprocess


def start_server(command, log):
    """Starts `command` (the binary and its options, perhaps after prlimit), its standard error
    to the file `log`; the process and the port it listens on, or SystemExit if it did not start."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline()
    found = re.match(r"listening on http://\S*:(\d+)", line)
    if not found:
        process.kill()
        process.wait()
        raise SystemExit(f"the server did not start ({' '.join(command)}): {line.strip() or 'no output'}")
    return process, int(found.group(1))
