// Saved games read back (www/saved/saved-games.js): every version brought up to this one, anything
// else refused with its reason, and the recent list kept short and whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  RECENT_MAX, SAVE_VERSION, gameRecord, parseGame, parseRecent, readGame, recentEntry, recentText, withRecent,
} from '../../www/saved/saved-games.js';

const V1 = { version: 1, rules: 'dog-swims=yes', fen: '', moves: ['g3g4'], mode: 'local', side: 'blue', level: 4, extra: { clock: null }, savedAt: 'x' };

test('a save of the first version is brought up to this one', () => {
  const { game } = readGame(V1);
  assert.deepEqual(game, {
    rules: 'dog-swims=yes', fen: '', moves: ['g3g4'], settings: { mode: 'people', side: 'blue', level: 4 }, extra: { clock: null }, savedAt: 'x',
  });
  assert.equal(readGame({ ...V1, mode: 'ai' }).game.settings.mode, 'computer');
  assert.equal(readGame({ ...V1, mode: 'watch' }).game.settings.mode, 'watch');
});

test('a save of this version reads back as it was written', () => {
  const record = gameRecord({ rules: '', fen: '7/3L3/7/7/7/7/7/7/l6 w', moves: ['d8d9'], settings: { mode: 'computer', side: 'red', level: 8 } },
    new Date('2026-05-06T07:08:09Z'));
  assert.equal(record.version, SAVE_VERSION);
  const { game } = parseGame(JSON.stringify(record));
  assert.deepEqual(game, { rules: '', fen: '7/3L3/7/7/7/7/7/7/l6 w', moves: ['d8d9'], settings: { mode: 'computer', side: 'red', level: 8 }, extra: {}, savedAt: '2026-05-06T07:08:09.000Z' });
});

test('what is not a save of a known version is refused with its reason', () => {
  const code = (data) => readGame(data).problem?.code;
  assert.equal(code([1, 2]), 'not-game');
  assert.equal(code(null), 'not-game');
  assert.deepEqual(readGame({ ...V1, version: 99 }).problem, { code: 'version', params: { version: '99' } });
  assert.equal(code({ ...V1, rules: 7 }), 'no-position');
  assert.equal(code({ ...V1, fen: 'x'.repeat(5000) }), 'no-position');
  assert.equal(code({ ...V1, moves: 'g3g4' }), 'no-moves');
  assert.equal(code({ ...V1, moves: ['g3g4', 42] }), 'no-moves');
  assert.equal(code({ ...V1, level: 9 }), 'no-settings');
  assert.equal(code({ ...V1, side: 'green' }), 'no-settings');
  assert.equal(code({ version: 2, rules: '', fen: '', moves: [], settings: 'people' }), 'no-settings');
  assert.equal(parseGame('{"version": 1, "moves": [').problem.code, 'unreadable');
  assert.deepEqual(parseGame(null), {});
});

test('the recent list keeps the newest games first, each once, at most RECENT_MAX', () => {
  const game = readGame(V1).game;
  let list = [];
  const entries = [];
  for (let i = 0; i < RECENT_MAX + 3; i++) {
    const entry = recentEntry(game, { result: null, turn: 'red' }, new Date(Date.UTC(2026, 0, 1, 0, i)));
    entries.push(entry);
    list = withRecent(list, entry);
  }
  assert.equal(list.length, RECENT_MAX);
  assert.equal(list[0], entries.at(-1));
  assert.equal(list.at(-1), entries[3]);
  assert.equal(withRecent(list, list[5]).length, RECENT_MAX, 'an entry again moves to the front');
  assert.deepEqual(parseRecent(recentText(list)).games, list);
});

test('a recent list that cannot be read whole is refused, never read in part', () => {
  const entry = recentEntry(readGame(V1).game, { result: { winner: 'red', reason: 'den' }, turn: 'blue' });
  assert.deepEqual(parseRecent(recentText([entry])).games[0].result, { winner: 'red', reason: 'den' });
  assert.equal(parseRecent('nope').problem.code, 'unreadable');
  assert.equal(parseRecent('{"version": 7, "games": []}').problem.code, 'version');
  assert.equal(parseRecent(recentText([entry, { ...entry, turn: 'green' }])).problem.code, 'no-moves');
  assert.equal(parseRecent(recentText([{ ...entry, result: { winner: 'pink', reason: 'den' } }])).problem.code, 'no-moves');
  assert.deepEqual(parseRecent(null), { games: [] });
});
