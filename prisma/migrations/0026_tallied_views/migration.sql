-- The views of pastes without a view limit, added every few seconds by the view tally (decision 0041):
-- a narrow table, so a flush writes a few pages instead of one page of `pastes` per paste viewed. A
-- paste's figure is its `views` plus its row here; an edit starts both afresh.
CREATE TABLE "tallied_views" (
    "paste_id" TEXT NOT NULL PRIMARY KEY,
    "views" INTEGER NOT NULL,
    CONSTRAINT "tallied_views_paste_id_fkey" FOREIGN KEY ("paste_id") REFERENCES "pastes" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
