// The lobby's filter as the server is asked for it (www/online/lobby-filter.js): the rules, a
// clock category and a rating range, what is not a rating left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lobbyQuery } from '../../www/online/lobby-filter.js';

test('the lobby is asked for the clock category and the rating range set', () => {
  assert.equal(lobbyQuery({ rules: null, clock: '', min: '', max: '' }), '');
  assert.equal(lobbyQuery({ rules: null, clock: 'blitz', min: '', max: '' }), '?clock=blitz');
  assert.equal(lobbyQuery({ rules: null, clock: 'rapid', min: '1400', max: '1800' }), '?clock=rapid&min_rating=1400&max_rating=1800');
  assert.equal(lobbyQuery({ rules: null, clock: '', min: ' 0150 ', max: '' }), '?min_rating=150');
});

test('what is not a rating is left out', () => {
  assert.equal(lobbyQuery({ rules: null, clock: '', min: '-5', max: '1e3' }), '');
  assert.equal(lobbyQuery({ rules: null, clock: '', min: '12345', max: 'x' }), '');
});

test('the rules are asked for as the preset’s text, the standard rules as an empty one', () => {
  assert.equal(lobbyQuery({ rules: '', clock: '', min: '', max: '' }), '?rules=');
  assert.equal(lobbyQuery({ rules: 'traps=universal', clock: 'blitz', min: '', max: '' }), '?rules=traps%3Duniversal&clock=blitz');
});
