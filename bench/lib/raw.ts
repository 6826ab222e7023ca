import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { now } from './stats';

/**
 * The baseline: plain undici POSTs (keep-alive) of the same bodies to the same receiver, at the
 * concurrency the worker may use, with nothing around them — no database, no claims, no FIFO.
 */
export async function rawPosts(
  receiverOrigin: string,
  receivers: readonly string[],
  total: number,
  concurrency: number,
) {
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const example = EXAMPLE_BERICHTEN.Opdracht;
  let next = 0;
  const started = now();
  const lane = async () => {
    for (let i = next++; i < total; i = next++) {
      const deelnemer = receivers[i % receivers.length]!;
      const id = randomUUID();
      const response = await request(`${receiverOrigin}/${deelnemer}/callback/Opdracht`, {
        method: 'POST',
        dispatcher: agent,
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer bench-token',
          'idempotency-key': id,
          'x-trace-id': randomUUID(),
        },
        body: JSON.stringify({
          id,
          opdrachtId: `RAW-${i % 5000}`,
          type: 'Opdracht',
          versienummer: '2.0',
          sender: 'Bench_Afzender',
          data: { ...example.data, n: i },
        }),
      });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`raw POST: HTTP ${response.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsedMs = now() - started;
  await agent.close();
  return elapsedMs;
}
