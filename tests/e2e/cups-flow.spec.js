// A knockout cup through the page, against a real jungle-server (the binary scripts/test-web
// builds): twelve members (signed up from addresses of their own, through a trusted proxy's
// header) enter a cup the club's admin made in the cups screen; it starts with seeds 1–4 on
// byes; one match of round 1 is drawn over the members' own WebSockets and decided by a
// tie-break game, the rest by the director's desk, until the semi-finals. The bracket is looked
// at on a desktop and a phone, in English and German, and framed at 420 px on a club's host
// page, which hears the cup's events; the screens pass axe's contrast check.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, lowContrast, snapshot } = require('./helpers');
const { startServer } = require('./game-server');
const { serve } = require('./static-server');

const PASSWORD = 'correct horse battery';
const NAMES = ['Admin', 'Ada', 'Bea', 'Cyrus', 'Dana', 'Eliza', 'Farouk', 'Greta', 'Hiroshi', 'Ines', 'Jonas', 'Katarzyna', 'Leopold'];
// The host page of the README's "Embedding" section, keeping what it hears in `messages`.
const HOST_SCRIPT = `
window.messages = [];
const frame = document.getElementById('club');
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.data?.source !== 'jungle') return;
  window.messages.push(event.data);
});
`;

let server;
let base;
let dataDir;
let host;
let hostRoot;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-cups-'));
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-cups-host-'));
  host = await serve({ root: hostRoot });
  const options = ['--embed-origins', new URL(host.url).origin, '--trust-proxy', '127.0.0.1'];
  ({ child: server, url: base } = await startServer(path.join(dataDir, 'games.sqlite'), 0, options));
});

