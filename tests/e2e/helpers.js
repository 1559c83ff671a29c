// Shared steps of the end-to-end tests. Specs take `test` and `expect` from here: every test
// then fails on a console error or an uncaught exception in a page it opened with openGame or
// openPage, unless the test said which error it expects (their `allowErrors`).
const fs = require('fs');
const path = require('path');
const base = require('@playwright/test');

const { expect } = base;

/** The pages watched in the current test: page → {unexpected: [...], allowed: [RegExp, ...]}. */
const watched = new Map();

/** Starts collecting `page`'s console errors and page errors (once per page). */
function watch(page) {
  let state = watched.get(page);
  if (state) return state;
  state = { unexpected: [], allowed: [] };
  const note = (text) => {
    if (!state.allowed.some((pattern) => pattern.test(text))) state.unexpected.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') note(message.text());
  });
  page.on('pageerror', (error) => note(String(error)));
  watched.set(page, state);
  return state;
}

const test = base.test.extend({
  // After each test: no page opened with openGame may have logged an error it did not expect.
  // eslint-disable-next-line no-empty-pattern
  pageErrors: [async ({}, use) => {
    watched.clear();
    await use();
    const unexpected = [...watched.values()].flatMap((state) => state.unexpected);
    watched.clear();
    expect(unexpected, 'console errors or page errors').toEqual([]);
  }, { auto: true }],
});

/**
 * Opens the page at `address` (the game, the guide, the print sheet) and waits until it is
 * ready. Any console error or page error from then on fails the test, except those matching
 * `allowErrors` (RegExps). Returns the unexpected errors so far (a live list).
 */
async function openPage(page, address, { allowErrors = [] } = {}) {
  const state = watch(page);
  state.allowed.push(...allowErrors);
  await page.goto(address);
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
  return state.unexpected;
}

/** Opens the game (with optional URL parameters): openPage. */
function openGame(page, query = '', options = {}) {
  return openPage(page, `index.html${query}`, options);
}

/** The square button `name` (like 'a3'). */
function square(page, name) {
  return page.locator(`#squares [data-square="${name}"]`);
}

/** Waits until `ply` moves have been played. */
async function expectPly(page, ply) {
  await expect(page.locator('#board')).toHaveAttribute('data-ply', String(ply));
}

/** The number of moves played now. */
async function plyOf(page) {
  return Number(await page.locator('#board').getAttribute('data-ply'));
}

/** Plays a move by clicking its two squares (it may be refused: nothing is awaited). */
async function move(page, from, to) {
  await square(page, from).click();
  await square(page, to).click();
}

/** Plays `moves` (like 'a3a4') by clicking squares, waiting for each to be played. */
async function play(page, moves) {
  for (const text of moves) {
    const ply = await plyOf(page);
    await move(page, text.slice(0, 2), text.slice(2));
    await expectPly(page, ply + 1);
  }
}

/** Chooses who plays in the settings form: 'computer', 'people' or 'watch'. */
async function chooseMode(page, mode) {
  await page.click('#settings-toggle');
  await page.check(`#settings input[name="mode"][value="${mode}"]`);
  await page.click('#settings-toggle');
}

/** Sets the computer's level in the settings form. */
async function chooseLevel(page, level) {
  await page.click('#settings-toggle');
  await page.selectOption('#settings select[name="level"]', String(level));
  await page.click('#settings-toggle');
}

/** The game as the page's owner publishes it: what must survive a reload, a link or a resume. */
function gameState(page) {
  return page.evaluate(() => {
    const s = window.jungle.snapshot;
    return { fen: s.fen, startFen: s.startFen, rules: s.rules, moves: s.history.map((entry) => entry.move), settings: s.settings };
  });
}

/** Reloads the page and waits until it is ready. */
async function reload(page) {
  await page.reload();
  await expect(page.locator('html[data-ready="yes"]')).toHaveCount(1);
}

/** Saves a screenshot into test-results/ (kept as a test artifact). */
async function snapshot(page, name) {
  await page.waitForTimeout(350); // let the last move's animation finish
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const AXE = require.resolve('axe-core/axe.min.js');

/** The texts axe-core finds below WCAG AA contrast in `page` now: "selector: ratio (fg on bg)". */
async function lowContrast(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] }));
  return result.violations.flatMap((rule) => rule.nodes.map((node) => {
    const data = node.any[0]?.data ?? {};
    return `${node.target.join(' ')}: ${data.contrastRatio} (${data.fgColor} on ${data.bgColor})`;
  }));
}

/**
 * The page's words in one language, by key: its first-board table (www/i18n/<name>.js) and its
 * later one (www/i18n/later/<name>.js) together. `name`: the file's name, 'en' or 'zh-hans'.
 * @param {string} name
 * @returns {Record<string, string>}
 */
function wordTable(name) {
  const read = (file) => new Function(fs.readFileSync(file, 'utf8').replace('export default', 'return'))();
  const dir = path.join(__dirname, '../../www/i18n');
  return { ...read(path.join(dir, `${name}.js`)), ...read(path.join(dir, 'later', `${name}.js`)) };
}

module.exports = {
  test, expect, openPage, openGame, square, expectPly, plyOf, move, play, chooseMode, chooseLevel, gameState, reload, snapshot,
  lowContrast, wordTable,
};
