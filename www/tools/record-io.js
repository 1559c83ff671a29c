// Game records as plain text (the engine's GameRecord: headers, then numbered moves): written
// from the game in progress (an online game's is the server's own record, with its players,
// clock and tournament), downloaded or copied; read back from a file or pasted text and
// replayed by the engine. A record that is not valid is refused with the engine's reason.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { loadToolEngine } from '../game/engine.js';
import { el } from '../page/dom.js';
import { errorText, t } from '../page/i18n.js';
import { copyField } from '../page/page-ui.js';
import { download, recordFileName } from '../page/download.js';

// The records are the AI's module's work (engine.js): ready before this module is.
const { formatRecord, parseRecord } = await loadToolEngine();

/** The ends of a game that the board does not show, written in a record's Termination. */
const OFF_BOARD = ['resignation', 'agreement', 'time'];

/**
 * An end declared off the board, as a record carries it.
 * @typedef {{reason: 'resignation' | 'agreement' | 'time', winner: import('../game/types.js').Side | null}} DeclaredEnd
 */

/** The longest file the import reads (the engine refuses records over 1 MiB anyway). */
const MAX_FILE_BYTES = 1 << 20;

/**
 * The names written in the Red and Blue headers for the page's players.
 * @param {import('../game/types.js').Settings} settings
 */
function playerNames(settings) {
  const computer = t('record.computer', { level: settings.level });
  const person = t('record.player');
  if (settings.mode === 'watch') return [computer, computer];
  if (settings.mode === 'people') return [person, person];
  return settings.side === 'red' ? [person, computer] : [computer, person];
}

/**
 * The record of `snapshot`'s game, with the headers Date, Red and Blue.
 * @param {import('../game/types.js').Snapshot} snapshot
 */
export function recordText(snapshot) {
  const [red, blue] = playerNames(snapshot.settings);
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  const moves = snapshot.history.map((entry) => entry.move);
  const { outcome } = snapshot;
  const declared = outcome && OFF_BOARD.includes(outcome.reason) ? outcome : null;
  return formatRecord(snapshot.rules, snapshot.startFen, moves, [['Date', date], ['Red', red], ['Blue', blue]],
    declared?.reason, declared?.winner ?? undefined);
}

/**
 * The server's record of online game `id` (the one its players download: players, clock, a
 * tournament's event, round and board, the real end), or null while it cannot be had.
 * @param {string} id
 * @returns {Promise<string | null>}
 */
async function serverRecord(id) {
  try {
    const answer = await fetch(`api/games/${id}/record`);
    return answer.ok ? await answer.text() : null;
  } catch {
    return null;
  }
}

/**
 * Ends the game of `owner` as a record declared it: a resignation, a draw agreed, a loss on time.
 * @param {import('../game/game-controller.js').GameController} owner
 * @param {DeclaredEnd} declared
 */
export function declareEnd(owner, { reason, winner }) {
  const loser = winner === 'red' ? 'blue' : 'red';
  if (reason === 'agreement') owner.agreeDraw();
  else if (reason === 'resignation' && winner) owner.resign(loser);
  else if (reason === 'time' && winner) owner.loseOnTime(loser);
}

/**
 * Reads a record into a game start {rules, fen, moves} and how it ended off the board, if it
 * did; throws with the engine's reason.
 * @param {string} text
 * @returns {{start: import('../game/types.js').GameStart, declared: DeclaredEnd | null}}
 */
export function readRecord(text) {
  /** @type {{rules: string, fen: string, moves: string[], declared: DeclaredEnd | null}} */
  const record = parseRecord(text);
  return { start: { rules: record.rules, fen: record.fen, moves: record.moves }, declared: record.declared };
}

/**
 * The record section of the share dialog: the record of the game `current()` (a snapshot;
 * copy, download) and an import from a file or pasted text. `load(start)` starts the imported
 * game, and `declared` how it ended off the board (or null).
 * @param {() => import('../game/types.js').Snapshot} current
 * @param {(start: import('../game/types.js').GameStart, declared: DeclaredEnd | null) => void} load
 */
export function recordSection(current, load) {
  const output = copyField({ id: 'record-text', label: t('record.thisGame'), multiline: true });
  const save = el('button', { type: 'button', id: 'record-download' }, t('record.download'));
  save.addEventListener('click', () => download(output.field.value, recordFileName()));
  output.row.append(save);

  const paste = el('textarea', { id: 'record-paste', rows: 5, spellcheck: false, className: 'copy-text' });
  const file = el('input', { type: 'file', id: 'record-file', accept: '.txt,.pgn,text/plain' });
  const importButton = el('button', { type: 'button', id: 'record-import' }, t('record.import'));
  const error = el('p', { id: 'record-error', className: 'tool-error', role: 'alert', hidden: true });

  const tryImport = (/** @type {string} */ text) => {
    try {
      const { start, declared } = readRecord(text);
      load(start, declared);
      error.hidden = true;
      paste.value = '';
    } catch (e) {
      error.textContent = t('record.bad', { reason: errorText(e) });
      error.hidden = false;
    }
  };
  importButton.addEventListener('click', () => tryImport(paste.value));
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    file.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      error.textContent = t('record.tooBig');
      error.hidden = false;
      return;
    }
    tryImport(await chosen.text());
  });

  const section = el('section', { className: 'tool-section', 'aria-labelledby': 'record-heading' },
    el('h3', { id: 'record-heading' }, t('record.heading')),
    output.wrap,
    el('div', { className: 'copy-field' },
      el('label', { htmlFor: 'record-paste' }, t('record.pasteLabel')),
      paste,
      el('div', { className: 'copy-row' }, importButton,
        el('label', { className: 'file-label' }, t('record.file'), ' ', file))),
    error);
  // The page's own record at once; an online game's is then replaced by the server's.
  const refresh = async () => {
    const snapshot = current();
    output.set(recordText(snapshot));
    const id = snapshot.online?.id;
    const served = id ? await serverRecord(id) : null;
    if (served && current().online?.id === id) output.set(served);
  };
  return { section, refresh, clearError: () => { error.hidden = true; } };
}
