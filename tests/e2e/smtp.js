// A test SMTP receiver for the end-to-end tests (as tests/server_support/smtp.rs for the Rust
// ones): on a free port of 127.0.0.1, plain text (the club reaches it with `--smtp-url
// smtp://127.0.0.1:PORT?tls=none`), EHLO/HELO, MAIL, RCPT, DATA (dot-unstuffed), RSET, NOOP,
// QUIT. It keeps each message: its envelope and data, and reads back the text part's links.
const net = require('node:net');

/** Starts the receiver: resolves to {url, messages, waitFor(to, subject), close()}. */
function startSmtp() {
  /** @type {{from: string, to: string[], data: string}[]} */
  const messages = [];
  const server = net.createServer((socket) => serve(socket, messages));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      resolve({
        url: `smtp://127.0.0.1:${port}?tls=none`,
        messages,
        /** The latest mail to `to` whose subject holds `subject`, waited for up to 10 s. */
        async waitFor(to, subject) {
          for (let tries = 0; tries < 500; tries += 1) {
            const found = messages.filter((m) => m.to.includes(to) && subjectOf(m).includes(subject)).pop();
            if (found) return found;
            await new Promise((done) => setTimeout(done, 20));
          }
          throw new Error(`no mail to ${to} about ${subject}: ${messages.map(subjectOf).join(', ')}`);
        },
        close: () => server.close(),
      });
    });
  });
}

function serve(socket, messages) {
  let buffer = '';
  let envelope = { from: '', to: /** @type {string[]} */ ([]) };
  /** @type {string[] | null} the data's lines while DATA is read */
  let data = null;
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 test.smtp ready');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let end;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === '.') {
          messages.push({ ...envelope, data: data.join('\r\n') });
          envelope = { from: '', to: [] };
          data = null;
          reply('250 OK kept');
        } else {
          data.push(line.startsWith('.') ? line.slice(1) : line);
        }
        continue;
      }
      const verb = line.split(/[ :]/)[0].toUpperCase();
      const angled = /<([^>]*)>/.exec(line)?.[1] ?? '';
      if (verb === 'EHLO') reply('250-test.smtp\r\n250-8BITMIME\r\n250 SMTPUTF8');
      else if (verb === 'HELO' || verb === 'NOOP') reply('250 OK');
      else if (verb === 'MAIL') { envelope = { from: angled, to: [] }; reply('250 OK'); }
      else if (verb === 'RCPT') { envelope.to.push(angled); reply('250 OK'); }
      else if (verb === 'DATA') { data = []; reply('354 end with .'); }
      else if (verb === 'RSET') { envelope = { from: '', to: [] }; reply('250 OK'); }
      else if (verb === 'QUIT') { reply('221 bye'); socket.end(); }
      else reply('502 not implemented');
    }
  });
  socket.on('error', () => {});
}

/** A message's subject, its RFC 2047 encoded words decoded. */
function subjectOf(message) {
  const head = message.data.split('\r\n\r\n')[0].replace(/\r\n[ \t]/g, ' ');
  const raw = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
  // The space between two encoded words is not part of the text (RFC 2047, 6.2).
  return raw.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?[^?]+\?([bBqQ])\?([^?]*)\?=/g, (_, kind, text) => (kind.toUpperCase() === 'B'
    ? Buffer.from(text, 'base64').toString('utf8')
    : quotedPrintable(text.replace(/_/g, ' '))));
}

function quotedPrintable(text) {
  const bytes = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** The text part of `message`, decoded. */
function textOf(message) {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(message.data)?.[1];
  const parts = boundary ? message.data.split(`--${boundary}`) : [message.data];
  const part = parts.map((p) => p.replace(/^\r\n/, '')).find((p) => /content-type:\s*text\/plain/i.test(p));
  if (!part) throw new Error(`no text part: ${message.data}`);
  const [head, ...body] = part.split('\r\n\r\n');
  const text = body.join('\r\n\r\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return quotedPrintable(text);
  return text;
}

/** The first link in `message`'s text that holds `marker` (such as `?reset=`). */
function linkIn(message, marker) {
  const found = textOf(message).split(/\s+/).find((word) => word.startsWith('http') && word.includes(marker));
  if (!found) throw new Error(`no ${marker} link in ${textOf(message)}`);
  return found;
}

module.exports = { startSmtp, linkIn, textOf, subjectOf };
