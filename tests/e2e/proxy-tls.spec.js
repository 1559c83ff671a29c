// The club behind nginx with TLS, as its admin runs it (issue 35): Debian's nginx takes HTTPS
// with a self-signed certificate, through the site file the README installs
// (src/server/ops/install/nginx-site.conf, filled in by tests/e2e/nginx.js), in front of
// jungle-server run with --public-origin https://localhost:PORT, --secure-cookies and
// --trust-proxy 127.0.0.1. Chromium trusts the certificate by its public key, as a browser
// trusts a real one. Through nginx alone: a member signs up with a passkey and holds a Secure,
// HttpOnly session cookie; two members play an online game over its WebSocket and chat; a
// club's page frames a tournament whose standings come over server-sent events while it is
// played. nginx's access log shows the WebSocket and the event stream went through it; the
// server counts sign-ups by the client's address nginx forwarded, not by nginx's own; HTTP is
// sent to HTTPS. All of it on one instance on SQLite, and on two instances of one PostgreSQL
// behind the one nginx.
const fs = require('node:fs');
const https = require('node:https');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const helpers = require('./helpers');
const { openPage, move, expectPly, expect } = helpers;
const { useClub, member, passkeyMember } = require('./club');
const { makeCertificate, startNginx } = require('./nginx');
const { freePort } = require('./ports');
const { serve } = require('./static-server');

/** The club's host name, which the certificate names (passkeys belong to a name, never an address). */
const HOST = 'localhost';

// The host page of the README's "Embedding" section, keeping what it hears in `messages`.
const HOST_SCRIPT = `
window.messages = [];
window.addEventListener('message', (event) => { if (event.data?.source === 'jungle') window.messages.push(event.data); });
`;

const test = helpers.test.extend({
  // One certificate for the worker's browser and every nginx of the spec.
  certificate: [async ({}, use) => { // eslint-disable-line no-empty-pattern
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-tls-'));
    await use(makeCertificate(folder, HOST));
    fs.rmSync(folder, { recursive: true, force: true });
  }, { scope: 'worker' }],
  // Chromium trusts the certificate as a real one. With `ignoreHTTPSErrors` instead, the page
  // keeps its certificate error, and the browser refuses to install its service worker
  // ("An SSL certificate error occurred when fetching the script").
  launchOptions: [async ({ launchOptions, certificate }, use) => {
    await use({ ...launchOptions, args: [...(launchOptions.args ?? []), `--ignore-certificate-errors-spki-list=${certificate.spki}`] });
  }, { scope: 'worker' }],
});

/**
 * An HTTP(S) request from Node to nginx at 127.0.0.1:`port`, sent from `from` (another
 * loopback address: another client), for the club's host name; resolves to {status, headers,
 * body}.
 */
