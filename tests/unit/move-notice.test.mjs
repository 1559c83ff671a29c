// The open tab's own notices ("Notify me", www/online/move-notice.js) give way to push: once push
// is on for this device (push/push-device.js keeps that in localStorage), the club's pushes
// bring the notices, so the tab shows none of its own; without push it shows them, tagged as the
// pushes are (`game-<id>`), so that one replaces the other rather than doubling it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const kept = new Map();
/** @type {{title: string, tag: string}[]} */
const shown = [];
globalThis.localStorage = { getItem: (key) => kept.get(key) ?? null, setItem: (key, value) => kept.set(key, String(value)) };
globalThis.Notification = class {
  static permission = 'granted';
  constructor(title, { tag }) {
    shown.push({ title, tag });
  }
};
globalThis.window = globalThis;
globalThis.document = { visibilityState: 'hidden' };

const { noticeYourMove } = await import('../../www/online/move-notice.js');

test('a tab in the background tells of the move itself without push, and leaves it to the push with push on', () => {
  kept.set('jungle.online.notify', '1');
  noticeYourMove('aaaaaaaaaaaa', 'Online against Yuri');
  assert.deepEqual(shown.map((notice) => notice.tag), ['game-aaaaaaaaaaaa']);
  kept.set('jungle.push.on', '1');
  noticeYourMove('bbbbbbbbbbbb', 'Online against Yuri');
  assert.deepEqual(shown.map((notice) => notice.tag), ['game-aaaaaaaaaaaa']);
  kept.set('jungle.push.on', '0');
  noticeYourMove('cccccccccccc', 'Online against Yuri');
  assert.deepEqual(shown.map((notice) => notice.tag), ['game-aaaaaaaaaaaa', 'game-cccccccccccc']);
});
