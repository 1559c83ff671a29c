// A TCP relay that counts the bytes a server sends, headers and all: what really crosses the
// wire, whatever the host (scripts/bench-web-load.js puts one in front of each host measured).

const net = require('node:net');

/**
 * Relays a free port of 127.0.0.1 to `target` (a port of 127.0.0.1). Resolves to
 * {port, received(), close()}: `received()` is the bytes the target has sent so far.
 */
function countingRelay(target) {
  let received = 0;
  const sockets = new Set();
  const relay = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk) => { received += chunk.length; });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve) => {
    relay.listen(0, '127.0.0.1', () => resolve({
      port: relay.address().port,
      received: () => received,
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise((done) => relay.close(done));
      },
    }));
  });
}

module.exports = { countingRelay };
