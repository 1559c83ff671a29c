// The puzzle rating rules (www/puzzles/puzzle-score.js, README "Puzzles"): a puzzle is rated
// once, on its first result; the first wrong try, hint or solution is a miss, rated at once and
// costing what the buttons said; a missed puzzle finished is said so. The choice of puzzles
// that suit the player (puzzle-pick.js), and what survives a reload (puzzle-progress.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { laterWords } from '../../www/page/i18n.js';
import { PuzzleScore } from '../../www/puzzles/puzzle-score.js';
import { EASY_START, suited } from '../../www/puzzles/puzzle-pick.js';
import { expectedScore, freshState, missCost, rate, signed } from '../../www/puzzles/puzzle-rating.js';
import { PROGRESS_KEY, loadProgress, puzzleAddress, saveProgress } from '../../www/puzzles/puzzle-progress.js';

await laterWords();

/** A puzzle of `difficulty` (the fields the score and the choice read). */
function puzzle(id, difficulty, goal = 'win') {
  return { id, set: 'standard', rules: '', fen: '7/7/7/7/7/7/7/7/7 w', solution: ['a1a2'], themes: [], difficulty, goal };
}

/** A score starting from `state`, and the states it reported. */
function scoreFrom(state) {
  const reported = [];
  const score = new PuzzleScore((s) => reported.push(s));
  score.state = state;
  return { score, reported };
}

test('a rating change is shown with its sign: a minus sign, not a hyphen', () => {
  assert.deepEqual([signed(12), signed(-8), signed(0)], ['+12', '\u22128', '\u00b10']);
});

test('solved with no wrong try, hint or solution: a win, rated once', () => {
  const { score, reported } = scoreFrom(freshState());
  score.begin(puzzle('aaaaaa', 3));
  assert.equal(score.cost, Math.round(1200 - 40 * expectedScore(1200, 1300)) - 1200);
  const words = score.finish();
  const gain = Math.round(40 * (1 - expectedScore(1200, 1300)));
  assert.deepEqual(words, { title: 'Solved!', detail: `Rating +${gain}.`, missed: false });
  assert.deepEqual(score.state, rate(freshState(), 'aaaaaa', 3, true));
  assert.equal(reported.length, 1);
  // Played out again (a redo): rated already, nothing more.
  score.finish();
  assert.equal(reported.length, 1);
  assert.equal(score.cost, 0, 'once rated, help costs nothing');
});

test('the first wrong try is a miss at once, costing what Hint said; finishing it does not undo that', () => {
  const { score, reported } = scoreFrom(freshState());
  score.begin(puzzle('bbbbbb', 2));
  const said = score.cost;
  assert.ok(said < 0);
  assert.equal(score.miss('wrong'), said, 'the rating falls by the cost the buttons showed');
  assert.deepEqual(score.state, rate(freshState(), 'bbbbbb', 2, false));
  assert.deepEqual([score.state.solved, score.state.failed], [0, 1]);
  assert.equal(score.miss('wrong'), null, 'a second wrong try costs nothing more');
  assert.equal(score.cost, 0);
  // The player finds the line after all: said honestly, and still a miss.
  assert.deepEqual(score.finish(), { title: 'Solved after a wrong try', detail: `Counted as missed: rating \u2212${-said}.`, missed: true });
  assert.deepEqual([score.state.solved, score.state.failed], [0, 1]);
  assert.equal(reported.length, 1);
});

test('a hint is a miss, costing what its button said; the solution after it costs nothing more', () => {
  const { score } = scoreFrom(freshState());
  score.begin(puzzle('cccccc', 1));
  const said = score.cost;
  assert.equal(said, missCost(freshState(), 'cccccc', 1));
  assert.equal(score.miss('hint'), said);
  assert.equal(score.state.rating, 1200 + said);
  assert.equal(score.miss('shown'), null);
  assert.deepEqual(score.finish(), { title: 'Solution shown', detail: `Counted as missed: rating \u2212${-said}.`, missed: true });
});

test('a wrong try then the solution: one miss, the solution shown', () => {
  const { score } = scoreFrom(freshState());
  score.begin(puzzle('dddddd', 4));
  const change = score.miss('wrong');
  assert.equal(score.miss('shown'), null);
  assert.deepEqual(score.finish(), { title: 'Solution shown', detail: `Counted as missed: rating ${signed(change ?? 0)}.`, missed: true });
  assert.deepEqual(score.state, rate(freshState(), 'dddddd', 4, false));
});

