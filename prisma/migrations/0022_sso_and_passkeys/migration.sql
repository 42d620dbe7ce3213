-- Single sign-on (issue 44, item 3): OpenID Connect providers and the accounts linked to their subjects.
CREATE TABLE "sso_providers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret_enc" TEXT NOT NULL,
    "allowed_domains" TEXT NOT NULL DEFAULT '',
    "group_claim" TEXT NOT NULL DEFAULT 'groups',
    "admin_group" TEXT,
    "auto_create" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "sso_links" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "provider_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sso_links_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "sso_providers" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sso_links_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "sso_links_provider_id_subject_key" ON "sso_links"("provider_id", "subject");
CREATE INDEX "sso_links_account_id_idx" ON "sso_links"("account_id");

-- Passkeys (issue 44, item 4): WebAuthn credentials of accounts; public keys only.
CREATE TABLE "passkeys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "account_id" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "counter" INTEGER NOT NULL DEFAULT 0,
    "transports" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    CONSTRAINT "passkeys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "passkeys_account_id_idx" ON "passkeys"("account_id");
