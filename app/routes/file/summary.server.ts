import type { FileSummary } from '~/components/file/types';
import { shareBasics } from '~/lib/share-basics';
import type { FileShareRecord } from '~/models/shares/records.server';

/** The file page's view of a share record: dates as ISO strings. */
export function fileSummary(file: FileShareRecord): FileSummary {
  return {
    ...shareBasics(file),
    hasPassword: file.hasPassword,
    views: file.views,
    maxViews: file.maxViews,
    expiresAt: file.expiresAt?.toISOString() ?? null,
    createdAt: file.createdAt.toISOString(),
    useProxy: file.useProxy,
    envelope: file.envelope,
  };
}