test.afterAll(async () => {
  server?.kill();
  await host?.close();
  for (const dir of [dataDir, hostRoot]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Signs member `n` of NAMES up from an address of their own: their session cookie. */
async function signUp(n) {
  const answer = await fetch(`${base}api/members`, {
    method: 'POST',
    headers: { origin: new URL(base).origin, 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${n + 1}` },
    body: JSON.stringify({ name: NAMES[n], password: PASSWORD }),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return /jungle_session=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')[1];
}

/** An API request with session `cookie`, from the club's own page. */
async function api(cookie, method, apiPath, body) {
  const answer = await fetch(`${base}${apiPath}`, {
    method,
    headers: { origin: new URL(base).origin, 'content-type': 'application/json', cookie: `jungle_session=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.ok, `${method} ${apiPath}: ${await answer.clone().text()}`).toBe(true);
  return answer.status === 204 ? null : answer.json();
}

/** A browser context signed in with `cookie`, at the club's page with `query`, `viewport` wide. */
async function pageOf(browser, cookie, query, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  await context.addCookies([{ name: 'jungle_session', value: cookie, url: base }]);
  const page = await context.newPage();
  await openPage(page, `${base}index.html${query}`);
  return { context, page };
}

/**
 * In `page` (a member's, signed in): sends `message` on game `id`'s WebSocket from the member's
 * seat, and waits for the server's `until` answer.
 */
function act(page, id, message, until) {
  return page.evaluate((asked) => new Promise((resolve, reject) => {
    const socket = new WebSocket(new URL(`api/games/${asked.id}/ws`, document.baseURI).href.replace(/^http/, 'ws'));
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', member: true }));
    socket.onmessage = ({ data }) => {
      const got = JSON.parse(data);
      if (got.type === 'subscribed') socket.send(JSON.stringify(asked.message));
      else if (got.type === 'error') reject(new Error(data));
      else if (got.type === asked.until.type && (!asked.until.over || got.game?.status === 'over')) {
        socket.close();
        resolve(got);
      }
    };
  }), { id, message, until });
}

/** The match of `round` and `slot` of `cup`. */
const matchOf = (cup, round, slot) => cup.matches.find((m) => m.round === round && m.slot === slot);

/** Waits until the cup has match (`round`, `slot`) with `count` games, and returns it. */
async function untilGames(cookie, id, round, slot, count) {
  let cup = null;
  await expect.poll(async () => {
    cup = await api(cookie, 'GET', `api/cups/${id}`);
    return matchOf(cup, round, slot)?.games.length ?? 0;
  }).toBe(count);
  return cup;
}

/** A host page (on its own origin) framing the club's page at `query`, `width` wide. */
async function openHost(page, query, width = 420) {
  const src = `${base}index.html?${query}`.replace(/&/g, '&amp;');
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><title>Club</title>
<iframe id="club" src="${src}" width="${width}" height="560" title="Club cup"></iframe>
<script src="host.js"></script>`);
  await page.goto(host.url);
  const frame = page.frameLocator('#club');
  await expect(frame.locator('html[data-ready="yes"]')).toHaveCount(1);
  return frame;
}

test('a 12-member cup: made in the page, byes, a tie-break, the desk; the bracket on a desktop, a phone and in a frame', async ({ browser, page }) => {
  const cookies = [];
  for (let n = 0; n < NAMES.length; n += 1) cookies.push(await signUp(n));
  const [admin] = cookies;

  // The admin makes the cup in the cups screen.
  const desk = await pageOf(browser, admin, '');
  await desk.page.click('#open-cups');
  await expect(desk.page.locator('#cups-dialog')).toBeVisible();
  await desk.page.fill('#cup-name', 'Winter Cup');
  await desk.page.selectOption('#cup-clock', '1d');
  await desk.page.selectOption('#cup-tie-clock', '60+0');
  await desk.page.click('#cup-form-submit');
  await expect(desk.page.locator('#cup-title')).toHaveText('Winter Cup');
  await expect(desk.page.locator('#cup-title')).toBeFocused();
  const id = new URL(desk.page.url()).searchParams.get('cup');
  expect(id).toMatch(/^[a-z0-9]{12}$/);
  for (const cookie of cookies.slice(1)) await api(cookie, 'POST', `api/cups/${id}/players`);
  await expect(desk.page.locator('#cup-entrants')).toHaveText('Players entered: 12');
  await desk.page.click('#cup-start');
  await expect(desk.page.locator('.cup-bracket')).toBeVisible();
  await expect(desk.page.locator('.cup-bye')).toHaveCount(4);

  // The framed bracket, at 420 px on a club's page, follows from the start.
  const frame = await openHost(page, `embed=1&cup=${id}`);
  await expect(frame.locator('.cup-bracket')).toBeVisible();

  // Round 1: 5–12 drawn, then the tie-break game (60+0, colours swapped) won by Blue.
  let cup = await untilGames(admin, id, 1, 3, 1);
  const seat = (shown, seed) => cookies[NAMES.indexOf(shown.players.find((p) => p.seed === seed).name)];
  const sides = (shown, m) => {
    const game = m.games.at(-1);
    const red = game.red === 'top' ? m.top : m.bottom;
    return { game: game.game_id, red: seat(shown, red), blue: seat(shown, red === m.top ? m.bottom : m.top) };
  };
  const level = matchOf(cup, 1, 3);
  expect([level.top, level.bottom]).toEqual([5, 12]);
  const first = sides(cup, level);
  const red = await pageOf(browser, first.red, '');
  const blue = await pageOf(browser, first.blue, '');
  await act(red.page, first.game, { type: 'move', ply: 0, move: 'b2c2' }, { type: 'ack' });
  await act(blue.page, first.game, { type: 'move', ply: 1, move: 'a9a8' }, { type: 'ack' });
  await act(red.page, first.game, { type: 'offer', offer: 'draw' }, { type: 'state' });
  await act(blue.page, first.game, { type: 'accept', offer: 'draw' }, { type: 'state', over: true });
  cup = await untilGames(admin, id, 1, 3, 2);
  const decider = sides(cup, matchOf(cup, 1, 3));
  expect(decider.red).toBe(first.blue);
  await act(blue.page, decider.game, { type: 'move', ply: 0, move: 'b2c2' }, { type: 'ack' });
  await act(red.page, decider.game, { type: 'move', ply: 1, move: 'a9a8' }, { type: 'ack' });
  await act(blue.page, decider.game, { type: 'resign' }, { type: 'state', over: true });
  for (const one of [red, blue]) await one.context.close();

  // The rest from the desk: round 1, then round 2, up to the semi-finals.
  const decide = async (round, slot, winner) => {
    await expect.poll(async () => Boolean(matchOf(await api(admin, 'GET', `api/cups/${id}`), round, slot))).toBe(true);
    await api(admin, 'PUT', `api/cups/${id}/results`, { round, slot, winner });
  };
  for (const [slot, winner] of [[1, 'bottom'], [5, 'bottom'], [7, 'top']]) await decide(1, slot, winner);
  for (const [slot, winner] of [[0, 'top'], [1, 'bottom'], [2, 'top'], [3, 'top']]) await decide(2, slot, winner);
  await expect.poll(async () => (await api(admin, 'GET', `api/cups/${id}`)).matches.filter((m) => m.round === 3).length).toBe(2);

  // The desk's page shows it live: the semi-finals paired, the tie-break marked.
  await expect(desk.page.locator('.cup-match[data-round="3"]')).toHaveCount(2);
  await expect(desk.page.locator('.cup-mark')).toHaveCount(1);
  await expect(desk.page.locator('#cup-desk-title')).toBeVisible();
  expect(await lowContrast(desk.page)).toEqual([]);
  await snapshot(desk.page, 'cup-desktop-en');
  await expect(frame.locator('.cup-match[data-round="3"]')).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => window.messages.filter((m) => m.type === 'cup').at(-1)?.round)).toBe(3);
  await page.screenshot({ path: 'test-results/screens/cup-embed-en.png' });
  await frame.locator('.cup-scroll').evaluate((box) => { box.scrollLeft = 0; });
  await page.screenshot({ path: 'test-results/screens/cup-embed-en-round-1.png' });

  // A member's phone, in English and German: the bracket scrolls sideways, at the current round.
  for (const lang of ['en', 'de']) {
    const phone = await pageOf(browser, cookies[1], `?cup=${id}&lang=${lang}`, { width: 390, height: 844 });
    const scroller = phone.page.locator('.cup-scroll');
    await expect(scroller).toBeVisible();
    const fits = await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, 'the page itself does not scroll sideways').toBe(true);
    expect(await scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    expect(await lowContrast(phone.page)).toEqual([]);
    await snapshot(phone.page, `cup-phone-${lang}`);
    // Swiped back to round 1: the byes and the tie-break.
    await scroller.evaluate((box) => { box.scrollLeft = 0; });
    await snapshot(phone.page, `cup-phone-${lang}-round-1`);
    await phone.context.close();
  }
  const german = await pageOf(browser, admin, `?cup=${id}&lang=de`);
  await expect(german.page.locator('#cup-desk-title')).toHaveText('Turnierleitung');
  await snapshot(german.page, 'cup-desktop-de');
  await german.context.close();
  const germanFrame = await openHost(page, `embed=1&cup=${id}&lang=de`);
  await expect(germanFrame.locator('.cup-round').last()).toHaveText('Finale');
  await page.screenshot({ path: 'test-results/screens/cup-embed-de.png' });
  await desk.context.close();
});
