import { principalContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { parseAuditQuery } from '~/lib/audit-query';
import { contentDisposition } from '~/lib/content-disposition';
import { csvLine } from '~/lib/csv';
import { allAuditEvents } from '~/models/audit/events.server';
import type { Route } from './+types/audit-export';

const COLUMNS = [
  'time',
  'actor_kind',
  'actor_id',
  'actor_name',
  'address',
  'action',
  'target',
  'result',
  'door',
  'request_id',
  'detail',
];

/**
 * GET /admin/audit-log/export.csv — the audit log with the page's filters as CSV, every matching
 * event (not one page), newest first, streamed as it is read. Behind the admin layout's guard; the
 * model refuses anyone but an admin. A byte-order mark first: spreadsheets then read UTF-8 (Chinese
 * names, paths) as UTF-8.
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const { filter } = parseAuditQuery(new URL(request.url).searchParams);
  const events = allAuditEvents(context.get(servicesContext), context.get(principalContext), filter);
  // The first event is read before answering: a refusal is then an error page, not a broken download.
  let next = await events.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(COLUMNS)}`));
    },
    async pull(controller) {
      if (next.done) return controller.close();
      const e = next.value;
      const cells = [e.at.toISOString(), e.actorKind, e.actorId, e.actorName, e.address, e.action, e.target];
      controller.enqueue(encoder.encode(csvLine([...cells, e.result, e.door, e.requestId, e.detail])));
      next = await events.next();
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', `cloudclip-audit-${stamp}.csv`),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
