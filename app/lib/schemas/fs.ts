import { z } from 'zod';

/** Bodies of the fs API's writes (docs/product/api.md §3.10). Paths are checked by the vfs. */
const path = z.string({ message: 'fsPathRequired' }).min(1, 'fsPathRequired');

/** Bodies that carry one path: mkdir, create-share. */
export const pathSchema = z.object({ path });
export const updateSchema = z.object({ path, content: z.string({ message: 'fsContentRequired' }) });
export const batchRemoveSchema = z.object({
  paths: z.array(z.string().min(1), { message: 'fsPathsRequired' }).min(1, 'fsPathsRequired').max(1000),
});
export const renameSchema = z.object({ oldPath: path, newPath: path });
