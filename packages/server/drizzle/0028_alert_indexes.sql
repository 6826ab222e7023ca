-- The failure alerts (decision 0035) read, per receiver configuration, its most failed attempts in
-- uitval and its latest failure: one probe each on these, instead of every message in uitval (the
-- flows' uitval indexes lead with the order) on every check. Small: they hold only uitval.
CREATE INDEX "messages_failing_attempts_idx" ON "messages" USING btree ("receiver","versienummer","failed_attempts") WHERE "messages"."failed_attempts" > 0 and "messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "messages_failing_latest_idx" ON "messages" USING btree ("receiver","versienummer","last_attempt" DESC NULLS LAST) WHERE "messages"."failed_attempts" > 0 and "messages"."delivered_at" is null;