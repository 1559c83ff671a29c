// The analysis board: moves played freely for both sides into a tree of side lines, held by
// the game's owner (GameController.startAnalysis, analysisPlay…). This panel shows the tree
// (a click on a move goes there), steps through it (buttons and the keys ←, →, Home, End),
// promotes and deletes lines, shows the engine's lines (engine-lines.js) and the evaluation
// graph of the main line (analysis-graph.js, installed with the other aids), and, folded
// under "Record and position", gives the position as FEN and the tree as a record with
// variations to copy or download, and opens such a record pasted in (read back by the
// engine's record reader). Moves are written as the move list writes them (move-words.js);
// the controls are the page's own (tools.css). Leaving brings back the
// game that waits. Opened from the tools, from a review, and from a link `?analysis=1`, through
// open-analysis.js, which loads this panel on first use; not offered to the players of an
// online game in progress (fair-play.js).

import '../page/later-words.js'; // this part's words, loaded before it runs
import { copyField } from '../page/page-ui.js';
import { download, recordFileName } from '../page/download.js';
import { characters, errorText, onLanguageChange, t } from '../page/i18n.js';
import { el } from '../page/dom.js';
import { EngineLines } from './engine-lines.js';
import { EndgameView } from './endgame-view.js';
import { animalTable } from '../page/pieces.js';
import { treeWords } from './move-words.js';

/** @typedef {import('../game/game-controller.js').GameController} GameController */
/** @typedef {import('../game/types.js').Snapshot} Snapshot */
/** @typedef {import('../game/types.js').TreeView} TreeView */

/** @type {Record<string, -2 | -1 | 1 | 2 | undefined>} */
const KEYS = { Home: -2, ArrowLeft: -1, ArrowRight: 1, End: 2 };

export class AnalysisBoard {
  /**
   * The panel, put first in `side`; the engine's arrows on `board`; the evaluation graph
   * (analysis-graph.js) comes into `graphSlot` with the analyst, after the first board.
   * @param {GameController} owner
   * @param {HTMLElement} side
   * @param {import('../board/board.js').Board} board
   * @param {HTMLElement} graphSlot
   */
  constructor(owner, side, board, graphSlot) {
    this.owner = owner;
    const button = (/** @type {string} */ id, /** @type {() => void} */ onclick, /** @type {string} */ keys = '') =>
      el('button', { type: 'button', id, onclick, 'aria-keyshortcuts': keys || null });
    this.buttons = {
      first: button('analysis-first', () => owner.analysisStep(-2), 'Home'),
      back: button('analysis-back', () => owner.analysisStep(-1), 'ArrowLeft'),
      forward: button('analysis-forward', () => owner.analysisStep(1), 'ArrowRight'),
      last: button('analysis-last', () => owner.analysisStep(2), 'End'),
      promote: button('analysis-promote', () => owner.analysisPromote()),
      remove: button('analysis-delete', () => owner.analysisDelete()),
      leave: button('analysis-leave', () => owner.leaveAnalysis()),
    };
    this.title = el('h2', { id: 'analysis-title', className: 'analysis-title' });
    this.tree = el('p', { id: 'analysis-tree', className: 'analysis-tree' });
    this.treeLabel = el('h3', { className: 'analysis-subtitle', id: 'analysis-tree-label' });
    this.engineLabel = el('h3', { className: 'analysis-subtitle' });
    this.engineOn = el('input', { type: 'checkbox', id: 'analysis-engine', checked: true, role: 'switch' });
    this.engineOnLabel = el('span');
    this.count = el('select', { id: 'analysis-count' }, [1, 2, 3, 4, 5].map((n) => el('option', { value: String(n), selected: n === 3 }, String(n))));
    this.countLabel = el('span');
    this.lines = el('ol', { id: 'analysis-lines', className: 'analysis-lines' });
    this.status = el('p', { id: 'analysis-status', className: 'analysis-status' });
    this.fen = copyField({ id: 'analysis-fen', label: '' });
    this.record = copyField({ id: 'analysis-record', label: '', multiline: true });
    this.save = el('button', { type: 'button', id: 'analysis-download', onclick: () => download(this.record.field.value, recordFileName()) });
    this.record.row.append(this.save);
    this.pasteLabel = el('label', { htmlFor: 'analysis-paste' });
    this.paste = el('textarea', { id: 'analysis-paste', className: 'copy-text', rows: 4, spellcheck: false });
    this.open = el('button', { type: 'button', id: 'analysis-open', onclick: () => this.openRecord() });
    this.refusal = el('p', { id: 'analysis-refusal', className: 'analysis-refusal', role: 'alert' });
    this.recordTitle = el('summary', { id: 'analysis-record-toggle' });
    this.recordTools = el('details', { className: 'analysis-record-tools' }, this.recordTitle,
      this.fen.wrap, this.record.wrap,
      el('div', { className: 'copy-field' }, this.pasteLabel, this.paste, el('div', { className: 'copy-row' }, this.open)), this.refusal);
    this.graphSlot = graphSlot;
    this.tree.setAttribute('role', 'group');
    this.tree.setAttribute('aria-labelledby', 'analysis-tree-label');
    this.endgame = new EndgameView(owner, board);
    const b = this.buttons;
    this.panel = el('section', { id: 'analysis', className: 'panel analysis', hidden: true, 'aria-labelledby': 'analysis-title' },
      el('div', { className: 'analysis-head' }, this.title, b.leave),
      el('div', { className: 'analysis-nav' }, b.first, b.back, b.forward, b.last),
      this.treeLabel, this.tree,
      el('div', { className: 'analysis-edit' }, b.promote, b.remove),
      this.graphSlot, this.endgame.panel,
      el('div', { className: 'analysis-engine-head' }, this.engineLabel,
        el('div', { className: 'analysis-options' },
          el('label', { className: 'analysis-switch' }, this.engineOnLabel, this.engineOn),
          el('label', { className: 'analysis-count' }, this.countLabel, this.count))),
      this.status, this.lines, this.recordTools);
    side.prepend(this.panel);
    this.engine = new EngineLines({ list: this.lines, status: this.status, board });
    this.engineOn.addEventListener('change', () => this.engine.setOn(this.engineOn.checked));
    this.count.addEventListener('change', () => this.engine.setCount(Number(this.count.value)));
    document.addEventListener('keydown', (event) => {
      const how = KEYS[event.key];
      if (!owner.snapshot?.analysis || !how || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest('input, select, textarea, dialog')) return;
      event.preventDefault();
      owner.analysisStep(how);
    });
    owner.subscribe((snapshot) => this.show(snapshot));
    onLanguageChange(() => this.words());
    this.words();
    // Made once an analysis is open (open-analysis.js): it shows at once.
    if (owner.snapshot) this.show(owner.snapshot);
  }

