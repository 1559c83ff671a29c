// The way to the club account screen: a button beside "Play online", on a game server with
// members only, naming the signed-in member (or offering to sign in). The screen's code and
// looks are loaded with it.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el, byId } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { AccountDialog } from './account-dialog.js';
import { loadMember, member, onMember } from './member.js';

/**
 * Adds the account button and asks who is signed in (resolves once known).
 * @param {'open' | 'invite'} signup how the club takes members
 */
export function installAccount(signup) {
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('www/account/account.css', document.baseURI).href }));
  /** @type {AccountDialog | null} */
  let dialog = null;
  const button = el('button', { type: 'button', id: 'open-account', onclick: () => {
    dialog ??= new AccountDialog(signup);
    dialog.open();
  } });
  const words = () => {
    const me = member();
    button.textContent = me ? t('account.buttonMember', { name: me.name }) : t('account.button');
  };
  onMember(words);
  onLanguageChange(() => {
    words();
    dialog?.ui.dialog.remove();
    dialog = null;
  });
  words();
  byId('game-tools').append(button);
  return loadMember();
}
