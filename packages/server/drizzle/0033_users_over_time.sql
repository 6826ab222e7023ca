CREATE TABLE "session_generations" (
	"subject" text PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "deactivated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "oidc_payloads_account_idx" ON "oidc_payloads" USING btree (("payload"->>'accountId'));