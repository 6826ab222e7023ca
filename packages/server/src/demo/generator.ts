import { demoOpdracht, demoOpdrachtHoofdnet } from './berichten';
import type { DemoOrders } from './orders';
import type { SendBericht } from './responder';
import type { DemoTimers } from './timers';

export interface DemoGeneratorOptions {
  /** New orders per minute; 0 generates none. */
  ordersPerMinute: number;
  /** Who gives the orders, and to whom; one of each is drawn per order. */
  gridOperators: readonly string[];
  contractors: readonly string[];
  /** The chance that an order is a Hoofdnet order. */
  hoofdnetChance: number;
  orders: DemoOrders;
  send: SendBericht;
  timers: DemoTimers;
  random: () => number;
  now: () => Date;
}

/** The first order comes this soon after the start, however low the rate, so the screens move at once. */
const FIRST_ORDER_WITHIN_MS = 2000;

/**
 * New orders at a steady rate from random demo grid operators to random demo contractors, with
 * ids like `DEMO-20250614-093012-7`: the day and time of the order plus a counter, so they stay
 * unique across restarts.
 */
export function startDemoGenerator(options: DemoGeneratorOptions): void {
  const { ordersPerMinute, gridOperators, contractors, random, now } = options;
  if (!(ordersPerMinute > 0) || !gridOperators.length || !contractors.length) return;
  const intervalMs = Math.max(1, Math.round(60_000 / ordersPerMinute));
  let counter = 0;

  const pick = (items: readonly string[]) => items[Math.floor(random() * items.length)] as string;
  const generate = async () => {
    const at = now();
    const opdrachtId = demoOpdrachtId(at, ++counter);
    const contractor = pick(contractors);
    const bericht =
      random() < options.hoofdnetChance
        ? demoOpdrachtHoofdnet(opdrachtId, contractor, at, random)
        : demoOpdracht(opdrachtId, contractor, at, random);
    // An order that is not yet known cannot be refused by the lifecycle: no check needed.
    const result = await options.send(pick(gridOperators), bericht, `demo-${opdrachtId}`);
    if (result.outcome === 'accepted') options.orders.accepted(bericht);
  };

  options.timers.later(Math.min(intervalMs, FIRST_ORDER_WITHIN_MS), generate);
  options.timers.every(intervalMs, generate);
}

export function demoOpdrachtId(at: Date, counter: number): string {
  const stamp = at.toISOString();
  return `DEMO-${stamp.slice(0, 10).replaceAll('-', '')}-${stamp.slice(11, 19).replaceAll(':', '')}-${counter}`;
}
