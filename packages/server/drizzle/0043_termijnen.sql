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
CREATE UNIQUE INDEX "termijnen_unique" ON "termijnen" USING btree ("netbeheerder","van","tot");