CREATE TABLE "late_orders" (
	"opdracht_id" text PRIMARY KEY NOT NULL,
	"versienummer" text NOT NULL,
	"opdrachtgever" text NOT NULL,
	"opdrachtnemer" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "late_orders_refresh" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termijn_mail" (
	"netbeheerder" text PRIMARY KEY NOT NULL,
	"dagelijks" boolean NOT NULL,
	"last_sent" date,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termijnen" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"netbeheerder" text NOT NULL,
	"flow" text NOT NULL,
	"van" text NOT NULL,
	"tot" text NOT NULL,
	"aantal" integer NOT NULL,
	"eenheid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "late_orders_opdrachtgever_idx" ON "late_orders" USING btree ("opdrachtgever");--> statement-breakpoint
CREATE INDEX "late_orders_opdrachtnemer_idx" ON "late_orders" USING btree ("opdrachtnemer");--> statement-breakpoint
CREATE UNIQUE INDEX "termijnen_unique" ON "termijnen" USING btree ("netbeheerder","van","tot");