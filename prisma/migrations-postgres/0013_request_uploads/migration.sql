-- Upload requests (issue 30): files sent in parts (the storage multipart upload and its part size),
-- and requests whose files become file shares of their creator instead of landing in a folder.
ALTER TABLE "upload_requests" ADD COLUMN "target" TEXT NOT NULL DEFAULT 'folder';
ALTER TABLE "upload_arrivals" ADD COLUMN "upload_id" TEXT;
ALTER TABLE "upload_arrivals" ADD COLUMN "part_size" INTEGER;
ALTER TABLE "upload_arrivals" ADD COLUMN "file_id" TEXT;
CREATE UNIQUE INDEX "upload_arrivals_upload_id_key" ON "upload_arrivals"("upload_id");
