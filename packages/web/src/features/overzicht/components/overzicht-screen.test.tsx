import { OVERZICHT_SLOTS, OVERZICHT_TEXTS, type Overzicht, type OverzichtEntry } from '@knooppunt/domain';
import { screen, within } from '@testing-library/react';
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
  it('shows per receiver its flow, state, queue, oldest waiting in words, chart and p95', async () => {
    stub();
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();

    const alfa = await rowOf('Aannemer_Alfa');
    expect(alfa).toHaveTextContent('Aansluiting · 2.0');
    expect(alfa).toHaveTextContent(T.actief);
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
    expect(west).toHaveTextContent('meer dan 10.000');
    expect(west).toHaveTextContent(T.geenWachtend);
    expect(west).toHaveTextContent(T.geenAfleveringen);
    expect(west).toHaveTextContent(T.redenFailures);
    expect(west).toHaveTextContent('HTTP 503 Service Unavailable');
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
    [900_000, false, '15 min'],
    [3_600_000, true, 'meer dan 60 min'],
  ])('%d ms (lower bound %s) reads %s', (ms, lowerBound, text) => {
    expect(formatLatency(ms, lowerBound)).toBe(text);
  });
});
