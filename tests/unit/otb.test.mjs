// Over-the-board tournaments, the page's pure parts: the report address of a board, what a
// player's "I won / Draw / I lost" reports and what the report panel shows, the sheets page's
// address, a round's boards and byes, the standings' caption, the score sheet's numbered lines,
// and the QR code's path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reportAddress, tournamentAddress, tournamentLink } from '../../www/tournaments/tournament-link.js';
import { choiceOf, reportState, reportView, reportedResult } from '../../www/tournaments/otb-reports.js';
import { moveColumns, roundBoards, sheetsLink, standingsMoment } from '../../www/tournaments/sheets-layout.js';
import { qrPath } from '../../www/tournaments/qr-code.js';

const ID = 'k3mxz7q2ab9c';

test('a board’s report address opens its tournament on that board; a bad board is said', () => {
  assert.deepEqual(tournamentLink(`?tournament=${ID}&report=2-5`), { view: 'tournament', id: ID, embed: false, report: { round: 2, board: 5 } });
  assert.deepEqual(tournamentLink(`?tournament=${ID}&report=30-1000`), { view: 'tournament', id: ID, embed: false, report: { round: 30, board: 1000 } });
  for (const bad of ['', '2', '0-1', '1-0', '2-5-1', '-1-2', '1.5-2', '1000-1', '1-10000', 'a-b', '02-5', ' 2-5']) {
    assert.deepEqual(tournamentLink(`?tournament=${ID}&report=${encodeURIComponent(bad)}`), { view: 'bad', param: 'report', embed: false }, bad);
  }
  // A bad tournament is said first.
  assert.deepEqual(tournamentLink('?tournament=nope&report=1-1'), { view: 'bad', param: 'tournament', embed: false });
});

test('the report address is the club’s page with the tournament and the board alone', () => {
  assert.equal(reportAddress('https://club.example/jungle/', ID, { round: 3, board: 12 }),
    `https://club.example/jungle/?tournament=${ID}&report=3-12`);
  assert.equal(reportAddress('https://club.example/?lang=fr#x', ID, { round: 1, board: 1 }), `https://club.example/?tournament=${ID}&report=1-1`);
  const read = tournamentLink(new URL(reportAddress('https://club.example/', ID, { round: 7, board: 4 })).search);
  assert.deepEqual(read, { view: 'tournament', id: ID, embed: false, report: { round: 7, board: 4 } });
});

test('the screen’s address keeps the board asked while its tournament is shown, and drops it after', () => {
  const base = 'https://club.example/?lang=de';
  assert.equal(tournamentAddress(base, ID, { round: 2, board: 1 }), `${base}&tournament=${ID}&report=2-1`);
  assert.equal(tournamentAddress(`${base}&tournament=${ID}&report=2-1`, ID), `${base}&tournament=${ID}`);
  assert.equal(tournamentAddress(`${base}&tournament=${ID}&report=2-1`, 'list', { round: 2, board: 1 }), `${base}&tournaments=1`);
  assert.equal(tournamentAddress(`${base}&tournament=${ID}&report=2-1`, null), base);
});

test('“I won”, “Draw” and “I lost” report the side that won, in each player’s own terms', () => {
  assert.equal(reportedResult('won', 'red'), 'red');
  assert.equal(reportedResult('won', 'blue'), 'blue');
  assert.equal(reportedResult('lost', 'red'), 'blue');
  assert.equal(reportedResult('lost', 'blue'), 'red');
  assert.equal(reportedResult('draw', 'blue'), 'draw');
  for (const side of /** @type {const} */ (['red', 'blue'])) {
    for (const choice of /** @type {const} */ (['won', 'draw', 'lost'])) assert.equal(choiceOf(reportedResult(choice, side), side), choice);
  }
  assert.equal(choiceOf(null, 'red'), null);
  assert.equal(choiceOf(undefined, 'blue'), null);
});

/**
 * A board of round 1 between players 1 (Red) and 2 (Blue), with `reports`.
 * @param {object} [more]
 */
function board(more = {}) {
  return { round: 1, board: 1, red: 1, blue: 2, result: null, game: null, reports: { red: null, blue: null }, ...more };
}

test('the reports as a player sees them: none, the opponent’s in, awaited, or different', () => {
  assert.equal(reportState(board(), 'red'), 'open');
  assert.equal(reportState(board({ reports: { red: null, blue: 'blue' } }), 'red'), 'theirs');
  assert.equal(reportState(board({ reports: { red: null, blue: 'blue' } }), 'blue'), 'waiting');
  assert.equal(reportState(board({ reports: { red: 'red', blue: 'blue' } }), 'blue'), 'disputed');
  assert.equal(reportState(board({ reports: { red: 'draw', blue: 'red' } }), 'red'), 'disputed');
  // A board of a server that sends no reports: nothing reported.
  assert.equal(reportState({ round: 1, board: 1, red: 1, blue: 2, result: null }, 'blue'), 'open');
});

/**
 * An over-the-board Swiss in round 2: Ann–Bob on board 1 (no result), Cid–Dee on board 2 (Red
 * won), Eve with the bye.
 * @param {object} [more]
 */
