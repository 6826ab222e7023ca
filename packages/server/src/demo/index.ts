import type { FastifyPluginAsync } from 'fastify';
import { DEMO_ORGANISATIONS } from './data';
import { startDemoGenerator } from './generator';
import { createDemoInbox, type DemoInbox } from './inbox';
import { createDemoOrders } from './orders';
import {
  DEMO_PARTICIPANTS_PREFIX,
  DEMO_PARTICIPANT_WITHOUT_VALIDITY,
  demoParticipants,
  type DemoFlakiness,
} from './participants';
import { DEFAULT_DEMO_CHANCES, startDemoResponder, type DemoChances } from './responder';
import { createDemoSystems, type DemoLog } from './systems';
import { createDemoTimers, type DemoTimers } from './timers';

export type { DemoChances } from './responder';
export type { DemoLog } from './systems';

/** What the configuration decides about the demo's traffic. */
export interface DemoTrafficSettings {
  /** New orders per minute from the generator; 0: none (the participants still answer). */
  ordersPerMinute: number;
  /** Each answer of a demo participant waits a random time in this range, in milliseconds. */
  responseDelayMs: readonly [number, number];
}

export interface StartDemoTrafficOptions extends DemoTrafficSettings {
  /** The platform as participants reach it (token endpoint `/oidc/token`, API `/api/v1/berichten`). */
  publicUrl: string;
  /** What the demo participants receive on their callbacks. */
  inbox: DemoInbox;
  log: DemoLog;
  chances?: Partial<DemoChances>;
  random?: () => number;
  now?: () => Date;
  /** Who the generator draws from; by default every demo grid operator and every demo contractor that can receive. */
  gridOperators?: readonly string[];
  contractors?: readonly string[];
  /** Waits before the systems retry a POST that got no answer or a 5xx. */
  retryDelaysMs?: readonly number[];
  timers?: DemoTimers;
}

export interface DemoTraffic {
  /** Stops generating and answering, cancels pending answers and running requests. */
  stop(): Promise<void>;
}

const deelnemerOf = (organisation: (typeof DEMO_ORGANISATIONS)[number]) =>
  organisation.metadata.deelnemer ?? organisation.organisatie;

/** Every demo organisation except the platform's own has a system (src/idp/clients.ts). */
const WITH_SYSTEM = DEMO_ORGANISATIONS.filter((organisation) => organisation.type !== 'Beheerder').map(deelnemerOf);
const GRID_OPERATORS = DEMO_ORGANISATIONS.filter((organisation) => organisation.type === 'Netbeheerder').map(
  deelnemerOf,
);
/** Not the participant whose tokens have no validity: the platform cannot deliver to it at all. */
const CONTRACTORS = DEMO_ORGANISATIONS.filter((organisation) => ['Aannemer', 'Combi'].includes(organisation.type))
  .map(deelnemerOf)
  .filter((deelnemer) => deelnemer !== DEMO_PARTICIPANT_WITHOUT_VALIDITY);

/**
 * The demo's live traffic: grid operators give new orders, and every demo participant answers what
 * it receives, through the participants' API over HTTP like a real system. Start it only once the
 * server listens.
 */
export function startDemoTraffic(options: StartDemoTrafficOptions): DemoTraffic {
  const { log } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const chances = { ...DEFAULT_DEMO_CHANCES, ...options.chances };
  const timers =
    options.timers ?? createDemoTimers((error) => log.warn({ err: error }, 'demo: onverwachte fout in het verkeer'));
  const systems = createDemoSystems({
    publicUrl: options.publicUrl,
    log,
    ...(options.retryDelaysMs && { retryDelaysMs: options.retryDelaysMs }),
  });
  const orders = createDemoOrders();
  const send = systems.send.bind(systems);

  const unsubscribe = startDemoResponder({
    inbox: options.inbox,
    orders,
    send,
    timers,
    log,
    participants: new Set(WITH_SYSTEM),
    delayMs: options.responseDelayMs,
    chances,
    random,
    now,
  });
  startDemoGenerator({
    ordersPerMinute: options.ordersPerMinute,
    gridOperators: options.gridOperators ?? GRID_OPERATORS,
    contractors: options.contractors ?? CONTRACTORS,
    hoofdnetChance: chances.hoofdnet,
    orders,
    send,
    timers,
    random,
    now,
  });
  log.info(
    { ordersPerMinute: options.ordersPerMinute, responseDelayMs: options.responseDelayMs },
    'demo: verkeer gestart',
  );

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        unsubscribe();
        timers.cancelAll();
        await systems.close();
        await timers.idle();
      })();
      return stopping;
    },
  };
}

/** For tests (BuildOptions.demo): deterministic demo participants and traffic. */
export interface DemoOverrides {
  /** The inbox the demo participants record into, to read what they received. */
  inbox?: DemoInbox;
  flakiness?: Partial<DemoFlakiness> | false;
  traffic?: Partial<Omit<StartDemoTrafficOptions, 'publicUrl' | 'inbox' | 'log'>>;
}

export interface DemoModeOptions {
  publicUrl: string;
  /** Undefined: the participants' endpoints only, no traffic (e.g. with an external OpenID provider). */
  traffic: DemoTrafficSettings | undefined;
  overrides?: DemoOverrides;
}

/**
 * Demo mode's participants: their token endpoints and callbacks under DEMO_PARTICIPANTS_PREFIX and,
 * once the server listens, their traffic; stopped before the server closes.
 */
export const demoMode: FastifyPluginAsync<DemoModeOptions> = async (app, { publicUrl, traffic, overrides = {} }) => {
  const inbox = overrides.inbox ?? createDemoInbox();
  await app.register(demoParticipants, {
    prefix: DEMO_PARTICIPANTS_PREFIX,
    inbox,
    ...(overrides.flakiness !== undefined && { flakiness: overrides.flakiness }),
  });
  if (!traffic) return;
  let running: DemoTraffic | undefined;
  app.addHook('onListen', async () => {
    running ??= startDemoTraffic({
      publicUrl,
      inbox,
      log: app.log.child({ module: 'demo-traffic' }),
      ...traffic,
      ...overrides.traffic,
    });
  });
  app.addHook('preClose', async () => {
    await running?.stop();
  });
};
