// The premove's rules (www/game/premove.js): when a person may queue one, and what becomes of
// it when the opponent has moved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { premoveFate, premoveSide } from '../../www/game/premove.js';

/** A snapshot's fields that premoveSide reads: against the computer, you Red, Blue to move. */
const THINKING = Object.freeze({
  outcome: null, tool: null, view: null, puzzle: null, online: null, turn: 'blue',
  settings: Object.freeze({ mode: 'computer', side: 'red', level: 1 }),
});

test('against the computer, you premove while it is to move', () => {
  assert.equal(premoveSide(THINKING), 'red');
  assert.equal(premoveSide({ ...THINKING, turn: 'red' }), null, 'your own turn: a move, not a premove');
  assert.equal(premoveSide({ ...THINKING, settings: { mode: 'computer', side: 'blue', level: 1 }, turn: 'red' }), 'blue');
});

test('online, the seat premoves during the other seat\'s turn; a spectator never', () => {
  const online = { ...THINKING, settings: { mode: 'online', side: 'blue', level: 3 } };
  assert.equal(premoveSide({ ...online, online: { id: 'g', seat: 'blue', result: null, pending: null }, turn: 'red' }), 'blue');
  assert.equal(premoveSide({ ...online, online: { id: 'g', seat: 'blue', result: null, pending: null }, turn: 'blue' }), null);
  assert.equal(premoveSide({ ...online, online: { id: 'g', seat: null, result: null, pending: null }, turn: 'red' }), null);
});

test('no premoves with two people on a device, watching, once over, in a puzzle, a review or the editor', () => {
  assert.equal(premoveSide({ ...THINKING, settings: { mode: 'people', side: 'red', level: 1 } }), null);
  assert.equal(premoveSide({ ...THINKING, settings: { mode: 'watch', side: 'red', level: 1 } }), null);
  assert.equal(premoveSide({ ...THINKING, outcome: { winner: 'blue', reason: 'den' } }), null);
  assert.equal(premoveSide({ ...THINKING, puzzle: 'p1' }), null);
  assert.equal(premoveSide({ ...THINKING, view: { ply: 0 } }), null);
  assert.equal(premoveSide({ ...THINKING, tool: { name: 'editor' } }), null);
});

test('after the opponent\'s move the premove is played if legal, else dropped with why', () => {
  const premove = { move: 'g3g4', from: 'g3', to: 'g4' };
  const reply = { entry: { to: 'a7' }, over: false };
  assert.equal(premoveFate(premove, { ...reply, legal: ['a3a4', 'g3g4'] }), 'play');
  assert.equal(premoveFate(premove, { ...reply, legal: ['a3a4'] }), 'illegal');
  assert.equal(premoveFate(premove, { legal: ['a3a4'], over: false, entry: { to: 'g3' } }), 'taken');
  assert.equal(premoveFate(premove, { legal: [], over: true, entry: { to: 'd1' } }), 'over');
});
