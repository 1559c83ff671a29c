// Online play as players expect it (issue 36), the page's pure parts: the clock presets (blitz
// 5 + 3 first, each in the rating category its name says on the club's default bounds), a
// rating change as the panel writes it, and a game a side left listed as abandoned.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLOCK_PRESETS, DEFAULT_PRESET, presetClock } from '../../www/online/clock-presets.js';
import { changeText } from '../../www/online/game-ratings.js';
import { resultText } from '../../www/server/online-words.js';
import { laterWords } from '../../www/page/i18n.js';

await laterWords();

/** The server's category of a live clock on its default bounds (src/server/rating/category.rs). */
function category({ seconds, increment }) {
  const minutes = (seconds + 40 * increment) / 60;
  return minutes < 8 ? 'blitz' : minutes <= 25 ? 'rapid' : 'classical';
}

test('the presets: blitz 5 + 3 first, rapid and classical in their own rating categories', () => {
  assert.equal(DEFAULT_PRESET, 'blitz');
  assert.deepEqual(presetClock(DEFAULT_PRESET), { kind: 'live', seconds: 300, increment: 3 });
  assert.deepEqual(Object.keys(CLOCK_PRESETS), ['bullet', 'blitz', 'rapid', 'classical']);
  for (const name of ['blitz', 'rapid', 'classical']) assert.equal(category(CLOCK_PRESETS[name]), name);
  assert.equal(category(CLOCK_PRESETS.bullet), 'blitz', 'the server rates bullet with blitz');
  assert.equal(presetClock('none'), null);
  assert.equal(presetClock('toString'), null, 'only the presets themselves');
});

test('a rating change is signed, with a true minus', () => {
  assert.deepEqual([changeText(12), changeText(-12), changeText(0)], ['+12', '−12', '±0']);
});

test('a game a side left is listed as abandoned, with who won', () => {
  assert.equal(resultText({ winner: 'red', reason: 'abandoned' }), 'Abandoned · Red won');
  assert.equal(resultText({ winner: null, reason: 'aborted' }), 'Game aborted');
});
