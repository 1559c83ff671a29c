// The game clocks (www/game/clock.js): time running on one side at a time, the increment after a
// move, running out of time, saving and restoring, and how a time is written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Clock, formatTime } from '../../www/game/clock.js';

const MINUTE = 60_000;

test('a new clock is full on both sides and stopped', () => {
  const clock = new Clock({ minutes: 5, increment: 3 });
  assert.equal(clock.remaining('red', 1e9), 5 * MINUTE);
  assert.equal(clock.remaining('blue', 1e9), 5 * MINUTE);
  assert.equal(clock.running, null);
  assert.equal(clock.flagged(1e9), null);
});

test('only the running side loses time', () => {
  const clock = new Clock({ minutes: 1, increment: 0 });
  clock.run('red', 1000);
  assert.equal(clock.remaining('red', 21_000), 40_000);
  assert.equal(clock.remaining('blue', 21_000), MINUTE);
});

test('pressing after a move adds the increment to the mover and starts the other clock', () => {
  const clock = new Clock({ minutes: 1, increment: 2 });
  clock.run('red', 0);
  clock.press('red', 10_000);
  assert.equal(clock.remaining('red', 50_000), 52_000);
  assert.equal(clock.running, 'blue');
  assert.equal(clock.remaining('blue', 50_000), 20_000);
});

test('time never goes below zero, and the side out of time is flagged', () => {
  const clock = new Clock({ minutes: 1, increment: 5 });
  clock.run('blue', 0);
  assert.equal(clock.flagged(MINUTE - 1), null);
  assert.equal(clock.remaining('blue', 2 * MINUTE), 0);
  assert.equal(clock.flagged(MINUTE), 'blue');
  // A side out of time gets no increment.
  clock.press('blue', 2 * MINUTE);
  assert.equal(clock.remaining('blue', 3 * MINUTE), 0);
});

test('stopping keeps the time left', () => {
  const clock = new Clock({ minutes: 1, increment: 0 });
  clock.run('red', 0);
  clock.stop(15_000);
  assert.equal(clock.running, null);
  assert.equal(clock.remaining('red', 100_000), 45_000);
});

test('a snapshot brings the same clocks back, still running', () => {
  const clock = new Clock({ minutes: 3, increment: 2 });
  clock.run('red', 0);
  clock.press('red', 7000);
  const copy = Clock.fromSnapshot(JSON.parse(JSON.stringify(clock.snapshot())));
  assert.ok(copy);
  assert.deepEqual(copy.snapshot(), clock.snapshot());
  assert.equal(copy.remaining('blue', 17_000), clock.remaining('blue', 17_000));
});

test('saved data that is not a clock is refused', () => {
  const good = new Clock({ minutes: 1, increment: 0 }).snapshot();
  const bad = [
    null, 'clock', {},
    { ...good, control: { minutes: 0, increment: 0 } },
    { ...good, control: { minutes: 1, increment: -1 } },
    { ...good, left: { red: -5, blue: 10 } },
    { ...good, left: { red: Infinity, blue: 10 } },
    { ...good, left: { red: '10', blue: 10 } },
    { ...good, running: 'green' },
    { ...good, since: Number.NaN },
  ];
  for (const data of bad) assert.equal(Clock.fromSnapshot(data), null, JSON.stringify(data));
  assert.ok(Clock.fromSnapshot(good));
});

test('times are written as minutes and seconds, hours when needed, tenths under ten seconds', () => {
  assert.equal(formatTime(245_000), '4:05');
  assert.equal(formatTime(59_000), '0:59');
  assert.equal(formatTime(58_001), '0:59'); // a second begun is shown
  assert.equal(formatTime(10_000), '0:10');
  assert.equal(formatTime(9_449), '9.4'); // tenths are cut, not rounded up
  assert.equal(formatTime(0), '0.0');
  assert.equal(formatTime(3_723_000), '1:02:03');
  assert.equal(formatTime(9_400, 'fr'), '9,4');
});
