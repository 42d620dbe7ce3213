-- PostgreSQL twin of prisma/migrations/0003_fs_search_index (docs/architecture.md §4, §9): the same
-- tables. Names are searched through a pg_trgm GIN index, where SQLite has its FTS5 trigram table:
-- substring matches (ILIKE) of 3+ characters use it. Paths compare in byte order (COLLATE "C"), as in
-- SQLite: a folder's subtree is the key range [folder/, folder0), whatever the cluster's locale.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE "fs_index_entries" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "mount_id" TEXT NOT NULL,
    "path" TEXT COLLATE "C" NOT NULL,
    "parent" TEXT COLLATE "C" NOT NULL,
    "name" TEXT NOT NULL,
    "is_dir" BOOLEAN NOT NULL DEFAULT false,
    "size" BIGINT NOT NULL DEFAULT 0,
    "modified" TIMESTAMP(3),
    "etag" TEXT,
    "run_id" TEXT,
    CONSTRAINT "fs_index_entries_mount_id_fkey" FOREIGN KEY ("mount_id") REFERENCES "storage_mounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "fs_index_entries_mount_id_path_key" ON "fs_index_entries"("mount_id", "path");
CREATE INDEX "fs_index_entries_mount_id_parent_idx" ON "fs_index_entries"("mount_id", "parent");
-- Not in schema.prisma (Prisma cannot describe an operator-class index); the drift test knows it.
CREATE INDEX "fs_index_entries_name_trgm_idx" ON "fs_index_entries" USING GIN ("name" gin_trgm_ops);

CREATE TABLE "fs_index_runs" (
    "mount_id" TEXT NOT NULL PRIMARY KEY,
    "run_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "entries" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),
    CONSTRAINT "fs_index_runs_mount_id_fkey" FOREIGN KEY ("mount_id") REFERENCES "storage_mounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
