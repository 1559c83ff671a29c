// Rule variants: a settings screen with every rule option, named presets (Standard,
// Competition, one per source rule sheet), and the short summary of the rules in force shown
// with every game. The options, their values and the presets come from the engine
// (ruleOptions, rulePresets, rulesSummary) as names; their words from the i18n tables:
// `rule.<option>`, `rule.<option>.<value>`, `rule.<option>.<value>.short` (the summary's),
// `preset.<id>` and `preset.<id>.source`.

import { normalizeRules, ruleOptions, rulePresets, ruleValues, rulesSummary } from '../game/engine.js';
import { el } from '../page/dom.js';
import { errorText, hasText, language, t } from '../page/i18n.js';
import { makeDialog } from '../page/page-ui.js';

/** @typedef {{name: string, default: string, values: {value: string}[]}} RuleOption An option of ruleOptions(). */
/** @typedef {{id: string, rules: string, values: Record<string, string>}} RulePreset A preset of rulePresets(). */

/**
 * The words of the rules in force: "Standard rules" or "Dog swims · Lion = Tiger".
 * @param {string} rules
 */
export function summaryText(rules) {
  /** @type {{option: string, value: string}[]} */
  let items;
  try {
    items = rulesSummary(rules);
  } catch {
    return '';
  }
  if (items.length === 0) return t('rules.standard');
  return items.map(({ option, value }) => (option === 'no-capture-limit'
    ? t(value === '0' ? 'rule.no-capture-limit.off' : 'rule.no-capture-limit.short', { n: value })
    : t(`rule.${option}.${value}.short`))).join(' · ');
}

/**
 * The preset whose rules are exactly `rules` (normalised), or undefined.
 * @param {RulePreset[]} presets
 * @param {string} rules
 */
function presetOf(presets, rules) {
  return presets.find((p) => p.rules === rules);
}

/**
 * The rules screen. `startGame(rules)` starts a new game under the chosen rules; `inProgress()`
 * tells whether a game would be abandoned (then the player confirms first).
 */
export class RulesDialog {
  /**
   * @param {object} hooks
   * @param {(rules: string) => void} hooks.startGame
   * @param {() => boolean} hooks.inProgress
   * @param {() => string} hooks.currentRules The rules of the game in progress.
   * @param {boolean} hooks.guide whether the page has the rules guide to link to (not the one-file page)
   */
  constructor({ startGame, inProgress, currentRules, guide }) {
    this.startGame = startGame;
    this.inProgress = inProgress;
    this.currentRules = currentRules;
    /** @type {RuleOption[]} */
    this.options = ruleOptions();
    /** @type {RulePreset[]} */
    this.presets = rulePresets();
    this.ui = makeDialog('rules-dialog', t('rules.title'));

    this.preset = el('select', { id: 'rules-preset', name: 'preset' },
      this.presets.map((p) => el('option', { value: p.id }, t(`preset.${p.id}`))),
      el('option', { value: 'custom' }, t('preset.custom')));
    this.presetSource = el('p', { className: 'preset-source', id: 'rules-preset-source' });
    this.preset.addEventListener('change', () => this.choosePreset(this.preset.value));

    this.form = el('form', { id: 'rules-form', className: 'rules-form' });
    /** @type {Map<string, HTMLSelectElement | HTMLInputElement>} */
    this.fields = new Map();
    for (const option of this.options) {
      const id = `rule-${option.name}`;
      const field = option.values.length
        ? el('select', { id, name: option.name },
          option.values.map((v) => el('option', { value: v.value }, t(`rule.${option.name}.${v.value}`))))
        : el('input', { id, name: option.name, type: 'number', min: 0, max: 100000, step: 1, inputMode: 'numeric' });
      this.fields.set(option.name, field);
      this.form.append(el('div', { className: 'rule-row' },
        el('label', { htmlFor: id }, t(`rule.${option.name}`)), field));
    }
    this.form.addEventListener('input', () => this.formChanged());
    this.form.addEventListener('change', () => this.formChanged());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.apply(false);
    });

    this.summary = el('span', { id: 'rules-preview', className: 'rules-preview' });
    this.error = el('p', { id: 'rules-error', className: 'tool-error', role: 'alert', hidden: true });
    this.applyButton = el('button', { type: 'button', id: 'rules-apply', className: 'primary' }, t('rules.apply'));
    this.applyButton.addEventListener('click', () => this.apply(false));
    this.confirmYes = el('button', { type: 'button', id: 'rules-confirm-yes', className: 'primary', onclick: () => this.apply(true) },
      t('rules.confirmYes'));
    this.confirm = el('div', { id: 'rules-confirm', className: 'confirm', hidden: true },
      el('p', {}, t('rules.confirm')),
      this.confirmYes,
      el('button', { type: 'button', id: 'rules-confirm-no', onclick: () => this.close() }, t('rules.confirmNo')));

    // The expert's options come after the way to the rules themselves.
    const howTo = el('p', { className: 'rules-guide', hidden: !guide },
      el('a', { id: 'rules-how-to-play', href: `www/guide.html?lang=${language()}` }, t('play.howTo')));
    this.ui.body.append(
      howTo,
      el('div', { className: 'rule-row preset-row' },
        el('label', { htmlFor: 'rules-preset' }, t('rules.preset')), this.preset),
      this.presetSource,
      this.form,
      el('p', { className: 'rules-preview-line', role: 'status' }, t('rules.preview'), ' ', this.summary),
      this.error,
      el('div', { className: 'tool-actions' }, this.applyButton),
      this.confirm);
  }

  /** Opens the screen showing the rules of the game in progress. */
  open() {
    this.writeValues(ruleValues(this.currentRules()));
    this.confirm.hidden = true;
    this.applyButton.hidden = false;
    this.ui.open();
  }

  close() {
    this.ui.dialog.close();
  }

  /** @param {string} id */
  choosePreset(id) {
    const preset = this.presets.find((p) => p.id === id);
    if (preset) this.writeValues(preset.values);
  }

  /** @param {Record<string, string>} values */
  writeValues(values) {
    for (const [name, field] of this.fields) field.value = values[name] ?? '';
    this.formChanged();
  }

  /**
   * The rules the form shows, normalised by the engine; throws its reason if not valid.
   * @returns {string}
   */
  readRules() {
    const pairs = [...this.fields].map(([name, field]) => `${name}=${field.value.trim()}`);
    return normalizeRules(pairs.join(','));
  }

  formChanged() {
    this.confirm.hidden = true;
    this.applyButton.hidden = false;
    let rules;
    try {
      rules = this.readRules();
    } catch (error) {
      this.error.textContent = errorText(error);
      this.error.hidden = false;
      this.applyButton.disabled = true;
      return;
    }
    this.error.hidden = true;
    this.applyButton.disabled = false;
    // The chosen preset stays chosen while the rules are its own (two sheets may agree).
    const chosen = this.presets.find((p) => p.id === this.preset.value);
    const preset = chosen?.rules === rules ? chosen : presetOf(this.presets, rules);
    this.preset.value = preset?.id ?? 'custom';
    this.presetSource.textContent = preset && hasText(`preset.${preset.id}.source`) ? t(`preset.${preset.id}.source`) : '';
    this.summary.textContent = summaryText(rules);
  }

  /** @param {boolean} confirmed */
  apply(confirmed) {
    let rules;
    try {
      rules = this.readRules();
    } catch {
      return;
    }
    if (!confirmed && this.inProgress()) {
      this.applyButton.hidden = true;
      this.confirm.hidden = false;
      this.confirmYes.focus();
      return;
    }
    this.close();
    this.startGame(rules);
  }
}
