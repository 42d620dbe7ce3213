-- Per-key quotas (issue 32, decision 0034): the limits on the key, and what it has stored against them.
ALTER TABLE "api_keys" ADD COLUMN "quota_bytes" BIGINT;
ALTER TABLE "api_keys" ADD COLUMN "quota_day_bytes" BIGINT;
ALTER TABLE "api_keys" ADD COLUMN "quota_day_shares" INTEGER;
ALTER TABLE "api_keys" ADD COLUMN "quota_file_bytes" BIGINT;
CREATE TABLE "quota_charges" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "held" BOOLEAN NOT NULL DEFAULT false,
    "pending" BOOLEAN NOT NULL DEFAULT true,
    "file_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "quota_charges_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "quota_charges_key_id_day_idx" ON "quota_charges"("key_id", "day");
CREATE INDEX "quota_charges_file_id_idx" ON "quota_charges"("file_id");
CREATE INDEX "quota_charges_pending_created_at_idx" ON "quota_charges"("pending", "created_at");
