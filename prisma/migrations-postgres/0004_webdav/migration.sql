-- PostgreSQL twin of prisma/migrations/0004_webdav (TIMESTAMP(3) for DATETIME).
-- WebDAV (issue 13): locks and dead properties, on virtual paths (docs/architecture.md §8).
-- Paths compare in byte order (COLLATE "C"): a lock's subtree is the range [path/, path0).
CREATE TABLE "dav_locks" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "path" TEXT COLLATE "C" NOT NULL,
    "username" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "depth" TEXT NOT NULL,
    "owner" TEXT,
    "timeout_ms" INTEGER NOT NULL,
    "provisional" BOOLEAN NOT NULL DEFAULT false,
    "refreshed_at" TIMESTAMP(3) NOT NULL
);

CREATE INDEX "dav_locks_path_idx" ON "dav_locks"("path");

CREATE TABLE "dav_properties" (
    "path" TEXT COLLATE "C" NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    PRIMARY KEY ("path", "name")
);
