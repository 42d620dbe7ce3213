import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '~/components/ui/DateTime';
import { Icon, iconForType } from '~/components/ui/Icon';
import { hitHref, pictureOf } from '~/lib/explorer';
import { mimeFromFilename } from '~/lib/mime';
import { formatBytes } from '~/lib/format';

/**
 * One file or folder named by its full path (a search hit, a basket item): its name opens it (a
 * folder, or the file's preview in its folder), its path and size below, then `children` (actions).
 */
export function PathRow({
  item,
  children,
}: {
  item: { path: string; name: string; isDirectory: boolean; size: number; modified?: string | null };
  children?: ReactNode;
}) {
  const type = item.isDirectory ? '' : mimeFromFilename(item.name);
  const picture = type.startsWith('image/') ? pictureOf({ ...item, mimetype: type }, false) : null;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
      {/* The listing's icons, and a thumbnail for an image (issue 28: search results looked unlike the list). */}
      {picture ? (
        <img src={picture} alt="" loading="lazy" className="h-8 w-8 shrink-0 rounded object-cover" />
      ) : (
        <Icon
          name={item.isDirectory ? 'folder' : iconForType(type)}
          className={`h-5 w-5 shrink-0 ${item.isDirectory ? 'text-accent' : 'text-subtle'}`}
        />
      )}
      <div className="min-w-0 flex-1">
        <Link to={hitHref(item)} className="link font-medium break-all">
          {item.name}
        </Link>
        <p className="text-xs break-all text-subtle">{item.path}</p>
      </div>
      {(!item.isDirectory || item.modified) && (
        <span className="text-xs text-subtle">
          {!item.isDirectory && formatBytes(item.size)}
          {!item.isDirectory && item.modified && ' · '}
          {item.modified && <DateTime iso={item.modified} />}
        </span>
      )}
      {children}
    </li>
  );
}
