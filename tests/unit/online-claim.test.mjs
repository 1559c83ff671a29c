// "Claim the win" is offered exactly when the server grants it (www/online/claim.js): while the
// game is played, the opponent is to move and has been away for the server's claim time, counted
// from what the server said and when the page heard it; never before, never on the player's own
// turn, never while the opponent is connected.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { awaySince, claimFrom } from '../../www/online/claim.js';

const players = { red: { name: 'Ana', connected: true }, blue: { name: 'Ben', connected: false } };
const playing = { status: /** @type {const} */ ('playing'), turn: /** @type {const} */ ('blue'), players };

test('the win may be claimed once the opponent to move has been away for the claim time', () => {
  // Heard at 10 000 that Blue had been away 1 500 ms: away since 8 500, claimable from 68 500.
  const away = awaySince({ red: true, blue: false }, { red: 0, blue: 1500 }, 10_000);
  assert.deepEqual(away, { red: null, blue: 8500 });
  assert.equal(claimFrom(playing, 'red', away, 60_000), 68_500);
});

test('it is not offered when the server would refuse it', () => {
  const away = { red: null, blue: 8500 };
  assert.equal(claimFrom({ ...playing, turn: 'red' }, 'red', away, 60_000), null, 'the player’s own turn');
  assert.equal(claimFrom(playing, 'red', { red: null, blue: null }, 60_000), null, 'the opponent is connected');
  assert.equal(claimFrom({ ...playing, status: 'over' }, 'red', away, 60_000), null, 'the game is over');
  assert.equal(claimFrom({ ...playing, status: 'open' }, 'red', away, 60_000), null, 'not started');
  assert.equal(claimFrom(playing, null, away, 60_000), null, 'a spectator');
  assert.equal(claimFrom(playing, 'red', away, null), null, 'no claim time heard');
  assert.equal(claimFrom({ ...playing, players: { ...players, blue: null } }, 'red', away, 60_000), null, 'an empty seat');
});

test('a seat the server did not say an absence for is away from when the page heard it', () => {
  assert.deepEqual(awaySince({ red: false, blue: true }, undefined, 500), { red: 500, blue: null });
});
