// A club night run from the page alone (issue 34), on two instances of one PostgreSQL, every
// member signed up with a passkey (Chromium's virtual authenticator): the director makes a
// 3-round Swiss with a 3+2 clock in the form; four members register, two on each instance;
// round 1 is played on the boards, one game to a resignation while the other's Blue withdraws
// mid-game (the opponent is awarded it within seconds, and round 2 pairs); the director pauses,
// sets a result and resumes from the desk; rounds 2 and 3 are played; a club's page frames the
// standings, narrow, and is told the points after each game. Each step's time is printed.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage, move, expectPly } = require('./helpers');
const { useClub, passkeyMember } = require('./club');
const { serve } = require('./static-server');

const HOST_SCRIPT = `
window.messages = [];
window.addEventListener('message', (event) => { if (event.data?.source === 'jungle') window.messages.push(event.data); });
`;

let host;
let hostRoot;
test.beforeAll(async () => {
  hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-night-'));
  host = await serve({ root: hostRoot });
});
const club = useClub({ localhost: true, instances: 2, options: () => ['--embed-origins', new URL(host.url).origin] });
test.afterAll(async () => {
  await host?.close();
  if (hostRoot) fs.rmSync(hostRoot, { recursive: true, force: true });
});

const started = Date.now();
/** Prints how long the journey took to reach `step`. */
function step(name) {
  console.log(`club night: ${((Date.now() - started) / 1000).toFixed(1)} s  ${name}`);
}

/** The tournament as the server has it. */
async function tournamentOf(member, id) {
  return (await member.page.request.get(`${member.base}api/tournaments/${id}`)).json();
}

/** The points each player has in the last standings the framed page told its host. */
async function toldPoints(page) {
  return page.evaluate(() => {
    const last = window.messages.filter((m) => m.type === 'standings').at(-1);
    return Object.fromEntries((last?.standings ?? []).map((line) => [line.name, line.points]));
  });
}

/** Takes both players of `board` to their game (each from their tournament screen). */
async function seat(id, red, blue) {
  for (const [one, side] of [[red, 'Red'], [blue, 'Blue']]) {
    await openPage(one.page, `${one.base}index.html?tournament=${id}`);
    await one.page.click('#tournament-play');
    await expect(one.page.locator('#online-status')).toHaveText(`You play ${side}.`);
  }
}

/** Each side moves once, then `loser` resigns; the winner's page says so. */
async function playToResignation(red, blue, loser) {
  await move(red.page, 'a3', 'a4');
  await expectPly(blue.page, 1);
  await move(blue.page, 'g7', 'g6');
  await expectPly(red.page, 2);
  await loser.page.click('#online-resign');
  await loser.page.click('#confirm-yes');
  const winner = loser === red ? blue : red;
  await expect(winner.page.locator('#banner-title')).toHaveText('You win!');
}

/** The director answers the desk's question for button `id` with yes. */
async function desk(director, id) {
  await director.page.click(`#${id}`);
  await expect(director.page.locator('#confirm-dialog')).toBeVisible();
  await director.page.click('#confirm-yes');
}