test('a puzzle rated before changes nothing, and says so', () => {
  const before = rate(freshState(), 'eeeeee', 3, true);
  const { score, reported } = scoreFrom(before);
  score.begin(puzzle('eeeeee', 3));
  assert.equal(score.cost, 0);
  assert.equal(score.miss('hint'), null);
  assert.deepEqual(score.finish(), { title: 'Solved with a hint', detail: 'Played before: not rated again.', missed: true });
  assert.equal(score.state, before);
  assert.deepEqual(reported, []);
});

test('an attempt goes on after a reload as it stood: its miss is not rated again', () => {
  const missed = rate(freshState(), 'ffffff', 2, false);
  const { score, reported } = scoreFrom(missed);
  const change = missed.rating - 1200;
  score.begin(puzzle('ffffff', 2), { wrong: true, hint: false, shown: false, before: false, change });
  assert.equal(score.cost, 0);
  assert.deepEqual(score.finish(), { title: 'Solved after a wrong try', detail: `Counted as missed: rating ${signed(change)}.`, missed: true });
  assert.equal(score.state, missed);
  assert.deepEqual(reported, []);
});

/** Puzzles of every difficulty and both goals. */
const ALL = [1, 2, 3, 4, 5].flatMap((d) => [puzzle(`w${d}`, d), puzzle(`g${d}`, d, 'gain')]);
const ids = (puzzles) => puzzles.map((p) => p.id).sort();

test('a newcomer gets the easiest puzzles, winning the game, for their first three', () => {
  let state = freshState();
  for (let n = 0; n < EASY_START; n += 1) {
    assert.deepEqual(ids(suited(ALL, state)), ['w1'], `puzzle ${n + 1}`);
    state = rate(state, `p${n}`, 1, true);
  }
  assert.equal(EASY_START, 3);
  // Only material puzzles to choose from (the player chose that goal): the easiest of them.
  assert.deepEqual(ids(suited(ALL.filter((p) => p.goal === 'gain'), freshState())), ['g1']);
  // A theme without easy puzzles: the easiest it has.
  assert.deepEqual(ids(suited(ALL.filter((p) => p.difficulty >= 3), freshState())), ['w3']);
});

test('after that, puzzles rated near the player: one difficulty step either side', () => {
  const played = ['a', 'b', 'c'];
  const at = (rating) => ({ rating, solved: 3, failed: 0, played });
  assert.deepEqual(ids(suited(ALL, at(1200))), ['g2', 'g3', 'w2', 'w3']); // 1100 and 1300
  assert.deepEqual(ids(suited(ALL, at(1100))), ['g1', 'g2', 'g3', 'w1', 'w2', 'w3']);
  assert.deepEqual(ids(suited(ALL, at(1700))), ['g4', 'g5', 'w4', 'w5']);
  // Far below the easiest or above the hardest: the nearest.
  assert.deepEqual(ids(suited(ALL, at(400))), ['g1', 'w1']);
  assert.deepEqual(ids(suited(ALL, at(2600))), ['g5', 'w5']);
  assert.deepEqual(suited([], at(1200)), []);
});

test('the attempt on the board is kept, and unreadable data is none', () => {
  const items = new Map();
  const storage = {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => { items.set(k, v); },
    removeItem: (k) => { items.delete(k); },
  };
  assert.equal(loadProgress(storage), null);
  const progress = { id: 'abcdef', daily: false, ply: 2, wrong: true, hint: false, shown: false, before: false, change: -12 };
  assert.equal(saveProgress(storage, progress), true);
  assert.deepEqual(loadProgress(storage), progress);
  assert.equal(saveProgress(storage, null), true);
  assert.equal(items.has(PROGRESS_KEY), false);
  for (const broken of ['not json', '{"id": 5}', JSON.stringify({ ...progress, ply: -1 }), JSON.stringify({ ...progress, change: 'x' })]) {
    items.set(PROGRESS_KEY, broken);
    assert.equal(loadProgress(storage), null, broken);
  }
  assert.equal(saveProgress(null, progress), false);
});

test('the address names the puzzle on the board, and nothing else of puzzles', () => {
  assert.equal(puzzleAddress('https://x.org/index.html?lang=de&puzzles=1', 'abc123'), 'https://x.org/index.html?lang=de&puzzle=abc123');
  assert.equal(puzzleAddress('https://x.org/?puzzle=abc123', 'abc123'), null, 'no change needed');
  assert.equal(puzzleAddress('https://x.org/?puzzle=abc123&lang=ja', null), 'https://x.org/?lang=ja');
  assert.equal(puzzleAddress('https://x.org/', null), null);
});
