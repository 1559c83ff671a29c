// Building page elements: text always goes in as text, never as markup.

/** A new `tag` element with an optional class and text. */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}
