-- A paste's Markdown rendered once, on its first page view, and kept with the renderer's version
-- (issue 29; docs/decisions/0023-paste-html-rendered-once.md): a renderer change re-renders lazily.
ALTER TABLE "pastes" ADD COLUMN "html" TEXT;
ALTER TABLE "pastes" ADD COLUMN "html_version" INTEGER;
