-- The per-message items of bulk resend jobs, replaced by their batches (migration 0026, decision 0034).
DROP TABLE "bulk_retry_items" CASCADE;--> statement-breakpoint
ALTER TABLE "bulk_retry_jobs" DROP COLUMN "after_seq";