// The account screen's parts as tabs (WAI-ARIA's tabs pattern): one row of tabs, one panel
// shown at a time, each panel under a heading of its own. Arrow keys, Home and End move
// between the tabs; the chosen one alone is in the Tab order.

import { el } from '../page/dom.js';

/**
 * A tab: its key (ids `account-tab-<key>`, `account-panel-<key>`, and its heading's
 * `account-heading-<key>` unless `headingId` names another), its label and heading, and the
 * panel's content; `opened`, if given, hears each time the tab is shown (to load what it shows).
 * @typedef {{key: string, label: string, heading: string, headingId?: string, content: (HTMLElement | null)[], opened?: () => void}} Tab
 */

/**
 * The tabs of `tabs`, the one of key `chosen` shown (none of that key: the first); `onChoose`
 * hears each tab chosen.
 * @param {Tab[]} tabs
 * @param {string} chosen
 * @param {(key: string) => void} onChoose
 * @param {string} label the tab list's name
 */
export function accountTabs(tabs, chosen, onChoose, label) {
  const shown = tabs.some((tab) => tab.key === chosen) ? chosen : tabs[0].key;
  const buttons = tabs.map((tab) => el('button', {
    type: 'button', role: 'tab', id: `account-tab-${tab.key}`, className: 'account-tab',
    'aria-controls': `account-panel-${tab.key}`, onclick: () => choose(tab.key, false),
  }, tab.label));
  const panels = tabs.map((tab) => el('section', {
    role: 'tabpanel', id: `account-panel-${tab.key}`, className: 'account-panel', 'aria-labelledby': `account-tab-${tab.key}`,
  }, el('h3', { id: tab.headingId ?? `account-heading-${tab.key}`, className: 'account-heading' }, tab.heading), ...tab.content));
  /**
   * @param {string} key
   * @param {boolean} focus whether the tab takes the focus (moved to by a key)
   */
  function choose(key, focus) {
    tabs.forEach((tab, i) => {
      const on = tab.key === key;
      buttons[i].setAttribute('aria-selected', String(on));
      buttons[i].tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
      if (on && focus) buttons[i].focus();
      if (on) tab.opened?.();
    });
    onChoose(key);
  }
  const list = el('div', { role: 'tablist', className: 'account-tabs', 'aria-label': label }, buttons);
  list.addEventListener('keydown', (event) => {
    const at = buttons.findIndex((button) => button === document.activeElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length].key, true);
  });
  choose(shown, false);
  return el('div', { className: 'account-tabbed' }, list, ...panels);
}
