// The lobby's filter as the server is asked for it (www/online/lobby-filter.js): a clock
// category and a rating range, what is not a rating left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lobbyQuery } from '../../www/online/lobby-filter.js';

test('the lobby is asked for the clock category and the rating range set', () => {
  assert.equal(lobbyQuery({ clock: '', min: '', max: '' }), '');
  assert.equal(lobbyQuery({ clock: 'blitz', min: '', max: '' }), '?clock=blitz');
  assert.equal(lobbyQuery({ clock: 'rapid', min: '1400', max: '1800' }), '?clock=rapid&min_rating=1400&max_rating=1800');
  assert.equal(lobbyQuery({ clock: '', min: ' 0150 ', max: '' }), '?min_rating=150');
});

test('what is not a rating is left out', () => {
  assert.equal(lobbyQuery({ clock: '', min: '-5', max: '1e3' }), '');
  assert.equal(lobbyQuery({ clock: '', min: '12345', max: 'x' }), '');
});
