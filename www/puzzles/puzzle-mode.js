// The Puzzles mode: a panel beside the board with a position where the side to move forces a
// win, or a gain of material (the puzzle is solved when its line's last move is played).
// The player finds the moves; the defender's replies come from the puzzle's solution; a
// wrong move is shown, then taken back. Hint (the piece to move), solution, choice by rules,
// theme and difficulty (by default the puzzles that suit the player: puzzle-pick.js), the
// puzzle of the day, and a personal rating (puzzle-rating.js): a puzzle is rated once, on its
// first result (puzzle-score.js), and the engine's own aids are off meanwhile (fair-play.js),
// as the panel says. When the line is played out, a card over the board says how it went and
// offers the next puzzle; the puzzle and its progress survive a reload (puzzle-progress.js).
//
// Every game goes through the owner (game-controller.js): a puzzle is started with
// `startPuzzle`, which sets the player's game aside (it waits, and stays the saved one) and
// comes back with "Back to my game" (the owner's resume), or when the page is opened again.
// This module plays the mode; the panel (puzzle-panel.js), the sets (puzzle-sets.js), the
// score (puzzle-score.js), the card at the end (puzzle-end.js) and the timers that hold the
// board (board-hold.js) have their own.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { squareIndex } from '../board/squares.js';
import { byId } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { PUZZLE_SETS, choose, dailyPuzzle, localDate, pickNext } from './puzzle-data.js';
import { PuzzlePanel } from './puzzle-panel.js';
import { PuzzleSets } from './puzzle-sets.js';
import { PuzzleScore, endWords } from './puzzle-score.js';
import { PuzzleEnd } from './puzzle-end.js';
import { suited } from './puzzle-pick.js';
import { signed } from './puzzle-rating.js';
import { browserStorage, loadProgress, saveProgress, showInAddress } from './puzzle-progress.js';
import { BoardHold } from './board-hold.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').Change} Change */
/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('./puzzle-progress.js').Progress} Progress */
/** @typedef {{say: (text: string) => void, board: import('../board/board.js').Board}} PuzzlePage */
/**
 * What opens the mode: one puzzle by id, the daily one, or the next that suits the player.
 * @typedef {{id: string} | {daily: true} | {next: true}} PuzzleRequest
 */

/** How long a wrong move stays on the board, and the pause before the defender answers (ms). */
const WRONG_MOVE_SHOWN = 900;
const REPLY_DELAY = 450;

/**
 * `a3a4` as `a3–a4`.
 * @param {string} move
 */
function squares(move) {
  return `${move.slice(0, 2)}–${move.slice(2)}`;
}

/**
 * The puzzle link's request: `?puzzle=<id>` one puzzle, `?puzzles=daily` the puzzle of the
 * day, `?puzzles=1` the mode (the next puzzle that suits the player).
 * @param {string} search the address's query
 * @returns {PuzzleRequest | null}
 */
export function puzzleLink(search) {
  const params = new URLSearchParams(search);
  const id = params.get('puzzle');
  if (id) return { id: id.toLowerCase() };
  const flag = params.get('puzzles');
  if (flag === 'daily') return { daily: true };
  return flag && flag !== '0' ? { next: true } : null;
}

export class PuzzleMode {
  /**
   * @param {GameController} owner
   * @param {PuzzlePage} page the App: words for screen readers, the board
   * @param {HTMLElement} side the column beside the board
   * @param {HTMLElement} board the board's element, for the card at the end
   */
  constructor(owner, page, side, board) {
    this.owner = owner;
    this.page = page;
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** Whether the puzzle is the daily one. */
    this.isDaily = false;
    this.sets = new PuzzleSets();
    this.hold = new BoardHold(owner, () => this.owner.snapshot?.puzzle === this.puzzle?.id);
    this.panel = new PuzzlePanel(side, {
      hint: () => this.hint(),
      solution: () => this.showSolution(),
      next: () => this.next(),
      daily: () => this.daily(),
      leave: () => this.leave(),
    }, (text) => page.say(text));
    this.end = new PuzzleEnd(board, () => this.next());
    this.score = new PuzzleScore((state) => this.panel.showRating(state));
    this.panel.showRating(this.score.state);
    this.unsubscribe = () => {};
  }

