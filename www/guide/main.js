// Starts the rules guide: loads the engine, then writes the guide in the chosen language,
// again each time another language is chosen.

import init from '../../jungle-web.js';
import { applyLanguage, chooseLanguage } from '../lang.js';
import { LanguagePicker } from './language-picker.js';
import { writeGuide } from './page.js';
import { fill, textsFor } from './texts.js';

const $ = (id) => document.getElementById(id);
let boards = [];

/** The top bar and the page's title and description in the language of `text`. */
function writeFrame(code, text) {
  document.title = `${text.ui.title} · ${text.ui.siteName}`;
  document.querySelector('meta[name="description"]').content = text.ui.description;
  $('home-link').textContent = text.ui.siteName;
  $('home-link').href = `../index.html?lang=${code}`;
  $('play-link').textContent = text.ui.play;
  $('play-link').href = `../index.html?lang=${code}`;
  $('print-link').textContent = text.ui.print;
  $('print-link').href = `print.html?lang=${code}`;
}

function show(code, picker) {
  const text = textsFor(code);
  applyLanguage(code);
  picker.show(code, text.ui.languages);
  writeFrame(code, text);
  for (const board of boards) board.free();
  boards = writeGuide($('guide'), text);
}

const picker = new LanguagePicker($('languages'), (code) => show(code, picker));
const code = chooseLanguage();
try {
  await init();
  show(code, picker);
  // The sections did not exist when the browser looked for the address's #section.
  if (window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  document.documentElement.dataset.ready = 'yes';
} catch (error) {
  writeFrame(code, textsFor(code));
  $('guide').textContent = fill(textsFor(code).ui.failed, { error: error.message });
  throw error;
}
