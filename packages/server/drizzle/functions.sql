-- The functions and triggers of the public and knooppunt_test schemas as the migrations in this
-- folder leave them, read from a migrated database (pg_get_functiondef, pg_get_triggerdef). Not
-- a migration: a function changes in a new migration, and then
-- `npm run db:functions -w @knooppunt/server` writes this file again; the server test
-- database-functions.test.ts fails while it differs.

-- Functions

-- public.bulk_retry_batch(p_job uuid, p_runner uuid, p_batch integer, p_lease_ms integer, p_channel text)
CREATE OR REPLACE FUNCTION public.bulk_retry_batch(p_job uuid, p_runner uuid, p_batch integer, p_lease_ms integer, p_channel text)
 RETURNS TABLE(lost boolean, more boolean)
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
 SET enable_bitmapscan TO 'off'
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
DECLARE
  v_ids uuid[];
  v_receivers text[];
  v_opdrachten text[];
  v_count integer;
  v_more boolean;
  v_moved integer;
  v_written integer;
  v_heads integer;
  v_behind integer;
BEGIN
  PERFORM 1 FROM bulk_retry_jobs WHERE id = p_job AND runner = p_runner FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT true, false;
    RETURN;
  END IF;

  SELECT b.message_ids, b.receivers, b.opdracht_ids INTO v_ids, v_receivers, v_opdrachten
  FROM bulk_retry_batches b WHERE b.job_id = p_job AND b.batch = p_batch;
  v_count := coalesce(cardinality(v_ids), 0);
  v_more := EXISTS (SELECT 1 FROM bulk_retry_batches b WHERE b.job_id = p_job AND b.batch = p_batch + 1);

  -- The batch's heads, locked in the one order, and at once made due where their message is the
  -- batch's (a head points at its order's oldest undelivered message, so such a message is
  -- undelivered: no read of messages for it).
  WITH locked AS (
    SELECT h.receiver, h.opdracht_id, h.message_id = i.message_id AS heads, NOT h.cancelled AND h.due > now() AS later
    FROM unnest(v_ids, v_receivers, v_opdrachten) AS i(message_id, receiver, opdracht_id)
    JOIN order_heads h ON h.receiver = i.receiver AND h.opdracht_id = i.opdracht_id
    ORDER BY h.receiver, h.opdracht_id
    FOR UPDATE OF h
  ), made_due AS (
    UPDATE order_heads h SET due = now()
    FROM locked l
    WHERE l.heads AND l.later AND h.receiver = l.receiver AND h.opdracht_id = l.opdracht_id
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM locked WHERE heads)::integer, (SELECT count(*) FROM made_due)::integer
  INTO v_heads, v_written;

  -- The others (behind their order's head, or delivered since the job started): still undelivered
  -- ones count as made due; one whose own next attempt lies ahead is brought to now.
  v_moved := v_heads;
  v_behind := 0;
  IF v_heads < v_count THEN
    WITH pending AS MATERIALIZED (
      SELECT m.id, m.next_attempt > now() AS ahead
      FROM unnest(v_ids, v_receivers, v_opdrachten) AS i(message_id, receiver, opdracht_id)
      JOIN messages m ON m.id = i.message_id
      WHERE m.delivered_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM order_heads h
          WHERE h.receiver = i.receiver AND h.opdracht_id = i.opdracht_id AND h.message_id = i.message_id
        )
    ), written AS (
      UPDATE messages m SET next_attempt = now()
      FROM pending p
      WHERE p.ahead AND m.id = p.id
      RETURNING 1
    )
    SELECT v_heads + (SELECT count(*) FROM pending)::integer, (SELECT count(*) FROM written)::integer
    INTO v_moved, v_behind;
  END IF;

  -- Workers are woken only for a sender that runs: a paused one's heads are claimed once it runs
  -- again (the poll), and every wake-up costs a claim over all senders.
  IF v_written + v_behind > 0 AND EXISTS (
    SELECT 1 FROM senders s
    WHERE s.deelnemer = ANY (ARRAY(SELECT DISTINCT unnest(v_receivers))) AND s.running AND s.max_messages > 0
  ) THEN
    PERFORM pg_notify(p_channel, '');
  END IF;

  DELETE FROM bulk_retry_batches WHERE job_id = p_job AND batch = p_batch;

  UPDATE bulk_retry_jobs SET
    next_batch = p_batch + 1,
    done = done + v_moved,
    skipped = skipped + (v_count - v_moved),
    claimed_until = CASE WHEN v_more THEN now() + p_lease_ms * interval '1 millisecond' END,
    state = CASE WHEN v_more THEN state ELSE 'finished' END,
    finished = CASE WHEN v_more THEN finished ELSE now() END,
    runner = CASE WHEN v_more THEN runner END
  WHERE id = p_job;

  RETURN QUERY SELECT false, v_more;