  /** Whether the mode is open. */
  get open() {
    return this.panel.open;
  }

  /**
   * Opens the mode: `request` one puzzle by id, the daily one, or (else) the puzzle left
   * unfinished when the page was last closed, if any, else the next of the choice.
   * @param {PuzzleRequest | null} [request]
   */
  async enter(request = null) {
    const unfinished = this.open ? null : loadProgress(browserStorage());
    if (!this.open) {
      this.panel.open = true;
      this.unsubscribe = this.owner.subscribe((snapshot, change) => this.follow(snapshot, change));
    }
    if (request && 'id' in request) await this.byId(request.id);
    else if (request && 'daily' in request) await this.daily();
    else if (unfinished) await this.resume(unfinished);
    else await this.next();
    this.panel.title.focus({ preventScroll: true });
  }

  /** Leaves the mode and brings the player's game back (the one that waited, else a new one). */
  leave() {
    this.close();
    if (!this.owner.resume()) this.owner.startGame({});
  }

  /** Closes the panel (another game has replaced the puzzle, or leave()); the puzzle is forgotten. */
  close() {
    this.hold.clear();
    this.unsubscribe();
    this.unsubscribe = () => {};
    this.puzzle = null;
    this.panel.open = false;
    this.showEnd(null);
    this.clearHint();
    this.hold.release();
    saveProgress(browserStorage(), null);
    showInAddress(null);
  }

  /**
   * Loads set `id`, saying so, and telling why if it cannot; null then.
   * @param {string} id
   */
  async loadShown(id) {
    this.panel.tell(t('puzzle.loading'));
    try {
      return await this.sets.load(id);
    } catch (error) {
      this.panel.tell(t('puzzle.loadFailed', { error: error instanceof Error ? error.message : String(error) }));
      return null;
    }
  }

  /**
   * The next puzzle of the chosen set, theme and difficulty (none chosen: those that suit the
   * player), preferring ones not played.
   */
  async next() {
    const { set, ...choice } = this.panel.choice;
    const puzzles = await this.loadShown(set);
    if (!puzzles) return;
    this.panel.offerChoices(puzzles);
    const chosen = choose(puzzles, choice);
    const pool = choice.difficulty ? chosen : suited(chosen, this.score.state);
    const puzzle = pickNext(pool.filter((p) => p.id !== this.puzzle?.id), new Set(this.score.state.played), Math.random)
      ?? pool[0] ?? null;
    if (puzzle) this.start(puzzle, false);
    else this.panel.tell(t('puzzle.none'));
  }

  /** Today's puzzle (standard rules), the same for everyone on this date. */
  async daily() {
    const puzzles = await this.loadShown(PUZZLE_SETS[0].id);
    const puzzle = puzzles && dailyPuzzle(puzzles, localDate(new Date()));
    if (puzzle) this.start(puzzle, true);
  }

  /**
   * The puzzle `id`, whatever its set: where its attempt was if this browser kept one (a reload).
   * @param {string} id
   */
  async byId(id) {
    const puzzle = await this.find(id);
    const saved = loadProgress(browserStorage());
    if (puzzle && saved?.id === id) this.start(puzzle, saved.daily, saved);
    else if (puzzle) this.start(puzzle, false);
    else {
      await this.next();
      this.panel.tell(t('puzzle.notFound', { id }));
    }
  }

  /**
   * The attempt `saved` goes on where it was, unless its line was played out (then the next puzzle).
   * @param {Progress} saved
   */
  async resume(saved) {
    const puzzle = await this.find(saved.id);
    if (puzzle && saved.ply < puzzle.solution.length) this.start(puzzle, saved.daily, saved);
    else await this.next();
  }

