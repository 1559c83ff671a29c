// What the specs of the club's members share: a real jungle-server on a free port with a
// temporary SQLite file for a spec's tests, the password members sign up with, signing up
// through the account screen, members in browsers of their own, and a virtual authenticator
// for passkeys.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, expect, openPage } = require('./helpers');
const { startServer } = require('./game-server');
const { startPostgres } = require('./postgres');

const PASSWORD = 'correct horse battery';

/**
 * Starts a club for the spec's tests, with the server's `options` (a list, or a function that
 * gives it when the club starts, after the spec's earlier hooks); `club.base` is its address
 * once they run. With `localhost`, the address names the host so (not 127.0.0.1): the
 * passkeys' default relying party. With `instances` above one, the club runs on that many
 * servers of one throwaway PostgreSQL database, `club.bases` their addresses (`club.base`
 * the first's).
 */
function useClub({ localhost = false, options = [], instances = 1 } = {}) {
  const club = { base: '', bases: /** @type {string[]} */ ([]), servers: /** @type {any[]} */ ([]), dataDir: '', postgres: null };
  test.beforeAll(async () => {
    club.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jungle-club-'));
    const extra = typeof options === 'function' ? options() : options;
    if (instances > 1) club.postgres = await startPostgres();
    const db = club.postgres ? club.postgres.url : path.join(club.dataDir, 'games.sqlite');
    for (let n = 0; n < instances; n += 1) {
      const { child, url } = await startServer(db, 0, extra);
      club.servers.push(child);
      club.bases.push(localhost ? url.replace('//127.0.0.1:', '//localhost:') : url);
    }
    [club.base] = club.bases;
  });
  test.afterAll(() => {
    for (const server of club.servers) server.kill();
    club.postgres?.stop();
    if (club.dataDir) fs.rmSync(club.dataDir, { recursive: true, force: true });
  });
  return club;
}

/** Opens the account screen on its sign-up tab (a guest's second). */
async function openSignUp(page) {
  await page.click('#open-account');
  await expect(page.locator('#account-dialog')).toBeVisible();
  await page.click('#account-tab-signup');
}

/** Signs `name` up through the account screen, which stays open. */
async function signUp(page, name) {
  await openSignUp(page);
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText(`Signed in as ${name}`);
}

/**
 * A member's own browser at the club's page, signed up as `name`; the account screen stays
 * open. `bypassCSP` lets a test add axe-core to the page.
 */
async function member(browser, base, name, { bypassCSP = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP });
  const page = await context.newPage();
  await openPage(page, `${base}index.html`);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  await signUp(page, name);
  return { context, page };
}

/** Gives `page` (of `context`) Chromium's virtual platform authenticator, over CDP: {cdp, authenticatorId}. */
async function addAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Member `name` signed up with a passkey on the club at `base` (ending in /), in a browser of
 * their own (`options`: more of the browser context's, such as the headers a proxy adds).
 */
async function passkeyMember(browser, base, name, viewport = { width: 1280, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  await addAuthenticator(context, page);
  await openPage(page, `${base}index.html`);
  await expect(page.locator('html[data-online="yes"]')).toHaveCount(1);
  await openSignUp(page);
  await page.fill('#passkey-name', name);
  await page.click('#passkey-signup-form-submit');
  await expect(page.locator('#account-name')).toHaveText(`Signed in as ${name}`);
  await page.keyboard.press('Escape');
  return { name, base, context, page };
}

module.exports = { PASSWORD, openSignUp, signUp, useClub, member, addAuthenticator, passkeyMember };
