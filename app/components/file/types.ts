/** A file share as the file page receives it from its loader: dates as ISO strings, no secrets. */
export interface FileSummary {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  remark: string | null;
  hasPassword: boolean;
  views: number;
  maxViews: number | null;
  expiresAt: string | null;
  createdAt: string;
  useProxy: boolean;
}

/** The owner's edit form also sees the current password (api.md §1.11 plain_password). */
export interface EditableFile extends FileSummary {
  plainPassword: string | null;
}

export type { FileContent, FilePreview } from '~/lib/file-preview';

/** The public link of a share and its QR code (an SVG data URL made on the server). */
export interface FileShareLink {
  page: string;
  qr: string;
}
