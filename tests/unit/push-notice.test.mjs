// The words of the club's push notifications (www/push/notice-words.js, a classic script the
// service worker loads): every language words every kind, fills every place, and says the time
// left in days and hours in its own language.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt', 'vi', 'ja', 'ko', 'zh-hans', 'zh-hant'];
const KINDS = ['your_move', 'challenge', 'tournament_round', 'draw_offer', 'chat', 'time_running_out'];
const DAY = 24 * 3_600_000;

/** The script's globals (NOTICE_WORDS, noticeText…), run as the service worker runs it. */
const words = (() => {
  const context = vm.createContext({ Intl });
  vm.runInContext(readFileSync(new URL('../../www/push/notice-words.js', import.meta.url), 'utf8'), context);
  const { NOTICE_WORDS, noticeText, noticeLanguage } = vm.runInContext('({ NOTICE_WORDS, noticeText, noticeLanguage })', context);
  // Copied into this realm's objects, which assert's deep equality compares with its own.
  return { NOTICE_WORDS: JSON.parse(JSON.stringify(NOTICE_WORDS)), noticeText: (p) => ({ ...noticeText(p) }), noticeLanguage };
})();

/** A payload of `kind` in `lang` with every detail a kind may name. */
function payload(kind, lang, extra = {}) {
  return { kind, lang, url: '?online=abc', tag: 'game-abc', opponent: 'Ann', from: 'Bob', text: 'good luck!', tournament: 'Autumn Open', round: 3, ...extra };
}

test('every language has the same kinds, and the same places in each', () => {
  assert.deepEqual(Object.keys(words.NOTICE_WORDS).sort(), [...LANGUAGES].sort());
  const places = (text) => (text.match(/\{\w+\}/g) ?? []).sort().join();
  for (const lang of LANGUAGES) {
    const table = words.NOTICE_WORDS[lang];
    assert.deepEqual(Object.keys(table).sort(), Object.keys(words.NOTICE_WORDS.en).sort(), lang);
    for (const [kind, { title, body }] of Object.entries(table)) {
      const english = words.NOTICE_WORDS.en[kind];
      assert.equal(places(title + body), places(english.title + english.body), `${lang} ${kind}`);
    }
  }
});

test('each kind names what the push names, with no place left unfilled, in every language', () => {
  for (const lang of LANGUAGES) {
    for (const kind of KINDS) {
      const { title, body } = words.noticeText(payload(kind, lang, { left_ms: 2 * DAY }));
      assert.doesNotMatch(title + body, /[{}?]/, `${lang} ${kind}`);
      assert.ok(title.length > 0 && body.length > 0, `${lang} ${kind}`);
    }
    assert.match(words.noticeText(payload('chat', lang)).body, /good luck!/);
    assert.match(Object.values(words.noticeText(payload('tournament_round', lang))).join(' '), /Autumn Open.*3/);
  }
  assert.deepEqual(words.noticeText(payload('your_move', 'en')), { title: 'Your move', body: 'Ann has moved.' });
  assert.deepEqual(words.noticeText(payload('draw_offer', 'de')), { title: 'Remis angeboten', body: 'Ann bietet Remis an.' });
  assert.deepEqual(words.noticeText(payload('challenge', 'ja')), { title: '新しい挑戦', body: 'Bobさんから対局の挑戦が届きました。' });
});

test('the time left is said in days and hours, in the notice’s language', () => {
  const left = 2 * DAY + 5 * 3_600_000 + 59_000;
  assert.equal(words.noticeText(payload('time_running_out', 'en', { left_ms: left })).body, '2 days, 5 hours left for your move against Ann.');
  assert.equal(words.noticeText(payload('your_move', 'de', { left_ms: left })).body, 'Ann hat gezogen. Deine Uhr: noch 2 Tage, 5 Stunden.');
  assert.equal(words.noticeText(payload('time_running_out', 'en', { left_ms: 7 * 3_600_000 })).body, '7 hours left for your move against Ann.');
  assert.equal(words.noticeText(payload('time_running_out', 'en', { left_ms: DAY })).body, '1 day left for your move against Ann.');
  assert.equal(words.noticeText(payload('time_running_out', 'en', { left_ms: 40 * 60_000 })).body, '40 minutes left for your move against Ann.');
});

test('a language the page does not speak, a kind no one knows and a payload of nothing are worded all the same', () => {
  assert.equal(words.noticeLanguage('zh-Hant'), 'zh-hant');
  assert.equal(words.noticeLanguage('nl'), 'en');
  assert.equal(words.noticeLanguage(undefined), 'en');
  assert.deepEqual(words.noticeText(payload('challenge', 'nl')), words.noticeText(payload('challenge', 'en')));
  assert.deepEqual(words.noticeText({ kind: 'weather', lang: 'fr' }), { title: 'Club de Jungle', body: 'Du nouveau dans votre club.' });
  assert.deepEqual(words.noticeText({}), { title: 'Jungle club', body: 'Something new at your club.' });
});
