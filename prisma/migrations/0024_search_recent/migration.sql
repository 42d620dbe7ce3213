-- Search over a big index (issue 46, docs/architecture.md §9): a search that may see everything
-- walks the entries newest first and stops at its page, instead of reading and sorting every match,
-- and counts the exact names and the names starting with the query from an index of the names.
-- SQLite only (app/storage/vfs/search-index-sqlite-recent.server.ts); Prisma cannot describe a NOCASE
-- index, and the schema drift test knows both.
CREATE INDEX "fs_index_entries_recent_idx" ON "fs_index_entries"("modified" DESC, "path");
CREATE INDEX "fs_index_entries_name_nocase_idx" ON "fs_index_entries"("name" COLLATE NOCASE);
