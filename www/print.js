// Print and play: page 1 is the board (terrain and start squares from the engine), page 2
// the sixteen pieces of both sides with cut lines. Everything is drawn on canvases at
// 300 dots per inch so that it prints sharp; CSS sizes them for the chosen paper.

import { startEngine, JungleGame, parseLink } from './game/engine.js';
import { drawAnimal } from './board/animal-art.js';
import { byId, el } from './page/dom.js';
import { capitalize, language, onLanguageChange, startLanguage, t } from './page/i18n.js';
import { drawPiece } from './board/piece-drawing.js';
import { SIDE_COLORS, animalTable, sideOf } from './page/pieces.js';
import { FILES, FILE_COUNT, RANK_COUNT, SQUARE_COUNT, screenCell } from './board/squares.js';
import { drawTerrain } from './board/terrain-drawing.js';
import { languagePicker } from './guide/language-picker.js';
import { installPaperChoice } from './page/paper.js';
import { GUIDE_TEXTS } from './guide/texts.js';

/** Pixels per board square: a square is about 25 mm, so this is about 300 dots per inch. */
const SQUARE_PX = 300;
/** The margin around the squares where the coordinates are written, in squares (as on screen). */
const FRAME = 0.3;
const INK = '#2a2a24';
const LABEL_FONT = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
const CJK_FONT = '"Noto Sans CJK TC", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", "WenQuanYi Micro Hei", sans-serif';

/**
 * @param {HTMLCanvasElement} canvas
 * @param {number} columns
 * @param {number} rows
 */
function sizeCanvas(canvas, columns, rows) {
  canvas.width = Math.round(columns * SQUARE_PX);
  canvas.height = Math.round(rows * SQUARE_PX);
  return /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
}

/**
 * A faint picture of the piece that starts on a square, so that players know where to set it.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} letter
 * @param {import('./page/pieces.js').AnimalTable} animals
 * @param {number} x
 * @param {number} y
 */
function startMark(ctx, letter, animals, x, y) {
  const { name, character } = animals[letter.toUpperCase()];
  ctx.save();
  ctx.globalAlpha = 0.3;
  drawAnimal(ctx, name, x + SQUARE_PX / 2, y + SQUARE_PX * 0.45, SQUARE_PX * 0.55);
  ctx.globalAlpha = 0.75;
  ctx.fillStyle = SIDE_COLORS[sideOf(letter)].main;
  ctx.font = `${Math.round(SQUARE_PX * 0.16)}px ${CJK_FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(character, x + SQUARE_PX / 2, y + SQUARE_PX * 0.85);
  ctx.restore();
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} width
 * @param {number} height
 */
function coordinates(ctx, width, height) {
  const edge = FRAME * SQUARE_PX;
  ctx.fillStyle = INK;
  ctx.font = `600 ${Math.round(edge * 0.6)}px ${LABEL_FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let file = 0; file < FILE_COUNT; file++) {
    const x = edge + (file + 0.5) * SQUARE_PX;
    ctx.fillText(FILES[file], x, edge / 2);
    ctx.fillText(FILES[file], x, height - edge / 2);
  }
  for (let rank = 0; rank < RANK_COUNT; rank++) {
    const y = edge + (RANK_COUNT - rank - 0.5) * SQUARE_PX;
    ctx.fillText(String(rank + 1), edge / 2, y);
    ctx.fillText(String(rank + 1), width - edge / 2, y);
  }
}

/**
 * Page 1: the terrain and start squares of `game` with the coordinates around them.
 * @param {HTMLCanvasElement} canvas
 * @param {JungleGame} game
 * @param {import('./page/pieces.js').AnimalTable} animals
 */
function drawBoard(canvas, game, animals) {
  const ctx = sizeCanvas(canvas, FILE_COUNT + 2 * FRAME, RANK_COUNT + 2 * FRAME);
  const { width, height } = canvas;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  coordinates(ctx, width, height);
  const edge = FRAME * SQUARE_PX;
  const terrain = game.terrain();
  const board = game.board();
  for (let i = 0; i < SQUARE_COUNT; i++) {
    const { column, row } = screenCell(i, false);
    const x = edge + column * SQUARE_PX;
    const y = edge + row * SQUARE_PX;
    drawTerrain(ctx, terrain[i], x, y, SQUARE_PX, (column + row) % 2);
    if (board[i] !== '.') startMark(ctx, board[i], animals, x, y);
  }
  ctx.strokeStyle = INK;
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (let c = 1; c < FILE_COUNT; c++) {
    ctx.moveTo(edge + c * SQUARE_PX, edge);
    ctx.lineTo(edge + c * SQUARE_PX, height - edge);
  }
  for (let r = 1; r < RANK_COUNT; r++) {
    ctx.moveTo(edge, edge + r * SQUARE_PX);
    ctx.lineTo(width - edge, edge + r * SQUARE_PX);
  }
  ctx.stroke();
  ctx.lineWidth = 8;
  ctx.strokeRect(edge, edge, FILE_COUNT * SQUARE_PX, RANK_COUNT * SQUARE_PX);
}

