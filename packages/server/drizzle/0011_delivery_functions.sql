-- The delivery worker's claim and recording as functions (decision 0009, 'Database functions'):
-- each is then one round trip instead of four to ten (begin, its statements, commit), which on a
-- busy worker each wait for a turn of the event loop. The statements are those the worker sent
-- before; the comments of src/delivery/claim.ts, complete.ts and fail.ts explain them.
--
-- Every function is VOLATILE (the default): under read committed each statement inside takes a
-- fresh snapshot, which the lock-first-then-read steps below rely on. plan_cache_mode
-- force_custom_plan plans each statement with its values, as the unnamed statements sent before
-- were: a generic plan made once, on the table sizes of that moment, collapsed the drain
-- (docs/performance.md, session 4).

-- The runs of claimed heads: per head its message and those queued behind it for the same
-- receiver (messages_order_idx), at most p_run_length, with the sender's configuration version.
-- The caller (claim.ts toRuns) cuts a run at its first message that is not due.
create function delivery_runs(p_heads uuid[], p_versions integer[], p_run_length integer)
returns table (
  id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text,
  failed_attempts integer, created timestamptz, due_now boolean, config_version integer
)
language sql stable
as $$
  select m.id, m.opdracht_id, m.versienummer, m.type, m.sender, m.receiver, m.data::text,
         m.failed_attempts, m.created, m.next_attempt <= now(), src.version
  from unnest(p_heads, p_versions) as src(message_id, version)
  join messages hm on hm.id = src.message_id
  cross join lateral (
    select * from messages m
    where m.receiver = hm.receiver and m.opdracht_id = hm.opdracht_id and m.seq >= hm.seq
      and (m.delivered_at is null or m.id = hm.id)
    order by m.seq
    limit p_run_length
  ) m
  order by m.receiver, m.opdracht_id, m.seq
$$;
--> statement-breakpoint

