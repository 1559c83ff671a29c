// The account screen's Notifications tab: the switch of this device's push notifications
// (push/push-device.js; the browser's permission asked only when it is turned on), what the
// device can do said plainly, how many of the member's devices have them; and the member's
// settings for all devices (api/me/notifications): which kinds, quiet hours, and the time zone
// they are counted in (the browser's, sent on the member's first visit of the tab here).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { form } from '../page/forms.js';
import { errorWords } from '../server/online-words.js';
import { deviceSubscription, pushSupport, turnOff, turnOn } from '../push/push-device.js';

/** The kinds of notices a member can switch on or off (the push contract's). */
const KINDS = ['your_move', 'challenge', 'tournament_round', 'draw_offer', 'chat', 'time_running_out'];

/**
 * The member's settings as api/me/notifications says them.
 * @typedef {{kinds: Record<string, boolean>, quiet: {from: string, to: string} | null, time_zone: string, devices: number}} Settings
 */

/** @typedef {'unsupported' | 'blocked' | 'on' | 'off' | 'unavailable'} DeviceState */

/** The time zone of this browser ('UTC' where it does not say). */
function browserZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Whether the browser's time zone was already sent for member `name` here (and notes it sent).
 * @param {string} name
 */
function zoneSentBefore(name) {
  const key = `jungle.push.zone.${name}`;
  try {
    const before = localStorage.getItem(key) === '1';
    localStorage.setItem(key, '1');
    return before;
  } catch {
    return true; // nothing kept: the member's own choice is never overwritten
  }
}

/**
 * The Notifications tab of member `name` on `screen` (the account screen: its `ask` and `say`).
 * @param {import('./account-dialog.js').AccountDialog} screen
 * @param {string} name
 * @returns {import('./account-tabs.js').Tab}
 */
export function notificationsTab(screen, name) {
  const device = el('input', { type: 'checkbox', id: 'push-device', role: 'switch', 'aria-describedby': 'push-state' });
  const state = el('p', { id: 'push-state', className: 'push-state', role: 'status' });
  const devices = el('p', { id: 'push-devices', className: 'account-note-plain' });
  const settings = el('div', { id: 'push-settings' });

  /** @param {DeviceState} shown */
  function showDevice(shown) {
    device.checked = shown === 'on';
    device.disabled = shown === 'unsupported' || shown === 'blocked';
    state.textContent = t(`push.state.${shown}`);
    state.dataset.state = shown;
  }

  /** Reads the member's settings again: the form, and the count of devices. */
  async function load() {
    const done = await screen.ask('api/me/notifications');
    if (!done) return;
    /** @type {Settings} */
    let answer = done.answer;
    if (answer.time_zone === 'UTC' && browserZone() !== 'UTC' && !zoneSentBefore(name)) {
      const sent = await screen.ask('api/me/notifications', { time_zone: browserZone() }, 'PUT');
      if (sent) answer = { ...answer, time_zone: browserZone() };
    }
    devices.textContent = t(answer.devices === 1 ? 'push.devices.one' : 'push.devices', { n: answer.devices });
    settings.replaceChildren(settingsForm(screen, answer));
  }

  device.addEventListener('change', async () => {
    const on = device.checked;
    device.disabled = true;
    screen.say(null);
    try {
      if (on) showDevice(await turnOn() === 'on' ? 'on' : pushSupport() === 'blocked' ? 'blocked' : 'unavailable');
      else {
        await turnOff();
        showDevice('off');
      }
    } catch (error) {
      showDevice((await deviceSubscription()) ? 'on' : 'off');
      screen.say(errorWords(error));
      return;
    }
    load();
  });

  /** Shown: what the device can do now, and the settings as the server has them. */
  function opened() {
    const support = pushSupport();
    if (support === 'unsupported' || support === 'blocked') showDevice(support);
    else deviceSubscription().then((found) => showDevice(found ? 'on' : 'off'), () => showDevice('unavailable'));
    load();
  }

  const switchRow = el('div', { className: 'push-device' }, el('label', { htmlFor: 'push-device' }, device, ' ', t('push.device')));
  return { key: 'notifications', label: t('push.tab'), heading: t('push.heading'), content: [switchRow, state, devices, settings], opened };
}

/**
 * The form of the member's settings `settings`, saved for all their devices.
 * @param {import('./account-dialog.js').AccountDialog} screen
 * @param {Settings} settings
 */
function settingsForm(screen, settings) {
  const kinds = KINDS.map((kind) => el('input', { type: 'checkbox', id: `push-kind-${kind}`, name: kind, checked: settings.kinds[kind] !== false }));
  const kindRows = kinds.map((box, i) => el('label', { className: 'push-kind', htmlFor: box.id }, box, ' ', t(`push.kind.${KINDS[i]}`)));
  const time = (/** @type {string} */ id, /** @type {string} */ value) =>
    el('input', { type: 'time', id, value, 'aria-describedby': 'push-quiet-hint' });
  const from = time('push-quiet-from', settings.quiet?.from ?? '');
  const to = time('push-quiet-to', settings.quiet?.to ?? '');
  const zones = Intl.supportedValuesOf('timeZone');
  if (!zones.includes(settings.time_zone)) zones.unshift(settings.time_zone);
  const zone = el('select', { id: 'push-zone' }, zones.map((value) => el('option', { value }, value)));
  zone.value = settings.time_zone;
  const rows = [
    el('fieldset', { className: 'push-kinds' }, el('legend', {}, t('push.kinds')), ...kindRows),
    el('fieldset', { className: 'push-quiet' }, el('legend', {}, t('push.quiet')),
      el('div', { className: 'push-quiet-times' },
        el('span', { className: 'push-quiet-time' }, el('label', { htmlFor: from.id }, t('push.quietFrom')), from),
        el('span', { className: 'push-quiet-time' }, el('label', { htmlFor: to.id }, t('push.quietTo')), to)),
      el('small', { id: 'push-quiet-hint' }, t('push.quietHint'))),
    el('div', { className: 'account-field' }, el('label', { htmlFor: zone.id }, t('push.zone')), zone),
  ];
  return form('push-settings-form', t('push.settings'), rows, t('push.save'), async () => {
    if (Boolean(from.value) !== Boolean(to.value)) {
      screen.say(t('push.quietBoth'));
      (from.value ? to : from).focus();
      return;
    }
    const body = {
      kinds: Object.fromEntries(kinds.map((box) => [box.name, box.checked])),
      quiet: from.value ? { from: from.value, to: to.value } : null,
      time_zone: zone.value,
    };
    if (await screen.ask('api/me/notifications', body, 'PUT')) screen.say(null, t('push.saved'));
  });
}
