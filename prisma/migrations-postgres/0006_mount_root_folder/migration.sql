-- A mount's root folder inside its storage (issue 27 A1): "" is the storage's root; else a key prefix ending in "/".
ALTER TABLE "storage_mounts" ADD COLUMN "root_folder" TEXT NOT NULL DEFAULT '';
