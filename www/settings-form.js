// The settings form beside the board: who plays, which side you take, the computer's level.
// Changes apply at once to the game in progress.

export class SettingsForm {
  /** `onChange(settings)` receives {mode, side, level} after every change. */
  constructor({ form, toggle }, onChange) {
    this.form = form;
    this.toggle = toggle;
    toggle.addEventListener('click', () => this.setOpen(form.hidden));
    form.addEventListener('change', () => {
      this.reflectMode();
      onChange(this.read());
    });
    form.addEventListener('submit', (event) => event.preventDefault());
    this.reflectMode();
  }

  setOpen(open) {
    this.form.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
  }

  read() {
    const data = new FormData(this.form);
    return { mode: data.get('mode'), side: data.get('side'), level: Number(data.get('level')) };
  }

  /** Sets the form from {mode, side, level}. */
  write({ mode, side, level }) {
    this.form.elements.mode.value = mode;
    this.form.elements.side.value = side;
    this.form.elements.level.value = String(level);
    this.reflectMode();
  }

  reflectMode() {
    const mode = this.form.elements.mode.value;
    this.form.querySelector('.for-side').hidden = mode !== 'computer';
    this.form.querySelector('.for-level').hidden = mode === 'people';
  }
}
