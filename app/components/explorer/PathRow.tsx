import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { hitHref } from '~/lib/explorer';
import { formatBytes } from '~/lib/format';

/**
 * One file or folder named by its full path (a search hit, a basket item): its name opens it (a
 * folder, or the file's preview in its folder), its path and size below, then `children` (actions).
 */
export function PathRow({
  item,
  children,
}: {
  item: { path: string; name: string; isDirectory: boolean; size: number };
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
      <Icon name={item.isDirectory ? 'folder' : 'file'} className="h-4 w-4 shrink-0 text-subtle" />
      <div className="min-w-0 flex-1">
        <Link to={hitHref(item)} className="link font-medium break-all">
          {item.name}
        </Link>
        <p className="text-xs break-all text-subtle">{item.path}</p>
      </div>
      {!item.isDirectory && <span className="text-xs text-subtle">{formatBytes(item.size)}</span>}
      {children}
    </li>
  );
}