  /** The panel's words in the page's language. */
  words() {
    const b = this.buttons;
    this.title.textContent = t('analysis.title');
    b.first.textContent = '|◀';
    b.back.textContent = '◀';
    b.forward.textContent = '▶';
    b.last.textContent = '▶|';
    b.first.setAttribute('aria-label', t('analysis.first'));
    b.back.setAttribute('aria-label', t('analysis.back'));
    b.forward.setAttribute('aria-label', t('analysis.forward'));
    b.last.setAttribute('aria-label', t('analysis.last'));
    b.promote.textContent = t('analysis.promote');
    b.remove.textContent = t('analysis.delete');
    b.leave.textContent = t('analysis.leave');
    this.treeLabel.textContent = t('analysis.moves');
    this.engineLabel.textContent = t('analysis.engine');
    this.engineOnLabel.textContent = t('analysis.engineOn');
    this.countLabel.textContent = t('analysis.lines');
    /** @type {HTMLLabelElement} */ (this.fen.wrap.querySelector('label')).textContent = t('share.fen');
    /** @type {HTMLLabelElement} */ (this.record.wrap.querySelector('label')).textContent = t('analysis.record');
    this.pasteLabel.textContent = t('analysis.paste');
    this.open.textContent = t('analysis.open');
    this.recordTitle.textContent = t('analysis.recordTools');
    this.fen.button.textContent = t('tools.copy');
    this.record.button.textContent = t('tools.copy');
    this.save.textContent = t('record.download');
    this.endgame.draw();
    if (this.owner.snapshot) this.show(this.owner.snapshot, true);
  }

  /**
   * Shows the analysis board when the snapshot is one; hides it (and stops the engine) otherwise.
   * @param {Snapshot} snapshot
   * @param {boolean} [again] the language changed: the engine's lines are asked for again
   */
  show(snapshot, again = false) {
    const tree = snapshot.analysis;
    const was = !this.panel.hidden;
    this.panel.hidden = !tree;
    document.documentElement.toggleAttribute('data-analysis', Boolean(tree));
    if (!tree) {
      if (was) this.engine.stop();
      if (was) this.endgame.follow(null);
      return;
    }
    // Opened, the board stays in sight (on a phone the panel is below it): scrolled to only
    // when part of it was out of the window.
    if (!was) document.getElementById('board')?.scrollIntoView?.({ block: 'nearest' });
    const b = this.buttons;
    b.first.disabled = b.back.disabled = !tree.canBack;
    b.forward.disabled = b.last.disabled = !tree.canForward;
    b.promote.disabled = !tree.sideLine;
    b.remove.disabled = !tree.canBack;
    this.drawTree(tree, treeWords(tree.words, snapshot.startFen, animalTable(snapshot.animals, characters())));
    this.fen.set(snapshot.fen);
    this.record.set(this.owner.analysisRecord());
    if (again || this.engine.shown?.position !== snapshot.position) this.engine.follow(snapshot);
    if (this.endgame.asked !== snapshot.fen) this.endgame.follow(snapshot);
  }

  /** Opens the record pasted in, with its side lines; says why if the engine refuses it. */
  async openRecord() {
    try {
      await this.owner.openAnalysisRecord(this.paste.value);
      this.paste.value = '';
      this.refusal.textContent = '';
    } catch (error) {
      this.refusal.textContent = t('record.bad', { reason: errorText(error) });
    }
  }

  /**
   * The tree's moves (`said`: each node's in words): the main line, side lines in
   * parentheses; the move shown marked.
   * @param {TreeView} tree
   * @param {Map<number, string>} said
   */
  drawTree(tree, said) {
    /** @type {(Node | string)[]} */
    const words = [];
    // Spaced as the record writes it: none inside the parentheses.
    let space = false;
    for (const word of tree.words) {
      if (word.kind === 'close') {
        words.push(el('span', { className: 'analysis-paren' }, ')'));
        continue;
      }
      if (space) words.push(' ');
      space = word.kind === 'move';
      if (word.kind === 'open') {
        words.push(el('span', { className: 'analysis-paren' }, '('));
        continue;
      }
      const here = word.node === tree.cursor;
      const node = /** @type {number} */ (word.node);
      words.push(el('span', { className: 'analysis-word' },
        word.number ? el('span', { className: 'analysis-number' }, `${word.number} `) : null,
        el('button', {
          type: 'button',
          className: 'analysis-move',
          dataset: { node: String(node), depth: String(word.depth) },
          'aria-current': here ? 'true' : null,
          onclick: () => this.owner.analysisGo(node),
        }, said.get(node) ?? word.move)));
    }
    this.tree.replaceChildren(...words);
    if (!words.length) this.tree.textContent = t('analysis.empty');
  }
}
