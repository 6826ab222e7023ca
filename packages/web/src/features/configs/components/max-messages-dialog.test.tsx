import { CONFIG_TEXTS, ERROR_TITLES, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { BEHEER, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';
import { rowAction } from '@/testing/row-action';

afterEach(() => vi.unstubAllGlobals());

async function openDialog(deelnemer: string, api = stubConfigApi()) {
  const view = renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles: BEHEER, url: '/configs' });
  const table = screen.getByRole('table', { name: TITLES.configs });
  const [row] = await within(table).findAllByRole('row', { name: new RegExp(deelnemer) });
  await view.user.click(
    within(row as HTMLElement).getByRole('button', { name: rowAction(LABELS.configs.maxMessages) }),
  );
  const dialog = screen.getByRole('dialog', { name: LABELS.maxMessages.title });
  return {
    ...view,
    api,
    dialog,
    field: within(dialog).getByRole('spinbutton', { name: LABELS.maxMessages.field }),
    update: within(dialog).getByRole('button', { name: LABELS.maxMessages.update }),
  };
}

describe('Instellen aantal gelijktijdige berichten', () => {
  it("starts from the sender's current number", async () => {
    const { field } = await openDialog('Aannemer_Alfa');
    expect(field).toHaveValue(4);
  });

  it.each(['6', '-1', '2.5', ''])('disables Bijwerken for %j', async (value) => {
    const { field, update, user, dialog } = await openDialog('Combi_Oost');
    expect(update).toBeEnabled();

    await user.clear(field);
    if (value) await user.type(field, value);

    expect(update).toBeDisabled();
    expect(dialog).toHaveTextContent(CONFIG_TEXTS.maxMessages);
  });

  it('sets the number and says so', async () => {
    const { field, update, user, api } = await openDialog('Combi_Oost');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(update);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.maxMessagesUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodies('PATCH', '/rest/management/message-sender')).toEqual([
      { deelnemer: 'Combi_Oost', versienummer: '2.0', maxMessages: 0 },
    ]);
  });

  it('keeps the dialog open when the server refuses', async () => {
    const api = stubConfigApi({ sender: () => Response.json({ message: 'Onbekende verzender' }, { status: 409 }) });
    const { update, user, dialog } = await openDialog('Combi_Oost', api);
    await user.click(update);

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.updateMaxMessages);
    expect(dialog).toBeInTheDocument();
  });
});
