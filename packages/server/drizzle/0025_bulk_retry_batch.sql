-- One batch of a bulk resend job (decision 0034) in one call, so that a batch is one round trip
-- however busy the api process is: the job's next p_size items after p_after, made due now.
--
-- The job's row first, fenced by its runner: a runner whose lease ran out and whose job another
-- took over gets `lost` and writes nothing. Then the batch's order heads, in (receiver, opdracht)
-- order — the one lock order of decision 0023, as a recording and the single resend take them —
-- and then messages. A message that heads its order is made due by its head alone (`due`, not
-- the message's next_attempt, which is in five per-flow indexes of the wide messages table): the
-- claim takes due heads and a run's first message goes whatever its own next_attempt. A message
-- behind others of its order keeps its place (FIFO); only if its own next attempt lies ahead is it
-- brought to now, so that a run does not stop before it. A head already due, or whose order was
-- cancelled while it was being delivered, is left. Messages delivered since the job started count
-- as skipped; made due, the workers are woken on p_channel (delivery/wakeup.ts). Every row is
-- reached through a primary key, one batch at a time: the plans are pinned to index scans and
-- nested loops, since the job's items are new rows without statistics (the planner took a job of
-- 100,000 for a few rows: a bitmap of them all and a sort per batch, or parallel sequential
-- scans) and a hash join would read all of order_heads for every batch.
create function bulk_retry_batch(
  p_job uuid, p_runner uuid, p_after bigint, p_size integer, p_lease_ms integer, p_channel text
)
returns table (lost boolean, more boolean, last_seq bigint)
language plpgsql
set enable_seqscan = off
set enable_bitmapscan = off
set enable_hashjoin = off
set enable_mergejoin = off
set max_parallel_workers_per_gather = 0
as $$
declare
  v_count integer;
  v_last bigint;
  v_moved integer;
  v_written integer;
  v_heads integer;
  v_behind integer;
begin
  perform 1 from bulk_retry_jobs where id = p_job and runner = p_runner for update;
  if not found then
    return query select true, false, p_after;
    return;
  end if;

  select count(*)::integer, max(b.seq) into v_count, v_last
  from (select i.seq from bulk_retry_items i where i.job_id = p_job and i.seq > p_after order by i.seq limit p_size) b;
  v_last := coalesce(v_last, p_after);

  -- The batch's heads, locked in the one order, and at once made due where their message is the
  -- batch's (a head points at its order's oldest undelivered message, so such a message is
  -- undelivered: no read of messages for it).
  with locked as (
    select h.receiver, h.opdracht_id, h.message_id = i.message_id as heads,
           not h.cancelled and h.due > now() as later
    from order_heads h
    join bulk_retry_items i on h.receiver = i.receiver and h.opdracht_id = i.opdracht_id
    where i.job_id = p_job and i.seq > p_after and i.seq <= v_last
    order by h.receiver, h.opdracht_id
    for update of h
  ), made_due as (
    update order_heads h set due = now()
    from locked l
    where l.heads and l.later and h.receiver = l.receiver and h.opdracht_id = l.opdracht_id
    returning 1
  )
  select (select count(*) from locked where heads)::integer, (select count(*) from made_due)::integer
  into v_heads, v_written;

  -- The others (behind their order's head, or delivered since the job started): still undelivered
  -- ones count as made due; one whose own next attempt lies ahead is brought to now.
  v_moved := v_heads;
  v_behind := 0;
  if v_heads < v_count then
    with pending as materialized (
      select m.id, m.next_attempt > now() as ahead
      from bulk_retry_items i
      join messages m on m.id = i.message_id
      where i.job_id = p_job and i.seq > p_after and i.seq <= v_last and m.delivered_at is null
        and not exists (
          select 1 from order_heads h
          where h.receiver = i.receiver and h.opdracht_id = i.opdracht_id and h.message_id = i.message_id
        )
    ), written as (
      update messages m set next_attempt = now()
      from pending p
      where p.ahead and m.id = p.id
      returning 1
    )
    select v_heads + (select count(*) from pending)::integer, (select count(*) from written)::integer
    into v_moved, v_behind;
  end if;

  if v_written + v_behind > 0 then
    perform pg_notify(p_channel, '');
  end if;

  delete from bulk_retry_items where job_id = p_job and seq <= v_last;

  update bulk_retry_jobs set
    after_seq = v_last,
    done = done + v_moved,
    skipped = skipped + (v_count - v_moved),
    claimed_until = case when v_count = p_size then now() + p_lease_ms * interval '1 millisecond' end,
    state = case when v_count = p_size then state else 'finished' end,
    finished = case when v_count = p_size then finished else now() end,
    runner = case when v_count = p_size then runner end
  where id = p_job;

  return query select false, v_count = p_size, v_last;
end
$$;
