-- Delivery receipts (issue 32 item 2, decision 0060): the receipt keys and a receipt per delivered
-- message, here and in the test environment. delivery_record writes them: migration 0042.
CREATE TABLE "receipt_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"jwk" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"retired" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "receipt" text;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_keys_one_current" ON "receipt_keys" USING btree ((true)) WHERE "receipt_keys"."retired" is null;--> statement-breakpoint
ALTER TABLE "knooppunt_test"."messages" ADD COLUMN "receipt" text;
