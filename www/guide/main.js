// Starts the rules guide: loads the engine, then writes the guide in the chosen language,
// again each time another language is chosen.

import { startEngine, parseLink } from '../game/engine.js';
import { byId } from '../page/dom.js';
import { language, onLanguageChange, startLanguage, t } from '../page/i18n.js';
import { languagePicker } from './language-picker.js';
import { writeGuide } from './page.js';
import { GUIDE_TEXTS } from './texts.js';

/** @type {import('./demo-board.js').DemoBoard[]} */
let boards = [];

/** The top bar's links, to the other pages in the same language. */
function writeLinks() {
  const code = language();
  Object.assign(byId('home-link'), { textContent: t('page.name'), href: `../index.html?lang=${code}` });
  Object.assign(byId('play-link'), { textContent: t('guide.play'), href: `../index.html?lang=${code}` });
  Object.assign(byId('print-link'), { textContent: t('settings.print'), href: `print.html?lang=${code}` });
}

/** Why the engine could not be loaded, if it could not: the guide then says so. */
/** @type {unknown} */
let failure = null;
try {
  await startEngine();
} catch (error) {
  failure = error;
}

function write() {
  writeLinks();
  for (const board of boards) board.free();
  if (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    byId('guide').textContent = t('guide.failed', { error: reason });
  } else {
    boards = writeGuide(byId('guide'));
  }
}

onLanguageChange(write);
await startLanguage({
  linked: failure ? null : parseLink(window.location.search).lang ?? null,
  texts: GUIDE_TEXTS,
  keys: { title: 'guide.pageTitle', description: 'guide.description' },
});
languagePicker(byId('languages'));
if (failure) throw failure;
// The sections did not exist when the browser looked for the address's #section.
if (window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
document.documentElement.dataset.ready = 'yes';
