CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent" timestamp with time zone,
	"abandoned" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"omschrijving" text NOT NULL,
	"auth_method" text DEFAULT 'client_secret_basic' NOT NULL,
	"secret_hash" text,
	"previous_secret_hash" text,
	"previous_secret_expires" timestamp with time zone,
	"jwks" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"secret_rotated" timestamp with time zone,
	"last_used" timestamp with time zone,
	"revoked" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "system_clients" ADD CONSTRAINT "system_clients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt") WHERE "mail_outbox"."sent" is null and "mail_outbox"."abandoned" is null;--> statement-breakpoint
CREATE INDEX "system_clients_organisation_idx" ON "system_clients" USING btree ("organisation_id","created");