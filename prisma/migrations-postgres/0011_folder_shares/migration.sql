-- Folder and selection shares (issue 30): a file share's kind, and for a selection the names it
-- holds inside its folder (a JSON array). Existing shares are files.
ALTER TABLE "files" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'file';
ALTER TABLE "files" ADD COLUMN "items" TEXT;