test('a club night: a Swiss made in the page, a withdrawal mid-round, the desk, the framed standings', async ({ browser, page }) => {
  test.setTimeout(300_000);
  const [first, second] = club.bases;
  const director = await passkeyMember(browser, first, 'Director');
  await director.page.click('#open-tournaments');
  await director.page.fill('#tournament-name', 'Club night');
  await director.page.selectOption('#tournament-format', 'swiss');
  await director.page.fill('#tournament-rounds', '3');
  await director.page.selectOption('#tournament-clock', '3+2');
  await director.page.click('#tournament-create-submit');
  await expect(director.page.locator('#tournament-title')).toHaveText('Club night');
  const id = new URL(director.page.url()).searchParams.get('tournament');
  expect((await tournamentOf(director, id)).clock).toEqual({ kind: 'live', seconds: 180, increment: 2 });
  step('the director made the Swiss in the page');

  // Two members on each instance; Cid on a phone.
  const members = {
    Ana: await passkeyMember(browser, first, 'Ana'),
    Ben: await passkeyMember(browser, first, 'Ben'),
    Cid: await passkeyMember(browser, second, 'Cid', { width: 390, height: 844 }),
    Dee: await passkeyMember(browser, second, 'Dee'),
  };
  for (const one of Object.values(members)) {
    await openPage(one.page, `${one.base}index.html?tournament=${id}`);
    await one.page.click('#tournament-register');
    await expect(one.page.locator('#tournament-next')).toContainText('Registered');
  }
  step('four members registered, two on each instance');

  // The club's page frames the standings, narrow, from the second instance.
  fs.writeFileSync(path.join(hostRoot, 'host.js'), HOST_SCRIPT);
  fs.writeFileSync(path.join(hostRoot, 'index.html'), `<!doctype html><html data-ready="yes"><title>Club</title><link rel="icon" href="data:,">
<iframe id="standings" src="${second}index.html?embed=1&amp;tournament=${id}" width="420" height="600" title="Club night"></iframe>
<script src="host.js"></script>`);
  await page.setViewportSize({ width: 480, height: 660 });
  await openPage(page, host.url);
  const frame = page.frameLocator('#standings');
  await expect(frame.locator('#tournament-standings')).toContainText('Dee');

  await director.page.click('#tournament-start');
  await expect(director.page.locator('#tournament-status')).toContainText('round 1 of 3');
  step('the director started it');
  const byNumber = (tournament, number) => members[tournament.players.find((p) => p.number === number).name];
  const paired = await tournamentOf(director, id);
  const [one, two] = paired.pairings.map((board) => [byNumber(paired, board.red), byNumber(paired, board.blue)]);
  const points = Object.fromEntries(Object.keys(members).map((name) => [name, 0]));
  /** Gives the bye of `round`, if it has one, its point. */
  const addBye = async (round) => {
    const now = await tournamentOf(director, id);
    const bye = now.pairings.find((p) => p.round === round && p.blue === null);
    if (bye) points[byNumber(now, bye.red).name] += 1;
  };

  // Board 1 is played to a resignation: the frame's host is told the point.
  await seat(id, ...one);
  await playToResignation(one[0], one[1], one[1]);
  points[one[0].name] += 1;
  await expect.poll(() => toldPoints(page)).toEqual(points);
  step('round 1, board 1 over: the framed standings have the point');

  // Board 2: after a move each, Blue withdraws; Red is awarded the game within seconds.
  const [red, blue] = two;
  await seat(id, red, blue);
  await move(red.page, 'a3', 'a4');
  await expectPly(blue.page, 1);
  await move(blue.page, 'g7', 'g6');
  await expectPly(red.page, 2);
  await openPage(blue.page, `${blue.base}index.html?tournament=${id}`);
  await blue.page.click('#tournament-withdraw');
  await expect(blue.page.locator('#confirm-text')).toContainText('you lose it by forfeit at once');
  const asked = Date.now();
  await blue.page.click('#confirm-yes');
  await expect(red.page.locator('#banner-title')).toHaveText('You win!');
  const awarded = Date.now() - asked;
  expect(awarded).toBeLessThan(5000);
  points[red.name] += 1;
  // The next round is paired at once; its bye counts from then.
  await expect(director.page.locator('#tournament-status')).toContainText('round 2 of 3');
  await addBye(2);
  await expect.poll(() => toldPoints(page)).toEqual(points);
  step(`round 1, board 2: ${blue.name} withdrew, ${red.name} awarded the game in ${awarded} ms; round 2 paired`);

  // The director pauses, sets board 1's result to a draw, and resumes, each from the desk.
  await desk(director, 'desk-pause');
  await expect(director.page.locator('#desk-paused')).toBeVisible();
  await director.page.selectOption('#desk-board', '1-1');
  await director.page.selectOption('#desk-result', 'draw');
  await desk(director, 'desk-adjust');
  await expect(director.page.locator('#desk-log')).toContainText('Round 1, board 1: Red wins → Draw');
  points[one[0].name] -= 0.5;
  points[one[1].name] += 0.5;
  await expect.poll(() => toldPoints(page)).toEqual(points);
  await desk(director, 'desk-resume');
  await expect(director.page.locator('#desk-paused')).toHaveCount(0);
  await director.page.locator('#director-desk').screenshot({ path: 'test-results/screens/club-night-desk.png' });
  step('the director paused, set round 1 board 1 to a draw, and resumed');

  // Rounds 2 and 3: three players left, one game and a bye each; Red resigns each time.
  for (const round of [2, 3]) {
    const now = await tournamentOf(director, id);
    const game = now.pairings.find((p) => p.round === round && p.blue !== null);
    const [r, b] = [byNumber(now, game.red), byNumber(now, game.blue)];
    await seat(id, r, b);
    await playToResignation(r, b, r);
    points[b.name] += 1;
    if (round < 3) {
      await expect(director.page.locator('#tournament-status')).toContainText(`round ${round + 1} of 3`);
      await addBye(round + 1);
    }
    await expect.poll(() => toldPoints(page)).toEqual(points);
    step(`round ${round}: ${b.name} beat ${r.name}; the framed standings follow`);
  }
  await expect.poll(() => page.evaluate(() => window.messages.some((m) => m.type === 'tournament-finished'))).toBe(true);
  await expect(director.page.locator('#tournament-status')).toContainText('finished');
  await frame.locator('html').screenshot({ path: 'test-results/screens/club-night-embed-narrow.png' });
  await openPage(members.Cid.page, `${members.Cid.base}index.html?tournament=${id}`);
  await expect(members.Cid.page.locator('#tournament-status')).toContainText('finished');
  await members.Cid.page.screenshot({ path: 'test-results/screens/club-night-phone.png' });
  step('finished: standings on the director’s, the members’ and the club’s pages');
  for (const each of [director, ...Object.values(members)]) await each.context.close();
});
