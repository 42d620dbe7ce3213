-- WebDAV and SFTP storages (issue 48, docs/storage.md): an SFTP key, the pinned host key, TLS checks.
ALTER TABLE "storage_configs" ADD COLUMN "private_key_enc" TEXT;
ALTER TABLE "storage_configs" ADD COLUMN "host_key_fingerprint" TEXT;
ALTER TABLE "storage_configs" ADD COLUMN "tls_verify" BOOLEAN NOT NULL DEFAULT true;
