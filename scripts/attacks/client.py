"""An attacker's (and a member's) HTTP client of one club: each request from a chosen source
address (any 127.x.y.z is this machine; IPv6 ones where the loopback has them), with the
club's own Origin unless told otherwise, a cookie, any other header and any body."""

import http.client
import json
import socket

from server_kit.websocket import Socket

PASSWORD = "correct horse battery"


class Answer:
    def __init__(self, response):
        self.status = response.status
        self.cookies = response.headers.get_all("set-cookie") or []
        self.headers = response.headers
        self.text = response.read().decode(errors="replace")
        try:
            self.json = json.loads(self.text)
        except ValueError:
            self.json = None

    def code(self):
        """The refusal's code, if the answer is one."""
        return self.json.get("code") if isinstance(self.json, dict) else None

    def cookie(self, name):
        """The value the answer sets for cookie `name`, if any."""
        for line in self.cookies:
            key, _, rest = line.partition("=")
            if key == name:
                return rest.split(";")[0]
        return None


class Member:
    """A signed-in member: name, session cookie, device cookie, the address they use."""

    def __init__(self, name, answer, source):
        self.name, self.source = name, source
        self.session, self.device = answer.cookie("jungle_session"), answer.cookie("jungle_device")

    def cookie(self):
        return f"jungle_session={self.session}"


class Club:
    def __init__(self, host, port, db, https=False):
        self.host, self.port, self.db = host, port, db
        netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.origin = f"{'https' if https else 'http'}://{netloc}"

    def ask(self, method, path, body=None, member=None, origin="own", source="127.0.0.1", headers=(),
            content_type="application/json", timeout=15):
        """One request on a connection of its own. `body` is sent as JSON unless it is bytes;
        `origin` "own" is the club's page, None sends none; `member` adds its session cookie."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout, source_address=(source, 0))
        extra = dict(headers)
        if origin:
            extra["Origin"] = self.origin if origin == "own" else origin
        if member:
            extra.setdefault("Cookie", member.cookie())
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        if data is not None:
            extra["Content-Type"] = content_type
        try:
            connection.request(method, path, body=data, headers=extra)
            return Answer(connection.getresponse())
        finally:
            connection.close()

    def sign_up(self, name, source="127.0.0.1", **options):
        answer = self.ask("POST", "/api/members", {"name": name, "password": PASSWORD}, source=source, **options)
        if answer.status != 201:
            raise RuntimeError(f"sign-up of {name}: {answer.status} {answer.text}")
        return Member(name, answer, source)

    def members(self, names, subnet):
        """Members signed up, four an address (the sign-up limit is five an hour), from
        127.0.SUBNET.1 on."""
        return [self.sign_up(name, f"127.0.{subnet}.{1 + i // 4}") for i, name in enumerate(names)]

    def sign_in(self, name, password, source="127.0.0.1", device=None, headers=()):
        cookie = {"Cookie": f"jungle_device={device}"} if device else {}
        return self.ask("POST", "/api/session", {"name": name, "password": password}, source=source,
                        headers={**cookie, **dict(headers)})

    def game(self, member=None, source="127.0.0.1", **fields):
        """A game created (by `member`, or a guest), the seat's answer (id, token, color)."""
        answer = self.ask("POST", "/api/games", {"name": "Player", **fields}, member=member, source=source)
        if answer.status != 201:
            raise RuntimeError(f"create a game: {answer.status} {answer.text}")
        return answer.json

    def join(self, game, member=None, source="127.0.0.1", name="Player"):
        answer = self.ask("POST", f"/api/games/{game}/join", {"name": name}, member=member, source=source)
        if answer.status != 200:
            raise RuntimeError(f"join a game: {answer.status} {answer.text}")
        return answer.json

    def view(self, game):
        return self.ask("GET", f"/api/games/{game}").json

    async def socket(self, game, member=None, source="127.0.0.1"):
        """A WebSocket to `game` from the club's page (with `member`'s cookie)."""
        headers = [("Origin", self.origin)] + ([("Cookie", member.cookie())] if member else [])
        return await Socket().open(self.host, self.port, f"/api/games/{game}/ws", source, headers)

    async def seat(self, game, token=None, member=None, source="127.0.0.1"):
        """A WebSocket subscribed to `game` for the seat of `token`, or `member`'s seat."""
        ws = await self.socket(game, member, source)
        await ws.send({"type": "subscribe", **({"token": token} if token else {"member": True})})
        await ws.expect("subscribed")
        return ws

    def raw(self, source):
        """A plain TCP connection to the club from `source`."""
        return socket.create_connection((self.host, self.port), timeout=10, source_address=(source, 0))
