/** A paste as the doors see it: no hashes, the password only where the caller may see it. */
export interface PasteRecord {
  id: string;
  slug: string;
  content: string;
  remark: string | null;
  hasPassword: boolean;
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
}
