-- End-to-end encrypted file shares (issue 31, docs/encryption.md "Files"): the format's header and
-- the sealed name and type, in base64url joined by a dot; the object holds the sealed records only.
-- Null for every other share.
ALTER TABLE "files" ADD COLUMN "envelope" TEXT;
