CREATE INDEX "messages_undelivered_idx" ON "messages" USING btree ("receiver") WHERE "messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "order_heads_receiver_due_idx" ON "order_heads" USING btree ("receiver","due");--> statement-breakpoint
CREATE INDEX "order_heads_claimed_idx" ON "order_heads" USING btree ("receiver") WHERE "order_heads"."claimed_until" is not null;