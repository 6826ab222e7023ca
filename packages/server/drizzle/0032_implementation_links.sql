CREATE TABLE "implementation_links" (
	"partner" text NOT NULL,
	"deelnemer" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "implementation_links_partner_deelnemer_pk" PRIMARY KEY("partner","deelnemer")
);
--> statement-breakpoint
CREATE INDEX "implementation_links_deelnemer_idx" ON "implementation_links" USING btree ("deelnemer");