  /**
   * The puzzle `id`, whatever its set (null: none).
   * @param {string} id
   */
  async find(id) {
    for (const set of PUZZLE_SETS) {
      const puzzle = (await this.loadShown(set.id))?.find((p) => p.id === id);
      if (puzzle) return puzzle;
    }
    return null;
  }

  /**
   * Sets `puzzle` up on the board, from its start or (`saved`) where its attempt was.
   * @param {Puzzle} puzzle
   * @param {boolean} daily
   * @param {Progress | null} [saved]
   */
  start(puzzle, daily, saved = null) {
    this.hold.clear();
    this.clearHint();
    this.showEnd(null);
    this.puzzle = puzzle;
    this.isDaily = daily;
    this.score.begin(puzzle, saved);
    this.owner.startPuzzle({ id: puzzle.id, rules: puzzle.rules, fen: puzzle.fen });
    this.panel.show(puzzle, daily);
    this.panel.showCost(this.score.cost);
    showInAddress(puzzle.id);
    this.panel.introduce(this.score.attempt.before ? t('puzzle.playedBefore') : '');
    if (saved) this.replay(saved.ply);
    this.keep();
  }

  /**
   * Plays the solution's first `ply` moves again (and the defender's answer to the last one).
   * @param {number} ply
   */
  replay(ply) {
    const { puzzle } = this;
    if (!puzzle) return;
    const moves = puzzle.solution.slice(0, ply + (ply % 2));
    this.hold.busy = true; // the moves are the solution's own: follow() stays out of the way
    for (const move of moves) this.owner.play(move);
    this.hold.busy = false;
    if (moves.length === puzzle.solution.length) this.finish();
  }

  /** Keeps how far the attempt went (the moves of the solution on the board), for a reload. */
  keep() {
    const { puzzle, owner: { snapshot } } = this;
    if (!puzzle || snapshot?.puzzle !== puzzle.id) return;
    const moves = snapshot.history.map((entry) => entry.move);
    const wrong = this.wrongAt(moves);
    const ply = wrong >= 0 ? wrong : Math.min(moves.length, puzzle.solution.length);
    saveProgress(browserStorage(), { id: puzzle.id, daily: this.isDaily, ply, ...this.score.attempt });
  }

  /**
   * Where `moves` first leave the puzzle's line (-1: they keep to it; moves past its end, in a
   * material puzzle's game played on, are no part of the puzzle).
   * @param {string[]} moves
   */
  wrongAt(moves) {
    const solution = this.puzzle?.solution ?? [];
    return moves.findIndex((move, i) => i < solution.length && move !== solution[i]);
  }

  /** The puzzle's line is played out: rated if it was not, said, and the next one offered. */
  finish() {
    const { title, detail } = this.score.finish();
    this.panel.tell(t('puzzle.end.text', { title, detail }));
    this.panel.showCost(this.score.cost);
    this.showEnd(() => endWords(this.score.attempt));
  }

  /**
   * Shows the end of the puzzle's line, or (null) that it goes on: the card over the board,
   * and the panel's buttons (nothing left to hint at the end; the next puzzle is the one to press).
   * @param {(() => import('./puzzle-end.js').EndWords) | null} words
   */
  showEnd(words) {
    this.end.show(words);
    this.panel.ended(Boolean(words));
  }

