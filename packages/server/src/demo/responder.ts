import { VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET, type MessageType } from '@knooppunt/domain';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { demoBericht, demoDay, type DemoBericht } from './berichten';
import type { DemoInbox, ReceivedDemoMessage } from './inbox';
import type { DemoOrders } from './orders';
import type { DemoLog, DemoSendResult } from './systems';
import type { DemoTimers } from './timers';

/** How often the demo's participants deviate from the straight path (each a chance from 0 to 1). */
export interface DemoChances {
  /** A generated order is a Hoofdnet order. */
  hoofdnet: number;
  /** A contractor first proposes another date (Bijstelling) before planning. */
  bijstelling: number;
  /** A grid operator rejects a TG, AGA, AGP or levering; the contractor sends it again. */
  afkeuring: number;
  /** A grid operator cancels instead of assessing a TG or a Deellevering. */
  annulering: number;
  /** A contractor first declines a Hoofdnet order, then accepts it after all. */
  weigering: number;
}

export const DEFAULT_DEMO_CHANCES: DemoChances = {
  hoofdnet: 0.25,
  bijstelling: 0.1,
  afkeuring: 0.15,
  annulering: 0.05,
  weigering: 0.1,
};

export type SendBericht = (deelnemer: string, bericht: DemoBericht, idempotencyKey: string) => Promise<DemoSendResult>;

export interface DemoResponderOptions {
  inbox: DemoInbox;
  orders: DemoOrders;
  send: SendBericht;
  timers: DemoTimers;
  log: DemoLog;
  /** Who answers: the demo participants that have a system (client credentials). */
  participants: ReadonlySet<string>;
  /** Each answer waits a random time in this range, in milliseconds. */
  delayMs: readonly [number, number];
  chances: DemoChances;
  random: () => number;
  now: () => Date;
}

/** A message as the platform delivers it to a callback. */
interface Delivered {
  id: string;
  type: MessageType;
  versienummer: string;
  opdrachtId: string;
  data: Record<string, unknown>;
}

/** Delivery is at-least-once: remember this many message ids to answer each message once. */
const MAX_REMEMBERED = 10_000;
const AFKEURING = 'Demo: bij controle afgekeurd, graag corrigeren en opnieuw indienen.';
const WEIGERING = 'Demo: op dit moment geen capaciteit; wij komen hierop terug.';

/**
 * Demo participants answering what they receive, as the lifecycle expects of their side: after a
 * random delay, one message after another, each checked against the order's known state first.
 * Returns the function that stops listening.
 */
export function startDemoResponder(options: DemoResponderOptions): () => void {
  const { orders, timers, log, random } = options;
  const seen = new Set<string>();
  const chance = (p: number) => random() < p;
  const delay = () => {
    const [min, max] = options.delayMs;
    return Math.round(min + random() * Math.max(0, max - min));
  };

  /** Sends `steps` in order, each after a delay; stops at the first one that is not accepted. */
  const answer = (deelnemer: string, keyBase: string, steps: DemoBericht[], index = 0): void => {
    const bericht = steps[index];
    if (!bericht) return;
    timers.later(delay(), async () => {
      const allowed = orders.check(bericht);
      if (!allowed.ok) {
        log.debug({ deelnemer, type: bericht.type, opdrachtId: bericht.opdrachtId }, 'demo: niet meer van toepassing');
        return;
      }
      const result = await options.send(deelnemer, bericht, `${keyBase}-${index}`);
      if (result.outcome !== 'accepted') return;
      orders.accepted(bericht);
      answer(deelnemer, keyBase, steps, index + 1);
    });
  };

  const onMessage = (received: ReceivedDemoMessage) => {
    const message = delivered(received);
    if (!message || !options.participants.has(received.deelnemer) || seen.has(message.id)) return;
    seen.add(message.id);
    if (seen.size > MAX_REMEMBERED) seen.delete(seen.values().next().value as string);
    orders.observe(message);
    const steps = reactionTo(message, { orders, chance, chances: options.chances, today: options.now() });
    if (steps.length) answer(received.deelnemer, `demo-${message.id}`, steps);
  };

  return options.inbox.onMessage(onMessage);
}

interface ReactionContext {
  orders: DemoOrders;
  chance(p: number): boolean;
  chances: DemoChances;
  today: Date;
}

