// The words of the club's push notifications, in the ten languages of the page (www/i18n), and
// `noticeText`, which words a push's payload (the contract of issue 37: {kind, lang, url, tag,
// opponent, from, text, tournament, round, left_ms}). A classic script: the service worker
// loads it with importScripts (sw-push.js), which the page's ES modules cannot be; the unit
// tests run it in a context of their own (tests/unit/push-notice.test.mjs). Time left is worded
// by the browser's Intl ("2 days, 5 hours"), in the same language.

/* exported noticeText, noticeLanguage */

/**
 * One language's words: a title and a body per kind, `{name}` places filled from the payload;
 * `clock` (its body alone) is added to a move's body when the push says the time left.
 * @typedef {Record<string, {title: string, body: string}>} NoticeTable
 */

/** @type {Record<string, NoticeTable>} */
const NOTICE_WORDS = {
  en: {
    your_move: { title: 'Your move', body: '{opponent} has moved.' },
    clock: { title: '', body: ' {left} left on your clock.' },
    challenge: { title: 'New challenge', body: '{from} challenges you to a game.' },
    tournament_round: { title: '{tournament}: round {round}', body: 'Your game of round {round} is ready.' },
    draw_offer: { title: 'Draw offered', body: '{opponent} offers a draw.' },
    chat: { title: 'Message from {from}', body: '{text}' },
    time_running_out: { title: 'Time is running out', body: '{left} left for your move against {opponent}.' },
    other: { title: 'Jungle club', body: 'Something new at your club.' },
  },
  de: {
    your_move: { title: 'Du bist am Zug', body: '{opponent} hat gezogen.' },
    clock: { title: '', body: ' Deine Uhr: noch {left}.' },
    challenge: { title: 'Neue Herausforderung', body: '{from} fordert dich zu einer Partie heraus.' },
    tournament_round: { title: '{tournament}: Runde {round}', body: 'Deine Partie der Runde {round} ist bereit.' },
    draw_offer: { title: 'Remis angeboten', body: '{opponent} bietet Remis an.' },
    chat: { title: 'Nachricht von {from}', body: '{text}' },
    time_running_out: { title: 'Die Zeit wird knapp', body: 'Noch {left} für deinen Zug gegen {opponent}.' },
    other: { title: 'Jungle-Club', body: 'Neues in deinem Club.' },
  },
  es: {
    your_move: { title: 'Te toca mover', body: '{opponent} ha movido.' },
    clock: { title: '', body: ' Te quedan {left} en el reloj.' },
    challenge: { title: 'Nuevo desafío', body: '{from} te desafía a una partida.' },
    tournament_round: { title: '{tournament}: ronda {round}', body: 'Tu partida de la ronda {round} está lista.' },
    draw_offer: { title: 'Tablas ofrecidas', body: '{opponent} ofrece tablas.' },
    chat: { title: 'Mensaje de {from}', body: '{text}' },
    time_running_out: { title: 'Se acaba el tiempo', body: 'Te quedan {left} para mover contra {opponent}.' },
    other: { title: 'Club de Jungle', body: 'Hay novedades en tu club.' },
  },
  fr: {
    your_move: { title: 'À vous de jouer', body: '{opponent} a joué.' },
    clock: { title: '', body: ' Il vous reste {left} à la pendule.' },
    challenge: { title: 'Nouveau défi', body: '{from} vous défie pour une partie.' },
    tournament_round: { title: '{tournament} : ronde {round}', body: 'Votre partie de la ronde {round} est prête.' },
    draw_offer: { title: 'Nulle proposée', body: '{opponent} propose la nulle.' },
    chat: { title: 'Message de {from}', body: '{text}' },
    time_running_out: { title: 'Le temps presse', body: 'Il vous reste {left} pour jouer contre {opponent}.' },
    other: { title: 'Club de Jungle', body: 'Du nouveau dans votre club.' },
  },
  pt: {
    your_move: { title: 'Sua vez de jogar', body: '{opponent} jogou.' },
    clock: { title: '', body: ' Restam {left} no seu relógio.' },
    challenge: { title: 'Novo desafio', body: '{from} desafia você para uma partida.' },
    tournament_round: { title: '{tournament}: rodada {round}', body: 'Sua partida da rodada {round} está pronta.' },
    draw_offer: { title: 'Empate oferecido', body: '{opponent} oferece empate.' },
    chat: { title: 'Mensagem de {from}', body: '{text}' },
    time_running_out: { title: 'O tempo está acabando', body: 'Restam {left} para sua jogada contra {opponent}.' },
    other: { title: 'Clube de Jungle', body: 'Há novidades no seu clube.' },
  },
  vi: {
    your_move: { title: 'Đến lượt bạn', body: '{opponent} đã đi.' },
    clock: { title: '', body: ' Đồng hồ của bạn còn {left}.' },
    challenge: { title: 'Lời thách đấu mới', body: '{from} thách bạn một ván.' },
    tournament_round: { title: '{tournament}: vòng {round}', body: 'Ván đấu vòng {round} của bạn đã sẵn sàng.' },
    draw_offer: { title: 'Đề nghị hòa', body: '{opponent} đề nghị hòa.' },
    chat: { title: 'Tin nhắn từ {from}', body: '{text}' },
    time_running_out: { title: 'Sắp hết giờ', body: 'Còn {left} để bạn đi nước gặp {opponent}.' },
    other: { title: 'Câu lạc bộ Jungle', body: 'Có tin mới ở câu lạc bộ của bạn.' },
  },
  ja: {
    your_move: { title: 'あなたの手番です', body: '{opponent}さんが指しました。' },
    clock: { title: '', body: '持ち時間は残り{left}です。' },
    challenge: { title: '新しい挑戦', body: '{from}さんから対局の挑戦が届きました。' },
    tournament_round: { title: '{tournament}：第{round}ラウンド', body: '第{round}ラウンドの対局の準備ができました。' },
    draw_offer: { title: '引き分けの提案', body: '{opponent}さんが引き分けを提案しています。' },
    chat: { title: '{from}さんからのメッセージ', body: '{text}' },
    time_running_out: { title: '残り時間がわずかです', body: '{opponent}さんとの対局で、あなたの手番の残りは{left}です。' },
    other: { title: 'Jungle クラブ', body: 'クラブに新しいお知らせがあります。' },
  },
  ko: {
    your_move: { title: '당신의 차례입니다', body: '{opponent} 님이 수를 두었습니다.' },
    clock: { title: '', body: ' 남은 시간: {left}.' },
    challenge: { title: '새 도전', body: '{from} 님이 대국을 신청했습니다.' },
    tournament_round: { title: '{tournament}: {round}라운드', body: '{round}라운드 대국이 준비되었습니다.' },
    draw_offer: { title: '무승부 제안', body: '{opponent} 님이 무승부를 제안합니다.' },
    chat: { title: '{from} 님의 메시지', body: '{text}' },
    time_running_out: { title: '시간이 얼마 남지 않았습니다', body: '{opponent} 님과의 대국에서 남은 시간: {left}.' },
    other: { title: 'Jungle 클럽', body: '클럽에 새 소식이 있습니다.' },
  },
  'zh-hans': {
    your_move: { title: '轮到你走棋', body: '{opponent}已走棋。' },
    clock: { title: '', body: '你的棋钟还剩{left}。' },
    challenge: { title: '新的挑战', body: '{from}向你发起对局挑战。' },
    tournament_round: { title: '{tournament}：第{round}轮', body: '你第{round}轮的对局已准备好。' },
    draw_offer: { title: '对方提议和棋', body: '{opponent}提议和棋。' },
    chat: { title: '来自{from}的消息', body: '{text}' },
    time_running_out: { title: '时间快用完了', body: '你与{opponent}的对局还剩{left}走棋。' },
    other: { title: 'Jungle 俱乐部', body: '你的俱乐部有新动态。' },
  },
  'zh-hant': {
    your_move: { title: '輪到你走棋', body: '{opponent}已走棋。' },
    clock: { title: '', body: '你的棋鐘還剩{left}。' },
    challenge: { title: '新的挑戰', body: '{from}向你發起對局挑戰。' },
    tournament_round: { title: '{tournament}：第{round}輪', body: '你第{round}輪的對局已準備好。' },
    draw_offer: { title: '對方提議和棋', body: '{opponent}提議和棋。' },
    chat: { title: '來自{from}的訊息', body: '{text}' },
    time_running_out: { title: '時間快用完了', body: '你與{opponent}的對局還剩{left}走棋。' },
    other: { title: 'Jungle 俱樂部', body: '你的俱樂部有新動態。' },
  },
};

