// The paper of the printed pages (the print-and-play sheets, a tournament's sheets): A4 or
// Letter, from the address (`paper=a4|letter`), else the usual one where the browser's
// language says the reader lives; a choice of the two in the page. The class paper-a4 or
// paper-letter on <body> picks one of print.css's named @page rules.

/** Countries whose usual paper is Letter. */
const LETTER_REGIONS = ['US', 'CA', 'MX', 'PH'];

/**
 * Shows the sheets on `paper` ('a4' or 'letter'), its radio button checked.
 * @param {string} paper
 */
function choosePaper(paper) {
  document.body.classList.toggle('paper-a4', paper === 'a4');
  document.body.classList.toggle('paper-letter', paper === 'letter');
  /** @type {HTMLInputElement} */ (document.querySelector(`input[name="paper"][value="${paper}"]`)).checked = true;
}

function usualPaper() {
  const asked = new URLSearchParams(window.location.search).get('paper');
  if (asked === 'a4' || asked === 'letter') return asked;
  const region = new Intl.Locale(navigator.language).maximize().region;
  return LETTER_REGIONS.includes(region ?? '') ? 'letter' : 'a4';
}

/** Chooses the usual paper, and the other when its radio button (`name="paper"`) is picked. */
export function installPaperChoice() {
  choosePaper(usualPaper());
  for (const input of document.querySelectorAll('input[name="paper"]')) {
    if (!(input instanceof HTMLInputElement)) continue;
    input.addEventListener('change', () => choosePaper(input.value));
  }
}
