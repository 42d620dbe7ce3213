-- PostgreSQL twin of prisma/migrations/0001_init (docs/architecture.md §4): the same tables, with
-- TIMESTAMP(3) where SQLite says DATETIME.
-- CreateTable
CREATE TABLE "admins" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "key_digest" TEXT NOT NULL,
    "key_enc" TEXT NOT NULL,
    "permissions" INTEGER NOT NULL DEFAULT 0,
    "role" TEXT NOT NULL DEFAULT 'GENERAL',
    "basic_path" TEXT NOT NULL DEFAULT '/',
    "is_guest" BOOLEAN NOT NULL DEFAULT false,
    "last_used" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "sessions" (
    "token_hash" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "admin_id" TEXT,
    "api_key_id" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sessions_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sessions_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "pastes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "remark" TEXT,
    "password_hash" TEXT,
    "password_enc" TEXT,
    "expires_at" TIMESTAMP(3),
    "max_views" INTEGER,
    "views" INTEGER NOT NULL DEFAULT 0,
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "gone_shares" (
    "kind" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "gone_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("kind", "slug")
);

-- CreateTable
CREATE TABLE "storage_configs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "storage_type" TEXT NOT NULL,
    "provider_type" TEXT NOT NULL,
    "endpoint_url" TEXT,
    "bucket_name" TEXT,
    "region" TEXT,
    "access_key_id_enc" TEXT,
    "secret_access_key_enc" TEXT,
    "path_style" BOOLEAN NOT NULL DEFAULT false,
    "root_path" TEXT,
    "default_folder" TEXT NOT NULL DEFAULT '',
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "total_storage_bytes" BIGINT,
    "custom_host" TEXT,
    "signature_expires_in" INTEGER NOT NULL DEFAULT 3600,
    "admin_id" TEXT,
    "last_used" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "files" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "storage_config_id" TEXT NOT NULL,
    "storage_type" TEXT NOT NULL,
    "storage_path" TEXT NOT NULL,
    "file_path" TEXT,
    "mimetype" TEXT NOT NULL,
    "size" BIGINT NOT NULL DEFAULT 0,
    "etag" TEXT,
    "remark" TEXT,
    "password_hash" TEXT,
    "password_enc" TEXT,
    "expires_at" TIMESTAMP(3),
    "max_views" INTEGER,
    "views" INTEGER NOT NULL DEFAULT 0,
    "use_proxy" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "files_storage_config_id_fkey" FOREIGN KEY ("storage_config_id") REFERENCES "storage_configs" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "storage_mounts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "storage_type" TEXT NOT NULL,
    "storage_config_id" TEXT,
    "mount_path" TEXT NOT NULL,
    "remark" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_by" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "cache_ttl" INTEGER NOT NULL DEFAULT 300,
    "web_proxy" BOOLEAN NOT NULL DEFAULT false,
    "webdav_policy" TEXT NOT NULL DEFAULT '302_redirect',
    "enable_sign" BOOLEAN NOT NULL DEFAULT false,
    "sign_expires" INTEGER,
    "last_used" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "storage_mounts_storage_config_id_fkey" FOREIGN KEY ("storage_config_id") REFERENCES "storage_configs" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "system_settings" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "description" TEXT,
    "type" TEXT NOT NULL DEFAULT 'string',
    "group_id" INTEGER NOT NULL DEFAULT 1,
    "options" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "flags" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "current_file" TEXT,
    "total_count" INTEGER NOT NULL DEFAULT 0,
    "success_count" INTEGER NOT NULL DEFAULT 0,
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "details" TEXT,
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3)
);

-- CreateIndex
CREATE UNIQUE INDEX "admins_username_key" ON "admins"("username");

-- CreateIndex
CREATE INDEX "sessions_admin_id_idx" ON "sessions"("admin_id");

-- CreateIndex
CREATE INDEX "sessions_api_key_id_idx" ON "sessions"("api_key_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_name_key" ON "api_keys"("name");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_digest_key" ON "api_keys"("key_digest");

-- CreateIndex
CREATE INDEX "api_keys_expires_at_idx" ON "api_keys"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "pastes_slug_key" ON "pastes"("slug");

-- CreateIndex
CREATE INDEX "pastes_created_at_idx" ON "pastes"("created_at");

-- CreateIndex
CREATE INDEX "pastes_created_by_idx" ON "pastes"("created_by");

-- CreateIndex
CREATE INDEX "pastes_expires_at_idx" ON "pastes"("expires_at");

-- CreateIndex
CREATE INDEX "gone_shares_gone_at_idx" ON "gone_shares"("gone_at");

-- CreateIndex
CREATE UNIQUE INDEX "files_slug_key" ON "files"("slug");

-- CreateIndex
CREATE INDEX "files_storage_config_id_idx" ON "files"("storage_config_id");

-- CreateIndex
CREATE INDEX "files_file_path_idx" ON "files"("file_path");

-- CreateIndex
CREATE INDEX "files_created_at_idx" ON "files"("created_at");

-- CreateIndex
CREATE INDEX "files_expires_at_idx" ON "files"("expires_at");

-- CreateIndex
CREATE INDEX "files_created_by_idx" ON "files"("created_by");

-- CreateIndex
CREATE UNIQUE INDEX "storage_mounts_mount_path_key" ON "storage_mounts"("mount_path");

-- CreateIndex
CREATE INDEX "storage_mounts_storage_config_id_idx" ON "storage_mounts"("storage_config_id");

-- CreateIndex
CREATE INDEX "system_settings_group_id_idx" ON "system_settings"("group_id");

-- CreateIndex
CREATE INDEX "tasks_status_idx" ON "tasks"("status");

-- CreateIndex
CREATE INDEX "tasks_created_at_idx" ON "tasks"("created_at");
