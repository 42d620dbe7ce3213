import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { useHydrated } from '~/components/ui/use-hydrated';
import { Icon } from '~/components/ui/Icon';
import type { ConfirmRequest, ListState, TextItem, TextPreview } from './view';
import { PreviewPanel } from './PreviewPanel';
import { TextRow } from './TextRow';
import { listHref } from './view';

/**
 * The page of texts inside one batch form (`intent=batch-delete`): the checkboxes send `ids`, a
 * row's delete button sends `only`. Without JavaScript the action answers with a confirmation
 * step; with it, `onAsk` opens the dialog. Give it a `key` per page so a new page starts unselected.
 */
export function TextList({
  items,
  state,
  preview,
  onAsk,
}: {
  items: TextItem[];
  state: ListState;
  /** An open preview of one of these items. */
  preview: TextPreview | null;
  onAsk: (request: ConfirmRequest) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [selected, setSelected] = useState(0);
  const [needSelection, setNeedSelection] = useState(false);

  const boxes = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const recount = () => {
    setSelected(boxes().filter((box) => box.checked).length);
    setNeedSelection(false);
  };
  const selectAll = (checked: boolean) => {
    for (const box of boxes()) box.checked = checked;
    recount();
  };

  // Closing a preview puts focus back on the row's preview button.
  const shown = useRef(preview?.id);
  useEffect(() => {
    const before = shown.current;
    shown.current = preview?.id;
    if (before && before !== preview?.id && !preview) document.getElementById(`preview-link-${before}`)?.focus();
  }, [preview]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter);
    const only = data.get('only');
    const ids = typeof only === 'string' && only ? [only] : data.getAll('ids').map(String);
    if (ids.length === 0) return setNeedSelection(true);
    onAsk({ intent: 'batch-delete', ids });
  };

  const th = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-subtle uppercase';
  return (
    <Form
      ref={form}
      method="post"
      onSubmit={onSubmit}
      onChange={recount}
      className="md:overflow-hidden md:rounded-xl md:border md:border-line md:bg-raised"
    >
      <input type="hidden" name="intent" value="batch-delete" />
      <div
        role="group"
        aria-label={t('textAdmin.batch.label')}
        className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-raised px-4 py-2.5 md:mb-0 md:rounded-none md:border-0 md:border-b"
      >
        {hydrated && (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected > 0 && selected === items.length}
              ref={(box) => {
                if (box) box.indeterminate = selected > 0 && selected < items.length;
              }}
              onChange={(event) => selectAll(event.target.checked)}
              className="h-5 w-5 cursor-pointer accent-brand md:h-4 md:w-4"
            />
            {t('textAdmin.list.selectAll')}
          </label>
        )}
        {hydrated && (
          <span className="text-sm text-subtle" aria-live="polite">
            {selected > 0 ? t('textAdmin.batch.selectedCount', { count: selected }) : t('textAdmin.batch.noneSelected')}
          </span>
        )}
        {needSelection && (
          <span role="alert" className="text-sm text-danger">
            {t('errors.idsRequired')}
          </span>
        )}
        <button type="submit" className="btn ml-auto px-3 py-1.5 text-danger dark:text-red-400">
          <Icon name="trash" />
          {t('textAdmin.batch.deleteSelected')}
        </button>
      </div>
      <table className="block w-full text-sm md:table" aria-label={t('textAdmin.list.label')}>
        <thead className="hidden border-b border-line md:table-header-group">
          <tr>
            <th scope="col" className={`${th} w-10 pr-0 pl-4`}>
              <span className="sr-only">{t('textAdmin.list.select')}</span>
            </th>
            <th scope="col" className={th}>
              {t('textAdmin.list.share')}
            </th>
            <th scope="col" className={`${th} w-40 lg:w-44`}>
              {t('textAdmin.list.status')}
            </th>
            <th scope="col" className={`${th} w-32 pr-4 text-right`}>
              <span className="sr-only">{t('textAdmin.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-line">
          {items.map((item) => (
            <Fragment key={item.id}>
              <TextRow item={item} state={state} previewing={preview?.id === item.id} />
              {preview?.id === item.id && (
                <tr id="text-preview" className="block scroll-mt-24 md:table-row">
                  <td colSpan={4} className="block md:table-cell md:px-4 md:pt-1 md:pb-4">
                    <PreviewPanel preview={preview} closeTo={listHref(state, {}, `#paste-${item.id}`)} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </Form>
  );
}
