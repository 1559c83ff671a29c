// The way to the club account screen: a button beside "Play online", on a game server with
// members only, naming the signed-in member (or offering to sign in); and the page's address,
// which opens the screen on a member's profile or the leaderboard (account-address.js), at the
// start and after Back or Forward. The screen's code and looks are loaded with it.

import '../page/later-words.js'; // this part's words, loaded before it runs
import { el, byId } from '../page/dom.js';
import { onLanguageChange, t } from '../page/i18n.js';
import { AccountDialog } from './account-dialog.js';
import { accountLink } from './account-address.js';
import { emailLink, followEmailLink } from './email-links.js';
import { loadMember, member, onMember } from './member.js';

/**
 * Adds the account button and asks who is signed in (resolves once known), then opens the
 * screen if the address names a view of it.
 * @param {'open' | 'invite'} signup how the club takes members
 */
export async function installAccount(signup) {
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
  const follow = () => {
    const mailed = emailLink(location.search);
    if (mailed) {
      dialog ??= new AccountDialog(signup);
      if (!dialog.ui.dialog.open) dialog.ui.open();
      followEmailLink(dialog, mailed);
      return;
    }
    const link = accountLink(location.search);
    if (link.view !== 'none') dialog ??= new AccountDialog(signup);
    dialog?.follow(link);
  };
  window.addEventListener('popstate', follow);
  await loadMember();
  follow();
}
