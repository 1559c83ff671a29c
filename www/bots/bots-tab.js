// The account screen's bot tab (issue 40): a member who has played no game may make the
// account a bot's for good (the server refuses it once a game was played); a bot's member
// makes tokens for its engine — each shown once, with a copy button — sees them listed
// (label, when made, when last used) and revokes them, after a confirmation, at once.

import { el } from '../page/dom.js';
import { language, t } from '../page/i18n.js';
import { field } from '../page/forms.js';
import { confirmAct } from '../page/confirm-dialog.js';

/**
 * What the tab needs of the account screen: its requests, which say their own problems.
 * @typedef {{ask: (path: string, body?: unknown, method?: string) => Promise<{answer: any} | null>}} AccountDialog
 */
/** @typedef {{name: string, bot?: boolean}} Me */
/** @typedef {{id: number, label: string, created_ms: number, last_used_ms: number | null}} Token */

/**
 * The bot tab's content for member `me`; `becameBot` hears the member made a bot.
 * @param {AccountDialog} screen
 * @param {Me} me
 * @param {() => void} becameBot
 */
export function botsView(screen, me, becameBot) {
  const view = el('div', { id: 'account-bots', className: 'account-view' });
  const draw = () => view.replaceChildren(...(me.bot ? tokenParts(screen, view) : upgradeParts(screen, me, () => {
    becameBot();
    draw();
  })));
  draw();
  return view;
}

/**
 * What a member who is not a bot is offered: the upgrade, said to be for good.
 * @param {AccountDialog} screen
 * @param {Me} me
 * @param {() => void} upgraded
 */
function upgradeParts(screen, me, upgraded) {
  const upgrade = el('button', { type: 'button', id: 'bots-upgrade', className: 'danger', onclick: async () => {
    const sure = await confirmAct({ title: t('bots.upgrade'), text: t('bots.upgrade-confirm'), yes: t('bots.upgrade'), no: t('editor.cancel') });
    if (!sure) return;
    upgrade.disabled = true;
    const done = await screen.ask('api/me/bot', {});
    upgrade.disabled = false;
    if (!done) return;
    me.bot = true;
    upgraded();
  } }, t('bots.upgrade'));
  return [el('p', {}, t('bots.explain')), el('p', { id: 'bots-warning' }, t('bots.upgrade-warning')), upgrade];
}

/**
 * A bot's tokens: the form that makes one, the one just made, and the list.
 * @param {AccountDialog} screen
 * @param {HTMLElement} view
 */
function tokenParts(screen, view) {
  const list = el('ul', { id: 'bots-tokens', className: 'bots-tokens' });
  const made = el('div', { id: 'bots-made', className: 'bots-made', hidden: true });
  const refresh = async () => {
    const done = await screen.ask('api/me/bot-tokens');
    if (done) list.replaceChildren(...tokenItems(screen, /** @type {Token[]} */ (done.answer), refresh));
  };
  const label = field('bots-label', t('bots.label'), { maxLength: 60, required: true, autocomplete: 'off' });
  const create = el('button', { type: 'submit', id: 'bots-create', className: 'primary' }, t('bots.create'));
  const form = el('form', { id: 'bots-form', className: 'account-form' }, label.row, create);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    create.disabled = true;
    const done = await screen.ask('api/me/bot-tokens', { label: label.input.value.trim() });
    create.disabled = false;
    if (!done) return;
    label.input.value = '';
    showOnce(made, /** @type {{token: string}} */ (done.answer).token);
    refresh();
  });
  refresh();
  view.dataset.bot = 'true';
  return [el('p', { id: 'bots-is-bot' }, t('bots.is-bot'), ' ', t('bots.explain')), el('h4', {}, t('bots.tokens')), form, made, list];
}

/**
 * Shows a new token, this once, with a button that copies it.
 * @param {HTMLElement} box
 * @param {string} token
 */
function showOnce(box, token) {
  const copy = el('button', { type: 'button', id: 'bots-copy', onclick: async () => {
    await navigator.clipboard?.writeText(token).catch(() => {});
    copy.textContent = t('bots.copied');
  } }, t('bots.copy'));
  box.replaceChildren(el('p', {}, t('bots.token-once')), el('code', { id: 'bots-token', className: 'bots-token' }, token), copy);
  box.hidden = false;
}

/**
 * The listed tokens, each with its revoke button.
 * @param {AccountDialog} screen
 * @param {Token[]} tokens
 * @param {() => void} refresh
 */
function tokenItems(screen, tokens, refresh) {
  if (tokens.length === 0) return [el('li', { id: 'bots-none' }, t('bots.none'))];
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' });
  return tokens.map((token) => {
    const used = token.last_used_ms === null ? t('bots.never-used') : t('bots.used', { date: date.format(new Date(token.last_used_ms)) });
    const revoke = el('button', { type: 'button', className: 'danger bots-revoke', onclick: async () => {
      const sure = await confirmAct({ title: t('bots.revoke'), text: t('bots.revoke-confirm', { label: token.label }), yes: t('bots.revoke'), no: t('editor.cancel') });
      if (!sure) return;
      if (await screen.ask(`api/me/bot-tokens/${token.id}`, undefined, 'DELETE')) refresh();
    } }, t('bots.revoke'));
    return el('li', { className: 'bots-token-item', dataset: { id: String(token.id) } },
      el('span', { className: 'bots-token-label' }, token.label), ` · ${date.format(new Date(token.created_ms))} · ${used} `, revoke);
  });
}
