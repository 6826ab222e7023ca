import { CONFIG_TEXTS, ERROR_TITLES, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { rowAction } from '@/testing/row-action';
import { BEHEER, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

const SENDER = '/rest/management/message-sender';

/** The two limits' dialogs: the row action that opens each and its texts. */
const LIMITS = {
  maxMessages: { action: LABELS.configs.maxMessages, labels: LABELS.maxMessages },
  maxPerSecond: { action: LABELS.configs.maxPerSecond, labels: LABELS.maxPerSecond },
};

async function openDialog(limit: keyof typeof LIMITS, deelnemer: string, api = stubConfigApi()) {
  const { action, labels } = LIMITS[limit];
  const view = renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles: BEHEER, url: '/configs' });
  const table = screen.getByRole('table', { name: TITLES.configs });
  const [row] = await within(table).findAllByRole('row', { name: new RegExp(deelnemer) });
  await view.user.click(within(row as HTMLElement).getByRole('button', { name: rowAction(action) }));
  const dialog = screen.getByRole('dialog', { name: labels.title });
  return {
    ...view,
    api,
    dialog,
    field: within(dialog).getByRole('spinbutton', { name: labels.field }),
    update: within(dialog).getByRole('button', { name: labels.update }),
  };
}

describe('Instellen aantal gelijktijdige berichten', () => {
  it("starts from the sender's current number", async () => {
    const { field } = await openDialog('maxMessages', 'Aannemer_Alfa');
    expect(field).toHaveValue(4);
  });

  it.each(['6', '-1', '2.5', ''])('disables Bijwerken for %j', async (value) => {
    const { field, update, user, dialog } = await openDialog('maxMessages', 'Combi_Oost');
    expect(update).toBeEnabled();

    await user.clear(field);
    if (value) await user.type(field, value);

    expect(update).toBeDisabled();
    expect(dialog).toHaveTextContent(CONFIG_TEXTS.maxMessages);
  });

  it('sets the number and says so', async () => {
    const { field, update, user, api } = await openDialog('maxMessages', 'Combi_Oost');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(update);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.maxMessagesUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodies('PATCH', SENDER)).toEqual([
      { deelnemer: 'Combi_Oost', versienummer: '2.0', maxMessages: 0 },
    ]);
  });

  it('keeps the dialog open when the server refuses', async () => {
    const api = stubConfigApi({ sender: () => Response.json({ message: 'Onbekende verzender' }, { status: 409 }) });
    const { update, user, dialog } = await openDialog('maxMessages', 'Combi_Oost', api);
    await user.click(update);

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.updateMaxMessages);
    expect(dialog).toBeInTheDocument();
  });
});

describe('Instellen aantal berichten per seconde', () => {
  it("starts from the sender's current number, and says that 0 sets no limit", async () => {
    const { field } = await openDialog('maxPerSecond', 'Aannemer_Alfa');
    expect(field).toHaveValue(10);
    expect(field).toHaveAccessibleDescription(CONFIG_TEXTS.maxPerSecond);
    expect(CONFIG_TEXTS.maxPerSecond).toContain('0 (geen grens)');
  });

  it.each(['1001', '-1', '2.5', ''])('refuses %j with the allowed range', async (value) => {
    const { field, update, user } = await openDialog('maxPerSecond', 'Aannemer_Alfa');
    expect(field).toBeValid();

    await user.clear(field);
    if (value) await user.type(field, value);

    expect(update).toBeDisabled();
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(CONFIG_TEXTS.maxPerSecond);
  });

  it('sets the number and says so', async () => {
    const { field, update, user, api } = await openDialog('maxPerSecond', 'Combi_Oost');
    expect(field).toHaveValue(0);
    await user.clear(field);
    await user.type(field, '1000');
    await user.click(update);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.maxPerSecondUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodies('PATCH', SENDER)).toEqual([
      { deelnemer: 'Combi_Oost', versienummer: '2.0', maxPerSecond: 1000 },
    ]);
  });

  it('keeps the dialog open when the server refuses, with its own error title', async () => {
    const api = stubConfigApi({ sender: () => Response.json({ message: 'Onbekende verzender' }, { status: 409 }) });
    const { update, user, dialog } = await openDialog('maxPerSecond', 'Combi_Oost', api);
    await user.click(update);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.updateMaxPerSecond);
    expect(alert).toHaveTextContent('Onbekende verzender');
    expect(dialog).toBeInTheDocument();
  });
});
