-- A file sent to an upload request in parts (issue 30): its storage multipart upload and part size.
ALTER TABLE "upload_arrivals" ADD COLUMN "upload_id" TEXT;
ALTER TABLE "upload_arrivals" ADD COLUMN "part_size" INTEGER;
CREATE UNIQUE INDEX "upload_arrivals_upload_id_key" ON "upload_arrivals"("upload_id");
