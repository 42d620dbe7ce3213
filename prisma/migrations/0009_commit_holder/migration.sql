-- Which process holds a share upload's commit (issue 27 B9): a claim of a dead process is taken over at once.
ALTER TABLE "files" ADD COLUMN "commit_holder" TEXT;
