import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { configurations, senderLog, senders } from '../../db/schema';

export type SenderRow = typeof senders.$inferSelect;

const ofPair = (deelnemer: string, versienummer: string) =>
  and(eq(senders.deelnemer, deelnemer), eq(senders.versienummer, versienummer));

export async function listSenders(db: Database, filter: { versienummer?: string; onlyDeelnemer?: string }) {
  const conditions = [
    filter.versienummer ? eq(senders.versienummer, filter.versienummer) : undefined,
    filter.onlyDeelnemer !== undefined ? eq(senders.deelnemer, filter.onlyDeelnemer) : undefined,
  ];
  return db
    .select()
    .from(senders)
    .where(and(...conditions))
    .orderBy(senders.deelnemer, senders.versienummer);
}

export async function lockSender(db: Database, deelnemer: string, versienummer: string) {
  const [row] = await db.select().from(senders).where(ofPair(deelnemer, versienummer)).for('update');
  return row;
}

export async function newestActiveVersion(db: Database, deelnemer: string, versienummer: string) {
  const [row] = await db
    .select({ version: max(configurations.version) })
    .from(configurations)
    .where(
      and(
        eq(configurations.deelnemer, deelnemer),
        eq(configurations.versienummer, versienummer),
        eq(configurations.draft, false),
      ),
    );
  return row?.version ?? undefined;
}

/** Writes the sender's new state and its log entry; both belong to the caller's transaction. */
export async function saveSender(
  db: Database,
  state: Pick<SenderRow, 'deelnemer' | 'versienummer' | 'version' | 'running' | 'maxMessages'> &
    Partial<Pick<SenderRow, 'maxPerSecond'>>,
  changedBy: string,
): Promise<SenderRow> {
  const [saved] = await db
    .insert(senders)
    .values({ ...state, changed: sql`now()` })
    .onConflictDoUpdate({
      target: [senders.deelnemer, senders.versienummer],
      set: {
        version: state.version,
        running: state.running,
        maxMessages: state.maxMessages,
        // Left as it is unless given.
        ...(state.maxPerSecond !== undefined && { maxPerSecond: state.maxPerSecond }),
        changed: sql`now()`,
      },
    })
    .returning();
  if (!saved) throw new Error('sender upsert returned nothing');
  await db.insert(senderLog).values({
    deelnemer: state.deelnemer,
    versienummer: state.versienummer,
    date: saved.changed,
    running: state.running,
    version: state.version,
    maxMessages: state.maxMessages,
    maxPerSecond: saved.maxPerSecond,
    changedBy,
  });
  return saved;
}

export async function listSenderLog(db: Database, deelnemer: string, versienummer: string) {
  return db
    .select({
      date: senderLog.date,
      running: senderLog.running,
      version: senderLog.version,
      maxMessages: senderLog.maxMessages,
      maxPerSecond: senderLog.maxPerSecond,
    })
    .from(senderLog)
    .where(and(eq(senderLog.deelnemer, deelnemer), eq(senderLog.versienummer, versienummer)))
    .orderBy(desc(senderLog.date), desc(senderLog.id));
}
