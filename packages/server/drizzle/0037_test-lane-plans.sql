-- The test lane's own copies of the delivery functions (those planned per call: today
-- delivery_claim, delivery_fail and delivery_record) (issue 28, decision 0038): the same bodies
-- as public's, without `plan_cache_mode = force_custom_plan`. Production's claims and recordings
-- carry batches whose plans depend on their arrays and on how big the tables are, so each of their
-- statements is planned per call with its values (decision 0009); the test lane's carry one or two
-- messages, and planning their statements every call cost ~3.5 ms of PostgreSQL per call — most
-- of the test environment's database time. Its connections find these first (search path
-- knooppunt_test, public), and PL/pgSQL keeps their plans per connection (auto: a generic plan
-- once it costs no more than the custom ones; a new ANALYZE of a table plans again).
-- A migration that replaces one of these functions in public calls refresh_test_lane_functions()
-- after it; test/test-environment-schema.test.ts fails when a copy differs from its original.
CREATE FUNCTION "public"."refresh_test_lane_functions"() RETURNS void LANGUAGE plpgsql AS $$
declare
  f record;
begin
  for f in
    select p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and 'plan_cache_mode=force_custom_plan' = any(p.proconfig)
  loop
    execute regexp_replace(
      replace(pg_get_functiondef(f.oid), 'CREATE OR REPLACE FUNCTION public.', 'CREATE OR REPLACE FUNCTION knooppunt_test.'),
      E'\\n SET plan_cache_mode TO ''force_custom_plan''', ''
    );
  end loop;
end
$$;
--> statement-breakpoint
SELECT "public"."refresh_test_lane_functions"();
