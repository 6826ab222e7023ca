-- The test environment (issue 28, decision 0038): the exchange's tables once more, in a schema of
-- their own. The server's test handle (db/client.ts) runs the same code with the search path
-- `knooppunt_test, public`, so that its messages, orders, configurations and senders are these
-- tables, while organisations, users, system clients, business rules and the audit log stay the
-- one shared set. A production query never names this schema, and a test query cannot reach the
-- production rows of these tables: the separation is made by construction, not by a filter.
--
-- Every later migration that changes one of these tables changes both; the server test
-- test-environment-schema.test.ts fails when their columns, constraints or indexes differ.
CREATE SCHEMA "knooppunt_test";
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."configurations" (LIKE "public"."configurations" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."senders" (LIKE "public"."senders" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."sender_log" (LIKE "public"."sender_log" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."opdrachten" (LIKE "public"."opdrachten" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."leveringen" (LIKE "public"."leveringen" INCLUDING ALL);
--> statement-breakpoint
ALTER TABLE "knooppunt_test"."leveringen" ADD CONSTRAINT "leveringen_opdracht_id_opdrachten_opdracht_id_fk"
  FOREIGN KEY ("opdracht_id") REFERENCES "knooppunt_test"."opdrachten"("opdracht_id");
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."messages" (LIKE "public"."messages" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."order_heads" (LIKE "public"."order_heads" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."delivery_minutes" (LIKE "public"."delivery_minutes" INCLUDING ALL);
--> statement-breakpoint
CREATE TABLE "knooppunt_test"."delivery_alerts" (LIKE "public"."delivery_alerts" INCLUDING ALL);
--> statement-breakpoint
-- LIKE copies a serial column's default, which names the production table's sequence: the test
-- tables count with sequences of their own.
CREATE SEQUENCE "knooppunt_test"."messages_seq_seq" OWNED BY "knooppunt_test"."messages"."seq";
--> statement-breakpoint
ALTER TABLE "knooppunt_test"."messages" ALTER COLUMN "seq" SET DEFAULT nextval('"knooppunt_test"."messages_seq_seq"');
--> statement-breakpoint
CREATE SEQUENCE "knooppunt_test"."sender_log_id_seq" OWNED BY "knooppunt_test"."sender_log"."id";
--> statement-breakpoint
ALTER TABLE "knooppunt_test"."sender_log" ALTER COLUMN "id" SET DEFAULT nextval('"knooppunt_test"."sender_log_id_seq"');
--> statement-breakpoint
-- The NOTIFY channel of new work in each environment's outbox (delivery/enqueue.ts, wakeup.ts):
-- resolved by the search path, so the same statement wakes the lane of its own environment.
CREATE FUNCTION "public"."outbox_channel"() RETURNS text LANGUAGE sql IMMUTABLE AS $$ select 'knooppunt_outbox' $$;
--> statement-breakpoint
CREATE FUNCTION "knooppunt_test"."outbox_channel"() RETURNS text LANGUAGE sql IMMUTABLE AS $$ select 'knooppunt_outbox_test' $$;
