// Imported by each part the game page loads after its first board (every `import()` of www/):
// the words of those parts (www/i18n/later/) are loaded before the part runs, and so are not
// on the way to the board (i18n.js).

import { laterWords } from './i18n.js';

await laterWords();