/** What the receiver of `message` sends back, in order; nothing for what needs no answer. */
function reactionTo(message: Delivered, { orders, chance, chances, today }: ReactionContext): DemoBericht[] {
  const id = message.opdrachtId;
  const akkoord = () => (chance(chances.afkeuring) ? { akkoord: false, reden: AFKEURING } : { akkoord: true });
  const gereed = { afgerondOp: demoDay(today) };
  const leveringId = String(message.data.leveringId ?? '');
  const assessed = message.data.akkoord === true;

  switch (message.type) {
    // Aansluiting. The contractor:
    case 'Opdracht':
      return [
        ...(chance(chances.bijstelling)
          ? [
              demoBericht('Bijstelling', id, {
                voorstel: { nieuweUitvoerdatum: demoDay(today, 21) },
              }),
            ]
          : []),
        demoBericht('Planning', id, { geplandeStartdatum: demoDay(today, 7), geplandeEinddatum: demoDay(today, 8) }),
        demoBericht('TG', id, { uitvoerdatum: demoDay(today) }),
      ];
    case 'BeoordelingTG':
      return [assessed ? demoBericht('AGA', id) : demoBericht('TG', id, { uitvoerdatum: demoDay(today) })];
    case 'BeoordelingAGA':
      return [demoBericht(assessed ? 'AGP' : 'AGA', id)];
    case 'BeoordelingAGP':
      return assessed ? [] : [demoBericht('AGP', id)];
    case 'Annulering':
      return [demoBericht('AnnuleringGereed', id, { bevestigdOp: demoDay(today), kostenGemaakt: false })];
    // Aansluiting. The grid operator:
    case 'TG':
      if (chance(chances.annulering)) return [demoBericht('Annulering', id)];
      return [demoBericht('BeoordelingTG', id, akkoord())];
    case 'AGA':
      return [demoBericht('BeoordelingAGA', id, akkoord())];
    case 'AGP': {
      const beoordeling = akkoord();
      const assessment = demoBericht('BeoordelingAGP', id, beoordeling);
      return beoordeling.akkoord ? [assessment, demoBericht('OpdrachtGereed', id, gereed)] : [assessment];
    }

    // Hoofdnet. The contractor:
    case 'OpdrachtHoofdnet':
      return [
        ...(chance(chances.weigering)
          ? [demoBericht('BeoordelingHoofdnet', id, { akkoord: false, reden: WEIGERING })]
          : []),
        demoBericht('BeoordelingHoofdnet', id, { akkoord: true }),
        demoBericht('PlanningHoofdnet', id, {
          planStatus: 'Definitief',
          periodes: [{ start: demoDay(today, 14), eind: demoDay(today, 60), omschrijving: 'Uitvoering' }],
        }),
        levering('Deellevering', id, `${id.slice(0, 58)}-DL1`, today),
      ];
    case 'BeoordelingLevering': {
      const kind =
        orders.get(id)?.leveringen.find((known) => known.leveringId === leveringId)?.type ??
        (leveringId.endsWith('-EL1') ? 'Eindlevering' : 'Deellevering');
      if (!assessed) return [levering(kind, id, leveringId, today)];
      if (kind === 'Eindlevering') return [demoBericht('Eindproductiestaat', id, { leveringId })];
      return [
        demoBericht('Deelproductiestaat', id, { leveringId }),
        levering('Eindlevering', id, `${id.slice(0, 58)}-EL1`, today),
      ];
    }
    // Hoofdnet. The grid operator:
    case 'Deellevering':
      if (chance(chances.annulering)) return [demoBericht('AnnuleringHoofdnet', id)];
      return [demoBericht('BeoordelingLevering', id, { leveringId, ...akkoord() })];
    case 'Eindlevering':
      return [demoBericht('BeoordelingLevering', id, { leveringId, ...akkoord() })];
    case 'Eindproductiestaat':
      return [demoBericht('OpdrachtGereedHoofdnet', id, gereed)];

    // Planning, Bijstelling, the ends of an order and Deelproductiestaat need no answer.
    default:
      return [];
  }
}

function levering(kind: 'Deellevering' | 'Eindlevering', opdrachtId: string, leveringId: string, today: Date) {
  return demoBericht(kind, opdrachtId, { leveringId, opgeleverdOp: demoDay(today) });
}

/** The platform's delivery of a message, or undefined for anything else (the connection check posts `{}`). */
function delivered(received: ReceivedDemoMessage): Delivered | undefined {
  const body = received.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { id, type, versienummer, opdrachtId, data } = body as Record<string, unknown>;
  const known = typeof type === 'string' && Object.hasOwn(EXAMPLE_BERICHTEN, type) && type === received.type;
  const flowOk = versienummer === VERSIENUMMER_AANSLUITING || versienummer === VERSIENUMMER_HOOFDNET;
  if (typeof id !== 'string' || !known || !flowOk || typeof opdrachtId !== 'string') return undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  return { id, type: type as MessageType, versienummer, opdrachtId, data: data as Record<string, unknown> };
}