function tournament(more = {}) {
  const names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'];
  return {
    id: ID, name: 'Club night', format: 'swiss', rules: '', rated: true, state: 'running', round: 2, rounds: 3,
    rounds_finished: 1, over_the_board: true,
    players: names.map((name, i) => ({ number: i + 1, name, rating: 1500 + i, withdrawn: false })),
    pairings: [
      { round: 1, board: 1, red: 1, blue: 3, result: 'red', game: null },
      { round: 1, board: 2, red: 2, blue: 4, result: 'draw', game: null },
      { round: 1, board: 3, red: 5, blue: null, result: null, game: null },
      { round: 2, board: 3, red: 4, blue: null, result: null, game: null },
      { round: 2, board: 1, red: 1, blue: 2, result: null, game: null, reports: { red: 'red', blue: null } },
      { round: 2, board: 2, red: 3, blue: 5, result: 'red', game: null },
    ],
    standings: [], tie_breaks: ['buchholz', 'sonneborn-berger'],
    ...more,
  };
}

test('the report panel shows the board asked, or the member’s own board while its result is not in', () => {
  const night = tournament();
  const asked = { round: 2, board: 1 };
  assert.deepEqual(reportView(night, 'Bob', asked), { kind: 'player', pairing: night.pairings[4], side: 'blue', opponent: 'Ann', state: 'theirs', mine: null });
  assert.deepEqual(reportView(night, 'Ann', null), { kind: 'player', pairing: night.pairings[4], side: 'red', opponent: 'Bob', state: 'waiting', mine: 'won' });
  assert.equal(reportView(night, null, asked)?.kind, 'sign-in');
  assert.equal(reportView(night, 'Cid', asked)?.kind, 'not-yours');
  assert.equal(reportView(night, 'Zed', asked)?.kind, 'not-yours', 'a member who does not play');
  assert.equal(reportView(night, 'Cid', { round: 2, board: 2 })?.kind, 'closed', 'the result is in');
  assert.equal(reportView(night, 'Ann', { round: 1, board: 1 })?.kind, 'closed', 'an earlier round');
  assert.equal(reportView(night, 'Ann', { round: 2, board: 9 })?.kind, 'unknown');
  assert.equal(reportView(night, 'Dee', { round: 2, board: 3 })?.kind, 'unknown', 'a bye has nothing to report');
  // Nothing to show: a player whose result is in, one with the bye, a guest, all without a board asked.
  assert.equal(reportView(night, 'Cid', null), null);
  assert.equal(reportView(night, 'Dee', null), null);
  assert.equal(reportView(night, null, null), null);
  // A tournament on the server: said only when a board is asked.
  assert.deepEqual(reportView(tournament({ over_the_board: false }), 'Ann', asked), { kind: 'online' });
  assert.equal(reportView(tournament({ over_the_board: false }), 'Ann', null), null);
  assert.equal(reportView(tournament({ state: 'finished' }), 'Ann', asked)?.kind, 'closed');
});

test('the sheets page reads the tournament, the round or the screen; anything else is refused', () => {
  assert.deepEqual(sheetsLink(`?tournament=${ID}&round=2&lang=fr`), { id: ID, view: 'print', round: 2 });
  assert.deepEqual(sheetsLink(`?tournament=${ID}`), { id: ID, view: 'print', round: null });
  assert.deepEqual(sheetsLink(`?tournament=${ID}&show=screen&round=2`), { id: ID, view: 'screen' });
  for (const bad of ['?round=2', '?tournament=bad&round=1', `?tournament=${ID}&round=0`, `?tournament=${ID}&round=x`, `?tournament=${ID}&round=1000`]) {
    assert.equal(sheetsLink(bad), null, bad);
  }
});

test('a round’s boards come in board order, the byes apart', () => {
  const night = tournament();
  const { games, byes } = roundBoards(night, 2);
  assert.deepEqual(games.map((p) => p.board), [1, 2]);
  assert.deepEqual(byes, [4]);
  assert.deepEqual(roundBoards(night, 3), { games: [], byes: [] });
});

test('the standings are “after round n” while no result of the round played counts, else “during”', () => {
  assert.deepEqual(standingsMoment(tournament()), { when: 'during', round: 2 }, 'board 2 of round 2 is in');
  const paired = tournament();
  paired.pairings[5] = { ...paired.pairings[5], result: null };
  assert.deepEqual(standingsMoment(paired), { when: 'after', round: 1 }, 'a bye is no result');
  assert.deepEqual(standingsMoment(tournament({ round: 1, rounds_finished: 0, pairings: [board()] })), { when: 'after', round: 0 });
});

test('a score sheet has 60 numbered lines in two columns side by side', () => {
  const columns = moveColumns();
  assert.equal(columns.length, 2);
  assert.deepEqual(columns[0], Array.from({ length: 30 }, (_, i) => i + 1));
  assert.deepEqual(columns[1], Array.from({ length: 30 }, (_, i) => i + 31));
  assert.deepEqual(moveColumns(7, 3), [[1, 2, 3], [4, 5, 6], [7]]);
  assert.deepEqual(moveColumns(4, 3), [[1, 2], [3, 4]], 'no empty column');
});

test('a QR code is drawn as one rectangle per run of dark modules in a row', () => {
  // 1 1 0
  // 0 1 1
  // 1 0 1
  assert.deepEqual(qrPath([1, 1, 0, 0, 1, 1, 1, 0, 1]), { side: 3, path: 'M0 0h2v1h-2zM1 1h2v1h-2zM0 2h1v1h-1zM2 2h1v1h-1z' });
  assert.deepEqual(qrPath(Uint8Array.of(0, 0, 0, 0)), { side: 2, path: '' });
  assert.throws(() => qrPath([1, 0, 1]), /3 modules make no square/);
});
