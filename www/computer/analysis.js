// Questions for the AI about positions — hints, the evaluation bar, reviews — asked of a second
// worker (ai-client.js), so that they never hold up the computer's own moves or the page.
// Questions wait in line, one at a time; a question that nobody wants any more by its turn
// (`wanted()` false) is skipped. Evaluations are kept per position, so a review of a game
// asks only about the positions not seen before. Each answer keeps the engine's move there too,
// the better move a review shows.

import { AiClient } from './ai-client.js';

/** @typedef {import('./eval-value.js').Value} Value */
/** @typedef {import('../game/types.js').SearchInfo} SearchInfo */
/** @typedef {import('../game/types.js').Side} Side */
/**
 * A game as the analyst asks about it: `turns[ply]` is the side to move after `ply` moves.
 * @typedef {{rules: string, startFen: string, moves: string[], turns: Side[]}} GameFacts
 */

/**
 * What the engine makes of a position: its value from Red's side and the move it would play.
 * @typedef {{value: Value, best: string | null}} Assessment
 */

/** How long one evaluation may take, in milliseconds, and its deepest search. */
const EVAL_MS = 600;
const EVAL_DEPTH = 7;
/** The longest a hint may think, by level 1–8 (a little less than the computer itself). */
const HINT_MS = [400, 500, 700, 900, 1200, 1500, 2000, 2500];
/** The longest the best hint may think (its node budget, hint.rs, usually ends it sooner). */
const BEST_HINT_MS = 1000;
/** How many evaluations to remember. */
const CACHE_SIZE = 600;

/**
 * The score of a search result from Red's point of view: {cp} or {mate} (positive: Red wins).
 * @param {SearchInfo} result
 * @param {Side} turn
 * @returns {Value}
 */
function redView(result, turn) {
  const sign = turn === 'red' ? 1 : -1;
  if (result.mate != null) return { mate: sign * result.mate };
  return { cp: sign * (result.cp ?? 0) };
}

export class Analyst {
  constructor() {
    /** @type {AiClient | null} */
    this.client = null;
    /** @type {Promise<unknown>} */
    this.line = Promise.resolve();
    /** @type {Map<string, Assessment>} */
    this.cache = new Map();
  }

  /** The worker, started on the first question. */
  get ai() {
    this.client ??= new AiClient({ onTrouble: () => {} });
    return this.client;
  }

  /**
   * Runs `job()` after the questions already waiting, unless `wanted()` is false by then.
   * @template T
   * @param {() => Promise<T>} job
   * @returns {Promise<T | null>}
   */
  enqueue(job, wanted = () => true) {
    const answer = this.line.then(() => (wanted() ? job() : null));
    this.line = answer.catch(() => null);
    return answer;
  }

  /**
   * The evaluation after the first `ply` moves of a game ({rules, startFen, moves, turns}):
   * {cp} or {mate} from Red's side (null if nobody wanted it any more by its turn).
   * `turns[ply]` is the side to move there.
   * @param {GameFacts} game
   * @param {number} ply
   * @param {() => boolean} wanted
   * @returns {Promise<Value | null>}
   */
  async evaluate(game, ply, wanted) {
    return (await this.assess(game, ply, wanted))?.value ?? null;
  }

  /**
   * The evaluation after the first `ply` moves (as `evaluate`) and the move the engine would
   * play there (null if it has none), from the same search.
   * @param {GameFacts} game
   * @param {number} ply
   * @param {() => boolean} wanted
   * @returns {Promise<Assessment | null>}
   */
  assess(game, ply, wanted) {
    const moves = game.moves.slice(0, ply);
    const key = `${game.rules}|${game.startFen}|${moves.join(' ')}`;
    const known = this.cache.get(key);
    if (known) return Promise.resolve(known);
    return this.enqueue(async () => {
      const cached = this.cache.get(key);
      if (cached) return cached;
      const request = { rules: game.rules, startFen: game.startFen, moves, depth: EVAL_DEPTH, movetimeMs: EVAL_MS };
      const result = await this.ai.think(request, () => {});
      const assessment = Object.freeze({ value: redView(result, game.turns[ply]), best: result.best });
      const oldest = this.cache.keys().next();
      if (this.cache.size >= CACHE_SIZE && !oldest.done) this.cache.delete(oldest.value);
      this.cache.set(key, assessment);
      return assessment;
    }, wanted);
  }

  /**
   * Fills in `assessed` (an assessment per ply of `game`, null where unknown) in order, one
   * position after the other while `wanted()`: `asking(ply)` before each question, `answered()`
   * after each answer (null where the engine failed). Resolves whether it got to the end.
   * @param {GameFacts} game
   * @param {(Assessment | null)[]} assessed
   * @param {() => boolean} wanted
   * @param {{asking?: (ply: number) => void, answered: () => void}} report
   */
  async assessAll(game, assessed, wanted, { asking = () => {}, answered }) {
    for (let ply = 0; ply < assessed.length; ply++) {
      if (assessed[ply]) continue;
      asking(ply);
      let assessment;
      try {
        assessment = await this.assess(game, ply, wanted);
      } catch {
        assessment = null;
      }
      if (!wanted()) return false;
      assessed[ply] = assessment;
      answered();
    }
    return true;
  }

  /**
   * A hint for the position after `moves`: the best move (`level` 0), or one at `level` 1–8;
   * the AI's result, with why (`why`).
   * @param {GameFacts} game
   * @param {number} level
   */
  suggest(game, level) {
    const request = {
      rules: game.rules,
      startFen: game.startFen,
      moves: game.moves,
      hint: true,
      ...(level ? { level, seed: Math.floor(Math.random() * 2 ** 32) } : {}),
      movetimeMs: level ? HINT_MS[level - 1] : BEST_HINT_MS,
    };
    return this.enqueue(() => this.ai.think(request, () => {}));
  }
}

/**
 * What the analyst needs to know about `snapshot`'s game.
 * @param {import('../game/types.js').Snapshot} snapshot
 * @returns {GameFacts}
 */
export function gameFacts(snapshot) {
  const { history } = snapshot;
  const turns = history.map((entry) => entry.color);
  turns.push(snapshot.turn);
  return { rules: snapshot.rules, startFen: snapshot.startFen, moves: history.map((entry) => entry.move), turns };
}
