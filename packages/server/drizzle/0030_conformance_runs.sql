CREATE TABLE "conformance_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deelnemer" text NOT NULL,
	"flow" text NOT NULL,
	"side" text NOT NULL,
	"scenario_id" text NOT NULL,
	"opdracht_id" text NOT NULL,
	"status" text DEFAULT 'lopend' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"step_started" timestamp with time zone DEFAULT now() NOT NULL,
	"step_timeout_seconds" integer NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"started" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" text NOT NULL,
	"ended" timestamp with time zone,
	CONSTRAINT "conformance_runs_status" CHECK ("conformance_runs"."status" in ('lopend', 'geslaagd', 'mislukt', 'gestopt'))
);
--> statement-breakpoint
CREATE INDEX "conformance_runs_deelnemer_idx" ON "conformance_runs" USING btree ("deelnemer","started");--> statement-breakpoint
CREATE INDEX "conformance_runs_started_idx" ON "conformance_runs" USING btree ("started");--> statement-breakpoint
CREATE INDEX "conformance_runs_running_idx" ON "conformance_runs" USING btree ("step_started") WHERE "conformance_runs"."status" = 'lopend';