END
$function$;

-- public.delivery_claim(p_lanes integer, p_lane_heads integer, p_lease_ms integer, p_run_length integer)
CREATE OR REPLACE FUNCTION public.delivery_claim(p_lanes integer, p_lane_heads integer, p_lease_ms integer, p_run_length integer)
 RETURNS TABLE(id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text, failed_attempts integer, created timestamp with time zone, due_now boolean, config_version integer, lane uuid, contended boolean)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
 SET random_page_cost TO '1.1'
AS $function$
#variable_conflict use_column
declare
  v_deelnemers text[];
  v_versienummers text[];
  v_total integer;
  v_contended boolean;
  v_heads uuid[];
  v_versions integer[];
  v_lanes uuid[];
begin
  -- First the senders' rows (skipping those another worker is claiming for)…
  with locked as (
    select deelnemer, versienummer from senders where running and max_messages > 0
    for no key update skip locked
  )
  select coalesce((select array_agg(deelnemer) from locked), '{}'),
         coalesce((select array_agg(versienummer) from locked), '{}'),
         (select count(*)::integer from senders where running and max_messages > 0)
  into v_deelnemers, v_versienummers, v_total;
  v_contended := cardinality(v_deelnemers) < v_total;

  -- …then, with a fresh snapshot that sees every claim committed before the locks were had, their
  -- free slots (maxMessages minus their claimed lanes) counted and filled: the sender's oldest due
  -- heads dealt round its new lanes, so each lane starts with one of the oldest.
  if cardinality(v_deelnemers) > 0 then
    with free as materialized (
      select s.deelnemer, s.versienummer, s.version,
             s.max_messages - (
               select count(distinct h.lane) from order_heads h
               where h.receiver = s.deelnemer and h.versienummer = s.versienummer and h.claimed_until >= now()
             ) as slots
      from senders s
      join unnest(v_deelnemers, v_versienummers) as l(deelnemer, versienummer)
        on l.deelnemer = s.deelnemer and l.versienummer = s.versienummer
    ),
    candidates as (
      select c.receiver, c.versienummer, c.opdracht_id, c.due, f.version, f.slots,
             row_number() over (partition by c.receiver, c.versienummer order by c.due) - 1 as rank
      from free f
      cross join lateral (
        select h.receiver, h.versienummer, h.opdracht_id, h.due
        from order_heads h
        where h.receiver = f.deelnemer and h.versienummer = f.versienummer
          and h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
        order by h.due
        limit greatest(f.slots, 0) * p_lane_heads
      ) c
    ),
    lanes as materialized (
      select c.receiver, c.versienummer, c.rank as slot, gen_random_uuid() as lane
      from (select * from candidates where rank < slots order by due limit p_lanes) c
    ),
    picked as (
      select c.receiver, c.opdracht_id, c.version, l.lane
      from candidates c
      join lanes l on l.receiver = c.receiver and l.versienummer = c.versienummer and l.slot = c.rank % c.slots
    ),
    claimable as (
      select h.receiver, h.opdracht_id, p.version, p.lane
      from order_heads h join picked p on h.receiver = p.receiver and h.opdracht_id = p.opdracht_id
      where h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
      for update of h skip locked
    ),
    heads as (
      update order_heads h set claimed_until = now() + p_lease_ms * interval '1 millisecond', lane = c.lane
      from claimable c
      where h.receiver = c.receiver and h.opdracht_id = c.opdracht_id
      returning h.message_id, c.version, c.lane
    )
    select coalesce(array_agg(message_id), '{}'), coalesce(array_agg(version), '{}'), coalesce(array_agg(lane), '{}')
    into v_heads, v_versions, v_lanes
    from heads;
  end if;

  if cardinality(v_heads) > 0 then
    return query select r.*, v_contended from delivery_runs(v_heads, v_versions, v_lanes, p_run_length) r;
  elsif v_contended then
    return query select null::uuid, null::text, null::text, null::text, null::text, null::text, null::text,
                        null::integer, null::timestamptz, null::boolean, null::integer, null::uuid, true;
  end if;
