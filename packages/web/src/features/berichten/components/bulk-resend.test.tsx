import { ERROR_TITLES, TITLES } from '@knooppunt/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { BULK_JOB, BULK_RETRY, BULK_RETRY_COUNT, SEARCH, bulkJob, stubMessageApi } from '../testing/message-api-stub';
import { BerichtenScreen } from './berichten-screen';
import { UitvalScreen } from './uitval-screen';

const TEXTS = LABELS.berichten.bulk;
const UITVAL = ['Uitval Beheren'];
const MONITOR = ['Beheer Monitoring'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const button = () => screen.getByRole('button', { name: TEXTS.action });
const dialog = () => screen.getByRole('dialog', { name: TEXTS.action });
/** The list has drawn its rows: the screen is live. */
const listShown = (title: string) =>
  within(screen.getByRole('table', { name: title })).findByRole('row', { name: /OPD-FOUT/ });

describe('Alles opnieuw versturen', () => {
  it("counts with the list's own search, asks with the count, starts, shows the progress and the result, and fetches the list again", async () => {
    let polls = 0;
    const api = stubMessageApi({
      // Running with 600 handled at the first look, finished at the second.
      job: () =>
        Response.json(
          ++polls === 1
            ? bulkJob({ done: 500, skipped: 100 })
            : bulkJob({ state: 'finished', done: 1200, skipped: 34, finished: '2025-02-03T09:00:05Z' }),
        ),
    });
    const { user } = renderWithProviders(<UitvalScreen flow="hoofdnet" />, {
      roles: UITVAL,
      url: '/hoofdnet/uitval?sender=Netbeheer_Noord&type=Deellevering',
    });
    await listShown(TITLES.uitval);

    await user.click(button());

    // The count asks about exactly what the list searched with: its filters, uitval included.
    const [searched] = await api.bodies('POST', SEARCH);
    expect(searched).toMatchObject({
      filters: [
        { name: 'versienummer', value: 'h1.0' },
        { name: 'sender', value: 'Netbeheer_Noord' },
        { name: 'type', value: ['Deellevering'] },
        { name: 'isInError', value: true },
      ],
    });
    expect(await api.bodies('POST', BULK_RETRY_COUNT)).toEqual([searched]);
    expect(dialog()).toHaveTextContent('1.234 berichten opnieuw versturen?');
    expect(api.calls('POST', BULK_RETRY)).toHaveLength(0);

    await user.click(within(dialog()).getByRole('button', { name: LABELS.common.yes }));

    // At once the job's answer (nothing done yet), then its progress as polled.
    expect(await screen.findByText('0 van 1.234')).toBeInTheDocument();
    expect(await api.bodies('POST', BULK_RETRY)).toEqual([searched]);
    expect(button()).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('600 van 1.234')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: TEXTS.running })).toHaveAttribute('aria-valuenow', '49');

    const result = await screen.findByText(TEXTS.finished);
    expect(result.closest('[role="status"]')).toHaveTextContent(
      '1.200 berichten opnieuw verstuurd.34 berichten waren intussen al afgeleverd of verwijderd.',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The list is fetched again once the job has ended; polling stops.
    await waitFor(() => expect(api.calls('POST', SEARCH)).toHaveLength(2));
    expect(api.calls('GET', BULK_JOB)).toHaveLength(2);
    expect(button()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: LABELS.common.close }));
    expect(screen.queryByText(TEXTS.finished)).not.toBeInTheDocument();
  });

  it("sends the Berichten list's filters, and starts nothing when the answer is 'Nee'", async () => {
    const api = stubMessageApi({ count: () => Response.json({ count: 1 }) });
    const { user } = renderWithProviders(<BerichtenScreen flow="aansluiting" />, {
      roles: MONITOR,
      url: '/berichten?receiver=Aannemer_Gamma&failedAttempts=1',
    });
    await listShown(TITLES.berichten);

    await user.click(button());

    expect(await api.bodies('POST', BULK_RETRY_COUNT)).toEqual([
      {
        filters: [
          { name: 'versienummer', value: '!h1.0' },
          { name: 'receiver', value: 'Aannemer_Gamma' },
          { name: 'failedAttempts', value: 1 },
        ],
        skip: 0,
        limit: 50,
        sortBy: 'nextAttempt',
        sortDirection: 'asc',
      },
    ]);
    expect(dialog()).toHaveTextContent('1 bericht opnieuw versturen?');
    await user.click(within(dialog()).getByRole('button', { name: LABELS.common.no }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', BULK_RETRY)).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when nothing matches, and offers nothing to confirm', async () => {
    const api = stubMessageApi({ count: () => Response.json({ count: 0 }) });
    const { user } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });
    await listShown(TITLES.uitval);

    await user.click(button());

    expect(await screen.findByRole('dialog', { name: TEXTS.action })).toHaveTextContent(TEXTS.none);
    expect(
      within(dialog())
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual([LABELS.common.close]);
    await user.click(within(dialog()).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', BULK_RETRY_COUNT)).toHaveLength(1);
    expect(api.calls('POST', BULK_RETRY)).toHaveLength(0);
  });

  it('shows a job that failed with what was and was not resent', async () => {
    stubMessageApi({
      job: () => Response.json(bulkJob({ state: 'failed', done: 1000, failed: 234, finished: '2025-02-03T09:00:05Z' })),
    });
    const { user } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });
    await listShown(TITLES.uitval);

    await user.click(button());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: LABELS.common.yes }));

    const title = await screen.findByText(TEXTS.failed);
    expect(title.closest('[role="status"]')).toHaveTextContent(
      '1.000 berichten opnieuw verstuurd.234 berichten zijn niet opnieuw verstuurd.',
    );
  });

  it("shows a refused count with the bulk resend's alert title and the server's reason", async () => {
    const api = stubMessageApi({
      count: () => Response.json({ message: 'Onvoldoende rechten' }, { status: 403 }),
    });
    const { user } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });
    await listShown(TITLES.uitval);

    await user.click(button());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.bulkRetry);
    expect(alert).toHaveTextContent('Onvoldoende rechten');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', BULK_RETRY)).toHaveLength(0);
  });

  it('shows the running job of its flow again when the screen opens again, and offers no other until it has ended', async () => {
    // The server's job: running with 600 handled, until the test ends it.
    let ended = false;
    const AANSLUITING_JOB = { versienummer: '!h1.0', isInError: true };
    const api = stubMessageApi({
      running: () =>
        Response.json({
          items:
            api.calls('POST', BULK_RETRY).length > 0
              ? [
                  bulkJob({ filters: AANSLUITING_JOB, done: 500, skipped: 100 }),
                  // Another flow's job: not this screen's.
                  bulkJob({ id: '00000000-0000-4000-8000-0000000000b2', filters: { versienummer: 'h1.0' }, total: 7 }),
                ]
              : [],
        }),
      job: () =>
        Response.json(
          ended
            ? bulkJob({ filters: AANSLUITING_JOB, state: 'finished', done: 1234, finished: '2025-02-03T09:00:05Z' })
            : bulkJob({ filters: AANSLUITING_JOB, done: 500, skipped: 100 }),
        ),
    });
    const { user, router } = renderRoutes(
      [
        { path: '/uitval', element: <UitvalScreen flow="aansluiting" /> },
        { path: '/elders', element: <h1>Elders</h1> },
      ],
      { roles: UITVAL, url: '/uitval' },
    );
    await listShown(TITLES.uitval);
    await user.click(button());
    await user.click(within(dialog()).getByRole('button', { name: LABELS.common.yes }));
    expect(await screen.findByText('600 van 1.234')).toBeInTheDocument();

    await act(() => router.navigate('/elders'));
    expect(await screen.findByRole('heading', { name: 'Elders' })).toBeInTheDocument();
    await act(() => router.navigate('/uitval'));
    await listShown(TITLES.uitval);

    // Asked of the server as the screen opened: the job shows, and no second one is offered.
    expect(api.calls('GET', BULK_RETRY)).toHaveLength(2);
    expect(await screen.findByText('600 van 1.234')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar', { name: TEXTS.running })).toHaveLength(1);
    expect(button()).toBeDisabled();

    ended = true;
    const result = await screen.findByText(TEXTS.finished);
    expect(result.closest('[role="status"]')).toHaveTextContent('1.234 berichten opnieuw verstuurd.');
    expect(button()).toBeEnabled();
  });

  it('shows why a start was refused, and the job that runs over the same messages', async () => {
    const message = 'Voor deze berichten loopt al een taak voor opnieuw versturen.';
    const api = stubMessageApi({
      start: () => Response.json({ message }, { status: 409 }),
      running: () =>
        Response.json({
          items:
            api.calls('POST', BULK_RETRY).length > 0
              ? [bulkJob({ filters: { versienummer: '!h1.0', isInError: true }, done: 34 })]
              : [],
        }),
      job: () => Response.json(bulkJob({ filters: { versienummer: '!h1.0', isInError: true }, done: 34 })),
    });
    const { user } = renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: UITVAL, url: '/uitval' });
    await listShown(TITLES.uitval);

    await user.click(button());
    await user.click(within(dialog()).getByRole('button', { name: LABELS.common.yes }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.bulkRetry);
    expect(alert).toHaveTextContent(message);
    expect(await screen.findByText('34 van 1.234')).toBeInTheDocument();
    expect(button()).toBeDisabled();
  });

  it('is not offered to a user who may not resend', async () => {
    const api = stubMessageApi();
    renderWithProviders(<UitvalScreen flow="aansluiting" />, { roles: ['Configuraties Beheren'], url: '/uitval' });
    // The screen is live (its list came), and still no button.
    await listShown(TITLES.uitval);
    expect(api.calls('POST', SEARCH)).toHaveLength(1);

    expect(screen.queryByRole('button', { name: TEXTS.action })).not.toBeInTheDocument();
  });
});
