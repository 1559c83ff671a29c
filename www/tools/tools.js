// The game tools around the board: the rules in force (summary and variants screen), sharing
// (FEN, link), game records, the position editor, the analysis board, and the page's messages. main.js calls
// installTools() once the page's App is up; every game they start goes through the owner.

import { onLanguageChange, t } from '../page/i18n.js';
import { shareLink } from '../game/share.js';
import { byId, el } from '../page/dom.js';
import { PageMessages, copyField, makeDialog } from '../page/page-ui.js';
import { RulesDialog, summaryText } from './variants.js';
import { analyseGame, installAnalysis } from '../analysis/open-analysis.js';
import { barButton } from '../game/fair-play.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */

/** The tools' buttons: [id, translation key]. */
const BUTTONS = [
  ['open-rules', 'tools.rules'],
  ['open-editor', 'tools.editor'],
  ['open-share', 'tools.share'],
  ['open-puzzles', 'tools.puzzles'],
  ['open-analysis', 'tools.analysis'],
];

/**
 * Whether starting another game would abandon one being played.
 * @param {import('../game/types.js').Snapshot} snapshot
 */
function inProgress(snapshot) {
  return snapshot.ply > 0 && !snapshot.outcome;
}

/**
 * The share dialog: the position's FEN, a link to the game, its record (loaded on first use).
 * @param {GameController} owner
 */
async function shareDialog(owner) {
  const { declareEnd, recordSection } = await import('./record-io.js');
  const ui = makeDialog('share-dialog', t('share.title'));
  const fen = copyField({ id: 'share-fen', label: t('share.fen') });
  const link = copyField({ id: 'share-link', label: t('share.link') });
  const now = () => owner.started().current;
  const record = recordSection(now, async (start, declared) => {
    if (!(await owner.mayLeave())) return;
    // An imported record is a game between two people: the computer does not join in. The
    // toast of game-undo.js says that a new game started, and offers to undo it.
    owner.startGame({ ...start, settings: { mode: 'people' } });
    if (declared) declareEnd(owner, declared);
    ui.dialog.close();
  });
  ui.body.append(
    el('section', { className: 'tool-section' }, fen.wrap, link.wrap),
    record.section);
  return {
    ui,
    open() {
      fen.set(now().fen);
      link.set(shareLink(now()));
      record.refresh();
      record.clearError();
      ui.open();
    },
  };
}

/**
 * Sets up the tools around the game of `owner`; `page` is the App (for the editor: words for
 * screen readers and the keyboard focus). Returns the page's messages.
 * @param {GameController} owner
 * @param {import('../panels/app.js').App} page
 */
export function installTools(owner, page) {
  const side = document.querySelector('.side');
  if (!(side instanceof HTMLElement)) throw new Error('installTools: the page has no .side column');
  const messages = new PageMessages(el('div', { id: 'page-messages', className: 'page-messages', hidden: true }));
  side.prepend(messages.container);

  const summary = el('span', { id: 'rules-summary' });
  const summaryLine = el('p', { className: 'rules-line' }, summary);
  document.querySelector('.status-panel')?.prepend(summaryLine);

  const buttons = BUTTONS.map(([id]) => el('button', { type: 'button', id }));
  // The one-file game (jungle.html, where the site's links are hidden) holds no puzzle files.
  const oneFile = Boolean(document.querySelector('[data-site-only][hidden]'));
  buttons.find((b) => b.id === 'open-puzzles')?.toggleAttribute('hidden', oneFile);
  const panel = el('section', { className: 'panel tools', id: 'game-tools' }, buttons);
  byId('settings').after(panel);
  installAnalysis(owner, side, page.board);
  const analysisButton = /** @type {HTMLButtonElement} */ (buttons.find((b) => b.id === 'open-analysis'));

  // The editor and the share dialog load their code on first use: each is kept as a promise.
  /** @type {Promise<import('./editor.js').PositionEditor> | null} */
  let editor = null;
  const makeEditor = async () => new (await import('./editor.js')).PositionEditor(owner, side, page);
  /** @type {RulesDialog | null} */
  let rules = null;
  /** @type {ReturnType<typeof shareDialog> | null} */
  let share = null;
  // The puzzles load their code and their files when first opened (or asked for by the link).
  /** @type {Promise<import('../puzzles/puzzle-mode.js').PuzzleMode> | null} */
  let puzzles = null;
  const openPuzzles = async (/** @type {import('../puzzles/puzzle-mode.js').PuzzleRequest | null} */ request) => {
    puzzles ??= import('../puzzles/puzzle-mode.js').then((m) => m.makePuzzleMode(owner, page));
    await (await puzzles).enter(request);
  };
  /** @type {Record<string, () => void>} */
  const dialogs = {
    'open-puzzles': async () => {
      if (await owner.mayLeave()) await openPuzzles(null);
    },
    'open-rules': () => {
      rules ??= new RulesDialog({
        startGame: async (r) => {
          if (await owner.mayLeave()) owner.startGame({ rules: r });
        },
        inProgress: () => inProgress(owner.started().current),
        currentRules: () => owner.started().current.rules,
        guide: !oneFile,
      });
      rules.open();
    },
    'open-editor': async () => {
      editor ??= makeEditor();
      (await editor).toggle();
    },
    'open-analysis': () => analyseGame(owner),
    'open-share': async () => {
      share ??= shareDialog(owner);
      (await share).open();
    },
  };
  for (const button of buttons) button.addEventListener('click', () => dialogs[button.id]());

  /** @type {string | null} */
  let shownRules = null;
  const words = () => {
    BUTTONS.forEach(([, key], i) => { buttons[i].textContent = t(key); });
    panel.setAttribute('aria-label', t('tools.label'));
    summaryLine.title = t('rules.inForce');
    shownRules = null;
    if (owner.snapshot) showRules(owner.snapshot.rules);
  };
  const showRules = (/** @type {string} */ text) => {
    if (text === shownRules) return;
    shownRules = text;
    summary.textContent = summaryText(text);
    byId('board').dataset.rules = text;
  };
  words();
  onLanguageChange(() => {
    // The dialogs are built again, in the new language, when next opened.
    rules?.ui.dialog.remove();
    share?.then((made) => made.ui.dialog.remove());
    rules = null;
    share = null;
    words();
  });
  owner.subscribe((snapshot) => {
    showRules(snapshot.rules);
    // Not offered to the players of an online game in progress, nor on the analysis board.
    barButton(analysisButton, snapshot, Boolean(snapshot.analysis));
  });
  if (!oneFile && /[?&]puzzles?=/.test(window.location.search)) {
    import('../puzzles/puzzle-mode.js').then(({ puzzleLink }) => {
      const request = puzzleLink(window.location.search);
      // After the first game: the puzzle replaces it, and it stays the player's game.
      if (request) queueMicrotask(() => openPuzzles(request));
    });
  }
  return messages;
}
