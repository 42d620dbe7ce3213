import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon, type IconName } from '~/components/ui/Icon';
import type { EntryAction, EntryActionKey } from './entry-actions';

export const ACTION_ICON: Record<EntryActionKey, IconName> = {
  open: 'folder',
  preview: 'eye',
  download: 'download',
  edit: 'edit',
  link: 'link',
  share: 'share',
  request: 'upload',
  copy: 'copy',
  basket: 'basket',
  rename: 'tag',
  delete: 'trash',
};

/** One action as a link: a page of the explorer, or the file's download. */
export function ActionLink({
  action,
  name,
  className,
  role,
  onClick,
  icon = true,
}: {
  action: EntryAction;
  name: string;
  className: string;
  role?: 'menuitem';
  onClick?: () => void;
  icon?: boolean;
}) {
  const { t } = useTranslation();
  const body = (
    <>
      {icon && <Icon name={ACTION_ICON[action.key]} className="h-4 w-4" />}
      {t(`explorer.actions.${action.key}`)}
      <span className="sr-only">{` ${name}`}</span>
    </>
  );
  const tone = action.key === 'delete' ? ' text-danger' : '';
  if (action.run) {
    const run = action.run;
    return (
      <button
        type="button"
        className={`${className} text-left${tone}`}
        role={role}
        onClick={() => {
          run();
          onClick?.();
        }}
      >
        {body}
      </button>
    );
  }
  if (action.download)
    return (
      <a href={action.href} download={name} className={className + tone} role={role} onClick={onClick}>
        {body}
      </a>
    );
  return (
    <Link to={action.href} className={className + tone} role={role} onClick={onClick}>
      {body}
    </Link>
  );
}

/**
 * The row's "more" menu: a disclosure of links, so it works without JavaScript too. With it, the
 * menu closes when one of its links is followed (EntryList closes it when the pointer goes down elsewhere).
 *
 * Every row of a page carries its menu, closed, and its links were two thirds of a row's elements
 * (50 rows on a big folder's first page, issue 46). So a closed menu's links are in a `<noscript>`:
 * a browser without JavaScript shows them as any other element, one with it reads them as text,
 * and React never hydrates them. Opened with JavaScript, the menu draws its links, with icons.
 */
export function EntryMenu({ name, actions }: { name: string; actions: EntryAction[] }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => details.current?.removeAttribute('open');
  // Opened before the page hydrated: its `toggle` event came before React listened.
  useEffect(() => setOpen(details.current?.open ?? false), []);
  // Opened near the bottom of the window, it opens upwards where there is room there.
  const list = useRef<HTMLDivElement>(null);
  const [upwards, setUpwards] = useState(false);
  useLayoutEffect(() => {
    const box = list.current?.getBoundingClientRect();
    const top = details.current?.getBoundingClientRect().top ?? 0;
    setUpwards(Boolean(open && box && box.bottom > window.innerHeight && top > box.height));
  }, [open]);
  const links = (icon: boolean) => (
    <div
      ref={icon ? list : undefined}
      className={`card absolute right-0 z-20 flex w-44 flex-col p-1 shadow-lg ${upwards ? 'bottom-full mb-1' : 'mt-1'}`}
    >
      {actions.map((action) => (
        <ActionLink key={action.key} action={action} name={name} onClick={close} icon={icon} className="menu-item" />
      ))}
    </div>
  );
  return (
    <details
      ref={details}
      data-entry-menu=""
      className="group relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        className="btn min-h-11 min-w-11 cursor-pointer list-none px-2 py-1 sm:min-h-0 sm:min-w-0"
        aria-label={t('explorer.list.more', { name })}
        title={t('explorer.list.more', { name })}
      >
        <Icon name="more" />
      </summary>
      {open ? links(true) : <noscript>{links(false)}</noscript>}
    </details>
  );
}
