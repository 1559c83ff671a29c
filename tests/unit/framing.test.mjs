// Whom the player plays (www/panels/opponent.js) and what the end banner offers after a game
// (www/panels/after-game.js), from snapshots cut down to what they read, in English.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterGame } from '../../www/panels/after-game.js';
import { opponentText } from '../../www/panels/opponent.js';

/** A snapshot of the player's own game with `settings`, or with the fields given. */
function game(settings, fields = {}) {
  return /** @type {any} */ ({ puzzle: null, analysis: null, online: null, settings: { mode: 'computer', side: 'red', level: 3, ...settings }, ...fields });
}

/** An online game that this page plays as Red (seat null: watches), against `blue`. */
function online(blue, { seat = 'red', tournament = null } = {}) {
  const players = { red: { name: 'Ann', rating: null }, blue };
  return game({ mode: 'online' }, { online: { id: 'k3mxz7q2ab9c', seat, result: null, pending: null, players, tournament } });
}

test('the panel names the opponent: the computer and its level, a friend, a member and rating, a puzzle', () => {
  assert.equal(opponentText(game({ level: 5 })), 'Against the computer · level 5');
  assert.equal(opponentText(game({ mode: 'watch', level: 2 })), 'The computer against itself · level 2');
  assert.equal(opponentText(game({ mode: 'people' })), 'Against a friend on this device');
  assert.equal(opponentText(game({ mode: 'people' }, { puzzle: 'p-17' })), 'Solving a puzzle');
  assert.equal(opponentText(game({ mode: 'people' }, { analysis: { words: [] } })), null);
  assert.equal(opponentText(online({ name: 'Ben', rating: { rating: 1520, provisional: false } })), 'Against Ben (1520) online');
  assert.equal(opponentText(online({ name: 'Ben', rating: { rating: 1500, provisional: true } })), 'Against Ben (1500?) online');
  assert.equal(opponentText(online({ name: 'Guest', rating: null })), 'Against Guest online');
  assert.equal(opponentText(online(null)), 'Online · waiting for an opponent');
  assert.equal(opponentText(online({ name: 'Ben', rating: null }, { seat: null })), 'Watching an online game');
});

test('after a game against the computer: review, rematch, and the levels next to it within 1 to 8', () => {
  const ways = { review: true, lobby: true };
  assert.deepEqual(afterGame(game({ level: 3 }), ways),
    { review: true, rematch: true, levelDown: 2, levelUp: 4, lobby: false, newGame: false });
  assert.deepEqual([afterGame(game({ level: 1 }), ways).levelDown, afterGame(game({ level: 8 }), ways).levelUp], [null, null]);
  const people = afterGame(game({ mode: 'people' }), ways);
  assert.deepEqual([people.rematch, people.levelDown, people.levelUp], [true, null, null]);
  // Before the aids are in, no review is offered.
  assert.equal(afterGame(game({}), { review: false, lobby: false }).review, false);
});

test('after an online game: the lobby and a new game; a tournament\'s game leaves both to the tournament; a puzzle, nothing', () => {
  const ways = { review: true, lobby: true };
  assert.deepEqual(afterGame(online(null), ways),
    { review: true, rematch: false, levelDown: null, levelUp: null, lobby: true, newGame: true });
  const tournament = afterGame(online(null, { tournament: 't1' }), ways);
  assert.deepEqual([tournament.lobby, tournament.newGame, tournament.review], [false, false, true]);
  assert.equal(afterGame(online(null), { review: true, lobby: false }).lobby, false);
  assert.deepEqual(Object.values(afterGame(game({ mode: 'people' }, { puzzle: 'p-17' }), ways)).filter(Boolean), []);
});
