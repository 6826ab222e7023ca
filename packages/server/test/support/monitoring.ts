import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client';
import { leveringen, messages, opdrachten } from '../../src/db/schema';

/** The parties of the seeded rows: deelnemers of grid operators and contractors. */
export const [NOORD, ZUID, ALFA, BETA, GAMMA] = [
  'Netbeheer_Noord',
  'Netbeheer_Zuid',
  'Aannemer_Alfa',
  'Aannemer_Beta',
  'Aannemer_Gamma',
] as const;

/** A moment relative to the start of the test run, in minutes. */
const START = Date.now();
export const at = (minutes: number) => new Date(START + minutes * 60_000);

export interface SeedMessage {
  id: string;
  opdrachtId: string;
  versienummer?: string;
  type: string;
  sender: string;
  receiver: string;
  /** Minutes from now. */
  created?: number;
  nextAttempt?: number;
  delivered?: boolean;
  failedAttempts?: number;
  traceId?: string;
}

/** A message from `sender` to `receiver`, for a seed table that reads one message a line. */
export const message = (
  id: string,
  opdrachtId: string,
  type: string,
  [sender, receiver]: [string, string],
  rest: Partial<SeedMessage> = {},
): SeedMessage => ({ id, opdrachtId, type, sender, receiver, ...rest });

/** Stores messages in the outbox as they would be after some delivery attempts, in this order. */
export async function seedMessages(db: Database, rows: SeedMessage[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const row of rows) {
    const id = randomUUID();
    ids.set(row.id, id);
    const failedAttempts = row.failedAttempts ?? 0;
    await db.insert(messages).values({
      id,
      opdrachtId: row.opdrachtId,
      versienummer: row.versienummer ?? '2.0',
      type: row.type,
      sender: row.sender,
      receiver: row.receiver,
      idempotencyKey: randomUUID(),
      data: { opdrachtId: row.opdrachtId, label: row.id },
      created: at(row.created ?? -60),
      nextAttempt: at(row.nextAttempt ?? 0),
      deliveredAt: row.delivered ? at(-1) : null,
      failedAttempts,
      lastAttempt: failedAttempts ? at(-2) : null,
      err: failedAttempts ? { msg: `Afleveren mislukt (${row.id})`, traceId: row.traceId ?? `trace-${row.id}` } : null,
    });
  }
  return ids;
}

export interface SeedOpdracht {
  opdrachtId: string;
  versienummer?: string;
  opdrachtgever: string;
  opdrachtnemer: string;
  status: number;
  inError?: boolean;
  type?: string;
  planStatusText?: string;
  created: number;
  changed: number;
}

/** An order between `opdrachtgever` and `opdrachtnemer`, one a line in a seed table. */
export const order = (
  opdrachtId: string,
  [opdrachtgever, opdrachtnemer]: [string, string],
  rest: Omit<SeedOpdracht, 'opdrachtId' | 'opdrachtgever' | 'opdrachtnemer'>,
): SeedOpdracht => ({ opdrachtId, opdrachtgever, opdrachtnemer, ...rest });

export async function seedOpdrachten(db: Database, rows: SeedOpdracht[]): Promise<void> {
  await db.insert(opdrachten).values(
    rows.map((row) => ({
      opdrachtId: row.opdrachtId,
      versienummer: row.versienummer ?? '2.0',
      opdrachtgever: row.opdrachtgever,
      opdrachtnemer: row.opdrachtnemer,
      status: row.status,
      statusText: `Status ${row.status}`,
      inError: row.inError ?? false,
      type: row.type ?? null,
      planStatusText: row.planStatusText ?? null,
      created: at(row.created),
      changed: at(row.changed),
    })),
  );
}

export interface SeedLevering {
  leveringId: string;
  opdrachtId: string;
  opdrachtgever: string;
  opdrachtnemer: string;
  type: 'Deellevering' | 'Eindlevering';
  statusText: string;
  created: number;
  changed: number;
}

/** A levering of an order between `opdrachtgever` and `opdrachtnemer`, one a line in a seed table. */
export const levering = (
  leveringId: string,
  opdrachtId: string,
  [opdrachtgever, opdrachtnemer]: [string, string],
  rest: Omit<SeedLevering, 'leveringId' | 'opdrachtId' | 'opdrachtgever' | 'opdrachtnemer'>,
): SeedLevering => ({ leveringId, opdrachtId, opdrachtgever, opdrachtnemer, ...rest });

export async function seedLeveringen(db: Database, rows: SeedLevering[]): Promise<void> {
  await db.insert(leveringen).values(
    rows.map((row) => ({
      ...row,
      messageType: row.type,
      created: at(row.created),
      changed: at(row.changed),
    })),
  );
}

/** The labels of a page's items (the `label` in their data, or the given key), in order. */
export const labels = (body: { items: Record<string, unknown>[] }, key?: string) =>
  body.items.map((item) => (key ? item[key] : (item.data as { label: string }).label));
