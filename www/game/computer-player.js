// The computer as a player: when a snapshot says it is the computer's turn, it asks the AI
// worker (ai-client.js) for a move and plays it through the game's owner, like a person would.
// A change of position, settings or tool before the answer makes the question stale: it is
// dropped, and asked again if the computer is still to move.

import { AiClient } from '../computer/ai-client.js';
import { isComputer } from './settings.js';
import { errorText } from '../page/i18n.js';

/** @typedef {import('./types.js').Snapshot} Snapshot */
/** @typedef {import('./types.js').SearchInfo} SearchInfo */
/** @typedef {import('./types.js').Side} Side */
/**
 * What the computer tells the page (see ComputerPlayer).
 * @typedef {object} ComputerShow
 * @property {() => void} started
 * @property {(info: SearchInfo, side: Side) => void} progress
 * @property {() => void} stopped
 * @property {(message: string, retrying: boolean) => void} trouble
 * @property {(message: string) => void} failed
 */

/**
 * The longest the computer thinks, in milliseconds: level 8 all of it (with the evaluation's
 * net it plays as well in 1 s as it did in 5 s without: README), levels 1–7 stop sooner, at
 * their node budgets.
 */
const THINK_MS = 1000;
/** The least time between a move and the computer's answer, so that people can follow. */
const ANSWER_PAUSE_MS = 450;
/** The same in computer-against-computer games, to let people watch. */
const WATCH_PAUSE_MS = 800;

/**
 * What a question depends on: the position, the level, and whether the board is free.
 * @param {Snapshot} snapshot
 */
function questionKey(snapshot) {
  return `${snapshot.position}|${snapshot.settings.level}|${snapshot.settings.mode}|${snapshot.settings.side}|${Boolean(snapshot.tool)}`;
}

/**
 * Whether the computer is to move in `snapshot`.
 * @param {Snapshot} snapshot
 */
export function computerToMove(snapshot) {
  return !snapshot.tool && !snapshot.outcome && isComputer(snapshot.settings, snapshot.turn);
}

/**
 * Whether the computer's own search (its depth, score and planned line) may be shown: only
 * when it plays both sides. Against a person it would tell its opponent its plan.
 * @param {Readonly<import('./types.js').Settings>} settings
 */
export function showsItsSearch(settings) {
  return settings.mode === 'watch';
}

export class ComputerPlayer {
  /**
   * `owner` is the game's owner (game-controller.js). `show` tells the page what happens:
   * started() when a question is asked, progress(info, side) for each report of the search,
   * stopped() when the question is answered or dropped, trouble(message, retrying) when the
   * worker had to be replaced, failed(message) when no move came.
   * @param {import('./game-controller.js').GameController} owner
   * @param {ComputerShow} show
   */
  constructor(owner, show) {
    this.owner = owner;
    this.show = show;
    this.ai = new AiClient({ onTrouble: (message, retrying) => show.trouble(message, retrying) });
    /** @type {string | null} the question open (questionKey), if any */
    this.key = null;
    this.token = 0;
    owner.subscribe((snapshot, change) => this.follow(snapshot, change));
  }

  /** Whether a question is open. */
  get thinking() {
    return this.key !== null;
  }

  /**
   * @param {Snapshot} snapshot
   * @param {import('./types.js').Change} change
   */
  follow(snapshot, change) {
    if (change.type === 'new-game') this.ai.newGame();
    if (this.key !== null && this.key === questionKey(snapshot)) return; // still the same question
    this.stop();
    if (computerToMove(snapshot)) this.think(snapshot);
  }

  /**
   * Asks for a move in `snapshot`'s position and plays it when it comes.
   * @param {Snapshot} snapshot
   */
  think(snapshot) {
    const token = ++this.token;
    this.key = questionKey(snapshot);
    const { level, mode } = snapshot.settings;
    const started = performance.now();
    const request = {
      rules: snapshot.rules,
      startFen: snapshot.startFen,
      moves: snapshot.history.map((entry) => entry.move),
      level,
      movetimeMs: THINK_MS,
      seed: Math.floor(Math.random() * 2 ** 32),
    };
    this.show.started();
    this.ai.think(request, (info) => {
      if (token === this.token) this.show.progress(info, snapshot.turn);
    }).then(async (result) => {
      const pause = mode === 'watch' ? WATCH_PAUSE_MS : ANSWER_PAUSE_MS;
      await new Promise((resolve) => setTimeout(resolve, pause - (performance.now() - started)));
      if (token !== this.token) return;
      this.done();
      if (!result.best) return;
      try {
        this.owner.play(result.best);
      } catch (error) {
        this.show.failed(errorText(error));
      }
    }, (error) => {
      if (token !== this.token) return;
      this.done();
      this.show.failed(errorText(error));
    });
  }

  /** "Move now": plays the best move found so far (false if there is none yet). */
  moveNow() {
    return this.ai.moveNow();
  }

  /** Drops the open question, if any. */
  stop() {
    if (this.key === null) return;
    this.ai.cancel();
    this.done();
  }

  done() {
    this.token++;
    this.key = null;
    this.show.stopped();
  }
}
