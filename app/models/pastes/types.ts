/** A paste as the doors see it: no hashes, the password only where the caller may see it. */
export interface PasteRecord {
  id: string;
  slug: string;
  content: string;
  remark: string | null;
  hasPassword: boolean;
  /** Sealed in the browser (docs/encryption.md): `content` is the envelope, never rendered here. */
  encrypted: boolean;
  expiresAt: Date | null;
  maxViews: number | null;
  views: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PasteView extends PasteRecord {
  /** This view used up the last allowed one: the paste is gone now. */
  isLastView: boolean;
  /**
   * The content as sanitized HTML, as kept in the row by the Markdown renderer in use; null when
   * it was never rendered, or by an older renderer (rendered.server.ts renders it then).
   */
  html: string | null;
}
