-- Retention (decision 0032): a message whose payload was removed keeps its row; `data` is then
-- '{}', with when it was removed and after how many days. Both columns are nullable without a
-- default: adding them rewrites nothing. The partial index holds delivered messages whose payload
-- is kept, for the daily job; building it on a large table blocks writes to messages meanwhile.
ALTER TABLE "messages" ADD COLUMN "data_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "data_removed_after_days" integer;--> statement-breakpoint
CREATE INDEX "messages_retention_idx" ON "messages" USING btree ("delivered_at","id") WHERE "messages"."delivered_at" is not null and "messages"."data_removed_at" is null;