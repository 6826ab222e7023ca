CREATE TABLE "platform_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"down_since" timestamp with time zone NOT NULL,
	"detail" text NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_faults" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"detail" text NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "platform_faults_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "process_heartbeats" (
	"name" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint

-- A platform fault (issue 29, delivery/failure.ts PlatformFault) is recorded like a failed attempt
-- but is not the receiver's: the message waits until its next attempt with the error shown, while
-- its failed attempts and its order's error mark stay as they were (no uitval, no alert to the
-- participant). Otherwise as migration 0016.
create or replace function delivery_fail(p_failures jsonb, p_unclaimed_only boolean)
returns void
language plpgsql
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  with failing as (
    select distinct m.opdracht_id
    from jsonb_to_recordset(p_failures) as f(id uuid, lane uuid, platform boolean)
    join messages m on m.id = f.id
    join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id
    where m.delivered_at is null and not coalesce(f.platform, false)
      and case when p_unclaimed_only then h.message_id = m.id and (h.claimed_until is null or h.claimed_until < now())
               else h.lane = f.lane and not h.cancelled end
  ),
  locked as (
    select o.opdracht_id from opdrachten o join failing using (opdracht_id)
    order by o.opdracht_id for no key update
  )
  update opdrachten o set in_error = true, changed = now()
  from locked l where o.opdracht_id = l.opdracht_id and not o.in_error;

  perform 1
  from jsonb_to_recordset(p_failures) as f(id uuid, lane uuid)
  join messages m on m.id = f.id
  join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id
  where m.delivered_at is null
    and case when p_unclaimed_only then h.message_id = m.id and (h.claimed_until is null or h.claimed_until < now())
             else h.lane = f.lane and not h.cancelled end
  order by h.receiver, h.opdracht_id
  for update of h;

  with failed as (
    update messages m
    set failed_attempts = m.failed_attempts + case when coalesce(f.platform, false) then 0 else 1 end,
        last_attempt = now(), next_attempt = now() + f."delayMs" * interval '1 millisecond', err = f.err
    from jsonb_to_recordset(p_failures) as f(id uuid, "delayMs" integer, err jsonb, lane uuid, platform boolean)
    where m.id = f.id and m.delivered_at is null
      and exists (
        select 1 from order_heads h
        where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id
          and case when p_unclaimed_only then h.message_id = m.id and (h.claimed_until is null or h.claimed_until < now())
                   else h.lane = f.lane and not h.cancelled end
      )
    returning m.id, m.receiver, m.opdracht_id, m.next_attempt
  )
  update order_heads h set due = f.next_attempt, claimed_until = null
  from failed f
  where h.receiver = f.receiver and h.opdracht_id = f.opdracht_id and h.message_id = f.id;
end
$$;
