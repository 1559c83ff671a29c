// Rule variants: a settings screen with every rule option, named presets (Standard,
// Competition, one per source rule sheet), and the short summary of the rules in force shown
// with every game. The options, their values, the presets and the English words all come
// from the engine (ruleOptions, rulePresets, rulesSummary); this file only lays them out.

import { normalizeRules, ruleOptions, rulePresets, ruleValues, rulesSummary } from '../jungle-web.js';
import { el, makeDialog, tr } from './tools-ui.js';

/** The words of the rules in force: "Standard rules" or "Dog swims · Lion = Tiger". */
export function summaryText(rules) {
  let items;
  try {
    items = rulesSummary(rules);
  } catch {
    return '';
  }
  if (items.length === 0) return tr('rules.standard', 'Standard rules');
  return items.map((item) => (item.option === 'no-capture-limit'
    ? tr(item.value === '0' ? 'rule.no-capture-limit.off' : 'rule.no-capture-limit.short', item.text, { n: item.value })
    : tr(`rule.${item.option}.${item.value}.short`, item.text))).join(' · ');
}

/** The preset whose rules are exactly `rules` (normalised), or undefined. */
function presetOf(presets, rules) {
  return presets.find((p) => p.rules === rules);
}

/**
 * The rules screen. `startGame(rules)` starts a new game under the chosen rules; `inProgress()`
 * tells whether a game would be abandoned (then the player confirms first).
 */
export class RulesDialog {
  constructor({ startGame, inProgress, currentRules }) {
    this.startGame = startGame;
    this.inProgress = inProgress;
    this.currentRules = currentRules;
    this.options = ruleOptions();
    this.presets = rulePresets();
    this.ui = makeDialog('rules-dialog', tr('rules.title', 'Rules and variants'));
    this.build();
  }

  build() {
    const { body } = this.ui;
    this.preset = el('select', { id: 'rules-preset', name: 'preset' },
      this.presets.map((p) => el('option', { value: p.id }, tr(`preset.${p.id}`, p.name))),
      el('option', { value: 'custom' }, tr('preset.custom', 'Custom')));
    this.presetSource = el('p', { className: 'preset-source', id: 'rules-preset-source' });
    this.preset.addEventListener('change', () => this.choosePreset(this.preset.value));

    this.form = el('form', { id: 'rules-form', className: 'rules-form' });
    this.fields = new Map();
    for (const option of this.options) {
      const id = `rule-${option.name}`;
      const field = option.values.length
        ? el('select', { id, name: option.name },
          option.values.map((v) => el('option', { value: v.value }, tr(`rule.${option.name}.${v.value}`, v.label))))
        : el('input', { id, name: option.name, type: 'number', min: 0, max: 100000, step: 1, inputMode: 'numeric' });
      this.fields.set(option.name, field);
      this.form.append(el('div', { className: 'rule-row' },
        el('label', { htmlFor: id }, tr(`rule.${option.name}`, option.label)), field));
    }
    this.form.addEventListener('input', () => this.formChanged());
    this.form.addEventListener('change', () => this.formChanged());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.apply(false);
    });

    this.summary = el('span', { id: 'rules-preview', className: 'rules-preview' });
    this.error = el('p', { id: 'rules-error', className: 'tool-error', role: 'alert', hidden: true });
    this.applyButton = el('button', { type: 'button', id: 'rules-apply', className: 'primary' },
      tr('rules.apply', 'New game with these rules'));
    this.applyButton.addEventListener('click', () => this.apply(false));
    this.confirm = el('div', { id: 'rules-confirm', className: 'confirm', hidden: true },
      el('p', {}, tr('rules.confirm', 'A game is in progress. Changing the rules ends it and starts a new game.')),
      el('button', { type: 'button', id: 'rules-confirm-yes', className: 'primary', onclick: () => this.apply(true) },
        tr('rules.confirmYes', 'End it and start the new game')),
      el('button', { type: 'button', id: 'rules-confirm-no', onclick: () => this.close() },
        tr('rules.confirmNo', 'Keep playing')));

    body.append(
      el('div', { className: 'rule-row preset-row' },
        el('label', { htmlFor: 'rules-preset' }, tr('rules.preset', 'Rule set')), this.preset),
      this.presetSource,
      this.form,
      el('p', { className: 'rules-preview-line', role: 'status' }, tr('rules.preview', 'These rules:'), ' ', this.summary),
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

  choosePreset(id) {
    const preset = this.presets.find((p) => p.id === id);
    if (preset) this.writeValues(preset.values);
  }

  writeValues(values) {
    for (const [name, field] of this.fields) field.value = values[name] ?? '';
    this.formChanged();
  }

  /** The rules the form shows, normalised by the engine; throws its reason if not valid. */
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
      this.error.textContent = error.message;
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
    this.presetSource.textContent = preset?.source ? tr(`preset.${preset.id}.source`, preset.source) : '';
    this.summary.textContent = summaryText(rules);
  }

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
      this.confirm.querySelector('button').focus();
      return;
    }
    this.close();
    this.startGame(rules);
  }
}
