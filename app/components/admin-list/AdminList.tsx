import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { useHydrated } from '~/components/ui/use-hydrated';

/**
 * Where the list turns from phone cards into a table: `md` for narrow rows, `xl` for wide ones.
 * Whole class names, so Tailwind finds them.
 */
const LAYOUT = {
  md: {
    form: 'md:overflow-hidden md:rounded-xl md:border md:border-line md:bg-raised',
    bar: 'md:mb-0 md:rounded-none md:border-0 md:border-b',
    box: 'md:h-4 md:w-4',
    table: 'md:table',
    head: 'md:table-header-group',
    body: 'md:table-row-group md:space-y-0 md:divide-y md:divide-line',
    previewRow: 'md:table-row',
    previewCell: 'md:table-cell md:px-4 md:pt-1 md:pb-4',
  },
  xl: {
    form: 'xl:overflow-hidden xl:rounded-xl xl:border xl:border-line xl:bg-raised',
    bar: 'xl:mb-0 xl:rounded-none xl:border-0 xl:border-b',
    box: 'xl:h-4 xl:w-4',
    table: 'xl:table',
    head: 'xl:table-header-group',
    body: 'xl:table-row-group xl:space-y-0 xl:divide-y xl:divide-line',
    previewRow: 'xl:table-row',
    previewCell: 'xl:table-cell xl:px-4 xl:pt-1 xl:pb-4',
  },
} as const;

export interface Column {
  label: string;
  /** Read to screen readers only (the checkbox and actions columns). */
  hidden?: boolean;
  className?: string;
}

/**
 * One page of an admin list inside one batch form (`intent`): the checkboxes send `ids`, a row's
 * delete button sends `only`. Without JavaScript the action answers with its confirmation step;
 * with it, `onAsk` opens the dialog. Rows are the caller's (`renderRow`); an open preview shows in
 * a row of its own under its item. Give it a `key` per page so a new page starts unselected.
 */
export function AdminList<Item extends { id: string }>({
  items,
  intent,
  keyPrefix,
  columns,
  layout,
  renderRow,
  preview,
  onAsk,
}: {
  items: Item[];
  intent: string;
  /** The list's translation namespace: `<keyPrefix>.batch.*` and `<keyPrefix>.list.*`. */
  keyPrefix: string;
  columns: Column[];
  layout: keyof typeof LAYOUT;
  renderRow: (item: Item) => ReactNode;
  /** An open preview of one of these items: its row id and the panel. */
  preview: { id: string; rowId: string; panel: ReactNode } | null;
  onAsk: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const css = LAYOUT[layout];
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
    onAsk(ids);
  };

  const th = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-subtle uppercase';
  return (
    <Form ref={form} method="post" onSubmit={onSubmit} onChange={recount} className={css.form}>
      <input type="hidden" name="intent" value={intent} />
      <div
        role="group"
        aria-label={t(`${keyPrefix}.batch.label`)}
        className={`mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-raised px-4 py-2.5 ${css.bar}`}
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
              className={`h-5 w-5 cursor-pointer accent-brand ${css.box}`}
            />
            {t(`${keyPrefix}.list.selectAll`)}
          </label>
        )}
        {hydrated && (
          <span className="text-sm text-subtle" aria-live="polite">
            {selected > 0
              ? t(`${keyPrefix}.batch.selectedCount`, { count: selected })
              : t(`${keyPrefix}.batch.noneSelected`)}
          </span>
        )}
        {needSelection && (
          <span role="alert" className="text-sm text-danger">
            {t('errors.idsRequired')}
          </span>
        )}
        <button type="submit" className="btn ml-auto px-3 py-1.5 text-danger dark:text-red-400">
          <Icon name="trash" />
          {t(`${keyPrefix}.batch.deleteSelected`)}
        </button>
      </div>
      <table className={`block w-full text-sm ${css.table}`} aria-label={t(`${keyPrefix}.list.label`)}>
        <thead className={`hidden border-b border-line ${css.head}`}>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`${th} ${column.className ?? ''}`}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`block space-y-3 ${css.body}`}>
          {items.map((item) => (
            <Fragment key={item.id}>
              {renderRow(item)}
              {preview?.id === item.id && (
                <tr id={preview.rowId} className={`block scroll-mt-24 ${css.previewRow}`}>
                  <td colSpan={columns.length} className={`block ${css.previewCell}`}>
                    {preview.panel}
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
