import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { useHydrated } from '~/components/ui/use-hydrated';
import { FileRow } from './FileRow';
import { Icon } from '~/components/ui/Icon';
import { listHref, type ConfirmRequest, type FileItem, type FilePreview, type ListState } from './view';
import { PreviewPanel } from './PreviewPanel';

/**
 * The page of files inside one batch form (`intent=delete`): the checkboxes send `ids`, a row's
 * delete button sends `only`. Without JavaScript the action answers with the confirmation step
 * (which asks what to delete); with it, `onAsk` opens the dialog. Give it a `key` per page so a new
 * page starts unselected.
 */
export function FileList({
  items,
  state,
  preview,
  editId,
  onAsk,
}: {
  items: FileItem[];
  state: ListState;
  /** An open preview of one of these items. */
  preview: FilePreview | null;
  editId: string | null;
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
    onAsk({ ids, mode: 'both' });
  };

  const th = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-subtle uppercase';
  return (
    <Form
      ref={form}
      method="post"
      onSubmit={onSubmit}
      onChange={recount}
      className="xl:overflow-hidden xl:rounded-xl xl:border xl:border-line xl:bg-raised"
    >
      <input type="hidden" name="intent" value="delete" />
      <div
        role="group"
        aria-label={t('fileAdmin.batch.label')}
        className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-raised px-4 py-2.5 xl:mb-0 xl:rounded-none xl:border-0 xl:border-b"
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
              className="h-5 w-5 cursor-pointer accent-brand xl:h-4 xl:w-4"
            />
            {t('fileAdmin.list.selectAll')}
          </label>
        )}
        {hydrated && (
          <span className="text-sm text-subtle" aria-live="polite">
            {selected > 0 ? t('fileAdmin.batch.selectedCount', { count: selected }) : t('fileAdmin.batch.noneSelected')}
          </span>
        )}
        {needSelection && (
          <span role="alert" className="text-sm text-danger">
            {t('errors.idsRequired')}
          </span>
        )}
        <button type="submit" className="btn ml-auto px-3 py-1.5 text-danger">
          <Icon name="trash" />
          {t('fileAdmin.batch.deleteSelected')}
        </button>
      </div>
      <table className="block w-full text-sm xl:table" aria-label={t('fileAdmin.list.label')}>
        <thead className="hidden border-b border-line xl:table-header-group">
          <tr>
            <th scope="col" className={`${th} w-10 pr-0 pl-4`}>
              <span className="sr-only">{t('fileAdmin.list.select')}</span>
            </th>
            <th scope="col" className={`${th} w-16 pr-0`}>
              <span className="sr-only">{t('fileAdmin.list.thumbnailColumn')}</span>
            </th>
            <th scope="col" className={th}>
              {t('fileAdmin.list.file')}
            </th>
            <th scope="col" className={`${th} w-48`}>
              {t('fileAdmin.list.status')}
            </th>
            <th scope="col" className={`${th} w-40`}>
              {t('fileAdmin.list.creatorCreated')}
            </th>
            <th scope="col" className={`${th} w-32 pr-4 text-right`}>
              <span className="sr-only">{t('fileAdmin.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 xl:table-row-group xl:space-y-0 xl:divide-y xl:divide-line">
          {items.map((item) => (
            <Fragment key={item.id}>
              <FileRow item={item} state={state} previewing={preview?.id === item.id} editing={editId === item.id} />
              {preview?.id === item.id && (
                <tr id="file-preview" className="block scroll-mt-24 xl:table-row">
                  <td colSpan={6} className="block xl:table-cell xl:px-4 xl:pt-1 xl:pb-4">
                    <PreviewPanel preview={preview} closeTo={listHref(state, {}, `#file-${item.id}`)} />
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
