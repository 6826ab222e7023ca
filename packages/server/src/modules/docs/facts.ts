import {
  AANSLUITING_MESSAGE_TYPES,
  HOOFDNET_MESSAGE_TYPES,
  MAX_CONCURRENT_MESSAGES,
  MAX_MESSAGES_PER_SECOND,
  MESSAGE_TYPES,
  flowOfMessageType,
  table,
  versienummerOf,
  type MessageType,
  type Side,
} from '@knooppunt/domain';
import type { Config } from '../../config';
import { BACKOFF_JITTER, BACKOFF_SCHEDULE_MS, LEASE_TIMEOUTS } from '../../delivery';

/**
 * The parts of docs/koppelen.md that are generated from the code, between marker comments: a test
 * checks that the file holds exactly this output for the default configuration, and the served
 * page shows it for the running one (decision 0039). Change the code, then paste the new output.
 */
export const KOPPELEN_SECTIONS = {
  berichttypen: { begin: '<!-- berichttypen:begin -->', end: '<!-- berichttypen:end -->' },
  afleveren: { begin: '<!-- afleveren:begin -->', end: '<!-- afleveren:end -->' },
} as const;

const OWNERS: Record<MessageType, Side> = { ...AANSLUITING_MESSAGE_TYPES, ...HOOFDNET_MESSAGE_TYPES };

/** The side of an order that receives a message type: its owner in spec 000 §3. */
export function receiverOf(type: MessageType): Side {
  return OWNERS[type];
}

export function senderOf(type: MessageType): Side {
  return receiverOf(type) === 'opdrachtgever' ? 'opdrachtnemer' : 'opdrachtgever';
}

/** Every message type with its flow, sender and receiver: who sets a callback URL for it. */
export function berichttypenMarkdown(): string {
  const rows = MESSAGE_TYPES.map((type) => [
    `\`${type}\``,
    flowOfMessageType(type) === 'hoofdnet' ? 'Hoofdnet' : 'Aansluiting',
    `\`${versienummerOf(type)}\``,
    senderOf(type),
    receiverOf(type),
  ]);
  return `${table(['Berichttype', 'Flow', 'Versienummer', 'Verzender', 'Ontvanger (callback-URL)'], rows)}\n`;
}

/** The numbers of delivery that a receiver plans for, from the configuration in force. */
export interface DeliveryFacts {
  timeoutMs: number;
  leaseMs: number;
  alerts: Pick<Config['alerts'], 'failedAttempts' | 'silenceMinutes' | 'repeatMinutes'>;
  testRetentionDays: number;
}

export function deliveryFacts(config: Pick<Config, 'outbound' | 'alerts' | 'retention'>): DeliveryFacts {
  return {
    timeoutMs: config.outbound.timeoutMs,
    leaseMs: LEASE_TIMEOUTS * config.outbound.timeoutMs,
    alerts: config.alerts,
    testRetentionDays: config.retention.testDays,
  };
}

/** The backoff schedule and the times of delivery, as docs/koppelen.md shows them. */
export function afleverenMarkdown(facts: DeliveryFacts): string {
  const last = BACKOFF_SCHEDULE_MS.length;
  const schedule = table(
    ['Mislukte pogingen', 'Volgende poging na'],
    BACKOFF_SCHEDULE_MS.map((ms, index) => [
      index + 1 === last ? `${index + 1} en meer` : `${index + 1}`,
      duration(ms),
    ]),
  );
  const { alerts } = facts;
  const times = table(
    ['Wat', 'Waarde'],
    [
      ['Tijdslimiet van één verzoek (verbinden, TLS, antwoord en body)', duration(facts.timeoutMs)],
      ['Een bericht dat onderweg was toen Knooppunt uitviel, gaat opnieuw na', duration(facts.leaseMs)],
      [
        'Gelijktijdige berichten per configuratie (`maxMessages`)',
        `${MAX_CONCURRENT_MESSAGES.min} tot en met ${MAX_CONCURRENT_MESSAGES.max}, standaard ${MAX_CONCURRENT_MESSAGES.default}`,
      ],
      [
        'Berichten per seconde per configuratie (`maxPerSecond`)',
        `${MAX_MESSAGES_PER_SECOND.min} (geen grens) tot en met ${MAX_MESSAGES_PER_SECOND.max}, standaard ${MAX_MESSAGES_PER_SECOND.default}`,
      ],
      [
        'E-mail aan de adressen van de configuratie (productie)',
        `na ${alerts.failedAttempts} mislukte pogingen van één bericht, of ${alerts.silenceMinutes} minuten zonder aflevering terwijl berichten wachten; daarna hooguit elke ${alerts.repeatMinutes} minuten`,
      ],
      ['Testopdrachten en hun berichten bewaard na hun laatste wijziging', `${facts.testRetentionDays} dagen`],
    ],
  );
  const jitter = `${Math.round(BACKOFF_JITTER * 100)} %`;
  const parts = [
    schedule,
    `Elke wachttijd wijkt willekeurig tot ±${jitter} af, zodat de berichten van veel opdrachten niet tegelijk terugkomen. Na de laatste stap blijft Knooppunt het met die tussenpoos proberen, zonder einde.`,
    times,
  ];
  return `${parts.join('\n\n')}\n`;
}

/** 10000 → '10 s', 300000 → '5 min', 3600000 → '1 uur', 2500 → '2,5 s'. */
export function duration(ms: number): string {
  const number = (value: number) => String(Math.round(value * 10) / 10).replace('.', ',');
  if (ms < 60_000) return `${number(ms / 1000)} s`;
  if (ms < 3_600_000) return `${number(ms / 60_000)} min`;
  return `${number(ms / 3_600_000)} uur`;
}
