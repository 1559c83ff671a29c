// The "Display and sound" form, opened with the settings: language, clocks for games between
// people, sound, contrast, evaluation bar, piece style and hint strength. Each change is kept
// (prefs.js; the language by lang.js through i18n.js) and handed to `apply(name, value)`.

import { LANGUAGES } from '../page/lang.js';
import { language, onLanguageChange, t } from '../page/i18n.js';
import { CLOCK_LIMITS, setPref } from './prefs.js';
import { byId } from '../page/dom.js';

/** @typedef {import('./prefs.js').Prefs} Prefs */

/** @type {Record<string, [number, number] | undefined>} */
const PRESETS = { '5+0': [5, 0], '10+5': [10, 5], '15+10': [15, 10] };

/**
 * The select's value for a time control ({minutes, increment} or null).
 * @param {import('../game/clock.js').TimeControl | null} control
 */
function controlName(control) {
  if (!control) return 'off';
  const preset = Object.entries(PRESETS).find(([, times]) => times?.[0] === control.minutes && times[1] === control.increment);
  return preset ? preset[0] : 'custom';
}

export class PrefsForm {
  /**
   * `toggle` is the settings button: this form opens and closes with the settings form.
   * @param {HTMLFormElement} form
   * @param {HTMLElement} toggle
   * @param {Prefs} prefs
   * @param {(name: string, value: unknown) => void} apply
   */
  constructor(form, toggle, prefs, apply) {
    this.form = form;
    this.apply = apply;
    const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ (byId(id));
    const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id));
    this.controls = {
      language: select('language'), clock: select('clock-control'), custom: byId('clock-custom'),
      minutes: input('clock-minutes'), increment: input('clock-increment'), note: byId('clock-note'),
      sound: input('pref-sound'), contrast: input('pref-contrast'), evalBar: input('pref-eval'),
      hintLevel: select('pref-hint-level'),
    };
    const c = this.controls;
    c.language.replaceChildren(...LANGUAGES.map(({ code, name }) => new Option(name, code)));
    for (const option of c.language.options) option.lang = option.value;
    c.hintLevel.replaceChildren(...Array.from({ length: 9 }, (_, n) => new Option('', String(n))));
    this.write(prefs);
    this.words();
    onLanguageChange(() => this.words());
    toggle.addEventListener('click', () => { form.hidden = toggle.getAttribute('aria-expanded') !== 'true'; });
    form.addEventListener('submit', (event) => event.preventDefault());
    form.addEventListener('change', (event) => this.changed(/** @type {HTMLInputElement | HTMLSelectElement} */ (event.target)));
  }

  /**
   * Shows the preferences `prefs` in the form.
   * @param {Prefs} prefs
   */
  write(prefs) {
    const c = this.controls;
    c.language.value = language();
    c.sound.checked = prefs.sound;
    c.contrast.checked = document.documentElement.dataset.theme === 'contrast';
    c.evalBar.checked = prefs.evalBar;
    c.hintLevel.value = String(prefs.hintLevel);
    /** @type {RadioNodeList} */ (this.form.elements.namedItem('pieces')).value = prefs.pieces;
    /** @type {RadioNodeList} */ (this.form.elements.namedItem('colors')).value = prefs.colors;
    c.clock.value = controlName(prefs.clock);
    if (prefs.clock) {
      c.minutes.value = String(prefs.clock.minutes);
      c.increment.value = String(prefs.clock.increment);
    }
    c.custom.hidden = c.clock.value !== 'custom';
  }

  /** The words that need values filled in (the rest are marked in the page for i18n.js). */
  words() {
    const c = this.controls;
    c.language.value = language();
    for (const option of c.clock.options) {
      const preset = PRESETS[option.value];
      if (preset) option.textContent = t('clock.preset', { minutes: preset[0], increment: preset[1] });
    }
    for (const option of c.hintLevel.options) {
      const n = Number(option.value);
      option.textContent = n ? t('prefs.hintLevelN', { n }) : t('prefs.hintLevelBest');
    }
  }

  /** The time control the form shows, or null (none, or a custom one out of range). */
  clockControl() {
    const c = this.controls;
    if (c.clock.value === 'off') return null;
    const preset = PRESETS[c.clock.value];
    if (preset) {
      const [minutes, increment] = preset;
      return { minutes, increment };
    }
    const minutes = Number(c.minutes.value);
    const increment = Number(c.increment.value);
    const within = (/** @type {number} */ v, /** @type {[number, number]} */ [low, high]) => Number.isFinite(v) && v >= low && v <= high;
    if (!within(minutes, CLOCK_LIMITS.minutes) || !within(increment, CLOCK_LIMITS.increment)) return null;
    return { minutes, increment };
  }

  /**
   * A control of the form changed: keeps and applies its preference.
   * @param {HTMLInputElement | HTMLSelectElement} target
   */
  changed(target) {
    const c = this.controls;
    let name;
    let value;
    if (target === c.language) {
      this.apply('language', target.value);
      return;
    } else if ([c.clock, c.minutes, c.increment].includes(target)) {
      c.custom.hidden = c.clock.value !== 'custom';
      [name, value] = ['clock', this.clockControl()];
    } else if (target === c.sound || target === c.evalBar) {
      [name, value] = [target.name, /** @type {HTMLInputElement} */ (target).checked];
    } else if (target === c.contrast) {
      [name, value] = ['contrast', /** @type {HTMLInputElement} */ (target).checked ? 'on' : 'off'];
    } else if (target === c.hintLevel) {
      [name, value] = ['hintLevel', Number(target.value)];
    } else if (target.name === 'pieces' || target.name === 'colors') {
      [name, value] = [target.name, target.value];
    } else {
      return;
    }
    setPref(name, value);
    this.apply(name, value);
  }

  /**
   * Shows or hides the note that the clocks wait for the next game.
   * @param {boolean} show
   */
  noteClock(show) {
    this.controls.note.hidden = !show;
  }
}
