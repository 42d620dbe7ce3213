import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { IntentButton } from '~/components/ui/IntentButton';
import type { SessionView } from './types';

/**
 * An account's open sessions, each with where it signed in and an End button (a one-button form:
 * works without JavaScript); the admin's view of a member and the account's own page share it.
 */
export function SessionList({
  sessions,
  action,
  fields = {},
}: {
  sessions: SessionView[];
  action: string;
  fields?: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (sessions.length === 0) return <p className="text-sm text-subtle">{t('accounts.admin.noSessions')}</p>;
  return (
    <ul className="divide-y divide-line" data-testid="session-list">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div className="min-w-0 space-y-0.5">
            <p className="truncate">{session.agent ?? t('accounts.session.unknownClient')}</p>
            <p className="text-xs text-subtle">
              {session.address && <span>{t('accounts.session.from', { address: session.address })} · </span>}
              {t('accounts.session.lastSeen')} <DateTime iso={session.lastSeenAt} />
            </p>
          </div>
          <IntentButton
            action={action}
            intent="endSession"
            id={session.id}
            fields={fields}
            label={t('accounts.admin.end')}
            busyLabel={t('accounts.admin.ending')}
          />
        </li>
      ))}
    </ul>
  );
}
