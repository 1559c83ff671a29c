// The game tools around the board: the rules in force (summary and variants screen), the
// saved game, sharing (FEN, link), game records, and the position editor. main.js calls
// startingGame() for the first game and installTools() once the page's App is up.

import { onLanguageChange } from './i18n.js';
import { restoreExtras, saveGame } from './save-game.js';
import { shareLink, startingGame } from './share.js';
import { PageMessages, copyField, el, makeDialog, tr } from './tools-ui.js';
import { RulesDialog, summaryText } from './variants.js';

export { startingGame };

/** The tools' buttons: [id, translation key, English]. */
const BUTTONS = [
  ['open-rules', 'tools.rules', 'Rules and variants'],
  ['open-editor', 'tools.editor', 'Set up a position'],
  ['open-share', 'tools.share', 'Share, save, record'],
];

/** Whether starting another game would abandon one being played. */
function inProgress(app) {
  return app.game.ply() > 0 && !app.game.outcome();
}

/** Starts a new game from `start` ({rules, fen, moves}). */
function startGame(app, start) {
  app.start = { rules: start.rules ?? '', fen: start.fen ?? '', moves: start.moves ?? [] };
  app.newGame();
}

/** The share dialog: the position's FEN, a link to the game, its record (loaded on first use). */
async function shareDialog(app, messages) {
  const { recordSection } = await import('./record-io.js');
  const ui = makeDialog('share-dialog', tr('share.title', 'Share, save and record'));
  const fen = copyField({ id: 'share-fen', label: tr('share.fen', 'This position (FEN)') });
  const link = copyField({ id: 'share-link', label: tr('share.link', 'Link to this game (position and moves)') });
  const record = recordSection(app, (start) => {
    ui.dialog.close();
    startGame(app, start);
    messages.show(tr('record.imported', 'The game record was imported.'), [], 'info');
  });
  ui.body.append(
    el('section', { className: 'tool-section' }, fen.wrap, link.wrap),
    record.section);
  return {
    ui,
    open() {
      fen.set(app.game.fen());
      link.set(shareLink(app));
      record.refresh();
      record.clearError();
      ui.open();
    },
  };
}

/** Sets up the tools around `app`, started from `start` (startingGame()). */
export function installTools(app, start) {
  const side = document.querySelector('.side');
  const messages = new PageMessages(el('div', { id: 'page-messages', className: 'page-messages', hidden: true }));
  side.prepend(messages.container);

  const summary = el('span', { id: 'rules-summary' });
  const summaryLine = el('p', { className: 'rules-line' }, summary);
  document.querySelector('.status-panel')?.prepend(summaryLine);

  const buttons = BUTTONS.map(([id]) => el('button', { type: 'button', id }));
  const panel = el('section', { className: 'panel tools', id: 'game-tools' }, buttons);
  document.getElementById('settings').after(panel);

  // The editor and the share dialog load their code on first use: each is kept as a promise.
  let editor = null;
  const makeEditor = async () => new (await import('./editor.js')).PositionEditor(app, side);
  // A game started another way (New game, rules, an import) ends the editing.
  app.addEventListener('new-game', () => editor?.then((made) => made.leave()));
  let rules = null;
  let share = null;
  const dialogs = {
    'open-rules': () => {
      rules ??= new RulesDialog({
        startGame: (r) => startGame(app, { rules: r }),
        inProgress: () => inProgress(app),
        currentRules: () => app.game.rules(),
      });
      rules.open();
    },
    'open-editor': async () => {
      editor ??= makeEditor();
      const made = await editor;
      if (made.active) made.close();
      else made.open();
    },
    'open-share': async () => {
      share ??= shareDialog(app, messages);
      (await share).open();
    },
  };
  for (const button of buttons) button.addEventListener('click', () => dialogs[button.id]());

  const words = () => {
    BUTTONS.forEach(([, key, english], i) => { buttons[i].textContent = tr(key, english); });
    panel.setAttribute('aria-label', tr('tools.label', 'Game tools'));
    summaryLine.title = tr('rules.inForce', 'The rules of this game');
    summary.textContent = summaryText(app.game.rules());
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

  let saving = false;
  app.addEventListener('change', () => {
    summary.textContent = summaryText(app.game.rules());
    document.getElementById('board').dataset.rules = app.game.rules();
    if (start.embed || saving) return;
    saving = true;
    queueMicrotask(() => {
      saving = false;
      saveGame(app);
    });
  });
  app.dispatchEvent(new Event('change'));
  restoreExtras();

  for (const { text, details } of start.messages) messages.show(text, details);
}
