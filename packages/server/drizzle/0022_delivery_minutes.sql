-- Delivery counters per receiver configuration and minute (issue 22 items 2 and 3): written by the
-- worker, read by the Overzicht and the alerts instead of scanning messages.
CREATE TABLE "delivery_minutes" (
	"receiver" text NOT NULL,
	"versienummer" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"latency" integer[] NOT NULL,
	CONSTRAINT "delivery_minutes_receiver_versienummer_minute_pk" PRIMARY KEY("receiver","versienummer","minute")
);
--> statement-breakpoint
CREATE INDEX "delivery_minutes_minute_idx" ON "delivery_minutes" USING btree ("minute");
