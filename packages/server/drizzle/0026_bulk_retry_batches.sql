-- Bulk resend (decision 0034): a job's messages are chosen into one row per batch (arrays of 1,000
-- in seq order) instead of one row per message, which halved the choice's time and spares the
-- batches a read of 1,000 item rows each; the job's place becomes its next batch. The items of jobs
-- still running move over (the rest after their place), and migration 0027 drops the old table.
CREATE TABLE "bulk_retry_batches" (
	"job_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"message_ids" uuid[] NOT NULL,
	"receivers" text[] NOT NULL,
	"opdracht_ids" text[] NOT NULL,
	CONSTRAINT "bulk_retry_batches_job_id_batch_pk" PRIMARY KEY("job_id","batch")
);
--> statement-breakpoint
ALTER TABLE "bulk_retry_jobs" ADD COLUMN "next_batch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_retry_batches" ADD CONSTRAINT "bulk_retry_batches_job_id_bulk_retry_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_retry_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "bulk_retry_batches" ("job_id", "batch", "message_ids", "receivers", "opdracht_ids")
SELECT job_id, n / 1000, array_agg(message_id ORDER BY seq), array_agg(receiver ORDER BY seq), array_agg(opdracht_id ORDER BY seq)
FROM (
  SELECT i.*, (row_number() OVER (PARTITION BY i.job_id ORDER BY i.seq)) - 1 AS n
  FROM bulk_retry_items i JOIN bulk_retry_jobs j ON j.id = i.job_id
  WHERE j.state = 'running' AND i.seq > j.after_seq
) chosen
GROUP BY job_id, n / 1000;--> statement-breakpoint
DROP FUNCTION bulk_retry_batch(uuid, uuid, bigint, integer, integer, text);--> statement-breakpoint
-- One batch of a bulk resend job (decision 0034) in one call, so that a batch is one round trip
-- however busy the api process is: the job's batch p_batch made due now.
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
-- as skipped; made due for a running sender, the workers are woken on p_channel
-- (delivery/wakeup.ts). Every row is reached through a primary key: the plans are pinned to index
-- scans and nested loops, since a hash join would read all of order_heads for every batch (and
-- migration 0025's items, new rows without statistics, were planned as 100,000 for a few: a bitmap
-- of them all and a sort per batch, or parallel sequential scans).
CREATE FUNCTION bulk_retry_batch(p_job uuid, p_runner uuid, p_batch integer, p_lease_ms integer, p_channel text)
RETURNS TABLE (lost boolean, more boolean)
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
SET max_parallel_workers_per_gather = 0
AS $$
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
$$;
