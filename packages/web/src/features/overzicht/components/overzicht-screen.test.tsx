import { OVERZICHT_SLOTS, OVERZICHT_TEXTS, type Overzicht, type OverzichtEntry } from '@knooppunt/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { formatLatency } from './format';
import { OverzichtScreen } from './overzicht-screen';

const T = OVERZICHT_TEXTS;
const URL = '/rest/management/overzicht';
const series = (at: Record<number, number>) => Array.from({ length: OVERZICHT_SLOTS }, (_, i) => at[i] ?? 0);

const ALFA: OverzichtEntry = {
  receiver: 'Aannemer_Alfa',
  versienummer: '2.0',
  flow: 'aansluiting',
  running: true,
  maxMessages: 5,
  maxPerSecond: 10,
  waiting: 12,
  waitingIsLowerBound: false,
  oldestWaiting: new Date(Date.now() - 3 * 60_000 - 5_000).toISOString(),
  delivered: series({ 10: 40, 200: 60 }),
  failed: series({ 200: 3 }),
  p95Ms: 2_500,
  p95IsLowerBound: false,
  alert: null,
};
const WEST: OverzichtEntry = {
  ...ALFA,
  receiver: 'Netbeheer_West',
  versienummer: 'h1.0',
  flow: 'hoofdnet',
  running: false,
  maxMessages: 2,
  maxPerSecond: 0,
  waiting: 10_000,
  waitingIsLowerBound: true,
  oldestWaiting: null,
  delivered: series({}),
  failed: series({}),
  p95Ms: null,
  alert: { since: '2026-03-02T10:15:00Z', reason: 'failures', lastError: 'HTTP 503 Service Unavailable' },
};

