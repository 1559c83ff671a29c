"""Where the attacks run: a database kind (a SQLite file, or a throwaway PostgreSQL 15 with a
new database for every server), a folder, the server binary; and the clubs (jungle-servers)
started there with the options an attack needs, each on a fresh database."""

import contextlib
import os
import subprocess

from server_kit.postgres import Postgres
from server_kit.server import start_server

from attacks.client import Club


class Site:
    def __init__(self, kind, folder, binary):
        self.kind, self.folder, self.binary = kind, folder, binary
        self.postgres = Postgres(folder) if kind == "postgres" else None
        self.count = 0

    def database(self, name):
        """A new empty database named after `name`: a SQLite path or a PostgreSQL URL."""
        self.count += 1
        name = f"{name}_{self.count}"
        if self.postgres:
            return self.postgres.new_database(name)
        return os.path.join(self.folder, f"{name}.sqlite")

    def run(self, *args):
        """The binary run as a command (backup, restore…) in the folder: its exit status and
        output."""
        done = subprocess.run([self.binary, *args], capture_output=True, text=True, timeout=60, cwd=self.folder)
        return done.returncode, (done.stdout + done.stderr).strip()

    @contextlib.contextmanager
    def club(self, name, options=(), host="127.0.0.1", files=None, db=None, https=False):
        """A server on a fresh database (or `db`) with `options`, listening on `host`, allowed
        `files` open files (soft and hard limit) if given; stopped at the end."""
        db = db or self.database(name)
        limit = ["prlimit", f"--nofile={files}:{files}"] if files else []
        command = limit + [self.binary, "--db", db, "--host", host, "--port", "0", *options]
        with open(os.path.join(self.folder, f"{name}.log"), "a") as log:
            process, port = start_server(command, log)
        try:
            yield Club({"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host), port, db, https)
        finally:
            process.kill()
            process.wait()

    def close(self):
        if self.postgres:
            self.postgres.stop()
