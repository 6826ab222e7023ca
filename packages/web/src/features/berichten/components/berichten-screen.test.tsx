import { ERROR_TITLES, MESSAGE_INDENT, SUCCESS_MESSAGES, TITLES, type Flow, type MessageView } from '@knooppunt/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { MESSAGES, RETRY, SEARCH, VALUELIST, stubMessageApi } from '../testing/message-api-stub';
import { BerichtenScreen } from './berichten-screen';
import { rowAction } from '@/testing/row-action';

const MONITOR = ['Beheer Monitoring'];

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderScreen(flow: Flow = 'aansluiting', url = '/berichten') {
  return renderWithProviders(<BerichtenScreen flow={flow} />, { roles: MONITOR, url });
}

const table = () => screen.getByRole('table', { name: TITLES.berichten });
const rowOf = async (opdrachtId: string) => within(table()).findByRole('row', { name: new RegExp(opdrachtId) });

describe('Overzicht van berichten', () => {
  it("lists the flow's messages by next attempt, fifty per page, with the spec's columns", async () => {
    const api = stubMessageApi();
    renderScreen();

    expect(screen.getByRole('heading', { name: TITLES.berichten })).toBeInTheDocument();
    await rowOf('OPD-FOUT');
    expect(await api.bodies('POST', SEARCH)).toEqual([
      {
        filters: [{ name: 'versienummer', value: '!h1.0' }],
        skip: 0,
        limit: 50,
        sortBy: 'nextAttempt',
        sortDirection: 'asc',
      },
    ]);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      LABELS.monitoring.opdrachtId,
      LABELS.berichten.sender,
      LABELS.berichten.receiver,
      LABELS.berichten.type,
      LABELS.monitoring.created,
      LABELS.berichten.failedAttempts,
      LABELS.berichten.lastAttempt,
      LABELS.berichten.nextAttempt,
      LABELS.berichten.error,
      LABELS.berichten.options,
    ]);
    expect(screen.getByText('1-3 van 3')).toBeInTheDocument();
    expect(new URL(api.calls('GET', VALUELIST)[0]?.url ?? '').searchParams.get('versienummer')).toBe('2');
  });

  it('searches the Hoofdnet messages with the Hoofdnet value list and types', async () => {
    const api = stubMessageApi();
    const { user } = renderScreen('hoofdnet', '/hoofdnet/berichten');
    await rowOf('OPD-FOUT');

    expect((await api.bodies('POST', SEARCH))[0]).toMatchObject({ filters: [{ name: 'versienummer', value: 'h1.0' }] });
    expect(new URL(api.calls('GET', VALUELIST)[0]?.url ?? '').searchParams.get('versienummer')).toBe('h');
    await user.click(screen.getByRole('combobox', { name: LABELS.berichten.type }));
    expect(screen.getByRole('option', { name: 'Deellevering' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'TG' })).not.toBeInTheDocument();
  });

  it('applies the choices at once and the opdracht ID on Enter, and keeps them in the URL', async () => {
    const api = stubMessageApi();
    const { user, router } = renderScreen();
    await rowOf('OPD-FOUT');

    await user.click(screen.getByRole('combobox', { name: LABELS.berichten.receiver }));
    await user.click(screen.getByRole('option', { name: 'Aannemer_Gamma' }));
    await user.click(screen.getByRole('switch', { name: LABELS.monitoring.errorOnly }));
    await waitFor(() => expect(router.state.location.search).toBe('?receiver=Aannemer_Gamma&failedAttempts=1'));

    await user.type(screen.getByRole('textbox', { name: LABELS.monitoring.opdrachtId }), 'OPD-FOUT{Enter}');

    expect(router.state.location.search).toBe('?receiver=Aannemer_Gamma&opdrachtId=OPD-FOUT&failedAttempts=1');
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH)).at(-1)).toMatchObject({
        filters: [
          { name: 'versienummer', value: '!h1.0' },
          { name: 'receiver', value: 'Aannemer_Gamma' },
          { name: 'opdrachtId', value: 'OPD-FOUT' },
          { name: 'failedAttempts', value: 1 },
        ],
        skip: 0,
      }),
    );
  });

  it("fetches the list again on 'Zoeken' without changes", async () => {
    const api = stubMessageApi();
    const { user } = renderScreen();
    await rowOf('OPD-FOUT');

    await user.click(screen.getByRole('button', { name: LABELS.common.search }));

    await waitFor(() => expect(api.calls('POST', SEARCH)).toHaveLength(2));
  });

  it('opens a message in the side panel as JSON indented two spaces', async () => {
    stubMessageApi();
    const { user } = renderScreen();

    await user.click(await within(table()).findByText('OPD-WACHT'));

    const panel = screen.getByRole('dialog', { name: LABELS.berichten.panelTitle('TG', 'OPD-WACHT') });
    // The specs' message fields; its delivery state is shown above it (issue 29).
    const { deliveredAt: _deliveredAt, ...fields } = MESSAGES.waiting;
    expect(panel.querySelector('pre')?.textContent).toBe(JSON.stringify(fields, null, MESSAGE_INDENT));
    expect(panel).toHaveTextContent('"omschrijving": "Nieuwe aansluiting"');
    expect(within(panel).getByRole('region', { name: LABELS.berichten.delivery.title })).toHaveTextContent(
      LABELS.berichten.delivery.notDelivered,
    );
  });

  it('offers resend and copying the trace id on every message whose error has one, delivered or not', async () => {
    stubMessageApi();
    const { user } = renderScreen();

    // A waiting message has no options: its one button opens its panel.
    const waiting = await rowOf('OPD-WACHT');
    const names = (row: HTMLElement) =>
      within(row)
        .getAllByRole('button')
        .map((button) => button.ariaLabel);
    expect(names(waiting)).toEqual([LABELS.berichten.panelTitle('TG', 'OPD-WACHT')]);
    const failed = await rowOf('OPD-FOUT');
    // Each button says which message it acts on: fifty rows, fifty names.
    expect(names(failed)).toEqual([
      'Opdracht OPD-FOUT',
      'Opnieuw verzenden: Opdracht OPD-FOUT',
      'Trace ID kopiëren: Opdracht OPD-FOUT',
    ]);
    await user.click(within(failed).getByRole('button', { name: rowAction(LABELS.berichten.copyTraceId) }));

    // user-event puts a clipboard of its own in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe('trace-123');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Delivered after all: its trace id can still be copied, and it can be sent again (below).
    const delivered = await rowOf('OPD-LATER');
    expect(names(delivered)).toEqual([
      'Opdracht OPD-LATER',
      'Opnieuw verzenden: Opdracht OPD-LATER',
      'Trace ID kopiëren: Opdracht OPD-LATER',
    ]);
  });

  it('asks before resending a delivered message, and resends it only when confirmed', async () => {
    const api = stubMessageApi();
    const { user } = renderScreen();
    const resend = async () =>
      user.click(within(await rowOf('OPD-LATER')).getByRole('button', { name: rowAction(LABELS.berichten.resend) }));

    await resend();
    const question = screen.getByRole('dialog', { name: LABELS.berichten.resend });
    expect(question).toHaveTextContent('Opdracht OPD-LATER is al afgeleverd. Opnieuw verzenden?');
    await user.click(within(question).getByRole('button', { name: LABELS.common.no }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The search came back (the proof the screen is live) and no resend went out.
    expect(api.calls('POST', SEARCH).length).toBeGreaterThan(0);
    expect(api.calls('POST', RETRY.aansluiting)).toHaveLength(0);

    await resend();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: LABELS.common.yes }));
    expect(await screen.findByText(SUCCESS_MESSAGES.messageRetried)).toBeInTheDocument();
    expect(await api.bodies('POST', RETRY.aansluiting)).toEqual([{ id: MESSAGES.deliveredAfterAll._id }]);
    // The row's panel did not open.
    expect(screen.queryByRole('dialog', { name: LABELS.berichten.panelTitle('Opdracht', 'OPD-LATER') })).toBeNull();
  });

  it('offers no resend of a message whose payload retention removed, and says why', async () => {
    const removed: MessageView = {
      ...MESSAGES.deliveredAfterAll,
      data: {},
      dataRemoved: { at: '2025-06-01T03:00:00.000Z', afterDays: 90 },
    };
    const api = stubMessageApi({
      search: () =>
        Response.json({ items: [MESSAGES.failed, removed], count: 2, skip: 0, limit: 50, countIsLowerBound: false }),
    });
    const { user } = renderScreen();

    // The positive check first: a message with its payload can be resent.
    const kept = within(await rowOf('OPD-FOUT')).getByRole('button', { name: rowAction(LABELS.berichten.resend) });
    expect(kept).toBeEnabled();
    const row = await rowOf('OPD-LATER');
    const button = within(row).getByRole('button', { name: rowAction(LABELS.berichten.resend) });
    expect(button).toBeDisabled();
    // Its trace id can still be copied.
    expect(within(row).getByRole('button', { name: rowAction(LABELS.berichten.copyTraceId) })).toBeEnabled();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Niet opnieuw te verzenden: inhoud verwijderd na 90 dagen',
    );
    // A click where the button is (a disabled button takes no pointer events) does nothing.
    await user.click(button.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', RETRY.aansluiting)).toHaveLength(0);
  });

  it('resends a Hoofdnet message with the Hoofdnet call and message, and fetches the list again', async () => {
    const api = stubMessageApi();
    const { user } = renderScreen('hoofdnet', '/hoofdnet/berichten');

    await user.click(within(await rowOf('OPD-FOUT')).getByRole('button', { name: rowAction(LABELS.berichten.resend) }));

    expect(await screen.findByText(SUCCESS_MESSAGES.hoofdnetMessageRetried)).toBeInTheDocument();
    expect(await api.bodies('POST', RETRY.hoofdnet)).toEqual([{ id: MESSAGES.failed._id }]);
    expect(api.calls('POST', RETRY.aansluiting)).toHaveLength(0);
    await waitFor(() => expect(api.calls('POST', SEARCH)).toHaveLength(2));
  });

  it('sends a double-clicked resend once', async () => {
    const api = stubMessageApi();
    renderScreen();
    const button = within(await rowOf('OPD-FOUT')).getByRole('button', { name: rowAction(LABELS.berichten.resend) });

    // Two clicks in one go, before the screen has drawn the first one's disabled button.
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await screen.findByText(SUCCESS_MESSAGES.messageRetried)).toBeInTheDocument();
    expect(await api.bodies('POST', RETRY.aansluiting)).toEqual([{ id: MESSAGES.failed._id }]);
    // Once answered, the message can be resent again.
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("shows a failing resend with the flow's alert title and the server's reason", async () => {
    stubMessageApi({ retry: () => Response.json({ message: 'Dit bericht is al afgeleverd.' }, { status: 409 }) });
    const { user } = renderScreen();

    await user.click(within(await rowOf('OPD-FOUT')).getByRole('button', { name: rowAction(LABELS.berichten.resend) }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.retryMessage);
    expect(alert).toHaveTextContent('Dit bericht is al afgeleverd.');
  });

  it("shows a capped count as 'meer dan'", async () => {
    stubMessageApi({
      search: () =>
        Response.json({ items: [MESSAGES.waiting], count: 10_000, skip: 0, limit: 50, countIsLowerBound: true }),
    });
    renderScreen();
    expect(await screen.findByText('1-1 van meer dan 10000')).toBeInTheDocument();
  });

  it('shows a failing Hoofdnet search with its own alert title', async () => {
    stubMessageApi({ search: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }) });
    renderScreen('hoofdnet', '/hoofdnet/berichten');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchHoofdnetMessages);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
  });
});
