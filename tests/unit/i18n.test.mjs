// The words of the pages (www/i18n/*.js, www/i18n/later/*.js, www/guide/text-*.js): every
// language has every key with the same `{places}`, every key the code and the markup name
// exists, the first board finds its words in the first table, and engine errors are worded
// from their code.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { errorText, fill, t } from '../../www/page/i18n.js';
import { LANGUAGES as PAGE_LANGUAGES, chooseLanguage, matchLanguage } from '../../www/page/lang.js';

const ROOT = new URL('../../', import.meta.url);
const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt', 'vi', 'ja', 'ko', 'zh-hans', 'zh-hant'];

test('the list of files tested is the list of languages the pages offer, each named in itself', () => {
  assert.deepEqual(PAGE_LANGUAGES.map((l) => l.code.toLowerCase()), LANGUAGES);
  const names = PAGE_LANGUAGES.map((l) => l.name);
  assert.deepEqual(names, ['English', 'Deutsch', 'Español', 'Français', 'Português', 'Tiếng Việt', '日本語', '한국어', '简体中文', '繁體中文']);
});

test('a browser language is matched by its language subtag, Chinese by script or region', () => {
  const cases = {
    en: 'en', 'en-GB': 'en', fr: 'fr', 'fr-CA': 'fr', de: 'de', 'de-AT': 'de', 'de-CH': 'de', es: 'es', 'es-ES': 'es',
    'es-419': 'es', 'es-MX': 'es', pt: 'pt', 'pt-BR': 'pt', 'pt-PT': 'pt', 'pt_br': 'pt', ja: 'ja', 'ja-JP': 'ja',
    ko: 'ko', 'ko-KR': 'ko', vi: 'vi', 'vi-VN': 'vi', zh: 'zh-Hans', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant',
    'zh-Hant-HK': 'zh-Hant', 'zh-Hans-TW': 'zh-Hans', nl: null, 'gsw-CH': null, '': null,
  };
  for (const [tag, code] of Object.entries(cases)) assert.equal(matchLanguage(tag), code, tag);
});

test('on a first visit the first browser language the pages speak is chosen; a link’s language comes first', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const browser = (languages) => Object.defineProperty(globalThis, 'navigator', { value: { languages }, configurable: true });
  try {
    // Nothing saved (no localStorage in Node): the browser's list, in its order.
    browser(['nl-NL', 'pt-BR', 'en-US']);
    assert.equal(chooseLanguage(), 'pt');
    browser(['de-AT', 'de', 'en']);
    assert.equal(chooseLanguage(), 'de');
    browser(['es-419']);
    assert.equal(chooseLanguage(), 'es');
    browser(['ko-KR', 'ja-JP']);
    assert.equal(chooseLanguage(), 'ko');
    browser(['sv-SE', 'fi']);
    assert.equal(chooseLanguage(), 'en');
    assert.equal(chooseLanguage('vi'), 'vi');
  } finally {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete globalThis.navigator;
  }
});

/** The tables of one kind, by language: `path(lang)` names the file under the root. */
async function tables(path) {
  const out = {};
  for (const lang of LANGUAGES) out[lang] = (await import(new URL(path(lang), ROOT))).default;
  return out;
}

const PAGE = await tables((lang) => `www/i18n/${lang}.js`);
const LATER = await tables((lang) => `www/i18n/later/${lang}.js`);
const GUIDE = await tables((lang) => `www/guide/text-${lang}.js`);
/** Every English key a page may ask for: the game page's (first and later) and the guide's. */
const ENGLISH = { ...PAGE.en, ...LATER.en, ...GUIDE.en };

/** The `{name}` places of a text, sorted. */
function places(text) {
  return (text.match(/\{\w+\}/g) ?? []).sort();
}

for (const [kind, byLanguage] of [['page', PAGE], ['later', LATER], ['guide', GUIDE]]) {
  test(`every ${kind} table has the keys of the English one, no more, and only texts`, () => {
    const keys = Object.keys(byLanguage.en).sort();
    assert.ok(keys.length > 100);
    for (const lang of LANGUAGES) {
      assert.deepEqual(Object.keys(byLanguage[lang]).sort(), keys, lang);
      for (const [key, text] of Object.entries(byLanguage[lang])) assert.equal(typeof text, 'string', `${lang} ${key}`);
    }
  });

  test(`every ${kind} text has the same {places} in every language`, () => {
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries(byLanguage[lang])) {
        assert.deepEqual(places(text), places(byLanguage.en[key]), `${lang} ${key}`);
      }
    }
  });
}

test('the guide’s keys, the page’s and its later ones are apart (none hides another)', () => {
  const keys = [PAGE, LATER, GUIDE].flatMap((byLanguage) => Object.keys(byLanguage.en));
  assert.deepEqual(keys.filter((key, i) => keys.indexOf(key) !== i), []);
});

/** Every .js file under www/, as [path, text]. */
function pageSources() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(new URL(dir, ROOT), { withFileTypes: true })) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory()) walk(`${path}/`);
      else if (path.endsWith('.js')) out.push([path, readFileSync(new URL(path, ROOT), 'utf8')]);
    }
  };
  walk('www/');
  return out;
}

test('every key the code asks for by name exists in English', () => {
  const missing = [];
  let count = 0;
  for (const [path, source] of pageSources()) {
    for (const [, key] of source.matchAll(/\b(?:t|tr|hasText)\(\s*'([^']+)'/g)) {
      count += 1;
      if (!(key in ENGLISH)) missing.push(`${path}: ${key}`);
    }
  }
  assert.ok(count > 100, `only ${count} keys found: is the pattern still right?`);
  assert.deepEqual(missing, []);
});

