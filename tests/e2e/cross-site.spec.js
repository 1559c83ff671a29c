// Issue 33, finding 2, in Chromium: a page on another port of the same host (the same site,
// so SameSite=Lax sends the member's cookie) posts to the club's game routes as forms
// (text/plain bodies shaped as JSON) and by fetch (no-cors, credentials included), to seat
// the victim in the attacker's rated game and to create a rated game in the victim's name.
// The club refuses them all (the one rule for origins); the victim's own page still creates
// and joins games. Finding 10: such a page cannot frame the club's pages either (clickjacking).
const http = require('node:http');
const { test, expect } = require('./helpers');
const { useClub, member } = require('./club');

const club = useClub();
/** A rated game's clock (a rated game has one). */
const DAY_A_MOVE = { kind: 'correspondence', days: 1 };

/**
 * The attacker's page: two forms, each posting into a frame of its own, and two fetches, to
 * `base` (the club); `window.attacked` is true once every one has been answered.
 */
function attackPage(base, bait) {
  // A text/plain form sends `name=value`: the name closes the JSON text but for the `=`.
  const form = (id, action, name) => `<form id="${id}" method="post" enctype="text/plain" target="${id}-frame"
    action="${base}${action}"><input name='${name}' value='"}'></form><iframe name="${id}-frame"></iframe>`;
  return `<!doctype html><title>Free puzzles</title>
${form('join', `api/games/${bait}/join`, '{"name":"Victim')}
${form('create', 'api/games', '{"rated":true,"name":"Victim')}
<script>
  const framed = [...document.querySelectorAll('iframe')].map((frame) =>
    new Promise((resolve) => frame.addEventListener('load', resolve, { once: true })));
  for (const form of document.forms) form.submit();
  const post = (path, body) => fetch('${base}' + path, {
    method: 'POST', mode: 'no-cors', credentials: 'include',
    headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body),
  });
  Promise.all([...framed, post('api/games/${bait}/join', { name: 'Victim' }),
    post('api/games', { name: 'Victim', rated: true })]).then(() => { window.attacked = true; });
</script>`;
}

/** Serves `html` at / of a free port of 127.0.0.1; resolves to {server, url}. */
function serve(html) {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}

/** A request from `page`'s own document (its origin's fetch): {status, body}. */
function fetchFrom(page, path, body) {
  return page.evaluate(async ([where, what]) => {
    const answer = await fetch(where, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(what),
    });
    return { status: answer.status, body: await answer.json() };
  }, [path, body]);
}

test('a page on another port of the same host cannot create or join games with a member\'s cookie', async ({ browser, request }) => {
  const mallory = await member(browser, club.base, 'Mallory');
  const bait = await fetchFrom(mallory.page, 'api/games', { name: 'Mallory', rated: true, color: 'red', clock: DAY_A_MOVE });
  expect(bait.status).toBe(201);
  const victim = await member(browser, club.base, 'Victim');
  const attacker = await serve(attackPage(club.base, bait.body.id));
  try {
    const lured = await victim.context.newPage();
    await lured.goto(attacker.url);
    await lured.waitForFunction(() => window.attacked === true);

    const game = await (await request.get(`${club.base}api/games/${bait.body.id}`)).json();
    expect(game.players.blue).toBeNull();
    const mine = await (await victim.context.request.get(`${club.base}api/me/games`)).json();
    expect(mine.games).toEqual([]);

    // The victim's own page: the same requests, from the club's origin, go through.
    const created = await fetchFrom(victim.page, 'api/games', { name: 'Victim', rated: true, clock: DAY_A_MOVE });
    expect(created.status).toBe(201);
    const joined = await fetchFrom(victim.page, `api/games/${bait.body.id}/join`, { name: 'Victim' });
    expect(joined.status).toBe(200);
    const seated = await (await request.get(`${club.base}api/games/${bait.body.id}`)).json();
    expect(seated.players.blue.name).toBe('Victim');
    const now = await (await victim.context.request.get(`${club.base}api/me/games`)).json();
    expect(now.games.map((g) => g.id).sort()).toEqual([created.body.id, bait.body.id].sort());
  } finally {
    attacker.server.close();
    await mallory.context.close();
    await victim.context.close();
  }
});

test('a page on another port of the same host cannot frame the club\'s pages, where the member acts', async ({ browser }) => {
  const victim = await member(browser, club.base, 'Vera');
  const stranger = await serve(`<!doctype html><title>Free prizes</title>
<iframe id="club" src="${club.base}index.html" width="800" height="600" title="Club"></iframe>`);
  try {
    const page = await victim.context.newPage();
    await page.goto(stranger.url);
    // Chromium refuses the frame (frame-ancestors 'self'): it shows its error page, never the club's.
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true);
    await expect(page.frameLocator('#club').locator('#open-account')).toHaveCount(0);
  } finally {
    stranger.server.close();
    await victim.context.close();
  }
});
