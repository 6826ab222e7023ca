-- The claim's count of each sender's free slots is materialized: inlined, its subquery ran once
-- per candidate head instead of once per sender. The recording says whether a sender it freed a
-- slot of has due heads waiting (`waiting`), so that the worker claims after a recording only
-- then (decision 0009 'Wake-ups').
drop function delivery_claim(integer, integer, integer, integer);
--> statement-breakpoint
drop function delivery_record(uuid[], jsonb, uuid[], boolean, integer, integer);
--> statement-breakpoint

-- Claims up to p_lanes lanes of up to p_lane_heads due order heads each, for p_lease_ms, each head
-- with its run (claim.ts claimRuns). Every row carries `contended`: another worker held some
-- senders' rows. When nothing was claimed but it was contended, one row of nulls says so.
create function delivery_claim(p_lanes integer, p_lane_heads integer, p_lease_ms integer, p_run_length integer)
returns table (
  id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text,
  failed_attempts integer, created timestamptz, due_now boolean, config_version integer, lane uuid,
  contended boolean
)
language plpgsql
set plan_cache_mode = force_custom_plan
as $$
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
$$;
--> statement-breakpoint

-- Records a batch of outcomes in one transaction (complete.ts recordOutcomes): the failures
-- first, then the delivered messages — each order's head moved past them, to the failed message
-- where a run ended in one — and their orders' error mark cleared once nothing of theirs is in
-- uitval; the heads of p_released (claimed runs a lane did not start) are released. With
-- p_handoff a completed run's claim passes to its successor, in the same lane, whose run is
-- returned. Every row carries `waiting`: a sender of these messages has due heads unclaimed and a
-- free slot, so the worker should claim (the slots freed here are its only news: new messages
-- NOTIFY). When nothing was handed on but a sender waits, one row of nulls says so.
create function delivery_record(
  p_delivered uuid[], p_failures jsonb, p_released uuid[], p_handoff boolean, p_lease_ms integer,
  p_run_length integer
)
returns table (
  id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text,
  failed_attempts integer, created timestamptz, due_now boolean, config_version integer, lane uuid,
  waiting boolean
)
language plpgsql
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  v_in_error text[];
  v_heads uuid[];
  v_versions integer[];
  v_lanes uuid[];
  v_waiting boolean;
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
    perform delivery_fail(p_failures, false);
  end if;

  if cardinality(p_delivered) > 0 or cardinality(p_released) > 0 then
    -- The heads' row locks, in (receiver, opdracht) order, waiting for any enqueue that holds one;
    -- the next statements' fresh snapshots then see that enqueue's message (in one statement the
    -- head could be deleted on the strength of a snapshot taken before it committed, orphaning the
    -- message).
    perform 1 from messages m
    join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.message_id = m.id
    where m.id = any(p_delivered || p_released)
    order by h.receiver, h.opdracht_id
    for update of h;

    if cardinality(p_released) > 0 then
      update order_heads h set claimed_until = null
      from messages m
      where m.id = any(p_released)
        and h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.message_id = m.id;
    end if;
    if cardinality(p_delivered) > 0 then
      with done as (
        update messages set delivered_at = now()
        where id = any(p_delivered) and delivered_at is null
        returning id, receiver, opdracht_id, seq
      ),
      runs as (
        select d.receiver, d.opdracht_id, max(d.seq) as seq
        from done d
        join order_heads h on h.receiver = d.receiver and h.opdracht_id = d.opdracht_id
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
$$;
