// The guide's article in the page's language: a title, the contents, then each section with
// its paragraphs, its boards, the animal cards and the options table (sections.js).

import { JungleGame } from '../game/engine.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { animalTable } from '../page/pieces.js';
import { animalCards } from './animal-cards.js';
import { DemoBoard } from './demo-board.js';
import { DEMOS } from './demos.js';
import { optionsTable } from './options-table.js';
import { SECTIONS } from './sections.js';
import { writeText } from './texts.js';

/** The animals of the default rules, as pieces.js's animalTable. */
function defaultAnimals() {
  const game = new JungleGame('', undefined);
  const animals = animalTable(game.animals());
  game.free();
  return animals;
}

function contents() {
  return el('nav', { className: 'contents', 'aria-labelledby': 'contents-title' },
    el('h2', { id: 'contents-title' }, t('guide.contents')),
    el('ol', {}, SECTIONS.map(({ id }) => el('li', {}, el('a', { href: `#${id}` }, t(`guide.section.${id}`))))));
}

/**
 * Writes the guide in the page's language into `root`, replacing what was there.
 * Returns the boards made, to be freed when the guide is written again.
 * @param {HTMLElement} root
 * @returns {DemoBoard[]}
 */
export function writeGuide(root) {
  /** @type {DemoBoard[]} */
  const boards = [];
  const parts = [el('h1', {}, t('guide.title')), contents()];
  for (const { id, blocks } of SECTIONS) {
    const node = el('section', { className: 'guide-section', id }, el('h2', {}, t(`guide.section.${id}`)));
    for (const block of blocks) {
      if (typeof block === 'string') {
        node.append(writeText(el('p'), t(`guide.${id}.${block}`)));
      } else if ('animals' in block) {
        node.append(el('p', {}, t('guide.animalsIntro')), animalCards(defaultAnimals()));
      } else if ('options' in block) {
        node.append(optionsTable());
      } else {
        const board = new DemoBoard(block.demo, DEMOS[block.demo]);
        boards.push(board);
        node.append(board.root);
      }
    }
    parts.push(node);
  }
  root.replaceChildren(...parts);
  return boards;
}
