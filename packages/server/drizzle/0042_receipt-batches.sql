-- Delivery receipts (decision 0060), written by delivery_record with the delivery: for each
-- delivered message the time the receiver answered (now its delivered_at) and its receipt, and the
-- signed batches of those receipts, kept once here (one signature per recording: one per message
-- cost the drain a third of its rate). Its signature changes, so the old one goes (here and in the
-- test lane, whose copy refresh_test_lane_functions makes again, migration 0037).
CREATE TABLE "receipt_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"jws" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP FUNCTION "knooppunt_test"."delivery_record"(uuid[], uuid[], jsonb, uuid[], uuid[], boolean, integer, integer);--> statement-breakpoint
DROP FUNCTION "public"."delivery_record"(uuid[], uuid[], jsonb, uuid[], uuid[], boolean, integer, integer);--> statement-breakpoint
CREATE FUNCTION public.delivery_record(p_delivered uuid[], p_delivered_lanes uuid[], p_delivered_at timestamp with time zone[], p_receipts text[], p_receipt_batch_ids uuid[], p_receipt_batches text[], p_failures jsonb, p_released uuid[], p_released_lanes uuid[], p_handoff boolean, p_lease_ms integer, p_run_length integer)
 RETURNS TABLE(id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text, failed_attempts integer, created timestamp with time zone, due_now boolean, config_version integer, lane uuid, waiting boolean)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
#variable_conflict use_column
declare
  v_in_error text[];
  v_heads uuid[];
  v_versions integer[];
  v_lanes uuid[];
  v_waiting boolean;
  v_cancelled_receivers text[];
  v_cancelled_orders text[];
