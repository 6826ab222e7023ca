import { ERROR_TITLES, OMGEVING_LABELS, SYSTEM_CLIENT_TEXTS, TITLES } from '@knooppunt/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { CLIENTS, issued, SECRET, stubClientsApi, VERBINDING } from '../testing/clients-api-stub';
import { ClientsScreen } from './clients-screen';

const ADMIN = { roles: ['Beheer ziet alles', 'Connectiviteit Beheren'], deelnemer: 'Knooppunt_Beheer' };

const PUBLIC_KEY = {
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The screen for Aannemer_Alfa, with a hold on its query client to see what it keeps. */
async function openDialog(handlers: Parameters<typeof stubClientsApi>[0] = {}) {
  const api = stubClientsApi({
    [`POST ${CLIENTS}`]: () =>
      Response.json(issued({ clientId: 'aannemer_alfa-4k2m', organisatie: 'Aannemer_Alfa' }), { status: 201 }),
    ...handlers,
  });
  const held: { client?: QueryClient } = {};
  function HoldClient() {
    held.client = useQueryClient();
    return null;
  }
  const view = renderWithProviders(
    <>
      <ClientsScreen />
      <HoldClient />
    </>,
    { ...ADMIN, url: '/clients?organisatie=Aannemer_Alfa' },
  );
  await view.user.click(await screen.findByRole('button', { name: LABELS.clients.newClient }));
  const dialog = screen.getByRole('dialog', { name: TITLES.createSystemClient });
  const chooseMethode = async (label: string) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: LABELS.clients.methode }));
    await view.user.click(screen.getByRole('option', { name: label }));
  };
  return {
    ...view,
    api,
    held,
    dialog,
    chooseMethode,
    omschrijving: within(dialog).getByRole('textbox', { name: LABELS.clients.omschrijving }),
    createButton: within(dialog).getByRole('button', { name: LABELS.common.create }),
  };
}

