-- PostgreSQL twin of prisma/migrations/0005_rate_limit_hits: password attempts counted where every
-- replica sees them (docs/architecture.md §4).
CREATE TABLE "rate_limit_hits" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "rate_limit_hits_key_at_idx" ON "rate_limit_hits"("key", "at");
CREATE INDEX "rate_limit_hits_at_idx" ON "rate_limit_hits"("at");
