// The chat of an online game between members, beside the board: the two players' chat, or
// the spectators' for a member watching (the server says which, and sends no chat to a guest,
// who keeps the fixed phrases). Messages are shown as text only (el() never reads HTML): a
// link stays text. Each message of another member can be muted (its author's messages are no
// longer sent here) or reported to the club's admins with a reason.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el } from '../page/dom.js';
import { language, onLanguageChange, t } from '../page/i18n.js';
import { request } from '../server/online-client.js';
import { errorWords } from '../server/online-words.js';

/** @typedef {import('../server/online-client.js').ChatLine} ChatLine */
/** @typedef {import('../server/online-client.js').ChatMessage} ChatMessage */

/** The longest message, in characters (the server's limit: src/server/chat/mod.rs). */
const MAX_CHARS = 300;

document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/chat/chat.css', document.baseURI).href }));

/** @type {ChatPanel | null} the panel shown, which follows the page's language */
let shown = null;
onLanguageChange(() => shown?.words());

export class ChatPanel {
  /**
   * A panel for chat `room`, after the status panel; `send` sends a message (false without a
   * connection), `me` is the signed-in member's name.
   * @param {'players' | 'spectators'} room
   * @param {(text: string) => boolean} send
   * @param {string} me
   */
  constructor(room, send, me) {
    this.room = room;
    this.send = send;
    this.me = me;
    /** @type {string[]} the members muted */
    this.muted = [];
    this.title = el('h2', { id: 'chat-title', className: 'chat-title' });
    this.list = el('ol', { id: 'chat-list', className: 'chat-list', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'chat-title' });
    this.label = el('label', { htmlFor: 'chat-input', className: 'visually-hidden' });
    this.input = el('input', { id: 'chat-input', type: 'text', maxLength: MAX_CHARS, autocomplete: 'off' });
    this.sendButton = el('button', { type: 'submit', id: 'chat-send' });
    const form = el('form', { className: 'chat-form', onsubmit: (/** @type {Event} */ event) => { event.preventDefault(); this.submit(); } },
      this.label, this.input, this.sendButton);
    this.note = el('p', { id: 'chat-note', className: 'chat-note', role: 'status' });
    this.mutes = el('p', { id: 'chat-mutes', className: 'chat-mutes' });
    this.section = el('section', { id: 'chat-panel', className: 'panel chat-panel', 'aria-labelledby': 'chat-title', dataset: { room } },
      this.title, this.list, form, this.note, this.mutes);
    document.getElementById('status-panel')?.after(this.section);
    shown = this;
    this.words();
    void this.loadMutes();
  }

  words() {
    this.title.textContent = t(this.room === 'players' ? 'chat.players' : 'chat.spectators');
    this.label.textContent = t('chat.message');
    this.input.placeholder = t('chat.placeholder');
    this.sendButton.textContent = t('chat.send');
    for (const item of this.list.children) {
      if (item instanceof HTMLElement && item.dataset.author) this.actionWords(item, item.dataset.author);
    }
    this.showMutes();
  }

  /**
   * A chat message of the server for this panel.
   * @param {ChatMessage} message
   */
  receive(message) {
    if (message.room !== this.room) return;
    if (message.type === 'chat_history') this.list.replaceChildren(...message.messages.map((line) => this.item(line)));
    else if (message.type === 'chat') this.list.append(this.item(message.message));
    else this.list.querySelector(`[data-id="${CSS.escape(message.id)}"]`)?.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  /**
   * One message: author, text, and for another member's, mute and report.
   * @param {ChatLine} line
   */
  item(line) {
    const time = new Date(line.at).toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' });
    const item = el('li', { className: 'chat-line', dataset: { id: line.id, author: line.author === this.me ? '' : line.author } },
      el('span', { className: 'chat-author' }, line.author), ' ',
      el('span', { className: 'chat-text' }, line.text), ' ',
      el('time', { className: 'chat-time', dateTime: new Date(line.at).toISOString() }, time));
    if (line.author !== this.me) {
      item.append(el('span', { className: 'chat-actions' },
        el('button', { type: 'button', className: 'chat-mute', onclick: () => this.mute(line.author, true) }),
        el('button', { type: 'button', className: 'chat-report', onclick: () => this.reportForm(item, line.id) })));
      this.actionWords(item, line.author);
    }
    return item;
  }

  /**
   * The words of a message's buttons, which name its author for a screen reader.
   * @param {HTMLElement} item
   * @param {string} author
   */
  actionWords(item, author) {
    const mute = item.querySelector('.chat-mute');
    const report = item.querySelector('.chat-report');
    if (mute) { mute.textContent = t('chat.mute'); mute.setAttribute('aria-label', t('chat.muteName', { name: author })); }
    if (report) { report.textContent = t('chat.report'); report.setAttribute('aria-label', t('chat.reportName', { name: author })); }
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send(text)) this.input.value = '';
    else this.note.textContent = t('chat.offline');
  }

  /**
   * Asks a reason for reporting message `id`, under it; sends the report.
   * @param {HTMLElement} item
   * @param {string} id
   */
  reportForm(item, id) {
    item.querySelector('.chat-report-form')?.remove();
    const reason = el('input', { type: 'text', className: 'chat-reason', maxLength: MAX_CHARS, 'aria-label': t('chat.reason'), placeholder: t('chat.reason') });
    const form = el('form', { className: 'chat-report-form', onsubmit: async (/** @type {Event} */ event) => {
      event.preventDefault();
      try {
        await request(`api/chat/messages/${encodeURIComponent(id)}/report`, { reason: reason.value.trim() });
        this.note.textContent = t('chat.reported');
      } catch (error) {
        this.note.textContent = errorWords(error);
      }
      form.remove();
    } }, reason, el('button', { type: 'submit' }, t('chat.sendReport')));
    item.append(form);
    reason.focus();
  }

  async loadMutes() {
    try {
      /** @type {{muted: string[]}} */
      const answer = await request('api/me/mutes');
      this.muted = answer.muted;
      this.showMutes();
    } catch {
      // No list: muting still works, unmuting waits for the next game.
    }
  }

  /**
   * Mutes (`on`) or unmutes member `name`.
   * @param {string} name
   * @param {boolean} on
   */
  async mute(name, on) {
    try {
      await request(`api/me/mutes/${encodeURIComponent(name)}`, undefined, on ? 'PUT' : 'DELETE');
    } catch (error) {
      this.note.textContent = errorWords(error);
      return;
    }
    this.muted = on ? [...this.muted.filter((other) => other !== name), name] : this.muted.filter((other) => other !== name);
    if (on) for (const item of [...this.list.children]) if (item instanceof HTMLElement && item.dataset.author === name) item.remove();
    this.note.textContent = t(on ? 'chat.muted' : 'chat.unmuted', { name });
    this.showMutes();
  }

  showMutes() {
    this.mutes.replaceChildren(...(this.muted.length ? [t('chat.mutedList'), ' '] : []),
      ...this.muted.map((name) => el('button', { type: 'button', className: 'chat-unmute', 'aria-label': t('chat.unmuteName', { name }), onclick: () => this.mute(name, false) }, name)));
  }

  /** Takes the panel away (the game was left). */
  remove() {
    if (shown === this) shown = null;
    this.section.remove();
  }
}
