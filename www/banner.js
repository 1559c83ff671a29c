// The end-of-game banner over the board.

export class Banner {
  constructor({ root, title, reason }) {
    this.root = root;
    this.title = title;
    this.reason = reason;
  }

  show({ title, reason }, winner) {
    this.title.textContent = title;
    this.reason.textContent = reason;
    this.root.dataset.winner = winner ?? 'draw';
    this.root.hidden = false;
  }

  hide() {
    this.root.hidden = true;
  }
}