/** The kinds a push names (the contract's); anything else is worded as `other`. */
const KINDS = ['your_move', 'challenge', 'tournament_round', 'draw_offer', 'chat', 'time_running_out'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * "2 days, 5 hours", "5 hours", "40 minutes" in language `lang`: the largest two units of `ms`.
 * @param {number} ms
 * @param {string} lang
 */
function timeLeftText(ms, lang) {
  const unit = (/** @type {number} */ n, /** @type {string} */ name) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: name, unitDisplay: 'long' }).format(n);
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  if (days > 0) {
    const parts = hours > 0 ? [unit(days, 'day'), unit(hours, 'hour')] : [unit(days, 'day')];
    return new Intl.ListFormat(lang, { style: 'long', type: 'unit' }).format(parts);
  }
  return hours > 0 ? unit(hours, 'hour') : unit(Math.max(1, Math.floor(ms / 60_000)), 'minute');
}

/**
 * The table of language `lang` (a page code, any case: 'de', 'zh-Hans'); English for one the
 * page does not speak.
 * @param {unknown} lang
 */
function noticeLanguage(lang) {
  const code = typeof lang === 'string' ? lang.toLowerCase() : '';
  return code in NOTICE_WORDS ? code : 'en';
}

/**
 * The title and body of the notification for push payload `payload`.
 * @param {Record<string, unknown>} payload
 * @returns {{title: string, body: string}}
 */
function noticeText(payload) {
  const lang = noticeLanguage(payload.lang);
  const table = NOTICE_WORDS[lang];
  const kind = typeof payload.kind === 'string' && KINDS.includes(payload.kind) ? payload.kind : 'other';
  const left = typeof payload.left_ms === 'number' && payload.left_ms >= 0 ? timeLeftText(payload.left_ms, lang) : '';
  /** @type {Record<string, string>} */
  const values = { left };
  for (const name of ['opponent', 'from', 'text', 'tournament', 'round']) {
    const value = payload[name];
    values[name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
  }
  const fill = (/** @type {string} */ text) => text.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? '');
  const { title, body } = table[kind];
  // A move in a game with a clock also says the time left (its sentence brings its own space).
  const clock = kind === 'your_move' && left ? table.clock.body : '';
  return { title: fill(title), body: fill(body + clock) };
}
