CREATE TABLE "leveringen" (
	"levering_id" text PRIMARY KEY NOT NULL,
	"opdracht_id" text NOT NULL,
	"opdrachtgever" text NOT NULL,
	"opdrachtnemer" text NOT NULL,
	"message_type" text NOT NULL,
	"type" text NOT NULL,
	"status_text" text NOT NULL,
	"beoordeling" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"opdracht_id" text NOT NULL,
	"versienummer" text NOT NULL,
	"type" text NOT NULL,
	"sender" text NOT NULL,
	"receiver" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt" timestamp with time zone,
	"next_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"err" jsonb,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "opdrachten" (
	"opdracht_id" text PRIMARY KEY NOT NULL,
	"versienummer" text NOT NULL,
	"opdrachtgever" text NOT NULL,
	"opdrachtnemer" text NOT NULL,
	"status" integer NOT NULL,
	"status_text" text NOT NULL,
	"in_error" boolean DEFAULT false NOT NULL,
	"type" text,
	"plan_status_text" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_heads" (
	"receiver" text NOT NULL,
	"opdracht_id" text NOT NULL,
	"message_id" uuid NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "order_heads_receiver_opdracht_id_pk" PRIMARY KEY("receiver","opdracht_id")
);
--> statement-breakpoint
ALTER TABLE "leveringen" ADD CONSTRAINT "leveringen_opdracht_id_opdrachten_opdracht_id_fk" FOREIGN KEY ("opdracht_id") REFERENCES "public"."opdrachten"("opdracht_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leveringen_opdracht_idx" ON "leveringen" USING btree ("opdracht_id");--> statement-breakpoint
CREATE INDEX "leveringen_changed_idx" ON "leveringen" USING btree ("changed");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency_unique" ON "messages" USING btree ("sender","idempotency_key");--> statement-breakpoint
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("receiver","opdracht_id","seq");--> statement-breakpoint
CREATE INDEX "messages_opdracht_idx" ON "messages" USING btree ("opdracht_id");--> statement-breakpoint
CREATE INDEX "opdrachten_changed_idx" ON "opdrachten" USING btree ("versienummer","changed");--> statement-breakpoint
CREATE INDEX "order_heads_due_idx" ON "order_heads" USING btree ("due");