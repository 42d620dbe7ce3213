-- Per-share statistics (issue 32, decision 0035): visits per share per UTC day, bots apart, and the
-- hosts that linked to the share.
CREATE TABLE "share_stats" (
    "kind" TEXT NOT NULL,
    "share_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "bots" INTEGER NOT NULL DEFAULT 0,
    "first_at" DATETIME NOT NULL,
    "last_at" DATETIME NOT NULL,
    PRIMARY KEY ("kind", "share_id", "day")
);
CREATE TABLE "share_referrers" (
    "kind" TEXT NOT NULL,
    "share_id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("kind", "share_id", "host")
);