function stub(entries: OverzichtEntry[] = [ALFA, WEST]) {
  return stubApi({
    [`GET ${URL}`]: () =>
      Response.json({ from: '2026-03-01T10:00:00.000Z', slotMinutes: 5, entries } satisfies Overzicht),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = async (receiver: string) => {
  const table = await screen.findByRole('table', { name: T.title });
  const cell = await within(table).findByText(receiver);
  return cell.closest('tr')!;
};

describe('Overzicht', () => {
  it('shows per receiver its flow, state with its limits, queue, oldest waiting in words, chart and p95', async () => {
    stub();
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();

    const alfa = await rowOf('Aannemer_Alfa');
    expect(alfa).toHaveTextContent('Aansluiting · 2.0');
    expect(alfa).toHaveTextContent(T.actief);
    expect(alfa).toHaveTextContent('max. 5 tegelijk · 10/s');
    expect(alfa).toHaveTextContent('12');
    expect(alfa).toHaveTextContent('3 minuten');
    expect(alfa).toHaveTextContent('2,5 s');
    // The chart is one image named by what it shows and its totals; its svg is drawn.
    const chart = within(alfa).getByRole('img', {
      name: /Afgeleverd en mislukt per 5 minuten.*Aannemer_Alfa, Aansluiting/,
    });
    expect(chart).toHaveAccessibleName(expect.stringContaining(T.grafiekSamenvatting(100, 3)));
    expect(chart.querySelector('svg')).not.toBeNull();

    const west = await rowOf('Netbeheer_West');
    expect(west).toHaveTextContent('Hoofdnet · h1.0');
    expect(west).toHaveTextContent(T.gepauzeerd);
    expect(west).toHaveTextContent('max. 2 tegelijk · geen grens per seconde');
    expect(west).toHaveTextContent('meer dan 10.000');
    expect(west).toHaveTextContent(T.geenWachtend);
    expect(west).toHaveTextContent(T.geenAfleveringen);
    expect(west).toHaveTextContent(T.redenFailures);
    expect(west).toHaveTextContent('HTTP 503 Service Unavailable');
  });

  it('draws failures beside deliveries of the same 5 minutes, nothing red at zero failures, on a time axis', async () => {
    stub([ALFA, { ...ALFA, receiver: 'Aannemer_Beta', failed: series({}) }]);
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    const chartOf = async (receiver: string) =>
      within(await rowOf(receiver)).getByRole('img', { name: new RegExp(`${receiver}, Aansluiting`) });
    const alfa = await chartOf('Aannemer_Alfa');
    const bars = (chart: HTMLElement, series: string) =>
      chart.querySelector(`path[data-series="${series}"]`)?.getAttribute('d') ?? '';
    // Slot 200 has 60 delivered and 3 failed: a green bar up and a red one down, at the same x.
    expect(bars(alfa, 'delivered')).toContain('M200 ');
    expect(bars(alfa, 'delivered')).toContain('M10 ');
    expect(bars(alfa, 'failed')).toMatch(/^M200 \S+$/);
    // No failures: no red at all (issue 29: a red line along every row).
    expect(bars(await chartOf('Aannemer_Beta'), 'failed')).toBe('');
    // Every 6 hours of the local clock is marked.
    const ticks = [...alfa.querySelectorAll('[data-tick]')].map((tick) => tick.textContent);
    expect([...ticks].sort()).toEqual(['00:00', '06:00', '12:00', '18:00']);
    expect(screen.getAllByText(T.legendaMislukt)).toHaveLength(1);
  });

  it('tells the time and counts of the 5 minutes under the pointer', async () => {
    stub([ALFA]);
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    const chart = within(await rowOf('Aannemer_Alfa')).getByRole('img', { name: /Aannemer_Alfa/ });
    vi.spyOn(chart, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 288 } as DOMRect);
    fireEvent.mouseMove(chart, { clientX: 200.5 });
    const start = new Date(Date.parse('2026-03-01T10:00:00.000Z') + 200 * 5 * 60_000);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      `${format(start, 'dd-LL-yyyy HH:mm')}–${format(start.getTime() + 5 * 60_000, 'HH:mm')}: ${T.grafiekSamenvatting(60, 3)}`,
    );
    fireEvent.mouseLeave(chart);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('links each receiver to Berichten and Uitval of its flow, filtered on it', async () => {
    stub();
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    await rowOf('Aannemer_Alfa');
    expect(screen.getByRole('link', { name: T.openBerichten('Aannemer_Alfa', 'Aansluiting') })).toHaveAttribute(
      'href',
      '/berichten?receiver=Aannemer_Alfa',
    );
    expect(screen.getByRole('link', { name: T.openUitval('Netbeheer_West', 'Hoofdnet') })).toHaveAttribute(
      'href',
      '/hoofdnet/uitval?receiver=Netbeheer_West',
    );
  });

  it('offers only the lists the user may open', async () => {
    stub([ALFA]);
    renderWithProviders(<OverzichtScreen />, { roles: ['Uitval Beheren'] });
    await rowOf('Aannemer_Alfa');
    expect(screen.getByRole('link', { name: T.openUitval('Aannemer_Alfa', 'Aansluiting') })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: T.openBerichten('Aannemer_Alfa', 'Aansluiting') })).toBeNull();
  });

  it('says so when there is no receiver yet', async () => {
    stub([]);
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    expect(await screen.findByText(T.geenOntvangers)).toBeInTheDocument();
  });
});

describe('formatLatency', () => {
  it.each([
    [25, false, '25 ms'],
    [2_500, false, '2,5 s'],
    [45_000, false, '45 s'],
    [90_000, false, '1 min 30 s'],
    [150_000, false, '2 min 30 s'],
    [240_000, false, '4 min'],
    [900_000, false, '15 min'],
    [3_600_000, false, '1 uur'],
    [3_600_000, true, 'meer dan 1 uur'],
  ])('%d ms (lower bound %s) reads %s', (ms, lowerBound, text) => {
    expect(formatLatency(ms, lowerBound)).toBe(text);
  });
});
