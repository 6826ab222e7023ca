CREATE TABLE "delivery_rate_buckets" (
	"receiver" text NOT NULL,
	"versienummer" text NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"granted" boolean NOT NULL,
	CONSTRAINT "delivery_rate_buckets_receiver_versienummer_pk" PRIMARY KEY("receiver","versienummer")
);
--> statement-breakpoint
ALTER TABLE "sender_log" ADD COLUMN "max_per_second" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "senders" ADD COLUMN "max_per_second" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_max_per_second_range" CHECK ("senders"."max_per_second" between 0 and 1000);--> statement-breakpoint
-- The test environment's copies (decision 0038): its own schedules, and the same columns.
CREATE TABLE "knooppunt_test"."delivery_rate_buckets" (LIKE "public"."delivery_rate_buckets" INCLUDING ALL);
--> statement-breakpoint
ALTER TABLE "knooppunt_test"."sender_log" ADD COLUMN "max_per_second" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "knooppunt_test"."senders" ADD COLUMN "max_per_second" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "knooppunt_test"."senders" ADD CONSTRAINT "senders_max_per_second_range" CHECK ("max_per_second" between 0 and 1000);
