-- Password attempts counted in the database (issue 16, replicas; docs/architecture.md §4). Used
-- on PostgreSQL, where several processes share the limits; on SQLite the table stays empty.
CREATE TABLE "rate_limit_hits" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "at" DATETIME NOT NULL
);
CREATE INDEX "rate_limit_hits_key_at_idx" ON "rate_limit_hits"("key", "at");
CREATE INDEX "rate_limit_hits_at_idx" ON "rate_limit_hits"("at");
