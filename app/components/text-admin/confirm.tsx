import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from 'react-router';
import { countKey, type ConfirmRequest, type TextItem } from './view';

/** How many slugs a confirmation names before it says "and N more". */
const LISTED = 5;

/** Heading and button label of a confirmation. */
export function useConfirmLabels(request: ConfirmRequest) {
  const { t } = useTranslation();
  if (request.intent === 'clear-expired') {
    return { heading: t('textAdmin.confirm.clearHeading'), confirm: t('textAdmin.confirm.clearConfirm') };
  }
  const count = request.ids.length;
  return {
    heading: t(countKey('textAdmin.confirm.deleteHeading', count), { count }),
    confirm: t(countKey('textAdmin.confirm.deleteConfirm', count), { count }),
  };
}

/** What is about to happen, and to which texts (by link suffix, as far as this page knows them). */
export function ConfirmDetails({ id, request, items }: { id: string; request: ConfirmRequest; items: TextItem[] }) {
  const { t } = useTranslation();
  if (request.intent === 'clear-expired') {
    return (
      <p id={id} className="mt-1 text-sm text-subtle">
        {t('textAdmin.confirm.clearBody')}
      </p>
    );
  }
  const slugs = request.ids
    .map((selected) => items.find((item) => item.id === selected)?.slug)
    .filter((slug): slug is string => Boolean(slug));
  const more = request.ids.length - Math.min(slugs.length, LISTED);
  return (
    <div id={id} className="mt-1 text-sm text-subtle">
      <p>{t('textAdmin.confirm.deleteBody')}</p>
      {slugs.length > 0 && (
        <>
          <p className="mt-3 font-medium text-ink">{t('textAdmin.confirm.deleteListed')}</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {slugs.slice(0, LISTED).map((slug) => (
              <li key={slug} className="rounded-md bg-muted px-2 py-0.5 font-mono text-xs break-all text-ink">
                {slug}
              </li>
            ))}
            {more > 0 && <li className="px-1 py-0.5 text-xs">{t('textAdmin.confirm.andMore', { count: more })}</li>}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * With JavaScript the forms ask in a dialog first; confirming sends the same fields as the
 * no-JavaScript confirmation step, with `confirmed=1`.
 */
export function useConfirmSubmit() {
  const submit = useSubmit();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = () => {
    if (!request) return;
    const data = new FormData();
    data.set('intent', request.intent);
    if (request.intent === 'batch-delete') for (const id of request.ids) data.append('ids', id);
    data.set('confirmed', '1');
    setRequest(null);
    void submit(data, { method: 'post' });
  };
  return { request, ask: setRequest, confirm, cancel: () => setRequest(null) };
}
