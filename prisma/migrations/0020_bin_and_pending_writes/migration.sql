-- The recycle bin (issue 42, item 15), presigned PUTs into mounts that land on a pending key first
-- (items 1 and 9), and the quota charges that last while their bytes do (item 9).
CREATE TABLE "bin_entries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storage_config_id" TEXT NOT NULL,
    "bin_key" TEXT NOT NULL,
    "original_key" TEXT NOT NULL,
    "original_path" TEXT NOT NULL,
    "mount_id" TEXT,
    "is_folder" BOOLEAN NOT NULL DEFAULT false,
    "size" BIGINT NOT NULL DEFAULT 0,
    "files" INTEGER NOT NULL DEFAULT 1,
    "reason" TEXT NOT NULL DEFAULT 'deleted',
    "deleted_by" TEXT,
    "deleted_by_name" TEXT,
    "deleted_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "bin_entries_deleted_at_idx" ON "bin_entries"("deleted_at");
CREATE INDEX "bin_entries_storage_config_id_idx" ON "bin_entries"("storage_config_id");

CREATE TABLE "fs_presigns" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "mount_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "pending_key" TEXT NOT NULL,
    "declared_size" BIGINT,
    "on_conflict" TEXT NOT NULL DEFAULT 'replace',
    "charge_id" TEXT,
    "created_by" TEXT,
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "fs_presigns_expires_at_idx" ON "fs_presigns"("expires_at");
CREATE INDEX "fs_presigns_mount_id_key_idx" ON "fs_presigns"("mount_id", "key");

ALTER TABLE "fs_uploads" ADD COLUMN "charge_id" TEXT;
ALTER TABLE "quota_charges" ADD COLUMN "bin_entry_id" TEXT;
ALTER TABLE "quota_charges" ADD COLUMN "kept_config_id" TEXT;
ALTER TABLE "quota_charges" ADD COLUMN "kept_key" TEXT;
CREATE INDEX "quota_charges_bin_entry_id_idx" ON "quota_charges"("bin_entry_id");
