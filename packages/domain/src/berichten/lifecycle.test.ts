import { describe, expect, it } from 'vitest';
import { messageTypesOf, type Flow } from '../messageTypes';
import { LIFECYCLE, type LifecycleRow } from './lifecycle';
import { LIFECYCLE_MARKERS, lifecycleMarkdown, lifecycleSection } from './markdown';
import { isOpen, MANUAL_CANCEL, statussenOf, statusTextOf, type StatusOutcome } from './statussen';

const FLOWS: Flow[] = ['aansluiting', 'hoofdnet'];

function targets(row: LifecycleRow): StatusOutcome[] {
  if (row.to === 'ongewijzigd') return [];
  return 'akkoord' in row.to ? [row.to.akkoord, row.to.nietAkkoord] : [row.to];
}

describe.each(FLOWS)('the %s lifecycle', (flow) => {
  const rows = LIFECYCLE.filter((row) => row.flow === flow);
  const types = messageTypesOf(flow);

  it('has rows for exactly the message types of the flow', () => {
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(Object.keys(types)));
  });

  it('has every type sent by the side opposite to its owner', () => {
    for (const row of rows) {
      expect([row.type, row.senderSide]).not.toEqual([row.type, types[row.type]]);
    }
  });

  it('lets only the order message create an order', () => {
    const creating = rows.filter((row) => row.from === 'nieuw').map((row) => row.type);
    expect(creating).toEqual([flow === 'hoofdnet' ? 'OpdrachtHoofdnet' : 'Opdracht']);
  });

  it('moves only from open statuses to known statuses with their own text', () => {
    for (const row of rows) {
      if (row.from !== 'nieuw')
        expect(row.from.every((status) => isOpen(status) && statusTextOf(flow, status))).toBe(true);
      for (const target of targets(row)) expect(statusTextOf(flow, target.status)).toBe(target.statusText);
    }
  });

  it('has at most one row per type, levering kind and status', () => {
    const seen = new Set<string>();
    for (const row of rows) {
      for (const status of row.from === 'nieuw' ? [0] : row.from) {
        const key = `${row.type}/${row.leveringType ?? ''}/${status}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('reaches every status except the manual cancel, and leaves every open status', () => {
    const reached = new Set(rows.flatMap((row) => targets(row).map((target) => target.status)));
    const left = new Set(rows.flatMap((row) => (row.from === 'nieuw' ? [] : row.from)));
    for (const { status } of statussenOf(flow)) {
      expect(reached.has(status), `reached ${status}`).toBe(status !== MANUAL_CANCEL.status);
      if (isOpen(status)) expect(left.has(status), `left ${status}`).toBe(true);
    }
  });
});

describe('lifecycleMarkdown', () => {
  const markdown = lifecycleMarkdown();

  /** The cells of the lines of a table section of one flow. */
  function cells(flow: Flow, section: string): string[][] {
    const [, afterFlow = ''] = markdown.split(flow === 'hoofdnet' ? '## Hoofdnet' : '## Aansluiting');
    const [, afterSection = ''] = afterFlow.split(`### ${section}`);
    const lines = afterSection.trim().split('\n\n')[0]?.split('\n') ?? [];
    return lines.slice(2).map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }

  it.each(FLOWS)('lists every status of the %s flow', (flow) => {
    expect(cells(flow, 'Statussen').map(([status, text]) => [Number(status), text])).toEqual(
      statussenOf(flow).map(({ status, statusText }) => [status, statusText]),
    );
  });

  it.each(FLOWS)('lists every outcome of every %s transition, in order', (flow) => {
    const expected = LIFECYCLE.filter((row) => row.flow === flow).flatMap((row) => {
      const from = row.from === 'nieuw' ? 'nieuw' : row.from.join(', ');
      const outcomes = targets(row);
      return outcomes.length === 0
        ? [[row.type, row.senderSide, from, 'ongewijzigd']]
        : outcomes.map((target) => [row.type, row.senderSide, from, String(target.status)]);
    });
    expect(cells(flow, 'Overgangen').map(([type, sender, , from, to]) => [type, sender, from, to])).toEqual(expected);
  });

  it('is found again between the markers of a document', () => {
    const document = `# Titel\n\n${LIFECYCLE_MARKERS.begin}\n\n${markdown}\n${LIFECYCLE_MARKERS.end}\n`;
    expect(lifecycleSection(document)).toBe(markdown);
    expect(lifecycleSection('# Zonder markeringen')).toBeUndefined();
  });
});
