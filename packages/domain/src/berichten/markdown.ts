import type { Flow } from '../messageTypes';
import { LIFECYCLE, type LifecycleRow } from './lifecycle';
import { isCancellable, isOpen, LEVERING_STATUS_TEXT, statussenOf, type StatusOutcome } from './statussen';

const FLOW_TITLES: Record<Flow, string> = {
  aansluiting: 'Aansluiting (versienummer 2.0)',
  hoofdnet: 'Hoofdnet (h1.0)',
};

/** A Markdown table laid out the way Prettier lays it out, so the generated text is stable. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function yesNo(value: boolean): string {
  return value ? 'ja' : 'nee';
}

function statusRows(flow: Flow): string[][] {
  return statussenOf(flow).map(({ status, statusText }) => [
    String(status),
    statusText,
    yesNo(isOpen(status)),
    yesNo(isCancellable(status)),
  ]);
}

function outcomes(row: LifecycleRow): { voorwaarde: string; to: StatusOutcome | 'ongewijzigd' }[] {
  const prefix = row.leveringType ? `${row.leveringType}, ` : '';
  if (row.to !== 'ongewijzigd' && 'akkoord' in row.to) {
    return [
      { voorwaarde: `${prefix}akkoord`, to: row.to.akkoord },
      { voorwaarde: `${prefix}niet akkoord`, to: row.to.nietAkkoord },
    ];
  }
  return [{ voorwaarde: row.leveringType ?? '', to: row.to }];
}

function transitionRows(flow: Flow): string[][] {
  return LIFECYCLE.filter((row) => row.flow === flow).flatMap((row) =>
    outcomes(row).map(({ voorwaarde, to }) => [
      row.type,
      row.senderSide,
      voorwaarde,
      row.from === 'nieuw' ? 'nieuw' : row.from.join(', '),
      to === 'ongewijzigd' ? 'ongewijzigd' : String(to.status),
      to === 'ongewijzigd' ? '' : to.statusText,
      row.toelichting,
    ]),
  );
}

const LEVERING_TABLE = table(
  ['Berichttype', 'Verzender', 'Voorwaarde', 'Levering vanuit', 'Statustekst levering'],
  [
    ['Deellevering', 'opdrachtnemer', '', `nieuw, ${LEVERING_STATUS_TEXT.afgekeurd}`, LEVERING_STATUS_TEXT.ingediend],
    ['Eindlevering', 'opdrachtnemer', '', `nieuw, ${LEVERING_STATUS_TEXT.afgekeurd}`, LEVERING_STATUS_TEXT.ingediend],
    [
      'BeoordelingLevering',
      'opdrachtgever',
      'akkoord',
      LEVERING_STATUS_TEXT.ingediend,
      LEVERING_STATUS_TEXT.goedgekeurd,
    ],
    [
      'BeoordelingLevering',
      'opdrachtgever',
      'niet akkoord',
      LEVERING_STATUS_TEXT.ingediend,
      LEVERING_STATUS_TEXT.afgekeurd,
    ],
  ],
);

/** The lifecycle tables of docs/lifecycle.md, exactly as the document holds them between its markers. */
export function lifecycleMarkdown(): string {
  const flows: Flow[] = ['aansluiting', 'hoofdnet'];
  const sections = flows.map((flow) =>
    [
      `## ${FLOW_TITLES[flow]}`,
      '### Statussen',
      table(['Status', 'Statustekst', 'Open', 'Handmatig annuleerbaar'], statusRows(flow)),
      '### Overgangen',
      table(
        ['Berichttype', 'Verzender', 'Voorwaarde', 'Vanuit status', 'Naar status', 'Statustekst', 'Toelichting'],
        transitionRows(flow),
      ),
      ...(flow === 'hoofdnet' ? ['### Leveringen', LEVERING_TABLE] : []),
    ].join('\n\n'),
  );
  return `${sections.join('\n\n')}\n`;
}

export const LIFECYCLE_MARKERS = {
  begin: '<!-- lifecycleMarkdown:begin -->',
  end: '<!-- lifecycleMarkdown:end -->',
} as const;

/** The generated part of docs/lifecycle.md (the caller reads the file), to compare with `lifecycleMarkdown()`. */
export function lifecycleSection(document: string): string | undefined {
  return markedSection(document, LIFECYCLE_MARKERS);
}

/** The text of a document between two marker comments, trimmed, with one final newline. */
export function markedSection(document: string, markers: { begin: string; end: string }): string | undefined {
  const begin = document.indexOf(markers.begin);
  const end = document.indexOf(markers.end);
  if (begin < 0 || end < begin) return undefined;
  return `${document.slice(begin + markers.begin.length, end).trim()}\n`;
}
