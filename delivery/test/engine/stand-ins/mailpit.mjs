// The Mailpit stand-in: what the site and its tests use of Mailpit. SMTP on
// 1025 accepting any login, every message kept in the SQLite database
// MP_DATABASE (Mailpit's own store is SQLite too), the REST calls
// GET /api/v1/messages and GET /api/v1/message/ID/raw, /readyz, and the
// command `mailpit readyz` of the healthcheck. SIGTERM ends it at once.
import http from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const UI_PORT = 8025;

if (process.argv[2] === 'readyz') {
  const ok = await fetch(`http://127.0.0.1:${UI_PORT}/readyz`).then(
    (response) => response.ok,
    () => false,
  );
  process.exit(ok ? 0 : 1);
}

const db = new DatabaseSync(process.env.MP_DATABASE ?? '/tmp/mailpit.db');
db.exec('PRAGMA journal_mode = WAL');
db.exec(`CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, summary TEXT NOT NULL, raw BLOB NOT NULL)`);

async function store(raw) {
  const mail = await simpleParser(raw);
  const address = (list) =>
    (list?.value ?? []).map(({ name, address }) => ({ Name: name, Address: address }));
  const summary = {
    Subject: mail.subject ?? '',
    From: address(mail.from)[0] ?? null,
    To: address(mail.to),
    ReplyTo: address(mail.replyTo),
    Snippet: (mail.text ?? '').slice(0, 250),
  };
  db.prepare('INSERT INTO messages (created, summary, raw) VALUES (?, ?, ?)').run(
    new Date().toISOString(),
    JSON.stringify(summary),
    raw,
  );
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onAuth: (_auth, _session, callback) => callback(null, { user: 'any' }),
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => store(Buffer.concat(chunks)).then(() => callback(), callback));
  },
});
smtp.listen(1025, '0.0.0.0');

function listMessages() {
  const rows = db.prepare('SELECT id, created, summary FROM messages ORDER BY id DESC').all();
  const messages = rows.map((row) => ({
    ID: String(row.id),
    Created: row.created,
    ...JSON.parse(row.summary),
  }));
  return { total: messages.length, messages };
}

const ui = http.createServer((request, response) => {
  const raw = /^\/api\/v1\/message\/(\d+)\/raw$/.exec(request.url ?? '');
  if (request.url === '/readyz') return response.end('ok');
  if (request.url === '/api/v1/messages') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(listMessages()));
  }
  const row = raw && db.prepare('SELECT raw FROM messages WHERE id = ?').get(Number(raw[1]));
  if (row) return response.end(Buffer.from(row.raw));
  response.statusCode = 404;
  response.end('not found');
});
ui.listen(UI_PORT, '0.0.0.0');
console.log(
  `mailpit stand-in: SMTP on 1025, REST API on ${UI_PORT}, store ${process.env.MP_DATABASE}`,
);

process.on('SIGTERM', () => {
  smtp.close(() => undefined);
  ui.close();
  db.close();
  process.exit(0);
});
