-- PostgreSQL twin of prisma/migrations/0002_multipart_uploads.
-- Browser uploads (issue 6): a share between presign/init and commit has status 'uploading'; for a
-- multipart upload its storage upload id is kept so it can be resumed, completed or aborted.
ALTER TABLE "files" ADD COLUMN "upload_id" TEXT;

-- CreateIndex
CREATE INDEX "files_status_idx" ON "files"("status");
