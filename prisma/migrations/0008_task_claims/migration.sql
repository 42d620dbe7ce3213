-- A copy task's claim on the file it is writing (issue 27 B6): two tasks never write one destination at once.
CREATE TABLE "task_claims" (
    "target" TEXT NOT NULL PRIMARY KEY,
    "task_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
