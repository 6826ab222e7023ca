CREATE TABLE "webhook_secrets" (
	"deelnemer" text NOT NULL,
	"versienummer" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_secret_encrypted" text,
	"previous_valid_until" timestamp with time zone,
	CONSTRAINT "webhook_secrets_deelnemer_versienummer_pk" PRIMARY KEY("deelnemer","versienummer"),
	CONSTRAINT "webhook_secrets_previous_whole" CHECK (("webhook_secrets"."previous_secret_encrypted" is null) = ("webhook_secrets"."previous_valid_until" is null))
);
--> statement-breakpoint
-- The test environment's copy (decision 0038): its configurations' receivers have secrets of their own.
CREATE TABLE "knooppunt_test"."webhook_secrets" (LIKE "public"."webhook_secrets" INCLUDING ALL);
