import { linkOrigin } from '~/lib/share-links';
import type { Services } from '~/services.server';
import { fileContentHref, fileHref } from '~/lib/hrefs';

export interface FileLinks {
  /** The share page, /file/<slug>. */
  page: string;
  /** The download, /api/file-download/<slug>, with ?password= when the caller knows the password. */
  download: string;
}

/** Absolute links to a file share, on PUBLIC_URL when set, else on the request's origin. */
export function fileLinksFor(request: Request, services: Services, slug: string, password?: string | null): FileLinks {
  const origin = linkOrigin(request.url, services.config.publicUrl);
  return { page: fileHref(slug, undefined, origin), download: fileContentHref(slug, 'download', { password }, origin) };
}
