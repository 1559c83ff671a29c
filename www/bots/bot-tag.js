// The BOT tag shown beside a bot's name wherever the page names a member: the profile, the
// players of an online game, the leaderboard, the challenges received.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';

/** The tag, to put after the name. */
export function botTag() {
  return el('span', { className: 'bot-tag', title: t('bots.tag-title') }, t('bots.tag'));
}
