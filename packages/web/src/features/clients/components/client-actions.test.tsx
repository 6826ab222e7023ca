import { CALL_FAILURE, ERROR_TITLES, SUCCESS_MESSAGES, SYSTEM_CLIENT_TEXTS, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import {
  CLIENTS,
  clientList,
  issued,
  NOORD_CLIENTS,
  revokePath,
  rotatePath,
  stubClientsApi,
} from '../testing/clients-api-stub';
import { ClientsScreen } from './clients-screen';
import { rowAction } from '@/testing/row-action';

const PARTICIPANT = { roles: ['Netbeheerder', 'Beheer connectiviteit'], deelnemer: 'Netbeheer_Noord' };
const NEW_SECRET = 'kp_nieuw-Geheim-4Hd8Jk2Lp6';
const ID = NOORD_CLIENTS.neverUsed.clientId;

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (clientId: string) =>
  within(screen.getByRole('table', { name: TITLES.systemClients })).getByRole('row', { name: new RegExp(clientId) });

async function renderScreen(handlers: Parameters<typeof stubClientsApi>[0]) {
  const api = stubClientsApi(handlers);
  const view = renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });
  await screen.findByRole('row', { name: new RegExp(ID) });
  return { ...view, api };
}

describe('Nieuw geheim', () => {
  it('explains the grace period first, then shows the new secret once', async () => {
    const { user, api } = await renderScreen({
      [`POST ${rotatePath(ID)}`]: () =>
        Response.json(issued({ clientId: ID, geheimVernieuwd: '2025-02-06T09:00:00Z' }, NEW_SECRET)),
    });

    await user.click(within(row(ID)).getByRole('button', { name: rowAction(LABELS.clients.rotate) }));
    const confirm = screen.getByRole('dialog', { name: LABELS.clients.rotate });
    expect(confirm).toHaveTextContent(LABELS.clients.rotateText(ID, 24));
    expect(api.calls('POST', rotatePath(ID))).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: LABELS.clients.rotateConfirm }));

    const shown = await screen.findByRole('dialog', { name: LABELS.clients.rotatedTitle });
    expect(api.calls('POST', rotatePath(ID))).toHaveLength(1);
    expect(shown).toHaveTextContent(LABELS.clients.saveSecretNow);
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.secret })).toHaveTextContent(NEW_SECRET);
    expect(screen.queryByRole('dialog', { name: LABELS.clients.rotate })).not.toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: LABELS.common.close }));
    expect(document.body).not.toHaveTextContent(NEW_SECRET);
  });

  it('does nothing when cancelled', async () => {
    const { user, api } = await renderScreen({});

    await user.click(within(row(ID)).getByRole('button', { name: rowAction(LABELS.clients.rotate) }));
    await user.click(screen.getByRole('button', { name: LABELS.common.cancel }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', rotatePath(ID))).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    const { user } = await renderScreen({
      [`POST ${rotatePath(ID)}`]: () => Response.json({ message: SYSTEM_CLIENT_TEXTS.revoked }, { status: 409 }),
    });

    await user.click(within(row(ID)).getByRole('button', { name: rowAction(LABELS.clients.rotate) }));
    await user.click(screen.getByRole('button', { name: LABELS.clients.rotateConfirm }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.rotateSystemClientSecret);
    expect(alert).toHaveTextContent(CALL_FAILURE.errorResponse);
    expect(alert).toHaveTextContent(SYSTEM_CLIENT_TEXTS.revoked);
    expect(screen.queryByRole('dialog', { name: LABELS.clients.rotatedTitle })).not.toBeInTheDocument();
  });
});

describe('Intrekken', () => {
  it('says what revoking means, then shows the client as revoked without actions', async () => {
    let revoked = false;
    const { user, api } = await renderScreen({
      [`GET ${CLIENTS}`]: () =>
        Response.json(
          clientList('Netbeheer_Noord', [
            revoked
              ? { ...NOORD_CLIENTS.neverUsed, status: 'ingetrokken', ingetrokken: '2025-02-06T09:00:00Z' }
              : NOORD_CLIENTS.neverUsed,
          ]),
        ),
      [`POST ${revokePath(ID)}`]: () => {
        revoked = true;
        return Response.json({ ...NOORD_CLIENTS.neverUsed, status: 'ingetrokken' });
      },
    });

    await user.click(within(row(ID)).getByRole('button', { name: rowAction(LABELS.clients.revoke) }));
    const confirm = screen.getByRole('dialog', { name: LABELS.clients.revokeTitle });
    // The demo's token lifetime is 600 s: tokens already issued stay valid at most 10 minutes.
    expect(confirm).toHaveTextContent(LABELS.clients.revokeText(ID, 10));
    expect(confirm).toHaveTextContent('hoogstens 10 minuten');

    await user.click(within(confirm).getByRole('button', { name: LABELS.clients.revoke }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.systemClientRevoked);
    expect(api.calls('POST', revokePath(ID))).toHaveLength(1);
    await waitFor(() => expect(row(ID)).toHaveTextContent(LABELS.clients.statuses.ingetrokken));
    expect(within(row(ID)).queryAllByRole('button')).toHaveLength(0);
  });
});
