-- Failure and recovery alerts per receiver configuration (issue 22 item 2, decision 0035): kept by
-- the worker's alert evaluation, read by the Overzicht. Open: recovered_at is null, one per receiver configuration.
CREATE TABLE "delivery_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receiver" text NOT NULL,
	"versienummer" text NOT NULL,
	"down_since" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"last_error" text,
	"last_trace_id" text,
	"alerted_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"opened" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_alerts_reason" CHECK ("delivery_alerts"."reason" in ('failures', 'silence'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_alerts_one_open" ON "delivery_alerts" USING btree ("receiver","versienummer") WHERE "delivery_alerts"."recovered_at" is null;--> statement-breakpoint
CREATE INDEX "delivery_alerts_receiver_idx" ON "delivery_alerts" USING btree ("receiver","versienummer","down_since");