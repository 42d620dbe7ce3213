import type { LocalDb, QueueKind, QueuedCall } from './local-db';

/** The Background Sync tag the worker registers (docs/product/spec.md §7 "Offline queue replay"). */
export const SYNC_TAG = 'sync-offline-queue';
/** Messages between the page and the worker about the queue. */
export const QUEUE_MESSAGES = {
  replay: 'REPLAY_OFFLINE_QUEUE',
  changed: 'OFFLINE_QUEUE_CHANGED',
  synced: 'OFFLINE_QUEUE_SYNCED',
} as const;

const PATTERNS: [QueueKind, string, RegExp][] = [
  ['pasteCreate', 'POST', /^\/api\/paste$/],
  ['pasteUpdate', 'PUT', /^\/api\/pastes\/[^/]+$/],
  ['settingsUpdate', 'PUT', /^\/api\/admin\/settings\/group\/[^/]+$/],
  ['pasteBatchDelete', 'DELETE', /^\/api\/pastes\/batch-delete$/],
  ['pasteClearExpired', 'POST', /^\/api\/pastes\/clear-expired$/],
  ['cacheClear', 'POST', /^\/api\/admin\/cache\/clear$/],
  ['filePasswordVerify', 'POST', /^\/api\/public\/files\/[^/]+\/verify$/],
];

/** Which queued kind a call is, or null when the worker lets it fail like any other. */
export function queueKindOf(method: string, pathname: string): QueueKind | null {
  return PATTERNS.find(([, m, pattern]) => m === method.toUpperCase() && pattern.test(pathname))?.[0] ?? null;
}

/** The kinds whose replay changes pastes (an admin page showing them reloads afterwards). */
const CHANGES_PASTES = new Set<QueueKind>(['pasteCreate', 'pasteUpdate', 'pasteBatchDelete', 'pasteClearExpired']);

/** The auth of a call, as the queue keeps it. */
export function authOf(authorization: string | null): Pick<QueuedCall, 'authType' | 'token'> {
  const [scheme, token] = (authorization ?? '').split(/\s+/, 2);
  if (scheme === 'Bearer' && token) return { authType: 'admin', token };
  if (scheme === 'ApiKey' && token) return { authType: 'apikey', token };
  return { authType: 'session', token: null };
}

export async function enqueue(db: LocalDb, call: Omit<QueuedCall, 'id' | 'status'>): Promise<number> {
  return db.add('offlineQueue', { ...call, status: 'pending' });
}

export async function listQueue(db: LocalDb): Promise<QueuedCall[]> {
  return db.getAll('offlineQueue');
}

export async function dropQueued(db: LocalDb, id: number): Promise<void> {
  await db.delete('offlineQueue', id);
}

export interface ReplayResult {
  /** Sent and accepted. */
  replayed: number;
  /** Refused by the server (a 4xx): dropped, since sending them again cannot help. */
  refused: number;
  /** Still waiting: the network or the server failed; tried again at the next sync. */
  waiting: number;
  changedPastes: boolean;
  /** The pastes created by the replay, with their links (issue 28 A7: the user is told where they are). */
  sent: SentPaste[];
}

/** A paste made offline and sent since: what it starts with, and where it is now. */
export interface SentPaste {
  title: string;
  link: string;
  sentAt: number;
}

const TITLE_CHARS = 80;

/**
 * What a queued call is to its user: a paste's first line of text (never the API call, which
 * says nothing to them), or null for the other kinds, which the list names by kind.
 */
export function queuedTitle(call: Pick<QueuedCall, 'type' | 'body'>): string | null {
  if (call.type !== 'pasteCreate' && call.type !== 'pasteUpdate') return null;
  try {
    const body = JSON.parse(call.body ?? '{}') as { content?: unknown; title?: unknown };
    const text = typeof body.title === 'string' && body.title.trim() ? body.title : body.content;
    const line = typeof text === 'string' ? (text.split('\n').find((l) => l.trim()) ?? '').trim() : '';
    return line ? (line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line) : null;
  } catch {
    return null;
  }
}

/** The link of a paste a replayed create answered with, or null when the answer has none. */
async function linkOfCreated(response: Response): Promise<string | null> {
  try {
    // POST /api/paste answers the bare paste (docs/product/api.md §1.2); an envelope is read too.
    const body = (await response.json()) as { slug?: unknown; data?: { slug?: unknown } };
    const slug = body.slug ?? body.data?.slug;
    return typeof slug === 'string' ? `/paste/${encodeURIComponent(slug)}` : null;
  } catch {
    return null;
  }
}

/**
 * Sends the queued calls in the order they were made. A call the server took (2xx) or refused
 * (4xx) leaves the queue; on a network failure or a 5xx the rest wait for the next attempt.
 */
export async function replayQueue(db: LocalDb, send: typeof fetch): Promise<ReplayResult> {
  const result: ReplayResult = { replayed: 0, refused: 0, waiting: 0, changedPastes: false, sent: [] };
  const calls = await listQueue(db);
  for (const [index, call] of calls.entries()) {
    const headers: Record<string, string> = {};
    if (call.contentType) headers['Content-Type'] = call.contentType;
    if (call.authType === 'admin') headers.Authorization = `Bearer ${call.token}`;
    if (call.authType === 'apikey') headers.Authorization = `ApiKey ${call.token}`;
    let response: Response | null;
    try {
      response = await send(call.endpoint, {
        method: call.method,
        headers,
        body: call.body,
        credentials: 'same-origin',
      });
    } catch {
      response = null;
    }
    const status = response?.status ?? 0;
    if (status === 0 || status >= 500) {
      result.waiting = calls.length - index;
      break;
    }
    await dropQueued(db, call.id!);
    if (status < 400) {
      result.replayed++;
      if (CHANGES_PASTES.has(call.type)) result.changedPastes = true;
      const link = call.type === 'pasteCreate' && response ? await linkOfCreated(response) : null;
      if (link) result.sent.push({ title: queuedTitle(call) ?? link, link, sentAt: Date.now() });
    } else {
      result.refused++;
    }
  }
  return result;
}
