import { count } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN, statusesBrought, type TermijnInput } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { messages, opdrachten, termijnen } from '../db/schema';

/**
 * The demo's order deadlines (decision 0063): Netbeheer_Noord's, and two orders of it that are
 * past one from the start — one waits for the contractor's Planning, one for Noord's own
 * assessment of TG — so that 'Termijn verlopen' shows in a fresh demo. Those orders are history:
 * their messages were delivered weeks before the demo started (no receipts: they were never sent
 * by this platform), and nobody is asked to answer them.
 */
const NOORD: TermijnInput[] = [
  { flow: 'aansluiting', van: 'Opdracht', tot: 'Planning', aantal: 5, eenheid: 'werkdagen' },
  { flow: 'aansluiting', van: 'TG', tot: 'BeoordelingTG', aantal: 5, eenheid: 'werkdagen' },
  { flow: 'aansluiting', van: 'Annulering', tot: 'AnnuleringGereed', aantal: 2, eenheid: 'werkdagen' },
  { flow: 'hoofdnet', van: 'Eindlevering', tot: 'BeoordelingLevering', aantal: 10, eenheid: 'werkdagen' },
];

const DAY_MS = 86_400_000;

/** The demo's late orders: who sends what, how many days before the seed. */
const LATE_ORDERS = [
  { opdrachtId: 'DEMO-TERMIJN-PLANNING', berichten: [{ type: 'Opdracht', daysAgo: 21 }] },
  {
    opdrachtId: 'DEMO-TERMIJN-BEOORDELING',
    berichten: [
      { type: 'Opdracht', daysAgo: 35 },
      { type: 'Planning', daysAgo: 33 },
      { type: 'TG', daysAgo: 14 },
    ],
  },
] as const;

const GEVER = 'Netbeheer_Noord';
const NEMER = 'Aannemer_Alfa';

export async function seedDemoTermijnen(db: Database, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(termijnen);
    if (existing?.n) return;
    await tx.insert(termijnen).values(NOORD.map((termijn) => ({ netbeheerder: GEVER, ...termijn })));
    for (const order of LATE_ORDERS) {
      const berichten = order.berichten.map(({ type, daysAgo }) => {
        const example = EXAMPLE_BERICHTEN[type];
        const fromGever = type === 'Opdracht';
        return {
          type,
          at: new Date(now - daysAgo * DAY_MS),
          sender: fromGever ? GEVER : NEMER,
          receiver: fromGever ? NEMER : GEVER,
          data: type === 'Opdracht' ? { ...example.data, opdrachtgever: GEVER, opdrachtnemer: NEMER } : example.data,
          versienummer: example.versienummer,
        };
      });
      const brought = statusesBrought(
        'aansluiting',
        GEVER,
        berichten.map((bericht) => ({ ...bericht, dataRemoved: false })),
      );
      const last = brought.at(-1);
      if (!last) throw new Error(`demo order ${order.opdrachtId}: no status`);
      const inserted = await tx
        .insert(opdrachten)
        .values({
          opdrachtId: order.opdrachtId,
          versienummer: berichten[0]!.versienummer,
          opdrachtgever: GEVER,
          opdrachtnemer: NEMER,
          status: last.status,
          statusText: last.statusText,
          created: berichten[0]!.at,
          changed: berichten.at(-1)!.at,
        })
        .onConflictDoNothing()
        .returning({ opdrachtId: opdrachten.opdrachtId });
      if (inserted.length === 0) continue;
      await tx.insert(messages).values(
        berichten.map((bericht) => ({
          opdrachtId: order.opdrachtId,
          versienummer: bericht.versienummer,
          type: bericht.type,
          sender: bericht.sender,
          receiver: bericht.receiver,
          idempotencyKey: `demo-termijn-${order.opdrachtId}-${bericht.type}`,
          data: bericht.data as Record<string, unknown>,
          created: bericht.at,
          // Delivered a minute after it was accepted.
          deliveredAt: new Date(bericht.at.getTime() + 60_000),
          nextAttempt: bericht.at,
        })),
      );
    }
  });
}