test('every key the code builds (`rule.${option}`) matches some English key', () => {
  const keys = Object.keys(ENGLISH);
  const missing = [];
  for (const [path, source] of pageSources()) {
    for (const [, template] of source.matchAll(/\b(?:t|tr|hasText)\(\s*`([^`]+)`/g)) {
      const pattern = new RegExp(`^${template.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^()|[\]\\]/g, '\\$&')).join('[^.]+')}$`);
      if (!keys.some((key) => pattern.test(key))) missing.push(`${path}: ${template}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every key the markup names (data-i18n, data-i18n-label, data-i18n-empty) exists', () => {
  const pages = ['index.html', ...readdirSync(new URL('www/', ROOT)).filter((name) => name.endsWith('.html')).map((name) => `www/${name}`)];
  const missing = [];
  let count = 0;
  for (const page of pages) {
    const html = readFileSync(new URL(page, ROOT), 'utf8');
    for (const [, key] of html.matchAll(/data-i18n(?:-label|-empty)?="([^"]+)"/g)) {
      count += 1;
      if (!(key in PAGE.en)) missing.push(`${page}: ${key}`);
    }
  }
  assert.ok(count > 20);
  assert.deepEqual(missing, []);
});

test('every rule option with values has a summary phrase for each value but one (its default)', () => {
  // A value chosen with no `.short` phrase would show its key in the summary of the rules.
  const options = Object.keys(PAGE.en).filter((key) => /^rule\.[^.]+$/.test(key)).map((key) => key.slice(5));
  assert.ok(options.length >= 16);
  for (const option of options.filter((name) => name !== 'no-capture-limit')) {
    const values = Object.keys(PAGE.en).filter((key) => key.startsWith(`rule.${option}.`) && !key.endsWith('.short'));
    const withoutPhrase = values.filter((key) => !(`${key}.short` in PAGE.en));
    assert.ok(values.length >= 2, option);
    assert.equal(withoutPhrase.length, 1, `${option}: ${withoutPhrase.join(', ')}`);
  }
});

test('fill puts values in their places and leaves unknown places as they are', () => {
  assert.equal(fill('{a} and {b}, {a}', { a: 1, b: 'two' }), '1 and two, 1');
  assert.equal(fill('{a} {missing}', { a: 0 }), '0 {missing}');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(t('score.ahead', { Side: 'Red', value: '0.35' }), 'Red +0.35');
});

test('an engine error is worded from its code and params, the page’s words for sides and animals', () => {
  const den = { code: 'position.piece-on-own-den', params: { side: 'red', animal: 'elephant', square: 'd1' } };
  assert.equal(errorText(den), 'the red elephant on d1 stands on its own den');
  const swimmer = Object.assign(new Error('the blue cat on b5 stands in water but cannot swim'), {
    code: 'position.not-a-swimmer',
    params: { side: 'blue', animal: 'cat', square: 'b5' },
  });
  assert.equal(errorText(swimmer), 'the blue cat on b5 stands in water but cannot swim');
  const link = { code: 'link.bad-value', params: { param: 'level', value: '12' } };
  assert.equal(errorText(link), 'parameter `level`: `12` is not a level from 1 to 8; ignored');
  const termination = { code: 'record.termination-not-over', params: { line: 4, written: 'den' } };
  assert.equal(errorText(termination), 'line 4: termination `den` contradicts the moves: the game is not over');
});

test('a wrapping error words its cause with the same params in the {cause} place', () => {
  // As the engine gives them: the wrapper's own params, `cause`, then the cause's params.
  const link = {
    message: 'parameter `fen`: the red cat on b5 stands in water but cannot swim; the start position is used',
    code: 'link.fen',
    params: { cause: 'position.not-a-swimmer', side: 'red', animal: 'cat', square: 'b5' },
  };
  // The page refuses a link's whole game, so its words name no fallback.
  assert.equal(errorText(link), 'parameter `fen`: the red cat on b5 stands in water but cannot swim');
  const record = {
    code: 'record.move',
    params: { line: 3, number: '2...', side: 'blue', text: 'g4g6', cause: 'move.illegal', move: 'g4g6' },
  };
  assert.equal(errorText(record), 'line 3, move 2... (blue) `g4g6`: illegal move g4g6');
  const header = { code: 'record.bad-header', params: { line: 1, cause: 'record.duplicate', name: 'Event' } };
  assert.equal(errorText(header), 'line 1: the header `Event` appears twice');
});

test('an unknown cause or a link parameter without words gives the engine’s English', () => {
  const cause = { message: 'English', code: 'link.fen', params: { cause: 'position.something-new' } };
  assert.equal(errorText(cause), 'English');
  const value = { message: 'English too', code: 'link.bad-value', params: { param: 'speed', value: '9' } };
  assert.equal(errorText(value), 'English too');
});

test('an error without a known code gives the engine’s English', () => {
  assert.equal(errorText(new Error('plain message')), 'plain message');
  assert.equal(errorText({ code: 'fen.something-new', message: 'new reason' }), 'new reason');
  assert.equal(errorText('a warning as text'), 'a warning as text');
  assert.equal(errorText(undefined), 'undefined');
});

test('every error word is worded under a code of a known kind (tests/error_words.rs checks the codes)', () => {
  const kinds = new Set(Object.keys(PAGE.en).filter((key) => key.startsWith('error.')).map((key) => key.split('.')[1]));
  assert.deepEqual([...kinds].sort(), ['fen', 'link', 'move', 'position', 'record', 'rules', 'tree']);
});
