"""A throwaway PostgreSQL 15 in a folder of its own, run as the user postgres when this runs as
root (initdb refuses root), listening on 127.0.0.1 and a socket in its folder; gone with the
folder."""

import os
import shutil
import socket
import subprocess

BIN = "/usr/lib/postgresql/15/bin"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_postgres(args):
    return (["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []) + args


class Postgres:
    def __init__(self, folder):
        self.folder, self.port = os.path.join(folder, "pg"), free_port()
        self.data = os.path.join(self.folder, "data")
        os.makedirs(self.folder)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        subprocess.run(as_postgres([f"{BIN}/initdb", "-D", self.data, "-A", "trust", "-U", "postgres"]),
                       check=True, stdout=subprocess.DEVNULL)
        self.start()

    def url(self, database="postgres"):
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def start(self):
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        subprocess.run(as_postgres([f"{BIN}/pg_ctl", "-D", self.data, "-o", options, "-l",
                                    os.path.join(self.folder, "log"), "-w", "start"]),
                       check=True, stdout=subprocess.DEVNULL)

    def stop(self, mode="immediate"):
        subprocess.run(as_postgres([f"{BIN}/pg_ctl", "-D", self.data, "-m", mode, "-w", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def new_database(self, name):
        """A new empty database `name`; its URL."""
        subprocess.run(as_postgres([f"{BIN}/createdb", "-h", self.folder, "-p", str(self.port), "-U", "postgres",
                                    name]), check=True)
        return self.url(name)
