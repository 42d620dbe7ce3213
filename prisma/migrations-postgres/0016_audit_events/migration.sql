-- The audit log (issue 32, decision 0033): who did what, appended by app/models/audit.
CREATE TABLE "audit_events" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "at" TIMESTAMP(3) NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_name" TEXT,
    "address" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "result" TEXT NOT NULL,
    "request_id" TEXT,
    "door" TEXT,
    "detail" TEXT
);
CREATE INDEX "audit_events_at_idx" ON "audit_events"("at");
CREATE INDEX "audit_events_actor_id_at_idx" ON "audit_events"("actor_id", "at");
CREATE INDEX "audit_events_action_at_idx" ON "audit_events"("action", "at");
