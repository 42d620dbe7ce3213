import type { PreviewKind } from './file-kinds';

export type FilePreview =
  | { kind: Extract<PreviewKind, 'image' | 'video' | 'audio' | 'pdf'> }
  /** Sanitized HTML (renderMarkdown on the server). */
  | { kind: 'markdown'; html: string; truncated: boolean }
  /** The text, and highlighted sanitized HTML when the language is known and the text small enough. */
  | { kind: 'text'; text: string; html: string | null; truncated: boolean }
  /** A temporary absolute URL of the document for the provider's viewer; null when none could be made. */
  | { kind: 'office'; source: string | null }
  | { kind: 'none'; failed: boolean };

/** What an open share shows: where its bytes are read from, and its preview. */
export interface FileContent {
  /** /api/file-view/<slug>, with ?grant= after a password unlock (never the password). */
  previewUrl: string;
  /** /api/file-download/<slug>, likewise. */
  downloadUrl: string;
  /** The content grant after a password unlock, for links that reopen the page unlocked. */
  grant: string | null;
  preview: FilePreview;
  /** A video's poster frame (with ffmpeg on the server): /api/file-thumbnail/<slug>. */
  posterUrl?: string;
}
