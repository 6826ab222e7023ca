import { OVERZICHT_TEXTS, type Flow, type OverzichtEntry } from '@knooppunt/domain';
import { formatDistanceStrict } from 'date-fns';
import { nl } from 'date-fns/locale';

const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

/** How long ago a message was accepted, in Dutch words: '3 minuten', '2 uur', '1 dag'. */
export function formatAge(iso: string, now: number): string {
  return formatDistanceStrict(new Date(iso), now, { locale: nl });
}

/**
 * A latency bound at the precision it was measured in: '25 ms', '2,5 s', '45 s', '1 min 30 s',
 * '4 min', '1 uur'; 'meer dan 1 uur' above the last bound. Seconds within a minute are kept (the
 * buckets split the minutes, decision 0036), a whole minute or hour drops its zero.
 */
export function formatLatency(ms: number, lowerBound = false): string {
  const text =
    ms < 1_000
      ? `${number.format(ms)} ms`
      : ms < 60_000
        ? `${number.format(ms / 1_000)} s`
        : ms < 3_600_000
          ? minutesAndSeconds(Math.round(ms / 1_000))
          : hoursAndMinutes(Math.round(ms / 60_000));
  return lowerBound ? OVERZICHT_TEXTS.meerDan(text) : text;
}

function minutesAndSeconds(seconds: number): string {
  const [minutes, rest] = [Math.floor(seconds / 60), seconds % 60];
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

function hoursAndMinutes(minutes: number): string {
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  return rest === 0 ? `${hours} uur` : `${hours} uur ${rest} min`;
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
