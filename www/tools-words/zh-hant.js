// The words of the game tools (tools.js, variants.js, editor.js, share.js, save-game.js,
// record-io.js) in traditional Chinese, by the keys those files pass to tr(). i18n.js loads them
// with the page's table of the same language, whose keys win. English is in the files
// themselves and, for the rule options, in the engine (ruleOptions, rulePresets, rulesSummary).
// They are the simplified ones (zh-hans.js) in traditional characters, but for a few words.

import zhHans from './zh-hans.js';

/** Simplified characters used above, each followed by its traditional form. */
const TRADITIONAL = new Map((
  '规規则則与與变變体體摆擺谱譜对對关關闭閉复複制製选選组組这這标標准準种種开開进進结結继繼续續赛賽诺諾乐樂来來条條蓝藍张張网網页頁带帶图圖动動简簡没沒红紅从從' +
  '狮獅强強横橫竖豎时時级級无無连連么麼数數个個击擊车車轮輪盘盤电電脑腦两兩链鏈着著设設载載导導粘黏贴貼里裡择擇现現据據读讀戏戲损損坏壞兽獸计計约約过過边邊单單钮鈕' +
  '给給说說编編辑輯显顯项項题題会會并並义義尔爾斗鬥别別'
).match(/../gu).map((pair) => [...pair]));

function traditional(table) {
  const out = {};
  for (const [key, text] of Object.entries(table)) {
    out[key] = [...text].map((c) => TRADITIONAL.get(c) ?? c).join('');
  }
  // Words that differ in more than their characters.
  out['tools.copy'] = '複製';
  out['tools.copied'] = '已複製。';
  out['tools.copyByHand'] = '已選取：按 Ctrl+C（⌘C）複製。';
  out['rule.game'] = '遊戲';
  out['record.file'] = '檔案：';
  out['record.download'] = '下載（.txt）';
  out['record.pasteLabel'] = '匯入棋譜：貼在這裡，或選擇檔案';
  out['record.import'] = '匯入';
  out['record.imported'] = '棋譜已匯入。';
  out['record.tooBig'] = '這個檔案太大，不是棋譜。';
  out['record.computer'] = '電腦（{level} 級）';
  out['save.unreadable'] = '資料無法讀取';
  out['save.version'] = '資料來自遊戲的另一個版本（{version}）';
  out['save.setAside'] = '無法恢復你儲存的對局，現在開始新局。儲存的資料已另外存放。';
  out['editor.help'] = '選一個棋子，再點擊格子（或按 Enter）放下；橡皮擦清空格子。';
  out['editor.eraser'] = '橡皮擦（清空格子）';
  return out;
}

export default traditional(zhHans);
