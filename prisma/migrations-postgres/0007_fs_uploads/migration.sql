-- Multipart uploads into mounts (issue 27 B5): what init declared, so complete can hold the upload to it.
CREATE TABLE "fs_uploads" (
    "upload_id" TEXT NOT NULL,
    "mount_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "declared_size" BIGINT NOT NULL,
    "part_count" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "fs_uploads_pkey" PRIMARY KEY ("upload_id")
);
CREATE INDEX "fs_uploads_created_at_idx" ON "fs_uploads"("created_at");
