// Where games are kept (www/saved/game-store.js), over a storage in memory: saves come back migrated,
// what cannot be read is set aside and never overwritten, a full storage is reported once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BROKEN_KEY, GameStore, RECENT_KEY, SAVE_KEY } from '../../www/saved/game-store.js';

/** A Storage in memory; `refuse(key)` makes writes of a key fail as a full storage does. */
function memoryStorage(refuse = () => false) {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem(key, value) {
      if (refuse(key)) throw new Error('QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key) => items.delete(key),
  };
}

/** The engine's view of a game, for these tests: a game with a move `xxxx` is refused. */
function describe(game) {
  if (game.moves.includes('xxxx')) throw new Error('illegal move xxxx');
  return { result: null, turn: game.moves.length % 2 ? 'blue' : 'red' };
}

function store(storage) {
  const problems = [];
  return { problems, store: new GameStore(storage, describe, (p) => problems.push(p)) };
}

const v1 = (moves) => JSON.stringify({ version: 1, rules: '', fen: '', moves, mode: 'people', side: 'red', level: 3 });
const game = (moves) => ({ rules: '', fen: '', moves, settings: { mode: 'people', side: 'red', level: 3 }, extra: {} });

test('a save of the first version loads, and is written back in this version', () => {
  const storage = memoryStorage();
  storage.setItem(SAVE_KEY, v1(['g3g4']));
  const { store: s, problems } = store(storage);
  assert.deepEqual(s.loadSaved().game.settings, { mode: 'people', side: 'red', level: 3 });
  assert.ok(s.saveCurrent(game(['g3g4', 'a7a6'])));
  assert.equal(JSON.parse(storage.getItem(SAVE_KEY)).version, 2);
  assert.deepEqual(problems, []);
});

test('saved data that cannot be read is set aside, a second failure beside the first', () => {
  const storage = memoryStorage();
  const { store: s, problems } = store(storage);
  storage.setItem(SAVE_KEY, 'first');
  assert.equal(s.loadSaved().problem.code, 'unreadable');
  storage.setItem(SAVE_KEY, '{"version": 42}');
  assert.equal(s.loadSaved().problem.code, 'version');
  s.refuseSaved({ code: 'engine', params: { error: new Error('no') } }); // nothing left to set aside
  assert.equal(storage.getItem(BROKEN_KEY), 'first');
  assert.equal(storage.getItem(`${BROKEN_KEY}.2`), '{"version": 42}');
  assert.equal(storage.getItem(SAVE_KEY), null);
  assert.deepEqual(problems.map((p) => p.code), ['set-aside', 'set-aside', 'set-aside']);
});

test('saved data that cannot be moved aside is never written over', () => {
  const storage = memoryStorage((key) => key.startsWith(BROKEN_KEY));
  storage.setItem(SAVE_KEY, 'damaged');
  const { store: s, problems } = store(storage);
  s.loadSaved();
  assert.equal(s.saveCurrent(game(['g3g4'])), false);
  assert.equal(storage.getItem(SAVE_KEY), 'damaged');
  assert.deepEqual(problems.map((p) => p.code), ['set-aside', 'full']);
});

test('a full storage is reported once, and nothing breaks', () => {
  const storage = memoryStorage(() => true);
  const { store: s, problems } = store(storage);
  assert.equal(s.saveCurrent(game(['g3g4'])), false);
  assert.equal(s.saveCurrent(game(['g3g4', 'a7a6'])), false);
  assert.equal(s.addRecent({ id: 'x' }), false);
  assert.deepEqual(problems, [{ code: 'full', params: undefined }]);
});

test('the game a link replaces goes into the recent games; one the engine refuses is set aside', () => {
  const storage = memoryStorage();
  const { store: s } = store(storage);
  storage.setItem(SAVE_KEY, v1(['g3g4', 'a7a6', 'g4g5']));
  const shelved = s.shelveSaved(); // the entry it became, for the page's Undo
  assert.equal(storage.getItem(SAVE_KEY), null);
  const [entry] = s.recent();
  assert.deepEqual(shelved, entry);
  assert.deepEqual([entry.moves.length, entry.turn, entry.result], [3, 'blue', null]);
  storage.setItem(SAVE_KEY, v1(['xxxx']));
  assert.equal(s.shelveSaved(), null);
  assert.equal(storage.getItem(BROKEN_KEY), v1(['xxxx']));
  assert.equal(s.recent().length, 1);
  assert.deepEqual(s.takeRecent(entry.id).moves, ['g3g4', 'a7a6', 'g4g5']);
  assert.equal(s.takeRecent(entry.id), null);
  assert.deepEqual(s.recent(), []);
});

test('when the recent list cannot take the replaced game, the saved game stays', () => {
  const storage = memoryStorage((key) => key === RECENT_KEY);
  storage.setItem(SAVE_KEY, v1(['g3g4']));
  const { store: s } = store(storage);
  assert.equal(s.shelveSaved(), null);
  assert.equal(storage.getItem(SAVE_KEY), v1(['g3g4']));
  assert.equal(s.saveCurrent(game([])), false);
  assert.equal(storage.getItem(SAVE_KEY), v1(['g3g4']));
});

test('a game an earlier version set aside comes back into the recent games when it can', () => {
  const storage = memoryStorage();
  const { store: s } = store(storage);
  storage.setItem(BROKEN_KEY, v1(['a3a4', 'g7g6']));
  s.recoverSetAside();
  assert.equal(storage.getItem(BROKEN_KEY), null);
  assert.equal(s.recent()[0].moves.length, 2);
  storage.setItem(BROKEN_KEY, v1(['xxxx']));
  s.recoverSetAside();
  assert.equal(storage.getItem(BROKEN_KEY), v1(['xxxx']), 'still refused: it stays');
  storage.setItem(BROKEN_KEY, '{');
  s.recoverSetAside();
  assert.equal(storage.getItem(BROKEN_KEY), '{');
});

test('a recent list that cannot be read is set aside and reported, and a new one begins', () => {
  const storage = memoryStorage();
  storage.setItem(RECENT_KEY, '[not json');
  const { store: s, problems } = store(storage);
  assert.deepEqual(s.recent(), []);
  assert.equal(storage.getItem('jungle.recent.broken'), '[not json');
  assert.equal(problems[0].code, 'recent-set-aside');
});

test('without a storage, nothing is kept and nothing fails', () => {
  const { store: s, problems } = store(null);
  assert.deepEqual(s.loadSaved(), {});
  assert.equal(s.saveCurrent(game(['g3g4'])), false);
  assert.deepEqual(s.recent(), []);
  assert.deepEqual(problems, []);
});