end
$function$;

-- public.delivery_fail(p_failures jsonb, p_unclaimed_only boolean)
CREATE OR REPLACE FUNCTION public.delivery_fail(p_failures jsonb, p_unclaimed_only boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
 SET random_page_cost TO '1.1'
AS $function$
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
$function$;

-- public.delivery_record(p_delivered uuid[], p_delivered_lanes uuid[], p_delivered_at timestamp with time zone[], p_receipts text[], p_receipt_batch_ids uuid[], p_receipt_batches text[], p_failures jsonb, p_released uuid[], p_released_lanes uuid[], p_handoff boolean, p_lease_ms integer, p_run_length integer)
CREATE OR REPLACE FUNCTION public.delivery_record(p_delivered uuid[], p_delivered_lanes uuid[], p_delivered_at timestamp with time zone[], p_receipts text[], p_receipt_batch_ids uuid[], p_receipt_batches text[], p_failures jsonb, p_released uuid[], p_released_lanes uuid[], p_handoff boolean, p_lease_ms integer, p_run_length integer)
 RETURNS TABLE(id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text, failed_attempts integer, created timestamp with time zone, due_now boolean, config_version integer, lane uuid, waiting boolean)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_custom_plan'
 SET random_page_cost TO '1.1'
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

-- public.delivery_runs(p_heads uuid[], p_versions integer[], p_lanes uuid[], p_run_length integer)
CREATE OR REPLACE FUNCTION public.delivery_runs(p_heads uuid[], p_versions integer[], p_lanes uuid[], p_run_length integer)
 RETURNS TABLE(id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text, failed_attempts integer, created timestamp with time zone, due_now boolean, config_version integer, lane uuid)
 LANGUAGE sql
 STABLE
AS $function$
  select m.id, m.opdracht_id, m.versienummer, m.type, m.sender, m.receiver, m.data::text,
         m.failed_attempts, m.created, m.next_attempt <= now(), src.version, src.lane
  from unnest(p_heads, p_versions, p_lanes) as src(message_id, version, lane)
  join messages hm on hm.id = src.message_id
  cross join lateral (
    select * from messages m
    where m.receiver = hm.receiver and m.opdracht_id = hm.opdracht_id and m.seq >= hm.seq
      and (m.delivered_at is null or m.id = hm.id)
    order by m.seq
    limit p_run_length
  ) m
  order by m.receiver, m.opdracht_id, m.seq
$function$;

-- public.outbox_channel()
CREATE OR REPLACE FUNCTION public.outbox_channel()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 'knooppunt_outbox' $function$;

-- public.refresh_test_lane_functions()
CREATE OR REPLACE FUNCTION public.refresh_test_lane_functions()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

-- knooppunt_test.delivery_claim(p_lanes integer, p_lane_heads integer, p_lease_ms integer, p_run_length integer)
CREATE OR REPLACE FUNCTION knooppunt_test.delivery_claim(p_lanes integer, p_lane_heads integer, p_lease_ms integer, p_run_length integer)
 RETURNS TABLE(id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text, failed_attempts integer, created timestamp with time zone, due_now boolean, config_version integer, lane uuid, contended boolean)
 LANGUAGE plpgsql
 SET random_page_cost TO '1.1'
AS $function$
#variable_conflict use_column
declare
  v_deelnemers text[];
  v_versienummers text[];
  v_total integer;
  v_contended boolean;
  v_heads uuid[];
  v_versions integer[];
  v_lanes uuid[];
begin
  -- First the senders' rows (skipping those another worker is claiming for)…
  with locked as (
    select deelnemer, versienummer from senders where running and max_messages > 0
    for no key update skip locked
  )
  select coalesce((select array_agg(deelnemer) from locked), '{}'),
         coalesce((select array_agg(versienummer) from locked), '{}'),
         (select count(*)::integer from senders where running and max_messages > 0)
  into v_deelnemers, v_versienummers, v_total;
  v_contended := cardinality(v_deelnemers) < v_total;

  -- …then, with a fresh snapshot that sees every claim committed before the locks were had, their
  -- free slots (maxMessages minus their claimed lanes) counted and filled: the sender's oldest due
  -- heads dealt round its new lanes, so each lane starts with one of the oldest.
  if cardinality(v_deelnemers) > 0 then
    with free as materialized (
      select s.deelnemer, s.versienummer, s.version,
             s.max_messages - (
               select count(distinct h.lane) from order_heads h
               where h.receiver = s.deelnemer and h.versienummer = s.versienummer and h.claimed_until >= now()
             ) as slots
      from senders s
      join unnest(v_deelnemers, v_versienummers) as l(deelnemer, versienummer)
        on l.deelnemer = s.deelnemer and l.versienummer = s.versienummer
    ),
    candidates as (
      select c.receiver, c.versienummer, c.opdracht_id, c.due, f.version, f.slots,
             row_number() over (partition by c.receiver, c.versienummer order by c.due) - 1 as rank
      from free f
      cross join lateral (
        select h.receiver, h.versienummer, h.opdracht_id, h.due
        from order_heads h
        where h.receiver = f.deelnemer and h.versienummer = f.versienummer
          and h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
        order by h.due
        limit greatest(f.slots, 0) * p_lane_heads
      ) c
    ),
    lanes as materialized (
      select c.receiver, c.versienummer, c.rank as slot, gen_random_uuid() as lane
      from (select * from candidates where rank < slots order by due limit p_lanes) c
    ),
    picked as (
      select c.receiver, c.opdracht_id, c.version, l.lane
      from candidates c
      join lanes l on l.receiver = c.receiver and l.versienummer = c.versienummer and l.slot = c.rank % c.slots
    ),
    claimable as (
      select h.receiver, h.opdracht_id, p.version, p.lane
      from order_heads h join picked p on h.receiver = p.receiver and h.opdracht_id = p.opdracht_id
      where h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
      for update of h skip locked
    ),
    heads as (
      update order_heads h set claimed_until = now() + p_lease_ms * interval '1 millisecond', lane = c.lane
      from claimable c
      where h.receiver = c.receiver and h.opdracht_id = c.opdracht_id
      returning h.message_id, c.version, c.lane
    )
    select coalesce(array_agg(message_id), '{}'), coalesce(array_agg(version), '{}'), coalesce(array_agg(lane), '{}')
    into v_heads, v_versions, v_lanes
    from heads;
  end if;

  if cardinality(v_heads) > 0 then
    return query select r.*, v_contended from delivery_runs(v_heads, v_versions, v_lanes, p_run_length) r;
  elsif v_contended then
    return query select null::uuid, null::text, null::text, null::text, null::text, null::text, null::text,
                        null::integer, null::timestamptz, null::boolean, null::integer, null::uuid, true;
  end if;
end
$function$;

-- knooppunt_test.delivery_fail(p_failures jsonb, p_unclaimed_only boolean)
CREATE OR REPLACE FUNCTION knooppunt_test.delivery_fail(p_failures jsonb, p_unclaimed_only boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET random_page_cost TO '1.1'
AS $function$
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
$function$;

-- knooppunt_test.delivery_record(p_delivered uuid[], p_delivered_lanes uuid[], p_delivered_at timestamp with time zone[], p_receipts text[], p_receipt_batch_ids uuid[], p_receipt_batches text[], p_failures jsonb, p_released uuid[], p_released_lanes uuid[], p_handoff boolean, p_lease_ms integer, p_run_length integer)
CREATE OR REPLACE FUNCTION knooppunt_test.delivery_record(p_delivered uuid[], p_delivered_lanes uuid[], p_delivered_at timestamp with time zone[], p_receipts text[], p_receipt_batch_ids uuid[], p_receipt_batches text[], p_failures jsonb, p_released uuid[], p_released_lanes uuid[], p_handoff boolean, p_lease_ms integer, p_run_length integer)
 RETURNS TABLE(id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text, failed_attempts integer, created timestamp with time zone, due_now boolean, config_version integer, lane uuid, waiting boolean)
 LANGUAGE plpgsql
 SET random_page_cost TO '1.1'
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

-- knooppunt_test.outbox_channel()
CREATE OR REPLACE FUNCTION knooppunt_test.outbox_channel()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 'knooppunt_outbox_test' $function$;

-- Triggers: none.
