-- The claim selects a sender's heads (receiver, versienummer) by due time; with the versienummer
-- on the head it reads them in index order instead of joining every due head to its message.
DROP INDEX "order_heads_receiver_due_idx";--> statement-breakpoint
DROP INDEX "order_heads_claimed_idx";--> statement-breakpoint
ALTER TABLE "order_heads" ADD COLUMN "versienummer" text;--> statement-breakpoint
UPDATE "order_heads" h SET "versienummer" = m."versienummer" FROM "messages" m WHERE m."id" = h."message_id";--> statement-breakpoint
DELETE FROM "order_heads" WHERE "versienummer" IS NULL;--> statement-breakpoint
ALTER TABLE "order_heads" ALTER COLUMN "versienummer" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "order_heads_sender_due_idx" ON "order_heads" USING btree ("receiver","versienummer","due");--> statement-breakpoint
CREATE INDEX "order_heads_claimed_idx" ON "order_heads" USING btree ("receiver","versienummer") WHERE "order_heads"."claimed_until" is not null;
