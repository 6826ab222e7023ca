-- The Auditlog screen (decision 0033): every filter's index ends in (at, id), the list's sort, so a
-- page of the newest entries of one actor, action or subject walks one index; (at, id) replaces (at).
DROP INDEX "audit_at_idx";--> statement-breakpoint
CREATE INDEX "audit_subject_id_idx" ON "audit_log" USING btree ("subject_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor","at","id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action","at","id");