  /**
   * Follows the game: checks each move against the solution, answers for the defender, takes
   * wrong moves back. Another game started (not a puzzle) closes the mode.
   * @param {Snapshot} snapshot
   * @param {Change} change
   */
  follow(snapshot, change) {
    const { puzzle } = this;
    if (!puzzle) return;
    if (snapshot.puzzle !== puzzle.id) {
      if (change.type === 'new-game' && !snapshot.puzzle) this.close();
      return;
    }
    if (change.type === 'tool' || this.hold.busy) return;
    this.clearHint();
    this.keep();
    const moves = snapshot.history.map((entry) => entry.move);
    const line = puzzle.solution.length;
    const wrong = this.wrongAt(moves);
    if (moves.length < line || wrong >= 0) this.showEnd(null);
    if (wrong >= 0) {
      if (change.type === 'move') this.wrongMove(moves[wrong]);
      this.hold.later(WRONG_MOVE_SHOWN, () => this.owner.undo());
    } else if (moves.length > line) {
      this.end.hide(); // a material puzzle's game played on, past its line: the puzzle is done
    } else if (moves.length === line) {
      // Said once, when the last move is played (not again on a flip or a closed card).
      if (change.type === 'move' || change.type === 'redo') this.finish();
    } else if (moves.length % 2 === 1) {
      this.hold.later(REPLY_DELAY, () => this.owner.play(puzzle.solution[moves.length]));
    } else if (change.type === 'move') {
      this.panel.note(t('puzzle.right'));
    }
  }

  /**
   * Says why `move` is wrong; the first miss of an attempt rates the puzzle, and says so.
   * @param {string} move
   */
  wrongMove(move) {
    const change = this.score.miss('wrong');
    const gain = this.puzzle?.goal === 'gain' ? '.gain' : '';
    const words = { move: squares(move), change: signed(change ?? 0) };
    this.panel.tell(t(change === null ? `puzzle.wrong${gain}` : `puzzle.wrongMissed${gain}`, words));
    this.panel.showCost(this.score.cost);
    this.keep();
  }

  /** Shows the piece to move: its square is marked and named. */
  hint() {
    const { puzzle } = this;
    const snapshot = this.owner.snapshot;
    if (!puzzle || !snapshot || snapshot.puzzle !== puzzle.id || snapshot.outcome || this.hold.busy) return;
    const move = puzzle.solution[snapshot.ply];
    if (!move) return;
    this.score.miss('hint');
    this.panel.showCost(this.score.cost);
    this.keep();
    const from = move.slice(0, 2);
    this.clearHint();
    this.page.board.mark('puzzle-hint', squareIndex(from));
    this.panel.tell(t('puzzle.hintText', { square: from }));
  }

  clearHint() {
    this.page.board.mark('puzzle-hint', -1);
  }

  /** Plays the rest of the solution, a move at a time. */
  showSolution() {
    const { puzzle } = this;
    const played = this.owner.snapshot?.history.map((entry) => entry.move).join(' ');
    if (!puzzle || played === puzzle.solution.join(' ')) return;
    this.score.miss('shown');
    this.panel.showCost(this.score.cost);
    this.panel.tell(t('puzzle.solutionText', { moves: puzzle.solution.map(squares).join(', ') }));
    const step = () => {
      const snapshot = this.owner.snapshot;
      if (!snapshot || snapshot.puzzle !== puzzle.id) return;
      const moves = snapshot.history.map((entry) => entry.move);
      if (moves.some((move, i) => move !== puzzle.solution[i])) {
        this.owner.undo();
      } else if (moves.length < puzzle.solution.length) {
        this.hold.busy = true; // the answers are the solution's own: follow() stays out of the way
        this.owner.play(puzzle.solution[moves.length]);
        this.hold.busy = false;
        this.keep();
      } else {
        this.finish();
        return;
      }
      this.hold.after(REPLY_DELAY, step);
    };
    this.hold.clear();
    this.hold.release();
    step();
  }
}

/**
 * The mode of the page, made on first use.
 * @param {GameController} owner
 * @param {PuzzlePage} page
 */
export function makePuzzleMode(owner, page) {
  const side = document.querySelector('.side');
  if (!(side instanceof HTMLElement)) throw new Error('PuzzleMode: the page has no .side column');
  return new PuzzleMode(owner, page, side, byId('board'));
}
