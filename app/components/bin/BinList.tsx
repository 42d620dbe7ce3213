import type { TFunction } from 'i18next';
import { Form, useNavigation } from 'react-router';
import { ConfirmDialog, ConfirmStep, useConfirm, type ConfirmQuestion } from '~/components/admin-list/Confirm';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import { useTranslation } from '~/i18n/use-translation';
import type { BinConfirm, BinEntryView } from '~/lib/bin';
import { formatBytes } from '~/lib/format';

export function binQuestion(t: TFunction, request: BinConfirm): ConfirmQuestion {
  const purge = request.intent === 'binPurge';
  return {
    heading: t(purge ? 'bin.confirm.purgeHeading' : 'bin.confirm.emptyHeading'),
    body: purge ? t('bin.confirm.purgeBody') : t('bin.confirm.emptyBody', { count: request.count }),
    names: purge ? [request.name] : [],
    total: purge ? 1 : request.count,
    confirmLabel: t(purge ? 'bin.confirm.yesPurge' : 'bin.confirm.yesEmpty'),
    fields: purge
      ? [
          ['intent', 'binPurge'],
          ['id', request.id],
        ]
      : [['intent', 'binEmpty']],
  };
}

/**
 * The recycle bin's entries (issue 42, item 15), for Admin → Recycle bin and the explorer's bin panel:
 * what was deleted or replaced, where it was, who took it away and when, and when it goes for good;
 * Restore, Delete for good and Empty — real forms to the page's action, the destructive ones asked
 * once first (a dialog with JavaScript, a confirmation step without).
 */
export function BinList({
  entries,
  can,
  confirm,
  cancelTo,
  emptyText,
}: {
  entries: BinEntryView[];
  can: { restore: boolean; purge: boolean };
  /** The confirmation step the action answered (without JavaScript). */
  confirm?: BinConfirm | null;
  cancelTo: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const dialog = useConfirm<BinConfirm>();
  const navigation = useNavigation();
  const restoring = navigation.formData?.get('intent') === 'binRestore' ? navigation.formData.get('id') : null;
  const ask = (request: BinConfirm) => (event: React.MouseEvent) => {
    event.preventDefault();
    dialog.ask(request);
  };
  if (entries.length === 0) return <p className="px-1 py-6 text-center text-sm text-subtle">{emptyText}</p>;
  return (
    <div className="space-y-3">
      {confirm && <ConfirmStep question={binQuestion(t, confirm)} cancelTo={cancelTo} />}
      <ul
        aria-label={t('bin.list')}
        className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-raised"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <Icon name={entry.isFolder ? 'folder' : 'file'} className="h-5 w-5 shrink-0 text-subtle" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">
                {entry.name}
                {entry.reason === 'replaced' && (
                  <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal">{t('bin.replaced')}</span>
                )}
              </p>
              <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-subtle">
                <span className="font-mono break-all">{entry.path}</span>
                <span className="tabular-nums">
                  {entry.isFolder ? t('bin.folder', { count: entry.files }) : formatBytes(entry.size)}
                </span>
                <span>
                  {t(entry.reason === 'replaced' ? 'bin.replacedBy' : 'bin.deletedBy', {
                    name: entry.deletedBy ?? t('bin.someone'),
                  })}{' '}
                  <DateTime iso={entry.deletedAt} />
                </span>
                {entry.purgeAt && (
                  <span>
                    {t('bin.purgeAt')} <DateTime iso={entry.purgeAt} />
                  </span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {can.restore && (
                <Form method="post">
                  <input type="hidden" name="intent" value="binRestore" />
                  <input type="hidden" name="id" value={entry.id} />
                  <button type="submit" className="btn px-3 py-1.5 text-xs" disabled={restoring === entry.id}>
                    <Icon name="undo" className="h-3.5 w-3.5" />
                    {restoring === entry.id ? t('bin.restoring') : t('bin.restore')}
                    <span className="sr-only"> {entry.name}</span>
                  </button>
                </Form>
              )}
              {can.purge && (
                <Form method="post">
                  <input type="hidden" name="intent" value="binPurge" />
                  <input type="hidden" name="id" value={entry.id} />
                  <button
                    type="submit"
                    className="btn px-3 py-1.5 text-xs text-danger"
                    onClick={ask({ intent: 'binPurge', id: entry.id, name: entry.name })}
                  >
                    {t('bin.purge')}
                    <span className="sr-only"> {entry.name}</span>
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
      {can.purge && (
        <Form method="post" className="flex justify-end">
          <input type="hidden" name="intent" value="binEmpty" />
          <button
            type="submit"
            className="btn text-danger"
            onClick={ask({ intent: 'binEmpty', count: entries.length })}
          >
            <Icon name="trash" />
            {t('bin.emptyAll')}
          </button>
        </Form>
      )}
      <ConfirmDialog question={dialog.request && binQuestion(t, dialog.request)} onClose={dialog.close} />
    </div>
  );
}
