import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tournamentAddress, tournamentLink } from '../../www/tournaments/tournament-link.js';
import { pageAddress } from '../../www/page/page-address.js';
import {
  boardsToWatch, byState, crosstable, currentBoards, hasCrosstable, nextGame, pointsText, scoreOf, standingsKey, streaks,
} from '../../www/tournaments/tournament-tables.js';

test('the address names the list, a tournament, or an embedded leaderboard; a bad value is said', () => {
  assert.deepEqual(tournamentLink('?tournaments=1'), { view: 'list', embed: false });
  assert.deepEqual(tournamentLink('?tournament=k3mxz7q2ab9c'), { view: 'tournament', id: 'k3mxz7q2ab9c', embed: false });
  assert.deepEqual(tournamentLink('?embed=1&tournament=k3mxz7q2ab9c'), { view: 'tournament', id: 'k3mxz7q2ab9c', embed: true });
  assert.deepEqual(tournamentLink('?tournament=<script>'), { view: 'bad', param: 'tournament', embed: false });
  assert.deepEqual(tournamentLink('?tournament=K3MXZ7Q2AB9C'), { view: 'bad', param: 'tournament', embed: false }, 'ids are lowercase');
  assert.deepEqual(tournamentLink('?embed=1&leaderboard='), { view: 'leaderboard', rules: '', embed: true });
  assert.deepEqual(tournamentLink('?embed=1&leaderboard=dog-swims%3Dyes'), { view: 'leaderboard', rules: 'dog-swims=yes', embed: true });
  assert.deepEqual(tournamentLink(`?embed=1&leaderboard=${'x'.repeat(513)}`), { view: 'bad', param: 'leaderboard', embed: true });
  assert.deepEqual(tournamentLink('?leaderboard='), { view: 'none', embed: false }, 'a leaderboard alone is for frames');
  assert.deepEqual(tournamentLink('?mode=computer'), { view: 'none', embed: false });
});

test('the address shows one view at a time and keeps the rest', () => {
  const base = 'https://club.example/jungle/index.html?lang=fr';
  assert.equal(tournamentAddress(base, 'list'), `${base}&tournaments=1`);
  assert.equal(tournamentAddress(`${base}&tournaments=1`, 'k3mxz7q2ab9c'), `${base}&tournament=k3mxz7q2ab9c`);
  assert.equal(tournamentAddress(`${base}&tournament=k3mxz7q2ab9c`, null), base);
});

test('a small board links to its game, and the rest to the tournament, in the frame’s language alone', () => {
  const frame = 'https://club.example/jungle/index.html?embed=1&lang=fr&tournament=k3mxz7q2ab9c#x';
  assert.equal(pageAddress(frame, 'watch', 'abcdefghjkmn'), 'https://club.example/jungle/index.html?lang=fr&watch=abcdefghjkmn');
  assert.equal(pageAddress('https://club.example/?embed=1&tournament=k3mxz7q2ab9c', 'tournament', 'k3mxz7q2ab9c'),
    'https://club.example/?tournament=k3mxz7q2ab9c');
});

test('points are written with halves, tie-breaks with quarters', () => {
  assert.deepEqual([0, 0.5, 1, 2.5, 10].map(pointsText), ['0', '½', '1', '2½', '10']);
  // Sonneborn-Berger in quarters, written exactly (it was rounded down to the half: 2.75 as 2½).
  assert.deepEqual([2.75, 1.25, 0.25, 0.75, 3.1].map(pointsText), ['2¾', '1¼', '¼', '¾', '3.1']);
});

test('a result is read from either side, forfeits marked', () => {
  assert.deepEqual(['red', 'blue', 'draw', 'red-forfeits', 'blue-forfeits', null].map((r) => scoreOf(r, 'red')),
    ['1', '0', '½', '−', '+', null]);
  assert.deepEqual(['red', 'blue', 'draw', 'red-forfeits', 'blue-forfeits'].map((r) => scoreOf(r, 'blue')),
    ['0', '1', '½', '+', '−']);
  assert.deepEqual(['red', 'blue'].map((side) => scoreOf('double-forfeit', side)), ['−', '−'], 'neither came: both lose');
});

/** A double round robin of three in round 5: Ann beat Bob twice and drew Cid, Bob won by forfeit against Cid. */
const roundRobin = {
  id: 'k3mxz7q2ab9c', name: 'Club cup', format: 'double-round-robin', rules: '', rated: true, state: 'running', round: 5, rounds: 6,
  players: [{ number: 1, name: 'Ann', rating: 1500, withdrawn: false }, { number: 2, name: 'Bob', rating: 1500, withdrawn: false },
    { number: 3, name: 'Cid', rating: 1500, withdrawn: false }],
  pairings: [
    { round: 1, board: 1, red: 1, blue: 2, result: 'red' },
    { round: 1, board: 2, red: 3, blue: null, result: null },
    { round: 2, board: 1, red: 3, blue: 1, result: 'draw' },
    { round: 3, board: 1, red: 2, blue: 3, result: 'blue-forfeits' },
    { round: 4, board: 1, red: 2, blue: 1, result: 'blue' },
    { round: 4, board: 2, red: 3, blue: null, result: null },
    { round: 5, board: 1, red: 3, blue: 2, result: null, game: 'abcdefghjkmn' },
    { round: 5, board: 2, red: 1, blue: null, result: null },
  ],
  standings: [
    { rank: 1, number: 1, name: 'Ann', points: 2.5, tie_breaks: [] },
    { rank: 2, number: 2, name: 'Bob', points: 1, tie_breaks: [] },
    { rank: 3, number: 3, name: 'Cid', points: 0.5, tie_breaks: [] },
  ],
};

