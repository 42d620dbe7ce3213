import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, type AuditResult } from './audit-actions';

/** The audit log's filters as the page's GET form sends them (and the CSV link repeats them). */
export interface AuditQueryValues {
  actor: string;
  action: string;
  target: string;
  result: string;
  from: string;
  to: string;
}

export interface AuditQuery {
  values: AuditQueryValues;
  filter: {
    actor?: string;
    action?: string;
    target?: string;
    result?: AuditResult;
    from?: Date;
    to?: Date;
  };
  /** Keyset paging: events older than this id. */
  before?: number;
  /** Fields whose value was not understood (ignored in the filter), as error keys. */
  problems: Partial<Record<keyof AuditQueryValues, string>>;
}

const RESULTS: readonly AuditResult[] = ['ok', 'denied', 'failed'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_TEXT = 200;

/** The groups of actions ("paste.") and the actions themselves: what the action filter accepts. */
export const AUDIT_ACTION_GROUPS = Object.keys(AUDIT_ACTIONS).map((group) => `${group}.`);

/** A day (YYYY-MM-DD) as its first instant in UTC; null when it is not a real day. */
function dayStart(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : null;
}

/**
 * Reads the audit log's query string. Days are whole days in UTC, both ends included ("to" is the
 * last day shown). A value that makes no sense is left out of the filter and reported, so the page
 * says why it shows more than asked.
 */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const text = (name: keyof AuditQueryValues) => (params.get(name) ?? '').trim().slice(0, MAX_TEXT);
  const values: AuditQueryValues = {
    actor: text('actor'),
    action: text('action'),
    target: text('target'),
    result: text('result'),
    from: text('from'),
    to: text('to'),
  };
  const query: AuditQuery = { values, filter: {}, problems: {} };
  if (values.actor) query.filter.actor = values.actor;
  if (values.target) query.filter.target = values.target;
  if (values.action) {
    if (AUDIT_ACTION_NAMES.includes(values.action) || AUDIT_ACTION_GROUPS.includes(values.action))
      query.filter.action = values.action;
    else query.problems.action = 'auditActionUnknown';
  }
  const result = RESULTS.find((r) => r === values.result);
  if (result) query.filter.result = result;
  for (const end of ['from', 'to'] as const) {
    if (!values[end]) continue;
    const start = dayStart(values[end]);
    if (!start) query.problems[end] = 'auditDayInvalid';
    else query.filter[end] = end === 'to' ? new Date(start.getTime() + 86_400_000) : start;
  }
  const before = Number(params.get('before'));
  if (Number.isSafeInteger(before) && before > 0) query.before = before;
  return query;
}

/** The query string of the same filters, without paging (for links: older events, the CSV). */
export function auditQueryString(values: AuditQueryValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...values, ...extra })) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}
