// The sheets page of an over-the-board tournament (www/sheets.html, reached from its screen):
// `?tournament=<id>&round=<n>` its printed sheets of round n (the current one without it), in
// the print page's style — pairings by board with each board's QR code, standings, a score
// sheet per board — on A4 or Letter; `?tournament=<id>&show=screen` its pairings on the room's
// screen, followed live. The page is in www/, the club's game page and its API one folder up.

import '../page/later-words.js'; // the tournament words, loaded before this page runs
import { loadToolEngine, parseLink, startEngine } from '../game/engine.js';
import { byId } from '../page/dom.js';
import { language, onLanguageChange, startLanguage, t } from '../page/i18n.js';
import { installPaperChoice } from '../page/paper.js';
import { languagePicker } from '../guide/language-picker.js';
import { GUIDE_TEXTS } from '../guide/texts.js';
import { request } from '../server/online-client.js';
import { qrImage } from './qr-code.js';
import { drawScreen } from './room-screen.js';
import { roundBoards, sheetsLink } from './sheets-layout.js';
import { pairingsSheet, scoreSheet, standingsSheet } from './sheets-print.js';
import { reportAddress } from './tournament-link.js';
import { followTournament } from './tournament-live.js';
import { refusedWords } from './tournament-view.js';

/** @typedef {import('./tournament-tables.js').Tournament} Tournament */

/** The club's game page, whose folder holds the API (`api/…`) and the report addresses. */
const CLUB = new URL('..', location.href).href;

/** The elements that show one text each, and the key of their text. */
const TEXTS = {
  'home-link': 'page.name', 'sheets-title': 'tournament.sheets.title', 'sheets-intro': 'tournament.sheets.intro',
  'paper-legend': 'print.paper', 'paper-a4': 'print.a4', 'paper-letter': 'print.letter', 'print-button': 'print.printButton',
  'sheets-back': 'tournament.sheets.back',
};

/**
 * Writes the page's own words, and its links back in its language (to tournament `id`).
 * @param {string | null} id
 */
function writeTexts(id) {
  for (const [name, key] of Object.entries(TEXTS)) byId(name).textContent = t(key);
  const back = new URL('index.html', CLUB);
  back.searchParams.set('lang', language());
  byId('home-link').setAttribute('href', back.href);
  if (id) back.searchParams.set('tournament', id);
  byId('sheets-back').setAttribute('href', back.href);
}

/**
 * Draws round `round` of `tournament`'s sheets, each board's QR code from `qrModules`.
 * @param {Tournament} tournament
 * @param {number} round
 * @param {(text: string) => Uint8Array} qrModules
 */
function drawSheets(tournament, round, qrModules) {
  const { games } = roundBoards(tournament, round);
  if (games.length === 0) {
    byId('sheets').replaceChildren();
    byId('sheets-error').textContent = t('tournament.sheets.noRound');
    return;
  }
  const code = (/** @type {import('./tournament-tables.js').Pairing} */ pairing) =>
    qrImage(qrModules(reportAddress(CLUB, tournament.id, pairing)), t('tournament.sheets.codeLabel', { board: pairing.board }));
  byId('sheets-error').textContent = '';
  const standings = standingsSheet(tournament);
  byId('sheets').replaceChildren(pairingsSheet(tournament, round, code), ...(standings ? [standings] : []),
    ...games.map((pairing) => scoreSheet(tournament, pairing, code)));
}

/**
 * The printed sheets of `link`'s round: the tournament asked once (sheets are a picture of the
 * moment they are printed), drawn again in each language chosen.
 * @param {{id: string, round: number | null}} link
 */
async function printView(link) {
  const [tournament, engine] = await Promise.all([
    request(new URL(`api/tournaments/${encodeURIComponent(link.id)}`, CLUB).href), loadToolEngine()]);
  const round = link.round ?? tournament.round;
  const draw = () => {
    writeTexts(link.id);
    drawSheets(tournament, round, engine.qrModules);
  };
  onLanguageChange(draw);
  draw();
  byId('print-button').addEventListener('click', () => window.print());
}

/**
 * The room's screen of tournament `id`, followed live (the stream sends its state again after a
 * lost connection); a request says why when the tournament cannot be shown.
 * @param {string} id
 */
async function screenView(id) {
  document.body.classList.add('room');
  const screen = byId('sheets');
  /** @type {Tournament | null} */
  let shown = null;
  onLanguageChange(() => {
    writeTexts(id);
    if (shown) drawScreen(screen, shown);
  });
  writeTexts(id);
  await request(new URL(`api/tournaments/${encodeURIComponent(id)}`, CLUB).href);
  followTournament(id, { state: (tournament) => {
    shown = tournament;
    drawScreen(screen, tournament);
  } }, CLUB);
}

await startEngine();
await startLanguage({
  linked: parseLink(window.location.search).lang ?? null,
  texts: GUIDE_TEXTS,
  keys: { title: 'tournament.sheets.pageTitle', description: 'tournament.sheets.intro' },
});
languagePicker(byId('languages'));
installPaperChoice();
const link = sheetsLink(window.location.search);
writeTexts(link?.id ?? null);
try {
  if (link === null) byId('sheets-error').textContent = t('tournament.badLink');
  else if (link.view === 'screen') await screenView(link.id);
  else await printView(link);
} catch (error) {
  byId('sheets-error').textContent = refusedWords(error);
}
document.documentElement.dataset.ready = 'yes';
