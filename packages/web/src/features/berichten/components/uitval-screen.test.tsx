import { ERROR_TITLES, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { MESSAGES, RETRY, SEARCH, stubMessageApi } from '../testing/message-api-stub';
import { UitvalScreen } from './uitval-screen';
import { rowAction } from '@/testing/row-action';

/** The uitval right without monitoring: the server opens only the uitval search to it. */
const UITVAL = ['Uitval Beheren'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: TITLES.uitval });
const rowOf = async (opdrachtId: string) => within(table()).findByRole('row', { name: new RegExp(opdrachtId) });

describe('Uitval', () => {
  it('lists the messages in error by opdracht ID with the columns of spec 001', async () => {
    const api = stubMessageApi();
    renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });

    expect(screen.getByRole('heading', { name: TITLES.uitval })).toBeInTheDocument();
    await rowOf('OPD-FOUT');
    expect(await api.bodies('POST', SEARCH)).toEqual([
      {
        filters: [
          { name: 'versienummer', value: '!h1.0' },
          { name: 'isInError', value: true },
        ],
        skip: 0,
        limit: 50,
        sortBy: 'opdrachtId',
        sortDirection: 'asc',
      },
    ]);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      LABELS.monitoring.opdrachtId,
      LABELS.berichten.sender,
      LABELS.berichten.type,
      LABELS.monitoring.created,
      LABELS.berichten.failedAttempts,
      LABELS.berichten.lastAttempt,
      LABELS.berichten.nextAttempt,
      LABELS.berichten.error,
      LABELS.berichten.options,
    ]);
    // No receiver column (spec 001), but a receiver filter: the Overzicht opens Uitval filtered on a
    // receiver (issue 22, decision 0036).
    expect(screen.getByRole('combobox', { name: LABELS.berichten.receiver })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('opens filtered on a receiver from the URL, as an alert mail and the Overzicht link to it (decision 0036)', async () => {
    const api = stubMessageApi();
    renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval?receiver=Aannemer_Gamma' });

    await rowOf('OPD-FOUT');
    expect(await api.bodies('POST', SEARCH)).toEqual([
      expect.objectContaining({
        filters: [
          { name: 'versienummer', value: '!h1.0' },
          { name: 'receiver', value: 'Aannemer_Gamma' },
          { name: 'isInError', value: true },
        ],
      }),
    ]);
    expect(screen.getByRole('combobox', { name: LABELS.berichten.receiver })).toHaveTextContent('Aannemer_Gamma');
  });

  it('filters on sender and several types at once, keeping them in the URL', async () => {
    const api = stubMessageApi();
    const { user, router } = renderWithProviders(<UitvalScreen flow="hoofdnet" />, {
      roles: UITVAL,
      url: '/hoofdnet/uitval',
    });
    await rowOf('OPD-FOUT');

    await user.click(screen.getByRole('combobox', { name: LABELS.berichten.sender }));
    await user.click(screen.getByRole('option', { name: 'Netbeheer_Noord' }));
    await user.click(screen.getByRole('combobox', { name: LABELS.berichten.type }));
    await user.click(screen.getByRole('option', { name: 'Deellevering' }));
    await user.click(screen.getByRole('option', { name: 'Eindlevering' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?sender=Netbeheer_Noord&type=Deellevering&type=Eindlevering'),
    );
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH)).at(-1)).toMatchObject({
        filters: [
          { name: 'versienummer', value: 'h1.0' },
          { name: 'sender', value: 'Netbeheer_Noord' },
          { name: 'type', value: ['Deellevering', 'Eindlevering'] },
          { name: 'isInError', value: true },
        ],
      }),
    );
  });

  it("offers 'Opnieuw verzenden' only with a trace id, without the copy button, and resends", async () => {
    const api = stubMessageApi();
    const { user } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });

    // A waiting message has nothing to resend: its one button opens its panel.
    const waiting = within(await rowOf('OPD-WACHT')).getAllByRole('button');
    expect(waiting.map((button) => button.ariaLabel)).toEqual([LABELS.berichten.panelTitle('TG', 'OPD-WACHT')]);
    const failed = await rowOf('OPD-FOUT');
    expect(
      within(failed).queryByRole('button', { name: rowAction(LABELS.berichten.copyTraceId) }),
    ).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: rowAction(LABELS.berichten.resend) }));

    expect(await screen.findByText(SUCCESS_MESSAGES.messageRetried)).toBeInTheDocument();
    expect(await api.bodies('POST', RETRY.aansluiting)).toEqual([{ id: MESSAGES.failed._id }]);
  });

  it('opens a message in the side panel', async () => {
    stubMessageApi();
    const { user } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });

    await user.click(await within(table()).findByText('OPD-FOUT'));
    const panel = screen.getByRole('dialog', { name: LABELS.berichten.panelTitle('Opdracht', 'OPD-FOUT') });
    expect(panel).toHaveTextContent('"traceId": "trace-123"');
  });

  it("shows a failing search as 'Fout bij ophalen uitval messages'", async () => {
    stubMessageApi({ search: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }) });
    renderWithProviders(<UitvalScreen flow="hoofdnet" />, { roles: UITVAL, url: '/hoofdnet/uitval' });

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.fetchUitval);
  });
});
