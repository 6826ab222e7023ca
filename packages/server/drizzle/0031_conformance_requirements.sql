CREATE TABLE "conformance_requirements" (
	"deelnemer" text PRIMARY KEY NOT NULL,
	"changed" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL
);
