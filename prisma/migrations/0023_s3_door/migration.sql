-- The S3 door (issue 45, docs/s3.md): each key's S3 credentials, and the door's multipart uploads.
ALTER TABLE "api_keys" ADD COLUMN "s3_access_key_id" TEXT;
ALTER TABLE "api_keys" ADD COLUMN "s3_secret_enc" TEXT;
CREATE UNIQUE INDEX "api_keys_s3_access_key_id_key" ON "api_keys"("s3_access_key_id");

CREATE TABLE "s3_uploads" (
    "upload_id" TEXT NOT NULL PRIMARY KEY,
    "mount_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "content_type" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "s3_uploads_mount_id_key_idx" ON "s3_uploads"("mount_id", "key");
CREATE INDEX "s3_uploads_created_at_idx" ON "s3_uploads"("created_at");