-- Claims up to p_batch due order heads for p_lease_ms, each with its run (claim.ts claimRuns).
-- Every row carries `contended`: another worker held some senders' rows. When nothing was
-- claimed but it was contended, one row of nulls says so.
create function delivery_claim(p_batch integer, p_lease_ms integer, p_run_length integer)
returns table (
  id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text,
  failed_attempts integer, created timestamptz, due_now boolean, config_version integer, contended boolean
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
  -- free slots counted and filled with their oldest due heads.
  if cardinality(v_deelnemers) > 0 then
    with free as (
      select s.deelnemer, s.versienummer, s.version,
             s.max_messages - (
               select count(*) from order_heads h
               where h.receiver = s.deelnemer and h.versienummer = s.versienummer and h.claimed_until >= now()
             ) as slots
      from senders s
      join unnest(v_deelnemers, v_versienummers) as l(deelnemer, versienummer)
        on l.deelnemer = s.deelnemer and l.versienummer = s.versienummer
    ),
    picked as (
      select c.receiver, c.opdracht_id, c.due, f.version
      from free f
      cross join lateral (
        select h.receiver, h.opdracht_id, h.due
        from order_heads h
        where h.receiver = f.deelnemer and h.versienummer = f.versienummer
          and h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
        order by h.due
        limit greatest(f.slots, 0)
      ) c
      order by c.due
      limit p_batch
    ),
    claimable as (
      select h.receiver, h.opdracht_id, p.version
      from order_heads h join picked p on h.receiver = p.receiver and h.opdracht_id = p.opdracht_id
      where h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
      for update of h skip locked
    ),
    heads as (
      update order_heads h set claimed_until = now() + p_lease_ms * interval '1 millisecond'
      from claimable c
      where h.receiver = c.receiver and h.opdracht_id = c.opdracht_id
      returning h.message_id, c.version
    )
    select coalesce(array_agg(message_id), '{}'), coalesce(array_agg(version), '{}')
    into v_heads, v_versions
    from heads;
  end if;

  if cardinality(v_heads) > 0 then
    return query select r.*, v_contended from delivery_runs(v_heads, v_versions, p_run_length) r;
  elsif v_contended then
    return query select null::uuid, null::text, null::text, null::text, null::text, null::text, null::text,
                        null::integer, null::timestamptz, null::boolean, null::integer, true;
  end if;
end
$$;
--> statement-breakpoint

-- Records failed attempts (fail.ts failMessages): marks their orders in error (locked first, in
-- opdrachtId order), sets the retry state and releases the heads' claims. With p_unclaimed_only
-- (the unroutable sweep) a message whose head is claimed now is left alone, its order unmarked.
create function delivery_fail(p_failures jsonb, p_unclaimed_only boolean)
returns void
language plpgsql
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  with failing as (
    select distinct m.opdracht_id
    from messages m join jsonb_to_recordset(p_failures) as f(id uuid) on m.id = f.id
    where m.delivered_at is null
      and (not p_unclaimed_only or exists (
        select 1 from order_heads u
        where u.message_id = m.id and (u.claimed_until is null or u.claimed_until < now())
      ))
  ),
  locked as (
    select o.opdracht_id from opdrachten o join failing using (opdracht_id)
    order by o.opdracht_id for no key update
  )
  update opdrachten o set in_error = true, changed = now()
  from locked l where o.opdracht_id = l.opdracht_id and not o.in_error;

  with failed as (
    update messages m set failed_attempts = m.failed_attempts + 1, last_attempt = now(),
           next_attempt = now() + f."delayMs" * interval '1 millisecond', err = f.err
    from jsonb_to_recordset(p_failures) as f(id uuid, "delayMs" integer, err jsonb)
    where m.id = f.id and m.delivered_at is null
      and (not p_unclaimed_only or exists (
        select 1 from order_heads u
        where u.message_id = m.id and (u.claimed_until is null or u.claimed_until < now())
      ))
    returning m.id, m.receiver, m.opdracht_id, m.next_attempt
  )
  update order_heads h set due = f.next_attempt, claimed_until = null
  from failed f
  where h.receiver = f.receiver and h.opdracht_id = f.opdracht_id and h.message_id = f.id
    and (not p_unclaimed_only or h.claimed_until is null or h.claimed_until < now());
end
$$;
--> statement-breakpoint

-- Records a batch of outcomes in one transaction (complete.ts recordOutcomes): the failures
-- first, then the delivered messages — each order's head moved past them, to the failed message
-- where a run ended in one — and their orders' error mark cleared once nothing of theirs is in
-- uitval. With p_handoff a completed run's claim passes to its successor, whose run is returned.
create function delivery_record(
  p_delivered uuid[], p_failures jsonb, p_handoff boolean, p_lease_ms integer, p_run_length integer
)
returns table (
  id uuid, opdracht_id text, versienummer text, type text, sender text, receiver text, data_json text,
  failed_attempts integer, created timestamptz, due_now boolean, config_version integer
)
language plpgsql
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  v_in_error text[];
  v_heads uuid[];
  v_versions integer[];
begin
  -- Orders first, in one statement and in opdrachtId order (as an accepted message, a cancel and
  -- fail take theirs), so that two recordings never deadlock: those of the failing messages (to
  -- be marked) and those of the delivered messages that are in error (to be cleared). Only these
  -- can be cleared below: a failure committed since left a message in uitval.
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

  if jsonb_array_length(p_failures) > 0 then
    perform delivery_fail(p_failures, false);
  end if;
  if cardinality(p_delivered) = 0 then
    return;
  end if;

  -- The heads' row locks, waiting for any enqueue that holds one; the next statement's fresh
  -- snapshot then sees that enqueue's message (in one statement the head could be deleted on the
  -- strength of a snapshot taken before it committed, orphaning the message).
  perform 1 from messages m
  join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.message_id = m.id
  where m.id = any(p_delivered)
  order by h.receiver, h.opdracht_id
  for update of h;

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
        select count(*) from order_heads c
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
    returning h.message_id, h.claimed_until, g.version
  ),
  removed as (
    delete from order_heads h using successor s
    where s.id is null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
  )
  select coalesce(array_agg(message_id), '{}'), coalesce(array_agg(version), '{}')
  into v_heads, v_versions
  from moved where claimed_until is not null;

  if cardinality(v_in_error) > 0 then
    update opdrachten o set in_error = false, changed = now()
    where o.in_error and o.opdracht_id = any(v_in_error)
      and not exists (
        select 1 from messages m
        where m.opdracht_id = o.opdracht_id and m.delivered_at is null and m.failed_attempts > 0
      );
  end if;

  return query select * from delivery_runs(v_heads, v_versions, p_run_length);
end
$$;
