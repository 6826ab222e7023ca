CREATE TABLE "ingangsdatums" (
	"bericht_versie" text NOT NULL,
	"datum" date NOT NULL,
	CONSTRAINT "ingangsdatums_bericht_versie_datum_pk" PRIMARY KEY("bericht_versie","datum")
);
--> statement-breakpoint
CREATE TABLE "rule_scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"netbeheerder" text NOT NULL,
	"bericht_versie" text NOT NULL,
	"discipline" text NOT NULL,
	"version_id" uuid,
	"omschrijving" text NOT NULL,
	"werkzaamheden" jsonb NOT NULL,
	"tg_rules" jsonb NOT NULL,
	"aga_rules" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"netbeheerder" text NOT NULL,
	"bericht_versie" text NOT NULL,
	"versie" integer NOT NULL,
	"omschrijving" text NOT NULL,
	"ingangsdatum" date NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waardenlijsten" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"netbeheerder" text NOT NULL,
	"bericht_versie" text NOT NULL,
	"discipline" text NOT NULL,
	"omschrijving" text NOT NULL,
	"tg_waardenlijsten" jsonb NOT NULL,
	"aga_waardenlijsten" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_scenarios" ADD CONSTRAINT "rule_scenarios_version_id_rule_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."rule_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rule_scenarios_concept_unique" ON "rule_scenarios" USING btree ("netbeheerder","bericht_versie","discipline","werkzaamheden") WHERE "rule_scenarios"."version_id" is null;--> statement-breakpoint
CREATE INDEX "rule_scenarios_version_idx" ON "rule_scenarios" USING btree ("version_id","discipline","werkzaamheden");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_versions_number_unique" ON "rule_versions" USING btree ("netbeheerder","bericht_versie","versie");--> statement-breakpoint
CREATE INDEX "rule_versions_in_force_idx" ON "rule_versions" USING btree ("netbeheerder","bericht_versie","ingangsdatum");--> statement-breakpoint
CREATE UNIQUE INDEX "waardenlijsten_unique" ON "waardenlijsten" USING btree ("netbeheerder","bericht_versie","discipline");--> statement-breakpoint
-- The effective-date calendar (spec 001 §4); data, so a new date needs no code change.
INSERT INTO "ingangsdatums" ("bericht_versie", "datum") VALUES
  ('1.36', '2024-12-02'), ('1.36', '2025-03-03'),
  ('*', '2025-05-23'), ('*', '2025-09-01'), ('*', '2025-12-01');
