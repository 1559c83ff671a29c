// A clock's time left as the page writes it (www/online/clock-text.js): days and hours from a
// day on, hours and minutes under a day on a correspondence clock, minutes and seconds on a
// live one — in English, German and Japanese, with those languages' own tables.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockWords, timeWords } from '../../www/online/clock-text.js';
import { fill } from '../../www/page/i18n.js';
import en from '../../www/i18n/later/en.js';
import de from '../../www/i18n/later/de.js';
import ja from '../../www/i18n/later/ja.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** @param {Record<string, string>} table */
const wordsOf = (table) => (/** @type {string} */ key, /** @type {Record<string, number>} */ params) => fill(table[key], params);

test('a day or more reads as days and hours, on any clock', () => {
  const left = 2 * DAY + 5 * HOUR + 59 * MINUTE;
  assert.equal(timeWords(left, true, wordsOf(en), 'en'), '2 d 5 h');
  assert.equal(timeWords(left, false, wordsOf(en), 'en'), '2 d 5 h');
  assert.equal(timeWords(left, true, wordsOf(de), 'de'), '2 T. 5 Std.');
  assert.equal(timeWords(left, true, wordsOf(ja), 'ja'), '2 日 5 時間');
  assert.equal(timeWords(DAY, true, wordsOf(en), 'en'), '1 d 0 h');
});

test('under a day a correspondence clock reads hours and minutes, a live one minutes and seconds', () => {
  const left = 5 * HOUR + 12 * MINUTE + 30_000;
  assert.equal(timeWords(left, true, wordsOf(en), 'en'), '5 h 12 min');
  assert.equal(timeWords(left, true, wordsOf(de), 'de'), '5 Std. 12 Min.');
  assert.equal(timeWords(left, true, wordsOf(ja), 'ja'), '5 時間 12 分');
  assert.equal(timeWords(DAY - 1, true, wordsOf(en), 'en'), '23 h 59 min');
  assert.equal(timeWords(4 * MINUTE + 5_000, false, wordsOf(en), 'en'), '4:05');
});

test('a correspondence clock reads in days a move, one day in the singular', () => {
  const days = (/** @type {number} */ n) => ({ kind: 'correspondence', days: n });
  assert.equal(clockWords(days(1), wordsOf(en)), '1 day a move');
  assert.equal(clockWords(days(3), wordsOf(en)), '3 days a move');
  assert.equal(clockWords(days(1), wordsOf(de)), '1 Tag pro Zug');
  assert.equal(clockWords(days(2), wordsOf(de)), '2 Tage pro Zug');
});