function request(port, { method = 'GET', path: target = '/', from = '127.0.0.1', headers = {}, body = '', certificate = null }) {
  const options = { host: '127.0.0.1', port, method, path: target, localAddress: from, headers: { host: `${HOST}:${port}`, ...headers } };
  const client = certificate ? https : http;
  return new Promise((resolve, reject) => {
    const sent = client.request(certificate ? { ...options, servername: HOST, ca: certificate.pem } : options, (answer) => {
      let text = '';
      answer.on('data', (chunk) => { text += chunk; });
      answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body: text }));
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

for (const instances of [1, 2]) {
  test.describe(instances === 1 ? 'one instance on SQLite' : 'two instances on PostgreSQL', () => {
    const ports = { https: 0, http: 0 };
    /** @type {{folder: string, nginx: any, host: any, hostRoot: string}} */
    const proxy = { folder: '', nginx: null, host: null, hostRoot: '' };
    test.beforeAll(async () => {
      ports.https = await freePort();
      do ports.http = await freePort(); while (ports.http === ports.https);
      proxy.folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-nginx-'));
      proxy.hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-site-'));
      proxy.host = await serve({ root: proxy.hostRoot });
    });
    const club = useClub({
      instances,
      options: () => ['--public-origin', `https://${HOST}:${ports.https}`, '--secure-cookies', '--trust-proxy', '127.0.0.1',
        '--embed-origins', new URL(proxy.host.url).origin],
    });
    test.beforeAll(async ({ certificate }) => {
      const upstreams = club.bases.map((base) => new URL(base).host);
      proxy.nginx = await startNginx(proxy.folder, { host: HOST, httpsPort: ports.https, httpPort: ports.http, certificate, upstreams });
    });
    test.afterAll(async () => {
      await proxy.nginx?.stop();
      await proxy.host?.close();
      for (const folder of [proxy.folder, proxy.hostRoot]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });

    test('a passkey sign-up, a game with a chat message and a framed tournament, all through nginx', async ({ browser, page, certificate }) => {
      test.setTimeout(180_000);
      const { origin } = proxy.nginx;
      // The first member, the club's admin, signs up with a passkey on the https origin.
      const alice = await passkeyMember(browser, `${origin}/`, 'Alice');
      const session = (await alice.context.cookies()).find((cookie) => cookie.name === 'jungle_session');
      expect(session).toMatchObject({ domain: HOST, secure: true, httpOnly: true, sameSite: 'Lax' });
      const bob = { name: 'Bob', ...(await member(browser, `${origin}/`, 'Bob')) };
      await bob.page.keyboard.press('Escape');

      // An online game: Alice invites, Bob joins, a move each and a chat message.
      await alice.page.click('#open-online');
      await alice.page.check('input[name="online-color"][value="red"]');
      await alice.page.click('#online-create');
      await expect(alice.page.locator('#online-invite')).toHaveValue(new RegExp(`^${origin}/.*\\?online=[a-z0-9]{12}$`));
      const invite = await alice.page.inputValue('#online-invite');
      const game = new URL(invite).searchParams.get('online');
      await openPage(bob.page, invite);
      await bob.page.click('#online-join-button');
      await expect(bob.page.locator('#online-status')).toHaveText('You play Blue.');
      await alice.page.keyboard.press('Escape');
      await move(alice.page, 'a3', 'a4');
      await expectPly(bob.page, 1);
      await move(bob.page, 'g7', 'g6');
      await expectPly(alice.page, 2);
      await bob.page.fill('#chat-input', 'Good luck over TLS');
      await bob.page.press('#chat-input', 'Enter');
      await expect(alice.page.locator('#chat-list .chat-text')).toHaveText('Good luck over TLS');
      await expect(alice.page.locator('#chat-list .chat-author')).toHaveText('Bob');

      // A tournament: Alice makes a round robin, both register, a club's page frames it.
      await openPage(alice.page, `${origin}/index.html`);
      await alice.page.click('#open-tournaments');
      await alice.page.fill('#tournament-name', 'TLS cup');
      await alice.page.selectOption('#tournament-format', 'round-robin');
      await alice.page.click('#tournament-create-submit');
      await expect(alice.page.locator('#tournament-title')).toHaveText('TLS cup');
      const id = new URL(alice.page.url()).searchParams.get('tournament');
      for (const one of [alice, bob]) {
        await openPage(one.page, `${origin}/index.html?tournament=${id}`);
        await one.page.click('#tournament-register');
        await expect(one.page.locator('#tournament-next')).toContainText('Registered');
      }
      fs.writeFileSync(path.join(proxy.hostRoot, 'host.js'), HOST_SCRIPT);
      fs.writeFileSync(path.join(proxy.hostRoot, 'index.html'), `<!doctype html><html data-ready="yes"><title>Club</title><link rel="icon" href="data:,">
<iframe id="standings" src="${origin}/index.html?embed=1&amp;tournament=${id}" width="420" height="400" title="TLS cup"></iframe>
<script src="host.js"></script>`);
      await openPage(page, proxy.host.url);
      const frame = page.frameLocator('#standings');
      await expect(frame.locator('#tournament-standings')).toContainText('Bob');

      // The director starts it; its one game is played to a resignation, and the frame's
      // standings follow over the event stream.
      await alice.page.click('#tournament-start');
      await expect(alice.page.locator('#tournament-status')).toContainText('round 1 of 1');
      const paired = JSON.parse((await request(ports.https, { path: `/api/tournaments/${id}`, certificate })).body);
      const players = Object.fromEntries(paired.players.map((player) => [player.number, player.name]));
      const [board] = paired.pairings;
      const byName = { Alice: alice, Bob: bob };
      const [red, blue] = [byName[players[board.red]], byName[players[board.blue]]];
      for (const [one, side] of [[red, 'Red'], [blue, 'Blue']]) {
        await openPage(one.page, `${origin}/index.html?tournament=${id}`);
        await one.page.click('#tournament-play');
        await expect(one.page.locator('#online-status')).toHaveText(`You play ${side}.`);
      }
      await move(red.page, 'a3', 'a4');
      await expectPly(blue.page, 1);
      await blue.page.click('#online-resign');
      await blue.page.click('#confirm-yes');
      await expect(red.page.locator('#banner-title')).toHaveText('You win!');
      await expect(frame.locator('#tournament-standings tbody tr').first()).toContainText(red.name);
      await expect.poll(() => page.evaluate(() => window.messages.some((m) => m.type === 'tournament-finished'))).toBe(true);
      const points = await page.evaluate(() => window.messages.filter((m) => m.type === 'standings').at(-1).standings
        .map((line) => [line.name, line.points]));
      expect(Object.fromEntries(points)).toEqual({ [red.name]: 1, [blue.name]: 0 });

      // nginx logs a request when it ends: once the pages are closed, the game's WebSocket
      // (switched protocols) and the tournament's event stream are in its log, handed to a server.
      await page.close();
      for (const one of [alice, bob]) await one.context.close();
      const upstreams = club.bases.map((base) => new URL(base).host);
      const logged = (pattern, status) => proxy.nginx.log()
        .filter((entry) => pattern.test(entry.request) && entry.status === status && upstreams.includes(entry.upstream));
      await expect.poll(() => logged(new RegExp(`^GET /api/games/${game}/ws HTTP/1\\.1$`), 101).length).toBeGreaterThan(0);
      await expect.poll(() => logged(new RegExp(`^GET /api/tournaments/${id}/events HTTP/`), 200).length).toBeGreaterThan(0);
      // The one nginx shared the requests between the instances.
      const served = new Set(proxy.nginx.log().map((entry) => entry.upstream));
      for (const upstream of upstreams) expect(served).toContain(upstream);
    });

    test('the server counts clients by the address nginx forwarded, and takes only its own https origin', async ({ certificate }) => {
      const { origin } = proxy.nginx;
      // Passkey sign-ups are limited per address (5 at once on each instance); a bad name
      // still takes its sign-up, and is answered 400 until the address has none left.
      const signUp = (from, headers = { origin }) => request(ports.https, {
        method: 'POST', path: '/api/passkeys/sign-up', from, certificate, headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: '?' }),
      });
      const statuses = [];
      for (let n = 0; n <= 5 * instances; n += 1) statuses.push((await signUp('127.0.0.2')).status);
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses).toContain(429);
      // Another client, the same nginx: a sign-up of its own (a server that counted nginx's
      // address would refuse it too).
      expect((await signUp('127.0.0.3')).status).toBe(400);
      // The club is reached by HTTPS: a page at its http origin is not its own.
      const plain = await signUp('127.0.0.4', { origin: `http://${HOST}:${ports.https}` });
      expect(plain.status).toBe(403);
      expect(JSON.parse(plain.body).code).toBe('bad_origin');
    });

    test('HTTP is sent to HTTPS, which browsers are told to keep to; the metrics stay inside', async ({ certificate }) => {
      const { origin } = proxy.nginx;
      const redirected = await request(ports.http, { path: '/index.html?online=abcdefghijkl' });
      expect(redirected.status).toBe(301);
      expect(redirected.headers.location).toBe(`${origin}/index.html?online=abcdefghijkl`);
      const health = await request(ports.https, { path: '/api/health', certificate });
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body).ok).toBe(true);
      expect(health.headers['strict-transport-security']).toBe('max-age=63072000');
      expect(health.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${new URL(proxy.host.url).origin}`);
      expect((await request(ports.https, { path: '/metrics', certificate })).status).toBe(404);
    });
  });
}
