import { OVERZICHT_TEXTS, PLATFORM_TEXTS, type Overzicht, type PlatformState } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { OverzichtScreen } from './overzicht-screen';

const T = LABELS.platform;
const URL = '/rest/management/platform';
const MAIL_ID = '0b6f7c1e-3a52-4d0c-9f5e-8c2d1a4b7e90';
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const PLATFORM: PlatformState = {
  database: { soort: 'PostgreSQL', bereikbaar: true },
  processen: [
    { naam: 'app-1:4012', rol: 'api', gestart: '2026-03-02T08:00:00.000Z', laatstGezien: ago(20_000) },
    { naam: 'worker-1:733', rol: 'worker', gestart: '2026-03-02T08:00:00.000Z', laatstGezien: ago(5 * 60_000) },
  ],
  mail: {
    aan: true,
    wachtend: 3,
    opnieuw: 1,
    oudste: [
      {
        id: MAIL_ID,
        aan: 'contact@alfa.example',
        onderwerp: 'Storing bij aflevering aan Aannemer_Alfa',
        sinds: '2026-03-02T09:30:00.000Z',
        pogingen: 4,
        volgendePoging: '2026-03-02T09:50:00.000Z',
        laatsteFout: 'connect ECONNREFUSED 10.0.0.5:25',
      },
    ],
    operatorAdressen: ['ops@knooppunt.example', 'wacht@knooppunt.example'],
  },
  meldingen: [
    {
      soort: 'mail',
      sinds: '2026-03-02T09:45:00.000Z',
      tekst: 'Er wachten 3 e-mails langer dan 15 minuten.\nControleer SMTP_URL en de mailserver.',
    },
  ],
};

function stub(platform: PlatformState = PLATFORM, resend: () => Response = () => new Response(null, { status: 204 })) {
  return stubApi({
    'GET /rest/management/overzicht': () =>
      Response.json({ from: '2026-03-01T10:00:00.000Z', slotMinutes: 5, entries: [] } satisfies Overzicht),
    [`GET ${URL}`]: () => Response.json(platform),
    [`POST ${URL}/mail/${MAIL_ID}/opnieuw`]: resend,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const section = () => screen.findByRole('region', { name: PLATFORM_TEXTS.title });

describe('Platform on the Overzicht', () => {
  it('shows the super role the database, the processes, the mail outbox and the open alerts', async () => {
    stub();
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    const platform = within(await section());

    expect(await platform.findByText('PostgreSQL')).toBeInTheDocument();
    const [alert] = within(platform.getByRole('list', { name: T.meldingen })).getAllByRole('listitem');
    expect(alert).toHaveTextContent(`E-mail, sinds ${formatDateTime('2026-03-02T09:45:00.000Z')}`);
    // Its text keeps its lines.
    expect(within(alert!).getByText(/Er wachten 3 e-mails/)).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(platform.getByText('ops@knooppunt.example, wacht@knooppunt.example')).toBeInTheDocument();

    const processes = platform.getByRole('table', { name: T.processen });
    const live = within(processes).getByText('app-1:4012').closest('tr')!;
    expect(live).toHaveTextContent('API');
    expect(live).toHaveTextContent('minder dan een minuut geleden');
    expect(within(live).queryByTitle(T.nietGezien)).toBeNull();
    const silent = within(processes).getByText('worker-1:733').closest('tr')!;
    expect(silent).toHaveTextContent('5 minuten geleden');
    expect(within(silent).getByTitle(T.nietGezien)).toBeInTheDocument();

    const mail = within(platform.getByRole('table', { name: T.oudsteMails })).getByText('contact@alfa.example');
    const row = mail.closest('tr')!;
    expect(row).toHaveTextContent('Storing bij aflevering aan Aannemer_Alfa');
    expect(row).toHaveTextContent(formatDateTime('2026-03-02T09:30:00.000Z'));
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('connect ECONNREFUSED 10.0.0.5:25');
  });

  it('says when mail is off, no operator address is set and nothing is open', async () => {
    stub({
      ...PLATFORM,
      mail: { aan: false, wachtend: 0, opnieuw: 0, oudste: [], operatorAdressen: [] },
      meldingen: [],
    });
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    const platform = within(await section());
    expect(await platform.findByText(T.mailUit)).toBeInTheDocument();
    expect(platform.getByText(T.geenOperator)).toBeInTheDocument();
    expect(platform.getByText(T.geenMeldingen)).toBeInTheDocument();
    expect(platform.getByText(T.geenWachtend)).toBeInTheDocument();
  });

  it('is not shown, nor asked for, without the super role', async () => {
    const api = stub();
    renderWithProviders(<OverzichtScreen />, { roles: ['Beheer Monitoring'] });
    expect(await screen.findByText(OVERZICHT_TEXTS.geenOntvangers)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PLATFORM_TEXTS.title })).toBeNull();
    expect(api.calls('GET', URL)).toHaveLength(0);
  });

  it("'Nu opnieuw versturen' sends the mail again, confirms it and reads the outbox again", async () => {
    const api = stub();
    const { user } = renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    const platform = within(await section());
    await user.click(
      await platform.findByRole('button', {
        name: LABELS.common.forRow(
          T.opnieuwVersturen,
          'contact@alfa.example, Storing bij aflevering aan Aannemer_Alfa',
        ),
      }),
    );
    expect(await screen.findByText(T.opnieuwVerstuurd)).toBeInTheDocument();
    expect(screen.getByText(T.opnieuwVerstuurdTekst('contact@alfa.example'))).toBeInTheDocument();
    expect(await api.bodies('POST', `${URL}/mail/${MAIL_ID}/opnieuw`)).toEqual([{}]);
    await waitFor(() => expect(api.calls('GET', URL)).toHaveLength(2));
  });

  it('says why a mail could not be sent again', async () => {
    stub(PLATFORM, () => Response.json({ message: PLATFORM_TEXTS.mailAlVerstuurd }, { status: 409 }));
    const { user } = renderWithProviders(<OverzichtScreen />, { roles: ['Beheer ziet alles'] });
    const platform = within(await section());
    await user.click(await platform.findByRole('button', { name: new RegExp(`^${T.opnieuwVersturen}: `) }));
    const alert = (await screen.findByText(T.opnieuwMislukt)).closest('[role=alert]');
    expect(alert).toHaveTextContent(PLATFORM_TEXTS.mailAlVerstuurd);
  });
});
