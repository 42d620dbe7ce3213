-- Accounts (issue 44, decision 0039): members and invited admins in the admins table, a member's
-- rights on a key row of its own, members' own keys, TOTP with recovery codes, app passwords, and
-- where each session signed in.
ALTER TABLE "admins" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'admin';
ALTER TABLE "admins" ADD COLUMN "display_name" TEXT;
ALTER TABLE "admins" ADD COLUMN "email" TEXT;
ALTER TABLE "admins" ADD COLUMN "disabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "admins" ADD COLUMN "totp_secret_enc" TEXT;
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" TIMESTAMP(3);
ALTER TABLE "admins" ADD COLUMN "invite_hash" TEXT;
ALTER TABLE "admins" ADD COLUMN "invite_expires_at" TIMESTAMP(3);
ALTER TABLE "admins" ADD COLUMN "rights_key_id" TEXT;
CREATE UNIQUE INDEX "admins_invite_hash_key" ON "admins"("invite_hash");
CREATE UNIQUE INDEX "admins_rights_key_id_key" ON "admins"("rights_key_id");

ALTER TABLE "api_keys" ADD COLUMN "account_id" TEXT;
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

ALTER TABLE "sessions" ADD COLUMN "address" TEXT;
ALTER TABLE "sessions" ADD COLUMN "agent" TEXT;

CREATE TABLE "recovery_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "account_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMP(3),
    CONSTRAINT "recovery_codes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "recovery_codes_code_hash_key" ON "recovery_codes"("code_hash");
CREATE INDEX "recovery_codes_account_id_idx" ON "recovery_codes"("account_id");

CREATE TABLE "app_passwords" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    CONSTRAINT "app_passwords_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "admins" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "app_passwords_digest_key" ON "app_passwords"("digest");
CREATE INDEX "app_passwords_account_id_idx" ON "app_passwords"("account_id");

ALTER TABLE "admins" ADD CONSTRAINT "admins_rights_key_id_fkey" FOREIGN KEY ("rights_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;
