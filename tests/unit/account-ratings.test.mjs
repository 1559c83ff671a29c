import assert from 'node:assert/strict';
import { test } from 'node:test';
import { graphPoints, ratingText } from '../../www/account/ratings.js';

test('a provisional rating is marked with a question mark', () => {
  assert.equal(ratingText({ rating: 1500, provisional: true }), '1500?');
  assert.equal(ratingText({ rating: 1723, provisional: false }), '1723');
});

test('a history spans the box, the highest rating at the top', () => {
  assert.deepEqual(graphPoints([1500, 1600, 1550], 100, 50, 0), [
    { x: 0, y: 50 }, { x: 50, y: 0 }, { x: 100, y: 25 },
  ]);
  assert.deepEqual(graphPoints([1500], 100, 50, 0), [{ x: 0, y: 25 }, { x: 100, y: 25 }], 'one point: a flat line');
  assert.deepEqual(graphPoints([], 100, 50), []);
  const padded = graphPoints([1400, 1450], 100, 50, 4);
  assert.deepEqual(padded, [{ x: 4, y: 46 }, { x: 96, y: 4 }]);
});
