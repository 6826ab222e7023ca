import { OVERZICHT_TEXTS, type Flow, type OverzichtEntry } from '@knooppunt/domain';
import { formatDistanceStrict } from 'date-fns';
import { nl } from 'date-fns/locale';

const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

/** How long ago a message was accepted, in Dutch words: '3 minuten', '2 uur', '1 dag'. */
export function formatAge(iso: string, now: number): string {
  return formatDistanceStrict(new Date(iso), now, { locale: nl });
}

/** A latency bound: '25 ms', '2,5 s', '15 min'; 'meer dan 60 min' above the last bound. */
export function formatLatency(ms: number, lowerBound = false): string {
  const text =
    ms < 1_000
      ? `${number.format(ms)} ms`
      : ms < 60_000
        ? `${number.format(ms / 1_000)} s`
        : `${number.format(ms / 60_000)} min`;
  return lowerBound ? OVERZICHT_TEXTS.meerDan(text) : text;
}

/** The waiting messages, '10.000' and more as 'meer dan 10.000'. */
export function formatWaiting(entry: Pick<OverzichtEntry, 'waiting' | 'waitingIsLowerBound'>): string {
  const text = entry.waiting.toLocaleString('nl-NL');
  return entry.waitingIsLowerBound ? OVERZICHT_TEXTS.meerDan(text) : text;
}

const PREFIX: Record<Flow, string> = { aansluiting: '', hoofdnet: '/hoofdnet' };

/** Berichten of the flow filtered on the receiver (the list keeps its filters in the URL). */
export function berichtenPath(flow: Flow, receiver: string): string {
  return `${PREFIX[flow]}/berichten?${new URLSearchParams({ receiver }).toString()}`;
}

/** Uitval of the flow filtered on the receiver. */
export function uitvalPath(flow: Flow, receiver: string): string {
  return `${PREFIX[flow]}/uitval?${new URLSearchParams({ receiver }).toString()}`;
}
