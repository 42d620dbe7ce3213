-- The search index of mounted storage (issue 12, docs/architecture.md §9): one row per file or
-- folder, keyed by mount and object key (a folder's key has no trailing "/"). `parent` is the key of
-- the folder holding the entry ("" at the mount root), so a listed folder is reconciled through an
-- index; `run_id` marks the rescan that last saw the entry (mark and sweep).
CREATE TABLE "fs_index_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "mount_id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "parent" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_dir" BOOLEAN NOT NULL DEFAULT false,
    "size" BIGINT NOT NULL DEFAULT 0,
    "modified" DATETIME,
    "etag" TEXT,
    "run_id" TEXT,
    CONSTRAINT "fs_index_entries_mount_id_fkey" FOREIGN KEY ("mount_id") REFERENCES "storage_mounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "fs_index_entries_mount_id_path_key" ON "fs_index_entries"("mount_id", "path");
CREATE INDEX "fs_index_entries_mount_id_parent_idx" ON "fs_index_entries"("mount_id", "parent");

-- Per mount: the last rescan (counts and times for Admin → Mount management). A running rescan
-- moves `updated_at` as it goes; one that stopped moving was left by a dead process.
CREATE TABLE "fs_index_runs" (
    "mount_id" TEXT NOT NULL PRIMARY KEY,
    "run_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "entries" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    "finished_at" DATETIME,
    CONSTRAINT "fs_index_runs_mount_id_fkey" FOREIGN KEY ("mount_id") REFERENCES "storage_mounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Names are searched through a trigram full-text index (SQLite FTS5, external content): substring
-- matches of 3+ characters use it, shorter ones scan it with LIKE. Prisma cannot describe a virtual
-- table, so it lives only here; the triggers keep it in step with every write to the table.
CREATE VIRTUAL TABLE "fs_index_names" USING fts5(name, content='fs_index_entries', content_rowid='id', tokenize='trigram');
CREATE TRIGGER "fs_index_entries_ai" AFTER INSERT ON "fs_index_entries" BEGIN
  INSERT INTO "fs_index_names"(rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER "fs_index_entries_ad" AFTER DELETE ON "fs_index_entries" BEGIN
  INSERT INTO "fs_index_names"("fs_index_names", rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER "fs_index_entries_au" AFTER UPDATE OF "name" ON "fs_index_entries" BEGIN
  INSERT INTO "fs_index_names"("fs_index_names", rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO "fs_index_names"(rowid, name) VALUES (new.id, new.name);
END;
