// The guide's article in one language: a title, the contents, then each section with its
// paragraphs, its boards, the animal cards and the options table.

import { JungleGame } from '../../jungle-web.js';
import { animalTable } from '../pieces.js';
import { element } from './dom.js';
import { animalCards } from './animal-cards.js';
import { DemoBoard } from './demo-board.js';
import { DEMOS } from './demos.js';
import { optionsTable } from './options-table.js';
import { writeText } from './texts.js';

function defaultAnimals() {
  const game = new JungleGame('', undefined);
  const animals = animalTable(game.animals());
  game.free();
  return animals;
}

function contents(text) {
  const nav = element('nav', 'contents');
  nav.setAttribute('aria-labelledby', 'contents-title');
  const heading = element('h2', '', text.ui.contents);
  heading.id = 'contents-title';
  const list = element('ol');
  for (const { id, title } of text.sections) {
    const link = element('a', '', title);
    link.href = `#${id}`;
    const item = element('li');
    item.append(link);
    list.append(item);
  }
  nav.append(heading, list);
  return nav;
}

/**
 * Writes the guide in the language of `text` into `root`, replacing what was there.
 * Returns the boards made, to be freed when the guide is written again.
 */
export function writeGuide(root, text) {
  const boards = [];
  const parts = [element('h1', '', text.ui.title), contents(text)];
  for (const section of text.sections) {
    const node = element('section', 'guide-section');
    node.id = section.id;
    node.append(element('h2', '', section.title));
    for (const block of section.blocks) {
      if (typeof block === 'string') {
        node.append(writeText(element('p'), block));
      } else if (block.animals) {
        node.append(element('p', '', text.animalsIntro), animalCards(defaultAnimals(), text));
      } else if (block.options) {
        node.append(optionsTable(text));
      } else if (block.demo) {
        const board = new DemoBoard(block.demo, DEMOS[block.demo], block, text);
        boards.push(board);
        node.append(board.root);
      }
    }
    parts.push(node);
  }
  root.replaceChildren(...parts);
  return boards;
}
