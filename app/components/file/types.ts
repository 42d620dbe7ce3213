import type { FileContent } from '~/lib/file-preview';
import type { ShareBasics } from '~/lib/share-basics';

/** A file share as the file page receives it from its loader: dates as ISO strings, no secrets. */
export interface FileSummary extends ShareBasics {
  hasPassword: boolean;
  views: number;
  maxViews: number | null;
  expiresAt: string | null;
  createdAt: string;
  useProxy: boolean;
  /** An end-to-end encrypted share's header and sealed metadata (docs/encryption.md "Files"); its size is the object's. */
  envelope: string | null;
}

/** What the edit form starts from; the owner also sees the current password (docs/product/api.md §1.11 plain_password). */
export interface FileEditView {
  id: string;
  slug: string;
  remark: string | null;
  expiresAt: string | null;
  maxViews: number | null;
  views: number;
  hasPassword: boolean;
  plainPassword: string | null;
  useProxy: boolean;
  /** Encrypted in the browser: its remark, password and link mode are sealed with it. */
  envelope?: string | null;
}

/** The share page's edit and delete pages: the summary and the edit form's starting point. */
export interface EditableFile extends FileSummary {
  plainPassword: string | null;
}

export type { FileContent, FilePreview } from '~/lib/file-preview';

/** One entry of a folder inside a folder share, as its page receives it. */
export interface SharedEntryView {
  name: string;
  /** Its path inside the share ("/a/b"). */
  path: string;
  isDirectory: boolean;
  size: number;
  modified: string | null;
  mimetype: string;
}

/** Where a folder share's page is: a folder (a page of its entries) or a file with its preview. */
export type SharedPlaceView =
  | { kind: 'folder'; path: string; entries: SharedEntryView[]; cursor: string | null }
  | { kind: 'file'; path: string; file: FileSummary; content: FileContent };

/** An image's place among its folder's images, for a folder share's lightbox (paths inside the share). */
export interface GalleryPlace {
  position: number;
  count: number;
  previous: string | null;
  next: string | null;
  /** The folder the image is in: where the lightbox closes to. */
  folder: string;
}
