// Ratings as the page writes them: "1523", or "1500?" while provisional; and the points of a
// rating history's small graph. Pure: no page, no server.

/** The clock categories of the club's ratings, fastest first. */
export const CLOCK_CATEGORIES = ['blitz', 'rapid', 'classical', 'correspondence'];
/** Every category of the club's ratings: the clock's, then games played over the board. */
export const CATEGORIES = [...CLOCK_CATEGORIES, 'over-the-board'];

/**
 * "1523", or "1500?" while the rating is provisional.
 * @param {{rating: number, provisional: boolean}} shown
 */
export function ratingText({ rating, provisional }) {
  return provisional ? `${rating}?` : String(rating);
}

/**
 * The points of a graph of `ratings` (oldest first) in a `width` × `height` box with `pad`
 * around: the first at the left, the last at the right, the highest rating at the top. A
 * single rating is a flat line across; none, no points.
 * @param {number[]} ratings
 * @param {number} width
 * @param {number} height
 * @param {number} [pad]
 * @returns {{x: number, y: number}[]}
 */
export function graphPoints(ratings, width, height, pad = 4) {
  if (ratings.length === 0) return [];
  const values = ratings.length === 1 ? [ratings[0], ratings[0]] : ratings;
  const low = Math.min(...values);
  const span = Math.max(...values) - low;
  const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;
  return values.map((rating, i) => ({
    x: round(pad + (i * (width - 2 * pad)) / (values.length - 1)),
    y: round(span === 0 ? height / 2 : pad + ((Math.max(...values) - rating) * (height - 2 * pad)) / span),
  }));
}
