// Finding and building page elements, for every page of the site. Text always goes in as
// text: el() refuses the properties that would read it as HTML.

/**
 * The element with this id; throws if the page has none (a missing element is a bug in the
 * page, better found at once than as a null further on).
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`byId(): the page has no element #${id}`);
  return /** @type {T} */ (node);
}

/**
 * @typedef {Node | string | number | null | undefined | false} Child
 * A child of el(): a node, text (never read as HTML), or nothing (null, undefined, false).
 */

/**
 * A new element: `el('button', {type: 'button', className: 'x', onclick: f}, 'text', child)`.
 * Properties: `on<event>` adds a listener; `dataset` fills data-* attributes; a property the
 * element has is set (`className`, `hidden`, `htmlFor`, …); anything else (`role`, `aria-*`,
 * …) is an attribute (`true` as an empty one). null, undefined and false are skipped.
 * Children (arrays are flattened) are nodes, or text that becomes a text node.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [props]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (/html$/i.test(name)) throw new Error(`el(): ${name} would read text as HTML`);
    if (value == null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name in node && name !== 'role' && !name.includes('-')) /** @type {any} */ (node)[name] = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A new SVG element (el() makes HTML ones) with `attributes`, each set as text.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @returns {SVGElement}
 */
export function svgEl(tag, attributes = {}) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}
