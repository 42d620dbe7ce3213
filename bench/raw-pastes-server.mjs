// The "raw" reference for bench/pastes.bench.mjs: plain node:http + better-sqlite3 (the package the
// app uses) on the app's own database file, doing the same per-request database work the app does
// but nothing else: no Express, no Prisma, no React. Not a benchmark itself (scripts/bench.mjs only
// runs *.bench.mjs); pastes.bench.mjs starts it as a child process:
//
//   node bench/raw-pastes-server.mjs <DATA_DIR/cloudclip.db>
//
// It prints "raw listening on http://127.0.0.1:<port>" once it accepts connections.
//
//   GET  /paste/<slug>  the paste row as JSON (SELECT by slug, the view counted as the app does)
//   GET  /page/<slug>   the same two statements, answered as a minimal HTML page with the content
//   GET  /rr/<slug>     the same, rendered by React Router and React alone (bench/bare-router-page.mjs):
//                       the framework floor
//   POST /paste         {content} with "Authorization: Bearer <token>": checks the session token
//                       (SHA-256 + one indexed SELECT, as the app's Bearer auth does), inserts a row
//                       with a random 6-character slug (same columns as the app), answers JSON.
import http from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { bareRouterPage } from './bare-router-page.mjs';

const dbFile = process.argv[2];
if (!dbFile) {
  console.error('usage: node bench/raw-pastes-server.mjs <sqlite file>');
  process.exit(2);
}

// The same pragmas as app/db/client.server.ts.
const db = new Database(dbFile, { timeout: 5000, fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

/** DateTime as the Prisma SQLite adapter stores it (app/db/time.ts). */
const sqlTime = (date = new Date()) => date.toISOString().replace('Z', '+00:00');
const iso = (text) => (text ? new Date(text).toISOString() : null);

const selectPaste = db.prepare(
  `SELECT id, slug, content, remark, password_hash, expires_at, max_views, views, created_by, created_at, updated_at
   FROM pastes WHERE slug = ?`,
);
// The app's per-view statement of a limited paste (app/models/pastes/fast-view.server.ts): conditional, atomic.
const countView = db.prepare(
  `UPDATE pastes SET views = views + 1
   WHERE id = ? AND (max_views IS NULL OR views + 1 < max_views) AND (expires_at IS NULL OR expires_at > ?)
   RETURNING views, content`,
);
const selectAdminSession = db.prepare(
  `SELECT s.admin_id AS adminId, s.expires_at AS expiresAt
   FROM sessions s JOIN admins a ON a.id = s.admin_id
   WHERE s.token_hash = ? AND s.kind = 'admin'`,
);
const insertPaste = db.prepare(
  `INSERT INTO pastes (id, slug, content, remark, password_hash, password_enc, expires_at, max_views, views, created_by, created_at, updated_at)
   VALUES (?, ?, ?, NULL, NULL, NULL, NULL, NULL, 0, ?, ?, ?)`,
);

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomSlug(length = 6) {
  let out = '';
  for (const byte of randomBytes(length)) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
const sendJson = (res, status, value) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Views of pastes without a limit, counted in memory as the app's tally does (decision 0041). */
const tally = new Map();

/**
 * SELECT, then the view counted as the app's viewPaste does for a paste without password: in
 * memory without a view limit, with the counting UPDATE with one.
 */
function view(slug) {
  const row = selectPaste.get(slug);
  if (!row || row.password_hash) return null;
  if (row.max_views === null) {
    const pending = (tally.get(row.id) ?? 0) + 1;
    tally.set(row.id, pending);
    return { ...row, views: row.views + pending };
  }
  const counted = countView.get(row.id, sqlTime());
  if (!counted) return null;
  return { ...row, views: counted.views, content: counted.content };
}

function viewJson(res, slug) {
  const p = view(slug);
  if (!p) return sendJson(res, 404, { error: 'not found' });
  sendJson(res, 200, {
    slug: p.slug,
    remark: p.remark,
    expiresAt: iso(p.expires_at),
    maxViews: p.max_views,
    views: p.views,
    createdAt: iso(p.created_at),
    created_by: p.created_by,
    content: p.content,
    hasPassword: false,
    isLastView: false,
  });
}

function viewPage(res, slug) {
  const p = view(slug);
  if (!p) return send(res, 404, 'text/html; charset=utf-8', '<!doctype html><title>Not found</title>');
  send(
    res,
    200,
    'text/html; charset=utf-8',
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(p.slug)}</title></head>` +
      `<body><main><pre>${escapeHtml(p.content)}</pre></main></body></html>`,
  );
}

const renderBare = bareRouterPage(view);

async function viewBarePage(res, url) {
  const { status, html } = await renderBare(url);
  send(res, status, 'text/html; charset=utf-8', html);
}

function create(req, res, body) {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  const session =
    scheme?.toLowerCase() === 'bearer' && token
      ? selectAdminSession.get(createHash('sha256').update(token, 'utf8').digest('hex'))
      : undefined;
  if (!session || session.expiresAt <= sqlTime()) return sendJson(res, 401, { error: 'unauthenticated' });
  let input;
  try {
    input = JSON.parse(body);
  } catch {
    return sendJson(res, 400, { error: 'bad json' });
  }
  if (typeof input?.content !== 'string' || input.content.trim() === '') {
    return sendJson(res, 400, { error: 'content required' });
  }
  const id = randomUUID();
  const now = sqlTime();
  for (let attempt = 1; ; attempt++) {
    const slug = randomSlug();
    try {
      insertPaste.run(id, slug, input.content, session.adminId, now, now);
      return sendJson(res, 200, { id, slug, hasPassword: false, createdAt: iso(now), authorizedBy: 'admin' });
    } catch (error) {
      if (error?.code !== 'SQLITE_CONSTRAINT_UNIQUE' || attempt >= 5) throw error;
    }
  }
}

const server = http.createServer((req, res) => {
  try {
    const url = req.url ?? '/';
    if (req.method === 'GET' && url.startsWith('/paste/')) return viewJson(res, decodeURIComponent(url.slice(7)));
    if (req.method === 'GET' && url.startsWith('/page/')) return viewPage(res, decodeURIComponent(url.slice(6)));
    if (req.method === 'GET' && url.startsWith('/rr/')) {
      viewBarePage(res, url).catch((error) => {
        console.error(error);
        sendJson(res, 500, { error: 'internal' });
      });
      return;
    }
    if (req.method === 'POST' && url === '/paste') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        try {
          create(req, res, Buffer.concat(chunks).toString('utf8'));
        } catch (error) {
          console.error(error);
          sendJson(res, 500, { error: 'internal' });
        }
      });
      return;
    }
    sendJson(res, 404, { error: 'no route' });
  } catch (error) {
    console.error(error);
    sendJson(res, 500, { error: 'internal' });
  }
});

server.listen(0, '127.0.0.1', () => {
  console.log(`raw listening on http://127.0.0.1:${server.address().port}`);
});

const stop = () => {
  server.close(() => {
    db.close();
    process.exit(0);
  });
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
