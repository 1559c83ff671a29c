// The Puzzles panel beside the board: the puzzle's title, task and themes, what the player is
// told (also said to screen readers), the buttons, the choice of set, theme, difficulty and
// goal, and the personal rating. It shows what the mode (puzzle-mode.js) gives it and calls
// back on the buttons; it plays nothing. Hint and Solution say what they cost before they are
// asked ("Hint (−8)"), as long as the puzzle is not rated yet.

import { el } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { GOALS, PUZZLE_FOLDER, PUZZLE_SETS, THEMES } from './puzzle-data.js';
import { signed } from './puzzle-rating.js';

/** @typedef {import('./puzzle-data.js').Puzzle} Puzzle */
/** @typedef {import('./puzzle-rating.js').RatingState} RatingState */
/**
 * What the buttons and the choice do.
 * @typedef {{hint: () => void, solution: () => void, next: () => void, daily: () => void, leave: () => void}} PanelActions
 */

export class PuzzlePanel {
  /**
   * The panel, put in `side` under the status panel; `say(text)` says a text to screen readers.
   * @param {HTMLElement} side
   * @param {PanelActions} actions
   * @param {(text: string) => void} say
   */
  constructor(side, actions, say) {
    this.say = say;
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** Whether the puzzle shown is the daily one. */
    this.daily = false;
    /** @type {RatingState | null} */
    this.state = null;
    /** What a hint or the solution would do to the rating now (0: nothing). */
    this.cost = 0;
    document.head.append(el('link', { rel: 'stylesheet', href: new URL(`${PUZZLE_FOLDER}puzzles.css`, document.baseURI).href }));
    this.title = el('h2', { id: 'puzzle-title', className: 'puzzle-title' });
    this.task = el('p', { id: 'puzzle-task', className: 'puzzle-task' });
    this.meta = el('p', { id: 'puzzle-meta', className: 'puzzle-meta' });
    this.feedback = el('p', { id: 'puzzle-feedback', className: 'puzzle-feedback', 'aria-live': 'polite' });
    this.ratingLine = el('p', { id: 'puzzle-rating', className: 'puzzle-rating' });
    this.aidsLine = el('p', { id: 'puzzle-aids', className: 'puzzle-aids' });
    const button = (/** @type {string} */ id, /** @type {() => void} */ onclick) => el('button', { type: 'button', id, onclick });
    this.hintButton = button('puzzle-hint', actions.hint);
    this.solutionButton = button('puzzle-solution', actions.solution);
    this.nextButton = button('puzzle-next', actions.next);
    this.dailyButton = button('puzzle-daily', actions.daily);
    this.leaveButton = button('puzzle-leave', actions.leave);
    this.setField = el('select', { id: 'puzzle-set', onchange: actions.next },
      PUZZLE_SETS.map((s) => el('option', { value: s.id })));
    this.themeField = el('select', { id: 'puzzle-theme', onchange: actions.next },
      el('option', { value: '' }), THEMES.map((name) => el('option', { value: name })));
    this.difficultyField = el('select', { id: 'puzzle-difficulty', onchange: actions.next },
      el('option', { value: '0' }), [1, 2, 3, 4, 5].map((n) => el('option', { value: String(n) })));
    this.goalField = el('select', { id: 'puzzle-goal', onchange: actions.next },
      el('option', { value: '' }), GOALS.map((name) => el('option', { value: name })));
    this.labels = [
      el('label', { htmlFor: 'puzzle-set' }),
      el('label', { htmlFor: 'puzzle-theme' }),
      el('label', { htmlFor: 'puzzle-difficulty' }),
      el('label', { htmlFor: 'puzzle-goal' }),
    ];
    const fields = [this.setField, this.themeField, this.difficultyField, this.goalField];
    this.panel = el('section', { id: 'puzzles', className: 'panel puzzle-panel', hidden: true, 'aria-labelledby': 'puzzle-title' },
      el('div', { className: 'puzzle-head' }, this.title, this.leaveButton),
      this.task, this.meta, this.feedback,
      el('div', { className: 'puzzle-actions' }, this.hintButton, this.solutionButton, this.nextButton, this.dailyButton),
      el('div', { className: 'puzzle-choice' }, this.labels.map((label, i) => el('div', { className: 'puzzle-field' }, label, fields[i]))),
      this.ratingLine, this.aidsLine);
    const status = side.querySelector('.status-panel');
    if (status) status.after(this.panel);
    else side.prepend(this.panel);
    this.words();
    onLanguageChange(() => this.words());
  }

  /** The panel's words, in the page's language. */
  words() {
    this.nextButton.textContent = t('puzzle.next');
    this.dailyButton.textContent = t('puzzle.daily');
    this.leaveButton.textContent = t('puzzle.leave');
    this.labels[0].textContent = t('puzzle.set');
    this.labels[1].textContent = t('puzzle.theme');
    this.labels[2].textContent = t('puzzle.difficulty');
    this.labels[3].textContent = t('puzzle.goal');
    this.aidsLine.textContent = t('puzzle.aidsOff');
    [...this.setField.options].forEach((o) => { o.textContent = t(`puzzle.set.${o.value}`); });
    [...this.themeField.options].forEach((o) => { o.textContent = t(o.value ? `puzzle.theme.${o.value}` : 'puzzle.any'); });
    [...this.goalField.options].forEach((o) => { o.textContent = t(o.value ? `puzzle.goal.${o.value}` : 'puzzle.any'); });
    [...this.difficultyField.options].forEach((o) => {
      o.textContent = o.value === '0' ? t('puzzle.suited') : t('puzzle.level', { n: o.value });
    });
    this.showPuzzle();
    this.showRating();
    this.showCost();
  }

