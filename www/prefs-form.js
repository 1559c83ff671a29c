// The "Display and sound" form, opened with the settings: language, clocks for games between
// people, sound, contrast, evaluation bar, piece style and hint strength. Each change is kept
// (prefs.js; the language by lang.js through i18n.js) and handed to `apply(name, value)`.

import { LANGUAGES } from './lang.js';
import { language, onLanguageChange, t } from './i18n.js';
import { CLOCK_LIMITS, setPref } from './prefs.js';

const PRESETS = { '5+0': [5, 0], '10+5': [10, 5], '15+10': [15, 10] };

/** The select's value for a time control ({minutes, increment} or null). */
function controlName(control) {
  if (!control) return 'off';
  const preset = Object.entries(PRESETS).find(([, [m, i]]) => m === control.minutes && i === control.increment);
  return preset ? preset[0] : 'custom';
}

export class PrefsForm {
  /** `toggle` is the settings button: this form opens and closes with the settings form. */
  constructor(form, toggle, prefs, apply) {
    this.form = form;
    this.apply = apply;
    const $ = (id) => form.querySelector(`#${id}`);
    this.controls = {
      language: $('language'), clock: $('clock-control'), custom: $('clock-custom'), minutes: $('clock-minutes'),
      increment: $('clock-increment'), note: $('clock-note'), sound: $('pref-sound'), contrast: $('pref-contrast'),
      evalBar: $('pref-eval'), hintLevel: $('pref-hint-level'),
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
    form.addEventListener('change', (event) => this.changed(event.target));
  }

  /** Shows the preferences `prefs` in the form. */
  write(prefs) {
    const c = this.controls;
    c.language.value = language();
    c.sound.checked = prefs.sound;
    c.contrast.checked = document.documentElement.dataset.theme === 'contrast';
    c.evalBar.checked = prefs.evalBar;
    c.hintLevel.value = String(prefs.hintLevel);
    this.form.elements.pieces.value = prefs.pieces;
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
      option.textContent = n ? t('prefs.hintLevelN', { n }) : t('prefs.hintLevelGame');
    }
  }

  /** The time control the form shows, or null (none, or a custom one out of range). */
  clockControl() {
    const c = this.controls;
    if (c.clock.value === 'off') return null;
    if (PRESETS[c.clock.value]) {
      const [minutes, increment] = PRESETS[c.clock.value];
      return { minutes, increment };
    }
    const minutes = Number(c.minutes.value);
    const increment = Number(c.increment.value);
    const within = (v, [low, high]) => Number.isFinite(v) && v >= low && v <= high;
    if (!within(minutes, CLOCK_LIMITS.minutes) || !within(increment, CLOCK_LIMITS.increment)) return null;
    return { minutes, increment };
  }

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
      [name, value] = [target.name, target.checked];
    } else if (target === c.contrast) {
      [name, value] = ['contrast', target.checked ? 'on' : 'off'];
    } else if (target === c.hintLevel) {
      [name, value] = ['hintLevel', Number(target.value)];
    } else if (target.name === 'pieces') {
      [name, value] = ['pieces', target.value];
    } else {
      return;
    }
    setPref(name, value);
    this.apply(name, value);
  }

  /** Shows or hides the note that the clocks wait for the next game. */
  noteClock(show) {
    this.controls.note.hidden = !show;
  }
}
