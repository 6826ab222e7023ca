-- The delivery functions plan as for a database in memory (docs/performance.md, session 28): with
-- the default random_page_cost (4, for spinning disks) the recording's two statements that find
-- the order heads in an outcome's lane read every head (a sequential scan, hashed on the lane)
-- rather than look each one up by its key — 2–3 ms a recording at 25,000 heads, growing with
-- the backlog. 1.1 is the usual value for data in memory or on SSD; set per function, so nothing
-- else changes. The test lane's copies (migration 0037) keep it.
ALTER FUNCTION public.delivery_claim(integer, integer, integer, integer) SET random_page_cost = 1.1;--> statement-breakpoint
ALTER FUNCTION public.delivery_fail(jsonb, boolean) SET random_page_cost = 1.1;--> statement-breakpoint
ALTER FUNCTION public.delivery_record(uuid[], uuid[], timestamp with time zone[], text[], uuid[], text[], jsonb, uuid[], uuid[], boolean, integer, integer) SET random_page_cost = 1.1;--> statement-breakpoint
SELECT refresh_test_lane_functions();
