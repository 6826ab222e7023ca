import { ERROR_TITLES, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { OrganisatiesScreen } from './organisaties-screen';

// A platform administrator: creating organisations is for who sees them all (decision 0014).
const ADMIN = ['Beheer ziet alles', 'Gebruikers Beheren'];

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const searches = () => fetchMock.mock.calls.filter(([request]) => request.url.endsWith('/rest/organisations/search'));
const creations = () => fetchMock.mock.calls.filter(([request]) => request.url.endsWith('/rest/organisations'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (request) =>
    request.url.endsWith('/search')
      ? Response.json({ items: [], count: 0, skip: 0, limit: 10 })
      : Response.json(await request.clone().json(), { status: 201 }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function openDialog() {
  const view = renderWithProviders(<OrganisatiesScreen />, { roles: ADMIN, url: '/organisaties' });
  await view.user.click(screen.getByRole('button', { name: LABELS.organisaties.newOrganisation }));
  const dialog = screen.getByRole('dialog', { name: TITLES.createOrganisation });
  const chooseType = async (type: string) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: LABELS.organisaties.type }));
    await view.user.click(screen.getByRole('option', { name: type }));
  };
  return {
    ...view,
    dialog,
    chooseType,
    createButton: within(dialog).getByRole('button', { name: LABELS.common.create }),
  };
}

describe('Aanmaken organisatie', () => {
  it('enables Aanmaken only once name and type are valid', async () => {
    const { user, dialog, chooseType, createButton } = await openDialog();
    expect(createButton).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie }), 'Aannemer_Beta');
    expect(createButton).toBeDisabled();

    await chooseType('Aannemer');
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.clear(within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie }));
    await waitFor(() => expect(createButton).toBeDisabled());
    expect(dialog).toHaveTextContent('Organisatie moet ingevuld zijn.');
  });

  it("asks for delegerenden only for a 'Gedelegeerd netbeheerder', and at least one", async () => {
    const { user, dialog, chooseType, createButton } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie }), 'Gedelegeerd_West');

    await chooseType('Netbeheerder');
    expect(within(dialog).queryByRole('combobox', { name: LABELS.organisaties.delegerenden })).not.toBeInTheDocument();
    await waitFor(() => expect(createButton).toBeEnabled());

    await chooseType('Gedelegeerd netbeheerder');
    const delegerenden = within(dialog).getByRole('combobox', { name: LABELS.organisaties.delegerenden });
    await waitFor(() => expect(createButton).toBeDisabled());

    await user.click(delegerenden);
    await user.click(screen.getByRole('option', { name: 'Netbeheer_Zuid' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(createButton).toBeEnabled());
  });

  it('creates the organisation, says so, closes and refreshes the list', async () => {
    const { user, dialog, chooseType, createButton } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie }), ' Aannemer_Beta ');
    await chooseType('Aannemer');
    await waitFor(() => expect(createButton).toBeEnabled());
    const searchesBefore = searches().length;

    await user.click(createButton);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.organisationCreated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await creations()[0]?.[0].json()).toEqual({
      organisatie: 'Aannemer_Beta',
      type: 'Aannemer',
      metadata: { delegerenden: [] },
    });
    await waitFor(() => expect(searches().length).toBeGreaterThan(searchesBefore));
  });

  it('keeps the dialog open and shows why when the server refuses', async () => {
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/search')
        ? Response.json({ items: [], count: 0, skip: 0, limit: 10 })
        : Response.json({ message: "Organisatie 'Aannemer_Beta' bestaat al." }, { status: 409 }),
    );
    const { user, dialog, chooseType, createButton } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie }), 'Aannemer_Beta');
    await chooseType('Aannemer');
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.click(createButton);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createOrganisation);
    expect(alert).toHaveTextContent("Organisatie 'Aannemer_Beta' bestaat al.");
    expect(screen.getByRole('dialog', { name: TITLES.createOrganisation })).toBeInTheDocument();
  });

  it('says a refused name under the field (a look-alike of an existing one), not in an alert', async () => {
    const message = "Deze naam lijkt te veel op die van 'Netbeheer_Noord'; kies een naam die niet te verwarren is.";
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/search')
        ? Response.json({ items: [], count: 0, skip: 0, limit: 10 })
        : Response.json({ message, details: [{ field: 'organisatie', message }] }, { status: 400 }),
    );
    const { user, dialog, chooseType, createButton } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: LABELS.organisaties.organisatie });
    await user.type(name, 'Netbeheer_N0ord');
    await chooseType('Netbeheerder');
    await waitFor(() => expect(createButton).toBeEnabled());

    await user.click(createButton);

    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TITLES.createOrganisation })).toBeInTheDocument();
  });
});