/**
 * Page 2: one side's eight pieces, four to a row, each in a square of board size with dashed cut lines.
 * @param {HTMLCanvasElement} canvas
 * @param {string[]} letters
 * @param {import('./page/pieces.js').AnimalTable} animals
 */
function drawPieces(canvas, letters, animals) {
  const columns = 4;
  const rows = Math.ceil(letters.length / columns);
  const ctx = sizeCanvas(canvas, columns, rows);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  letters.forEach((letter, i) => {
    const x = (i % columns) * SQUARE_PX;
    const y = Math.floor(i / columns) * SQUARE_PX;
    drawPiece(ctx, letter, animals, x + SQUARE_PX / 2, y + SQUARE_PX / 2, SQUARE_PX);
  });
  ctx.strokeStyle = '#6b6b6b';
  ctx.lineWidth = 3;
  ctx.setLineDash([18, 12]);
  ctx.strokeRect(1.5, 1.5, canvas.width - 3, canvas.height - 3);
  ctx.beginPath();
  for (let c = 1; c < columns; c++) {
    ctx.moveTo(c * SQUARE_PX, 0);
    ctx.lineTo(c * SQUARE_PX, canvas.height);
  }
  for (let r = 1; r < rows; r++) {
    ctx.moveTo(0, r * SQUARE_PX);
    ctx.lineTo(canvas.width, r * SQUARE_PX);
  }
  ctx.stroke();
}

/** The small squares of the legend: water, both traps, both dens. */
function drawSwatches() {
  for (const canvas of /** @type {NodeListOf<HTMLCanvasElement>} */ (document.querySelectorAll('.swatch'))) {
    const ctx = sizeCanvas(canvas, 1, 1);
    drawTerrain(ctx, canvas.dataset.terrain ?? '', 0, 0, SQUARE_PX, 0);
  }
}

/** The elements that show one text each, and the key of their text. */
const TEXTS = {
  'home-link': 'page.name', 'guide-link': 'settings.rules',
  'print-title': 'print.title', 'print-intro': 'print.intro', 'paper-legend': 'print.paper',
  'paper-a4': 'print.a4', 'paper-letter': 'print.letter', 'print-button': 'print.printButton',
  'board-title': 'print.boardTitle', 'legend-water': 'print.legendWater', 'legend-trap': 'print.legendTrap',
  'legend-den': 'print.legendDen', 'legend-start': 'print.legendStart', 'pieces-title': 'print.piecesTitle',
  'pieces-intro': 'print.piecesIntro', 'red-pieces': 'print.redPieces', 'blue-pieces': 'print.bluePieces',
  'ranks-title': 'print.ranksTitle',
};

/** Writes the page's words in its language. */
function writeTexts() {
  for (const [id, key] of Object.entries(TEXTS)) byId(id).textContent = t(key);
  const code = language();
  byId('home-link').setAttribute('href', `../index.html?lang=${code}`);
  byId('guide-link').setAttribute('href', `guide.html?lang=${code}`);
  byId('print-board').setAttribute('aria-label', t('print.boardTitle'));
  byId('red-sheet').setAttribute('aria-label', t('print.redPieces'));
  byId('blue-sheet').setAttribute('aria-label', t('print.bluePieces'));
  writeRanks();
}

/** The reminder under the pieces: each animal with its character, rank and what it can do. */
function writeRanks() {
  const items = Object.values(animals).map(({ name, rank, character }) => el('li', {},
    el('span', { className: 'rank-mark', lang: 'zh-Hant' }, `${character} ${rank}`),
    ' ', el('strong', {}, capitalize(t(`animal.${name}`))), ' · ', t(`guide.animal.${name}`)));
  byId('ranks').replaceChildren(...items);
}

await startEngine();
const game = new JungleGame('', undefined);
const animals = animalTable(game.animals());
drawBoard(byId('print-board'), game, animals);
const letters = Object.keys(animals);
drawPieces(byId('red-sheet'), letters, animals);
drawPieces(byId('blue-sheet'), letters.map((letter) => letter.toLowerCase()), animals);
game.free();
drawSwatches();

onLanguageChange(writeTexts);
await startLanguage({
  linked: parseLink(window.location.search).lang ?? null,
  texts: GUIDE_TEXTS,
  keys: { title: 'print.pageTitle', description: 'print.intro' },
});
languagePicker(byId('languages'));
installPaperChoice();
byId('print-button').addEventListener('click', () => window.print());
document.documentElement.dataset.ready = 'yes';
