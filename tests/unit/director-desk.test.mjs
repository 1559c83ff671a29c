// The director's desk's words (www/tournaments/desk-words.js): who directs a tournament, the
// boards a director may set and how the desk names them, the questions asked once, and the
// tournament's log in the page's language, its unknown entries as the server wrote them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { laterWords } from '../../www/page/i18n.js';
import {
  adjustQuestion, adjustableBoards, boardLabel, changeQuestion, directs, removeQuestion, whatText, whenText, whoText,
} from '../../www/tournaments/desk-words.js';
import { roundsPaired } from '../../www/tournaments/tournament-tables.js';

await laterWords();

const TOURNAMENT = {
  id: 'k3mxz7q2ab9c', name: 'Club night', format: 'swiss', rules: '', rated: true, state: 'running', round: 2, rounds: 3,
  director: 'Dana',
  players: [
    { number: 1, name: 'Ann', rating: 1500, withdrawn: false },
    { number: 2, name: 'Bob', rating: 1500, withdrawn: false },
    { number: 3, name: 'Cid', rating: 1500, withdrawn: false },
  ],
  pairings: [
    { round: 1, board: 1, red: 1, blue: 2, result: 'blue', game: 'g1' },
    { round: 1, board: 2, red: 3, blue: null, result: null, game: null },
    { round: 2, board: 1, red: 3, blue: 1, result: null, game: 'g2' },
    { round: 2, board: 2, red: 2, blue: null, result: null, game: null },
  ],
};

test('an admin directs every tournament; a member only the one the server names as its director', () => {
  assert.equal(directs(TOURNAMENT, { name: 'Eve', admin: true }), true);
  assert.equal(directs(TOURNAMENT, { name: 'Dana', admin: false }), true);
  assert.equal(directs(TOURNAMENT, { name: 'Ann', admin: false }), false);
  assert.equal(directs({ ...TOURNAMENT, director: null }, { name: 'Dana', admin: false }), false, 'where only admins make tournaments');
  assert.equal(directs(TOURNAMENT, null), false);
});

test('every game of every round may be set, the latest round first; a bye may not', () => {
  assert.deepEqual(roundsPaired(TOURNAMENT), [2, 1]);
  assert.deepEqual(adjustableBoards(TOURNAMENT).map((p) => [p.round, p.board]), [[2, 1], [1, 1]]);
  assert.equal(boardLabel(TOURNAMENT, TOURNAMENT.pairings[0]), 'Round 1, board 1: Ann – Bob (Blue wins)');
  assert.equal(boardLabel(TOURNAMENT, TOURNAMENT.pairings[2]), 'Round 2, board 1: Cid – Ann');
});

test('each act says what will happen before it is done', () => {
  const adjust = adjustQuestion(TOURNAMENT, TOURNAMENT.pairings[0], 'red-forfeits');
  assert.equal(adjust.text, 'Round 1, board 1 (Ann – Bob): Red forfeits. The game’s record, the standings and both players’ ratings follow it.');
  assert.deepEqual(removeQuestion('Carol'), {
    title: 'Remove Carol?',
    text: 'Carol’s game being played is forfeited, and Carol is never paired again nor may register again.',
    yes: 'Remove Carol',
  });
  assert.equal(changeQuestion('rounds', 3).title, 'Pair round 3 now?');
  assert.equal(changeQuestion('end').yes, 'End it');
});

test('the log is worded from its parts, the server’s own acts named, anything else as written', () => {
  const entry = (action, params = null, detail = '') => ({ at: 0, by: 'Dana', action, detail, params });
  assert.equal(whatText(entry('result', { round: 1, board: 1, from: 'blue', to: 'red' }), TOURNAMENT), 'Round 1, board 1: Blue wins → Red wins');
  assert.equal(whatText(entry('result', { round: 2, board: 1, from: null, to: 'draw' }), TOURNAMENT), 'Round 2, board 1: no result → Draw');
  const ratings = { round: 1, board: 1, red: { name: 'Ann', from: 1338, to: 1662 }, blue: { name: 'Bob', from: 1662, to: 1338 } };
  assert.equal(whatText(entry('ratings', ratings), TOURNAMENT), 'Ratings corrected (round 1, board 1): Ann 1338 → 1662, Bob 1662 → 1338');
  assert.match(whatText(entry('ratings', { round: 1, board: 1, kept: true }), TOURNAMENT), /keep the played result/);
  assert.equal(whatText(entry('removed', { player: 3 }), TOURNAMENT), 'Removed Cid');
  assert.equal(whatText(entry('paired', { round: 2 }), TOURNAMENT), 'Paired round 2');
  assert.equal(whatText(entry('no-show', { game: 'g2', side: 'blue' }), TOURNAMENT), 'Ann did not show: the game is forfeited');
  assert.equal(whatText(entry('finished', { reason: 'ended-early' }), TOURNAMENT), 'Ended the tournament early');
  assert.equal(whatText(entry('created', { format: 'swiss' }), TOURNAMENT), 'Created the tournament (Swiss)');
  assert.equal(whatText(entry('came back'), TOURNAMENT), 'Came back');
  assert.equal(whatText(entry('paused'), TOURNAMENT), 'Paused');
  // An entry whose detail has no known form, or an action the page does not know.
  assert.equal(whatText(entry('finished', null, 'some new reason'), TOURNAMENT), 'finished: some new reason');
  assert.equal(whatText(entry('forfeited', null, 'game g2'), TOURNAMENT), 'forfeited: game g2');
  assert.equal(whoText({ ...entry('paired'), by: null }), 'The server');
});

test('the log’s times are in the page’s language (English here), not the browser’s', () => {
  const at = Date.UTC(2026, 10, 29, 20, 5, 9);
  assert.equal(whenText(at), new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at)));
});
