-- Upload-request links (issue 30, decision 0027): a link that lets anyone send files into a folder
-- of its creator's, and what arrived through it. An arrival is its own reservation: inserted
-- ("uploading") before a byte is stored, so the request's limits hold under concurrency.
CREATE TABLE "upload_requests" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "note" TEXT,
    "folder_path" TEXT NOT NULL,
    "password_hash" TEXT,
    "expires_at" DATETIME,
    "max_files" INTEGER,
    "max_file_bytes" BIGINT,
    "max_total_bytes" BIGINT,
    "show_arrivals" BOOLEAN NOT NULL DEFAULT false,
    "closed_at" DATETIME,
    "seen_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "upload_requests_slug_key" ON "upload_requests"("slug");
CREATE INDEX "upload_requests_created_by_idx" ON "upload_requests"("created_by");

CREATE TABLE "upload_arrivals" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "request_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "reserved" BIGINT NOT NULL,
    "stored" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "upload_arrivals_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "upload_requests" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "upload_arrivals_request_id_name_key" ON "upload_arrivals"("request_id", "name");
CREATE INDEX "upload_arrivals_stored_created_at_idx" ON "upload_arrivals"("stored", "created_at");
