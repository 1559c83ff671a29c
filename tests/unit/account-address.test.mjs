import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountAddress, accountLink } from '../../www/account/account-address.js';

test('a profile or a leaderboard is read from the address, and a wrong one is said', () => {
  assert.deepEqual(accountLink('?member=Carol'), { view: 'member', name: 'Carol' });
  assert.deepEqual(accountLink('?leaderboard=&category=blitz'), { view: 'leaderboard', rules: '', category: 'blitz' });
  assert.deepEqual(accountLink('?leaderboard=dog-swims%3Dyes'), { view: 'leaderboard', rules: 'dog-swims=yes', category: null });
  assert.deepEqual(accountLink('?lang=de'), { view: 'none' });
  assert.deepEqual(accountLink('?member=no%20spaces'), { view: 'bad' });
  assert.deepEqual(accountLink('?member=ab'), { view: 'bad' }, 'too short for a name');
  assert.deepEqual(accountLink('?leaderboard=&category=bullet-chess'), { view: 'bad' });
  assert.deepEqual(accountLink(`?leaderboard=${'x'.repeat(513)}`), { view: 'bad' });
  assert.deepEqual(accountLink('?embed=1&leaderboard='), { view: 'none' }, 'the embedded rating list is another page');
});

test('the address of a view keeps the rest of the address, and none takes the view out', () => {
  const base = 'https://club.example/jungle/index.html?lang=ja';
  const profile = accountAddress(base, { view: 'member', name: 'Carol' });
  assert.equal(profile, 'https://club.example/jungle/index.html?lang=ja&member=Carol');
  const board = accountAddress(profile, { view: 'leaderboard', rules: '', category: 'rapid' });
  assert.equal(board, 'https://club.example/jungle/index.html?lang=ja&leaderboard=&category=rapid');
  assert.deepEqual(accountLink(new URL(board).search), { view: 'leaderboard', rules: '', category: 'rapid' });
  assert.equal(accountAddress(board, { view: 'none' }), base);
});
