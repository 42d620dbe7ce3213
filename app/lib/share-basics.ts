/** What a file share is, in every shape that shows one: the API's and the file page's. Client-safe. */
export interface ShareBasics {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  remark: string | null;
}

export const shareBasics = (file: ShareBasics): ShareBasics => ({
  id: file.id,
  slug: file.slug,
  filename: file.filename,
  mimetype: file.mimetype,
  size: file.size,
  remark: file.remark,
});
