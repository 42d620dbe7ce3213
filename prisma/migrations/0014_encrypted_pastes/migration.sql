-- End-to-end encrypted pastes (issue 31, docs/encryption.md): the content is a sealed envelope the
-- server cannot read; the flag tells the page to decrypt it in the browser and the server never to
-- render, search or preview it.
ALTER TABLE "pastes" ADD COLUMN "encrypted" BOOLEAN NOT NULL DEFAULT false;