test('a crosstable has each pair’s results in the order played, none on the diagonal', () => {
  const { rows, cells } = crosstable(roundRobin);
  assert.deepEqual(rows.map((r) => r.name), ['Ann', 'Bob', 'Cid']);
  assert.deepEqual(cells, [
    [null, '1 1', '½'],
    ['0 0', null, '+'],
    ['½', '−', null],
  ]);
});

test('a gauntlet’s crosstable: the challenger’s row has every result, each opponent’s the one column', () => {
  const gauntlet = {
    ...roundRobin, format: 'gauntlet', challenger: 'Ann', games_each: 2, round: 4, rounds: 4,
    pairings: [
      { round: 1, board: 1, red: 1, blue: 2, result: 'red' },
      { round: 2, board: 1, red: 3, blue: 1, result: 'draw' },
      { round: 3, board: 1, red: 2, blue: 1, result: 'blue' },
      { round: 4, board: 1, red: 1, blue: 3, result: 'blue' },
    ],
    standings: [
      { rank: 1, number: 1, name: 'Ann', points: 2.5, tie_breaks: [] },
      { rank: 2, number: 3, name: 'Cid', points: 1.5, tie_breaks: [] },
      { rank: 3, number: 2, name: 'Bob', points: 0, tie_breaks: [] },
    ],
  };
  assert.equal(hasCrosstable(gauntlet), true);
  assert.equal(hasCrosstable({ format: 'swiss' }), false);
  assert.deepEqual(crosstable(gauntlet).cells, [
    [null, '½ 0', '1 1'],
    ['½ 1', null, ''],
    ['0 0', '', null],
  ]);
});

test('an arena marks the players whose last two games were won', () => {
  const arena = { ...roundRobin, format: 'arena' };
  assert.deepEqual([...streaks(arena)], [], 'Ann drew then won; Bob won by forfeit then lost');
  const lost = { ...arena, pairings: arena.pairings.map((p) => (p.round === 4 && p.board === 1 ? { ...p, result: 'red' } : p)) };
  assert.deepEqual([...streaks(lost)], [2], 'Bob: a forfeit win then a win');
});

test('a member’s next game: the board of the current round, a bye, a result in, or waiting', () => {
  assert.deepEqual(nextGame(roundRobin, 'Bob'), { kind: 'game', board: 1, side: 'blue', opponent: 'Cid', game: 'abcdefghjkmn' });
  assert.deepEqual(nextGame(roundRobin, 'Ann'), { kind: 'bye' });
  assert.deepEqual(nextGame(roundRobin, 'Dan'), { kind: 'out' });
  const played = { ...roundRobin, pairings: roundRobin.pairings.map((p) => (p.round === 5 && p.blue ? { ...p, result: 'red' } : p)) };
  assert.deepEqual(nextGame(played, 'Bob'), { kind: 'played' });
  assert.deepEqual(nextGame({ ...roundRobin, state: 'registering', round: 0 }, 'Ann'), { kind: 'waiting' });
  const withdrawn = { ...roundRobin, players: roundRobin.players.map((p) => ({ ...p, withdrawn: p.name === 'Ann' })) };
  assert.deepEqual(nextGame(withdrawn, 'Ann'), { kind: 'withdrawn' });
  assert.deepEqual(nextGame({ ...roundRobin, state: 'finished' }, 'Ann'), { kind: 'out' });
  assert.deepEqual(currentBoards(roundRobin).map((p) => p.board), [1, 2]);
});

test('the list is grouped by state, and a change of standings is seen', () => {
  const list = [{ id: 'a', state: 'finished' }, { id: 'b', state: 'registering' }, { id: 'c', state: 'running' }, { id: 'd', state: 'registering' }];
  const groups = byState(list);
  assert.deepEqual([groups.upcoming, groups.running, groups.finished].map((g) => g.map((one) => one.id)), [['b', 'd'], ['c'], ['a']]);
  const later = { ...roundRobin, standings: roundRobin.standings.map((s) => (s.number === 2 ? { ...s, points: 2 } : s)) };
  assert.notEqual(standingsKey(later), standingsKey(roundRobin));
  assert.equal(standingsKey({ ...roundRobin, name: 'Renamed' }), standingsKey(roundRobin));
});

test('the small boards are the current round’s games in board order, at most as many as asked', () => {
  const round = (games) => ({ ...roundRobin, round: 6, pairings: [...roundRobin.pairings, ...games] });
  const game = (board, id, more = {}) => ({ round: 6, board, red: 1, blue: 2, result: null, game: id, ...more });
  assert.deepEqual(boardsToWatch(roundRobin, 4), { shown: [roundRobin.pairings[6]], more: 0 }, 'the bye has no board');
  const six = round([game(3, 'cccccccccccc'), game(1, 'aaaaaaaaaaaa'), game(4, null, { result: 'red-forfeits' }),
    game(2, 'bbbbbbbbbbbb', { result: 'draw' }), game(5, 'dddddddddddd')]);
  const { shown, more } = boardsToWatch(six, 3);
  assert.deepEqual(shown.map((p) => p.game), ['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc'], 'a forfeit without a game is left out');
  assert.equal(more, 1);
  assert.deepEqual(boardsToWatch({ ...roundRobin, pairings: [] }, 3), { shown: [], more: 0 });
});