describe('Nieuwe client', () => {
  it('asks for an omschrijving of at most 200 characters', async () => {
    const { user, dialog, omschrijving, createButton } = await openDialog();
    expect(createButton).toBeDisabled();

    await user.type(omschrijving, 'Werkorders');
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.clear(omschrijving);
    await waitFor(() => expect(createButton).toBeDisabled());
    expect(dialog).toHaveTextContent(SYSTEM_CLIENT_TEXTS.omschrijvingRequired);

    await user.click(omschrijving);
    await user.paste('x'.repeat(201));
    await waitFor(() => expect(dialog).toHaveTextContent(SYSTEM_CLIENT_TEXTS.omschrijvingTooLong));
    expect(createButton).toBeDisabled();
  });

  it('asks private_key_jwt for a JWKS of public keys, checking its JSON in Dutch', async () => {
    const { user, api, dialog, omschrijving, chooseMethode, createButton } = await openDialog();
    await user.type(omschrijving, 'GIS-koppeling');
    expect(within(dialog).queryByRole('textbox', { name: LABELS.clients.jwks })).not.toBeInTheDocument();

    await chooseMethode(LABELS.clients.methods.private_key_jwt);
    const jwks = within(dialog).getByRole('textbox', { name: LABELS.clients.jwks });
    await waitFor(() => expect(createButton).toBeDisabled());

    await user.click(jwks);
    await user.paste('{"keys": [');
    await waitFor(() => expect(dialog).toHaveTextContent(LABELS.clients.jwksNotJson));

    await user.clear(jwks);
    await user.paste(JSON.stringify({ keys: [{ ...PUBLIC_KEY, d: 'geheim-deel' }] }));
    await waitFor(() => expect(dialog).toHaveTextContent(SYSTEM_CLIENT_TEXTS.jwksInvalid));
    expect(createButton).toBeDisabled();

    await user.clear(jwks);
    await user.paste(JSON.stringify({ keys: [PUBLIC_KEY] }));
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    await waitFor(() => expect(api.calls('POST', CLIENTS)).toHaveLength(1));
    expect(await api.bodies('POST', CLIENTS)).toEqual([
      {
        organisatie: 'Aannemer_Alfa',
        omschrijving: 'GIS-koppeling',
        methode: 'private_key_jwt',
        omgeving: 'productie',
        jwks: { keys: [PUBLIC_KEY] },
      },
    ]);
  });

  it('shows the new secret once, with the client id and token endpoint, and forgets it when closed', async () => {
    const { user, api, held, omschrijving, createButton } = await openDialog();
    await user.type(omschrijving, ' Werkorders ');
    await waitFor(() => expect(createButton).toBeEnabled());
    const listCalls = api.calls('GET', CLIENTS).length;

    await user.click(createButton);

    const shown = await screen.findByRole('dialog', { name: LABELS.clients.createdTitle });
    expect(screen.queryByRole('dialog', { name: TITLES.createSystemClient })).not.toBeInTheDocument();
    expect(shown).toHaveTextContent(LABELS.clients.saveSecretNow);
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.clientId })).toHaveTextContent(
      'aannemer_alfa-4k2m',
    );
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.secret })).toHaveTextContent(SECRET);
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.tokenEndpoint })).toHaveTextContent(
      VERBINDING.tokenEndpoint,
    );
    expect(await api.bodies('POST', CLIENTS)).toEqual([
      {
        organisatie: 'Aannemer_Alfa',
        omschrijving: ' Werkorders ',
        methode: 'client_secret_basic',
        omgeving: 'productie',
      },
    ]);
    await waitFor(() => expect(api.calls('GET', CLIENTS).length).toBeGreaterThan(listCalls));

    await user.click(within(shown).getByRole('button', { name: LABELS.common.copy(LABELS.clients.secret) }));
    // user-event puts a clipboard of its own in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(shown).getByRole('button', { name: LABELS.common.close }));

    expect(screen.queryByRole('dialog', { name: LABELS.clients.createdTitle })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    const kept = held.client?.getMutationCache().getAll() ?? [];
    expect(JSON.stringify(kept.map((mutation) => mutation.state))).not.toContain(SECRET);
  });

  it('makes a test client when Omgeving is Test, saying where its messages go', async () => {
    const { user, api, dialog, omschrijving, createButton } = await openDialog({
      [`POST ${CLIENTS}`]: () =>
        Response.json(issued({ clientId: 'aannemer_alfa-test-1a2b3c4d', omgeving: 'test' }), { status: 201 }),
    });
    const omgeving = within(dialog).getByRole('combobox', { name: LABELS.clients.omgeving });
    expect(omgeving).toHaveTextContent(OMGEVING_LABELS.productie);
    expect(dialog).toHaveTextContent(LABELS.clients.omgevingHelper);

    await user.type(omschrijving, 'Ketentest');
    await user.click(omgeving);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([OMGEVING_LABELS.productie, OMGEVING_LABELS.test]);
    await user.click(screen.getByRole('option', { name: OMGEVING_LABELS.test }));
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    const shown = await screen.findByRole('dialog', { name: LABELS.clients.createdTitle });
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.clientId })).toHaveTextContent(
      'aannemer_alfa-test-1a2b3c4d',
    );
    expect(await api.bodies('POST', CLIENTS)).toEqual([
      { organisatie: 'Aannemer_Alfa', omschrijving: 'Ketentest', methode: 'client_secret_basic', omgeving: 'test' },
    ]);
  });

  it('is not closed by a click beside it', async () => {
    const { user, omschrijving, createButton } = await openDialog();
    await user.type(omschrijving, 'Werkorders');
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);
    const shown = await screen.findByRole('dialog', { name: LABELS.clients.createdTitle });

    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    if (backdrop) await user.click(backdrop);

    expect(shown).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.secret })).toHaveTextContent(SECRET);
  });

  it('says a private_key_jwt client has no secret', async () => {
    const { user, omschrijving, chooseMethode, dialog, createButton } = await openDialog({
      [`POST ${CLIENTS}`]: () =>
        Response.json(issued({ clientId: 'aannemer_alfa-9x', methode: 'private_key_jwt' }, null), { status: 201 }),
    });
    await user.type(omschrijving, 'GIS');
    await chooseMethode(LABELS.clients.methods.private_key_jwt);
    await user.click(within(dialog).getByRole('textbox', { name: LABELS.clients.jwks }));
    await user.paste(JSON.stringify({ keys: [PUBLIC_KEY] }));
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    const shown = await screen.findByRole('dialog', { name: LABELS.clients.createdTitle });
    expect(shown).toHaveTextContent(LABELS.clients.noSecret);
    expect(within(shown).queryByRole('textbox', { name: LABELS.clients.secret })).not.toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: LABELS.clients.clientId })).toHaveTextContent('aannemer_alfa-9x');
  });

  it("shows the server's refusal of a key at the JWKS field, naming the key", async () => {
    const message = SYSTEM_CLIENT_TEXTS.rsaBits(1, 1024, 2048, 8192);
    const { user, dialog, omschrijving, chooseMethode, createButton } = await openDialog({
      [`POST ${CLIENTS}`]: () =>
        Response.json(
          { message: `jwks.keys.0.n: ${message}`, details: [{ field: 'jwks.keys.0.n', message }] },
          { status: 400 },
        ),
    });
    await user.type(omschrijving, 'GIS');
    await chooseMethode(LABELS.clients.methods.private_key_jwt);
    const jwks = within(dialog).getByRole('textbox', { name: LABELS.clients.jwks });
    await user.click(jwks);
    await user.paste(JSON.stringify({ keys: [{ kty: 'RSA', n: 'AQAB', e: 'AQAB' }] }));
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.click(createButton);

    await waitFor(() => expect(jwks).toHaveAccessibleDescription(message));
    expect(jwks).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: LABELS.clients.createdTitle })).not.toBeInTheDocument();
  });

  it('says the limit of clients when the organisation has as many as it may', async () => {
    const message = SYSTEM_CLIENT_TEXTS.tooManyClients('Aannemer_Alfa', 10);
    const { user, omschrijving, createButton } = await openDialog({
      [`POST ${CLIENTS}`]: () => Response.json({ message }, { status: 409 }),
    });
    await user.type(omschrijving, 'Werkorders');
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.click(createButton);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: TITLES.createSystemClient })).toBeInTheDocument();
  });

  it("keeps the dialog open and shows the server's reason when it refuses", async () => {
    const { user, omschrijving, createButton } = await openDialog({
      [`POST ${CLIENTS}`]: () =>
        Response.json({ message: SYSTEM_CLIENT_TEXTS.organisationTypeWithoutClients('Beheerder') }, { status: 400 }),
    });
    await user.type(omschrijving, 'Werkorders');
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.click(createButton);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createSystemClient);
    expect(alert).toHaveTextContent(SYSTEM_CLIENT_TEXTS.organisationTypeWithoutClients('Beheerder'));
    expect(screen.getByRole('dialog', { name: TITLES.createSystemClient })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: LABELS.clients.createdTitle })).not.toBeInTheDocument();
  });
});