  /**
   * Shows on Hint and Solution what asking them would do to the rating (`cost`, 0 or less;
   * nothing said when 0), and keeps it for a change of language.
   * @param {number} [cost]
   */
  showCost(cost = this.cost) {
    this.cost = cost;
    const change = signed(cost);
    const title = cost < 0 ? t('puzzle.costTitle', { change }) : '';
    this.hintButton.textContent = cost < 0 ? t('puzzle.hintCost', { change }) : t('puzzle.hint');
    this.solutionButton.textContent = cost < 0 ? t('puzzle.solutionCost', { change }) : t('puzzle.solution');
    for (const button of [this.hintButton, this.solutionButton]) {
      if (title) button.title = title;
      else button.removeAttribute('title');
    }
  }

  /** Whether the panel is shown. */
  get open() {
    return !this.panel.hidden;
  }

  /** @param {boolean} open */
  set open(open) {
    this.panel.hidden = !open;
    document.body.classList.toggle('puzzle-mode', open);
  }

  /** What the player chose: set, theme, difficulty (0: any) and goal ('' : any). */
  get choice() {
    return {
      set: this.setField.value,
      theme: this.themeField.value,
      difficulty: Number(this.difficultyField.value),
      goal: this.goalField.value,
    };
  }

  /**
   * Offers only the themes, difficulties and goals that some puzzle of the set has.
   * @param {readonly Puzzle[]} puzzles
   */
  offerChoices(puzzles) {
    for (const option of this.themeField.options) {
      option.disabled = Boolean(option.value) && !puzzles.some((p) => p.themes.includes(option.value));
    }
    for (const option of this.difficultyField.options) {
      option.disabled = option.value !== '0' && !puzzles.some((p) => p.difficulty === Number(option.value));
    }
    for (const option of this.goalField.options) {
      option.disabled = Boolean(option.value) && !puzzles.some((p) => p.goal === option.value);
    }
  }

  /**
   * Shows `puzzle` (null: none), `daily` or not; its set becomes the one chosen.
   * @param {Puzzle | null} puzzle
   * @param {boolean} [daily]
   */
  show(puzzle, daily = false) {
    this.puzzle = puzzle;
    this.daily = daily;
    if (puzzle) this.setField.value = puzzle.set;
    this.showPuzzle();
  }

  /** The title, the task and the themes of the puzzle shown. */
  showPuzzle() {
    const { puzzle } = this;
    if (!puzzle) {
      this.title.textContent = t('puzzle.title.none');
      this.task.textContent = '';
      this.meta.textContent = '';
      return;
    }
    this.title.textContent = t(this.daily ? 'puzzle.title.daily' : 'puzzle.title', { id: puzzle.id });
    this.title.tabIndex = -1;
    const side = puzzle.fen.endsWith(' b') ? 'blue' : 'red';
    const task = puzzle.goal === 'gain' ? `puzzle.task.gain.${side}` : `puzzle.task.${side}`;
    this.task.textContent = t(task, { n: Math.ceil(puzzle.solution.length / 2) });
    this.task.dataset.side = side;
    this.task.dataset.goal = puzzle.goal;
    const themes = puzzle.themes.map((name) => t(`puzzle.theme.${name}`));
    this.meta.textContent = [t('puzzle.level', { n: puzzle.difficulty }), ...themes].join(' · ');
  }

  /**
   * Shows the player's rating and counts of `state` (and keeps it for a change of language).
   * @param {RatingState} [state]
   */
  showRating(state = this.state ?? undefined) {
    if (!state) return;
    this.state = state;
    const { rating, solved, failed } = state;
    this.ratingLine.textContent = t('puzzle.rating', { rating, solved, failed });
  }

  /**
   * Whether the puzzle's line is played out: Hint and Solution have nothing left to do, and
   * Next puzzle becomes the button to press.
   * @param {boolean} over
   */
  ended(over) {
    this.hintButton.disabled = over;
    this.solutionButton.disabled = over;
    this.panel.toggleAttribute('data-ended', over);
  }

  /**
   * Shows `text` under the puzzle and says it to screen readers.
   * @param {string} text
   */
  tell(text) {
    this.feedback.textContent = text;
    if (text) this.say(text);
  }

  /**
   * Shows `text` under the puzzle, not said (the move said it already).
   * @param {string} text
   */
  note(text) {
    this.feedback.textContent = text;
  }

  /**
   * Shows `text` under a puzzle that starts, and says its task with it.
   * @param {string} text
   */
  introduce(text) {
    this.feedback.textContent = text;
    const said = [this.task.textContent, text].filter(Boolean).join(' ');
    if (said) this.say(said);
  }
}
