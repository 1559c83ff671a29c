"""A minimal WebSocket client over asyncio (text frames of JSON, pings answered while reading),
from a chosen source address and with extra request headers (a cookie, an Origin)."""

import asyncio
import base64
import json
import os


class Closed(ConnectionError):
    """The server closed the WebSocket; `code` is its close code (None without one)."""

    def __init__(self, code):
        super().__init__(f"closed ({code})")
        self.code = code


class Socket:
    async def open(self, host, port, path, source=None, headers=()):
        """Connects to `path` (from the address `source`, if given); raises ConnectionError with
        the status line when the upgrade is refused."""
        local = (source, 0) if source else None
        self.reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, local_addr=local), 5)
        key = base64.b64encode(os.urandom(16)).decode()
        extra = "".join(f"{name}: {value}\r\n" for name, value in headers)
        self.writer.write((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"{extra}\r\n").encode())
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), 5)
        status = head.split(b"\r\n")[0]
        if b" 101 " not in status:
            self.writer.close()
            raise ConnectionError(status.decode(errors="replace"))
        return self

    def frame(self, opcode, data):
        mask = os.urandom(4)
        n = len(data)
        size = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
        self.writer.write(bytes([0x80 | opcode]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    async def send(self, message):
        self.frame(1, json.dumps(message).encode())
        await self.writer.drain()

    async def recv(self):
        """The next text message as JSON, pings answered meanwhile; raises Closed at the end."""
        while True:
            try:
                b0, b1 = await self.reader.readexactly(2)
            except asyncio.IncompleteReadError:
                raise Closed(None) from None
            n = b1 & 0x7F
            if n >= 126:
                n = int.from_bytes(await self.reader.readexactly(2 if n == 126 else 8), "big")
            payload = await self.reader.readexactly(n)
            opcode = b0 & 0x0F
            if opcode == 1:
                return json.loads(payload)
            if opcode == 9:
                self.frame(10, payload)
            if opcode == 8:
                raise Closed(int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None)

    async def expect(self, kind, seconds=10):
        """The next message of type `kind`, others skipped."""
        async def wait():
            while (message := await self.recv())["type"] != kind:
                pass
            return message
        return await asyncio.wait_for(wait(), seconds)

    def close(self):
        self.writer.close()
