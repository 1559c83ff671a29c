// Which puzzles suit the player, when they have not chosen a difficulty: a newcomer's first
// puzzles are the easiest (difficulty 1, winning the game: the plainest goal), then puzzles
// rated near the player's puzzle rating. No page here, so that it can be tested alone.

import { puzzleRating } from './puzzle-rating.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('./puzzle-rating.js').RatingState} RatingState */

/** How many rated puzzles a newcomer gets from the easiest. */
export const EASY_START = 3;
/** How far from the player's rating a suited puzzle's rating may be (one difficulty step). */
const NEAR = 200;

/**
 * The puzzles of `puzzles` that suit the player of `state`: the easiest for a newcomer, else
 * those rated within NEAR of the player (the nearest ones if none is that near).
 * @param {readonly Puzzle[]} puzzles
 * @param {RatingState} state
 */
export function suited(puzzles, state) {
  const newcomer = state.played.length < EASY_START;
  const wins = puzzles.filter((p) => p.goal === 'win');
  const from = newcomer && wins.length ? wins : puzzles;
  const target = newcomer ? puzzleRating(1) : state.rating;
  const distance = (/** @type {Puzzle} */ p) => Math.abs(puzzleRating(p.difficulty) - target);
  const nearest = Math.min(...from.map(distance));
  const reach = Math.max(nearest, newcomer ? 0 : NEAR);
  return from.filter((p) => distance(p) <= reach);
}
