// The guide's article: its sections in order, each a list of blocks. A string is a paragraph,
// the text `guide.<section>.<string>`; `{demo}` is a board of demos.js with its title and
// caption (`guide.demo.<name>.title`, `.caption`); `{animals}` the animal cards; `{options}`
// the table of rule options. Section titles are `guide.section.<id>`.

/** @typedef {string | {demo: string} | {animals: true} | {options: true}} Block */
/** @typedef {{id: string, blocks: Block[]}} Section */

/** @type {Section[]} */
export const SECTIONS = [
  { id: 'board', blocks: ['1', '2', '3', '4', { demo: 'start' }] },
  { id: 'animals', blocks: [{ animals: true }] },
  { id: 'moving', blocks: ['1', '2'] },
  { id: 'capturing', blocks: ['1', '2', { demo: 'capture' }] },
  { id: 'rat', blocks: ['1', '2', { demo: 'rat' }] },
  { id: 'water', blocks: ['1', '2', '3', { demo: 'water' }] },
  { id: 'jump', blocks: ['1', '2', '3', { demo: 'jump' }, { demo: 'blocked' }] },
  { id: 'traps', blocks: ['1', '2', { demo: 'trap' }] },
  { id: 'winning', blocks: ['1', '2', { demo: 'den' }] },
  { id: 'draws', blocks: ['1'] },
  { id: 'options', blocks: ['1', { options: true }, { demo: 'options' }] },
];
