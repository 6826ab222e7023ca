CREATE TABLE "bulk_retry_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_sub" text NOT NULL,
	"actor" text NOT NULL,
	"only_deelnemer" text,
	"filters" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"after_seq" bigint DEFAULT 0 NOT NULL,
	"until_seq" bigint NOT NULL,
	"error" text,
	"runner" uuid,
	"claimed_until" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bulk_retry_jobs_running_idx" ON "bulk_retry_jobs" USING btree ("created") WHERE "bulk_retry_jobs"."state" = 'running';
