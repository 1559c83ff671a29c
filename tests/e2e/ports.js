// Free ports for the programs the tests start (PostgreSQL, nginx): asked of the system, not
// chosen, so that tests never meet another program's port.
const net = require('node:net');

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

module.exports = { freePort };
