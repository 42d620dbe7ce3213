-- The backup schedule (issue 32, decision 0032 "Schedule"): one row, with the passphrase sealed by the
-- app's key and the latest run's result (the dashboard's, kept after the task list is cleared).
CREATE TABLE "backup_schedule" (
    "id" INTEGER NOT NULL PRIMARY KEY DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "frequency" TEXT NOT NULL DEFAULT 'daily',
    "weekday" INTEGER NOT NULL DEFAULT 0,
    "time" TEXT NOT NULL DEFAULT '03:00',
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "keep" INTEGER NOT NULL DEFAULT 7,
    "storage_config_id" TEXT,
    "folder" TEXT NOT NULL DEFAULT '',
    "passphrase_enc" TEXT,
    "saved_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_slot" DATETIME,
    "last_task_id" TEXT,
    "last_status" TEXT,
    "last_at" DATETIME,
    "last_name" TEXT,
    "last_size" BIGINT,
    "last_error" TEXT
);
