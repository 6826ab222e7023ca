import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

/** node-postgres answers a statement with its rows under `rows`. */
const rowsOf = (answer: unknown) => (answer as { rows: unknown[] }).rows;

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/**
 * A TCP relay to the PostgreSQL server that, when told to, cuts the connection on which the
 * next BEGIN arrives: the server gone between a transaction's checkout and its first statement.
 */
async function relay(target: URL) {
  const state = { cutNextBegin: false, cuts: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.on('data', (chunk: Buffer) => {
      if (state.cutNextBegin && /\bbegin\b/i.test(chunk.toString('latin1'))) {
        state.cutNextBegin = false;
        state.cuts++;
        inbound.destroy();
        return;
      }
      outbound.write(chunk);
    });
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.href,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the PostgreSQL connection pool', () => {
  it('gets its connection back when a transaction’s BEGIN fails, so the next transaction runs and the pool closes', async () => {
    const proxy = await relay(new URL(process.env.TEST_DATABASE_URL!));
    cleanup.push(proxy.close);
    // One connection: a checkout that is never given back leaves the next transaction nothing.
    const handle = await openDatabase({ kind: 'postgres', url: proxy.url }, undefined, { migrate: false, poolSize: 1 });
    cleanup.push(() => handle.close());
    await handle.db.execute(sql`select 1`);

    proxy.state.cutNextBegin = true;
    await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(proxy.state.cuts).toBe(1);

    const answer = await handle.db.transaction((tx) => tx.execute(sql`select 2 as n`));
    expect(rowsOf(answer)).toEqual([{ n: 2 }]);
    // Closing waits for every checked-out connection: it ends only when none was kept.
    await handle.close();
    cleanup.pop();
  });

  it('still gives a connection back once when the transaction runs or fails after BEGIN', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, undefined, {
      migrate: false,
      poolSize: 1,
    });
    cleanup.push(() => handle.close());
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('the transaction’s own failure');
      }),
    ).rejects.toThrow('the transaction’s own failure');
    for (let i = 0; i < 3; i++) {
      const answer = await handle.db.transaction((tx) => tx.execute(sql`select ${i}::int as n`));
      expect(rowsOf(answer)).toEqual([{ n: i }]);
    }
    await handle.close();
    cleanup.pop();
  });
});
