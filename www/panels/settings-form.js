// The settings form beside the board: who plays, which side you take, the computer's level.
// Changes apply at once to the game in progress.

/** @typedef {import('../game/types.js').Settings} Settings */

/**
 * A form control by name: the radio buttons' list or the select.
 * @param {HTMLFormElement} form
 * @param {string} name
 */
function control(form, name) {
  return /** @type {RadioNodeList | HTMLSelectElement} */ (form.elements.namedItem(name));
}

export class SettingsForm {
  /**
   * `onChange(settings)` receives {mode, side, level} after every change, as the form reads
   * them (the game's owner checks them).
   * @param {{form: HTMLFormElement, toggle: HTMLElement}} els
   * @param {(settings: Partial<Record<keyof Settings, unknown>>) => void} onChange
   */
  constructor({ form, toggle }, onChange) {
    this.form = form;
    this.toggle = toggle;
    toggle.addEventListener('click', () => {
      const open = Boolean(form.hidden);
      this.setOpen(open);
      // On a phone the settings open below the board, out of sight: bring them into view.
      const motion = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
      if (open) form.scrollIntoView({ block: 'nearest', behavior: motion });
    });
    form.addEventListener('change', () => {
      this.reflectMode();
      onChange(this.read());
    });
    form.addEventListener('submit', (event) => event.preventDefault());
    this.reflectMode();
  }

  /** @param {boolean} open */
  setOpen(open) {
    this.form.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
  }

  read() {
    const data = new FormData(this.form);
    return { mode: data.get('mode'), side: data.get('side'), level: Number(data.get('level')) };
  }

  /**
   * Sets the form from {mode, side, level}.
   * @param {Readonly<Settings>} settings
   */
  write({ mode, side, level }) {
    control(this.form, 'mode').value = mode;
    control(this.form, 'side').value = side;
    control(this.form, 'level').value = String(level);
    this.reflectMode();
  }

  /** Shows the side and level only for the modes that have them. */
  reflectMode() {
    const mode = control(this.form, 'mode').value;
    const show = (/** @type {string} */ selector, /** @type {boolean} */ shown) => {
      const part = this.form.querySelector(selector);
      if (part instanceof HTMLElement) part.hidden = !shown;
    };
    show('.for-side', mode === 'computer');
    show('.for-level', mode !== 'people');
  }
}
