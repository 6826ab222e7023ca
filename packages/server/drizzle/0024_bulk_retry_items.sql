-- The messages of a bulk resend job, chosen once when it starts (decision 0034): its batches read
-- them by the primary key instead of searching the filters again for every batch.
CREATE TABLE "bulk_retry_items" (
	"job_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"message_id" uuid NOT NULL,
	"receiver" text NOT NULL,
	"opdracht_id" text NOT NULL,
	CONSTRAINT "bulk_retry_items_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "bulk_retry_items" ADD CONSTRAINT "bulk_retry_items_job_id_bulk_retry_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_retry_jobs"("id") ON DELETE cascade ON UPDATE no action;