begin
  -- Orders first, in one statement and in opdrachtId order (as an accepted message, a cancel and
  -- fail take theirs), so that two recordings never deadlock: those of the failing messages (to
  -- be marked) and those of the delivered messages that are in error (to be cleared). Only these
  -- can be cleared below: a failure committed since left a message in uitval. (Without failures
  -- a simpler statement: planning it costs less.)
  if jsonb_array_length(p_failures) = 0 then
    select coalesce(array_agg(l.opdracht_id), '{}') into v_in_error
    from (
      select o.opdracht_id from opdrachten o
      where o.opdracht_id = any(array(select m.opdracht_id from messages m where m.id = any(p_delivered)))
        and o.in_error
      order by o.opdracht_id for no key update
    ) l;
  else
    with delivering as (
      select m.opdracht_id from messages m where m.id = any(p_delivered)
    ),
    failing as (
      select m.opdracht_id from messages m join jsonb_to_recordset(p_failures) as f(id uuid) on m.id = f.id
    ),
    locked as (
      select o.opdracht_id, o.in_error from opdrachten o
      where o.opdracht_id = any(array(select opdracht_id from delivering union select opdracht_id from failing))
        and (o.in_error or o.opdracht_id = any(array(select opdracht_id from failing)))
      order by o.opdracht_id for no key update
    )
    select coalesce(array_agg(l.opdracht_id), '{}') into v_in_error
    from locked l
    where l.in_error and l.opdracht_id = any(array(select opdracht_id from delivering));
  end if;

  -- Then the heads' row locks, in (receiver, opdracht) order — only those still in the outcome's
  -- lane (the fence) — waiting for any enqueue that holds one; the next statements' fresh
  -- snapshots then see that enqueue's message (in one statement the head could be deleted on the
  -- strength of a snapshot taken before it committed, orphaning the message). The cancelled
  -- ones among them are noted.
  with outcome as (
    select o.id, o.lane from unnest(p_delivered || p_released, p_delivered_lanes || p_released_lanes) as o(id, lane)
    union all
    select f.id, f.lane from jsonb_to_recordset(p_failures) as f(id uuid, lane uuid)
  ),
  locked as (
    select h.receiver, h.opdracht_id, h.cancelled
    from outcome o
    join messages m on m.id = o.id
    join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.lane = o.lane
    order by h.receiver, h.opdracht_id
    for update of h
  )
  select coalesce(array_agg(l.receiver) filter (where l.cancelled), '{}'),
         coalesce(array_agg(l.opdracht_id) filter (where l.cancelled), '{}')
  into v_cancelled_receivers, v_cancelled_orders
  from locked l;

  if jsonb_array_length(p_failures) > 0 then
    perform delivery_fail(p_failures, false);
  end if;

  if cardinality(p_released) > 0 then
    update order_heads h set claimed_until = null
    from unnest(p_released, p_released_lanes) as r(id, lane)
    join messages m on m.id = r.id
    where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.message_id = m.id
      and h.lane = r.lane and not h.cancelled;
  end if;

  if cardinality(p_delivered) > 0 then
    -- The signed batches of the receipts below (decision 0060), each once.
    if cardinality(p_receipt_batch_ids) > 0 then
      insert into receipt_batches (id, jws)
      select b.id, b.jws from unnest(p_receipt_batch_ids, p_receipt_batches) as b(id, jws)
      on conflict (id) do nothing;
    end if;
    with done as (
      update messages m set delivered_at = coalesce(o.at, now()), receipt = o.receipt
      from unnest(p_delivered, p_delivered_lanes, p_delivered_at, p_receipts) as o(id, lane, at, receipt)
      where m.id = o.id and m.delivered_at is null
        and exists (
          select 1 from order_heads h
          where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.lane = o.lane
        )
      returning m.id, m.receiver, m.opdracht_id, m.seq
    ),
    runs as (
      select d.receiver, d.opdracht_id, max(d.seq) as seq
      from done d
      join order_heads h on h.receiver = d.receiver and h.opdracht_id = d.opdracht_id
      where not h.cancelled
      group by d.receiver, d.opdracht_id
      having bool_or(h.message_id = d.id)
    ),
    successor as (
      select r.receiver, r.opdracht_id, n.id, n.versienummer, n.next_attempt
      from runs r
      left join lateral (
        select m.id, m.versienummer, m.next_attempt from messages m
        where m.receiver = r.receiver and m.opdracht_id = r.opdracht_id and m.seq > r.seq
          and m.delivered_at is null
        order by m.seq limit 1
      ) n on true
    ),
    sending as (
      select s.deelnemer, s.versienummer, s.version from senders s
      where p_handoff and s.running
        and (s.deelnemer, s.versienummer) in (select receiver, versienummer from successor)
        and s.max_messages >= (
          select count(distinct c.lane) from order_heads c
          where c.receiver = s.deelnemer and c.versienummer = s.versienummer and c.claimed_until >= now()
        )
    ),
    moved as (
      update order_heads h
      set message_id = s.id, versienummer = s.versienummer, due = s.next_attempt,
          claimed_until = case when g.deelnemer is not null and s.next_attempt <= now()
                               then now() + p_lease_ms * interval '1 millisecond' end
      from successor s left join sending g on g.deelnemer = s.receiver and g.versienummer = s.versienummer
      where s.id is not null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
      returning h.message_id, h.claimed_until, g.version, h.lane
    ),
    removed as (
      delete from order_heads h using successor s
      where s.id is null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
    )
    select coalesce(array_agg(message_id), '{}'), coalesce(array_agg(version), '{}'), coalesce(array_agg(lane), '{}')
    into v_heads, v_versions, v_lanes
    from moved where claimed_until is not null;

    if cardinality(v_in_error) > 0 then
      update opdrachten o set in_error = false, changed = now()
      where o.in_error and o.opdracht_id = any(v_in_error)
        and not exists (
          select 1 from messages m
          where m.opdracht_id = o.opdracht_id and m.delivered_at is null and m.failed_attempts > 0
        );
    end if;
  end if;

  -- The runs of cancelled orders end here: the head and the messages not delivered go (heads
  -- before messages, the one lock order; the heads are locked already).
  if cardinality(v_cancelled_receivers) > 0 then
    delete from order_heads h
    using unnest(v_cancelled_receivers, v_cancelled_orders) as c(receiver, opdracht_id)
    where h.receiver = c.receiver and h.opdracht_id = c.opdracht_id;
    delete from messages m
    using unnest(v_cancelled_receivers, v_cancelled_orders) as c(receiver, opdracht_id)
    where m.receiver = c.receiver and m.opdracht_id = c.opdracht_id and m.delivered_at is null;
  end if;

  -- Whether a sender of these messages still has due heads that nobody claimed and a free slot
  -- (maxMessages above its claimed lanes, as the claim counts them).
  select exists (
    select 1
    from senders s
    where (s.deelnemer, s.versienummer) in (
        select m.receiver, m.versienummer from messages m
        where m.id = any(p_delivered || p_released
                         || array(select (f ->> 'id')::uuid from jsonb_array_elements(p_failures) f))
      )
      and s.running
      and exists (
        select 1 from order_heads h
        where h.receiver = s.deelnemer and h.versienummer = s.versienummer
          and h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
      )
      and s.max_messages > (
        select count(distinct c.lane) from order_heads c
        where c.receiver = s.deelnemer and c.versienummer = s.versienummer and c.claimed_until >= now()
      )
  ) into v_waiting;

  if cardinality(v_heads) > 0 then
    return query select r.*, v_waiting from delivery_runs(v_heads, v_versions, v_lanes, p_run_length) r;
  elsif v_waiting then
    return query select null::uuid, null::text, null::text, null::text, null::text, null::text, null::text,
                        null::integer, null::timestamptz, null::boolean, null::integer, null::uuid, true;
  end if;
end
$function$;
--> statement-breakpoint
SELECT "public"."refresh_test_lane_functions"();
