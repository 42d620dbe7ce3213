import type { ReactNode } from 'react';
import { DateTime } from '~/components/ui/DateTime';
import { useTranslation } from '~/i18n/use-translation';
import type { AuditEventView } from './types';

const RESULT_STYLE: Record<string, string> = {
  ok: 'text-subtle',
  denied: 'font-medium text-warning',
  failed: 'font-medium text-danger dark:text-red-400',
};

/** A cell: a table cell from md up; on a phone a line of the event's card, with its column's name. */
function Cell({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`block px-0 py-0.5 align-top md:table-cell md:px-3 md:py-2 ${className}`}>
      <span className="mr-2 text-xs text-subtle md:hidden">{label}</span>
      {children}
    </td>
  );
}

/** The events, newest first: a table on wide screens, a card per event on a phone. */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  const { t } = useTranslation();
  const heads = [t('audit.time'), t('audit.who'), t('audit.what'), t('audit.on'), t('audit.how'), t('audit.door')];
  return (
    <table className="block w-full text-sm md:table" aria-label={t('audit.table')}>
      <thead className="hidden border-b border-line text-left md:table-header-group">
        <tr>
          {heads.map((head) => (
            <th key={head} scope="col" className="px-3 py-2 font-medium text-subtle">
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {events.map((event) => (
          <tr key={event.id} className="card block p-3 md:table-row md:border-b md:border-line md:p-0 md:shadow-none">
            <Cell label={heads[0]!}>
              <DateTime iso={event.at} />
            </Cell>
            <Cell label={heads[1]!}>
              <span className="font-medium">{event.actorName ?? t(`audit.kinds.${event.actorKind}`)}</span>
              {event.actorName && (
                <span className="ml-1 text-xs text-subtle">({t(`audit.kinds.${event.actorKind}`)})</span>
              )}
              {event.address && <span className="block font-mono text-xs text-subtle">{event.address}</span>}
            </Cell>
            <Cell label={heads[2]!}>{t(`audit.actions.${event.action}`, { defaultValue: event.action })}</Cell>
            <Cell label={heads[3]!} className="break-all">
              {event.target && <span className="font-mono text-xs">{event.target}</span>}
              {event.detail && <span className="block text-xs text-subtle">{event.detail}</span>}
            </Cell>
            <Cell label={heads[4]!}>
              <span className={RESULT_STYLE[event.result] ?? ''}>{t(`audit.results.${event.result}`)}</span>
            </Cell>
            <Cell label={heads[5]!}>
              {event.door ? t(`audit.doors.${event.door}`) : '—'}
              {event.requestId && (
                <span className="block font-mono text-xs text-subtle" title={t('audit.request')}>
                  {event.requestId}
                </span>
              )}
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
