CREATE TABLE "configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deelnemer" text NOT NULL,
	"versienummer" text NOT NULL,
	"version" integer NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"token_url" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_mtls" boolean DEFAULT false NOT NULL,
	"urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deelnemer" text NOT NULL,
	"versienummer" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"running" boolean NOT NULL,
	"version" integer NOT NULL,
	"max_messages" integer NOT NULL,
	"changed_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senders" (
	"deelnemer" text NOT NULL,
	"versienummer" text NOT NULL,
	"version" integer NOT NULL,
	"running" boolean DEFAULT true NOT NULL,
	"max_messages" integer DEFAULT 5 NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "senders_deelnemer_versienummer_pk" PRIMARY KEY("deelnemer","versienummer"),
	CONSTRAINT "senders_max_messages_range" CHECK ("senders"."max_messages" between 0 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_version_unique" ON "configurations" USING btree ("deelnemer","versienummer","version");--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_one_draft" ON "configurations" USING btree ("deelnemer","versienummer") WHERE "configurations"."draft";--> statement-breakpoint
CREATE INDEX "configurations_versienummer_idx" ON "configurations" USING btree ("versienummer","deelnemer");--> statement-breakpoint
CREATE INDEX "sender_log_sender_idx" ON "sender_log" USING btree ("deelnemer","versienummer","date");