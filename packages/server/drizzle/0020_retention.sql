-- Retention (decision 0032): a message whose payload was removed keeps its row; `data` is then
-- '{}', with when it was removed and after how many days. An order records the `changed` at which
-- the job emptied its messages; the partial index holds the finished orders the job is not done
-- with (one entry per order, none per message). The three columns are nullable without a default:
-- adding them rewrites nothing. Building the index blocks writes to opdrachten while it builds.
ALTER TABLE "messages" ADD COLUMN "data_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "data_removed_after_days" integer;--> statement-breakpoint
ALTER TABLE "opdrachten" ADD COLUMN "retained_changed" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "opdrachten_retention_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."status" >= 900 and not "opdrachten"."in_error" and ("opdrachten"."retained_changed" is null or "opdrachten"."retained_changed" <> "opdrachten"."changed");