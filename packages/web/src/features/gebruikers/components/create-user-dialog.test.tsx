import {
  ERROR_TITLES,
  OPERATOR_STAFF_ROLES,
  STAFF_CHOICE,
  SUPER_ROLE,
  SUCCESS_MESSAGES,
  USER_TEXTS,
} from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import type { FakeAuthOptions } from '@/testing/fake-auth';
import type { StubHandler } from '@/testing/stub-api';
import { GebruikersScreen } from './gebruikers-screen';
import { NOORD_MANAGER, PLATFORM_ADMIN, STAFF_MANAGER, stubUsersApi } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const CREATE = ['POST', '/rest/users'] as const;

async function openDialog(create?: StubHandler, session: FakeAuthOptions = STAFF_MANAGER) {
  const api = stubUsersApi({
    'POST /rest/users': create ?? (async (request) => Response.json(await request.clone().json(), { status: 201 })),
  });
  const view = renderWithProviders(<GebruikersScreen />, { ...session, url: '/gebruikers' });
  await screen.findByText('jan@noord.example');
  await view.user.click(screen.getByRole('button', { name: LABELS.gebruikers.newUser }));
  const dialog = screen.getByRole('dialog', { name: LABELS.gebruikers.createTitle });
  const choose = async (label: string, option: string) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: label }));
    await view.user.click(screen.getByRole('option', { name: option }));
  };
  const optionsOf = async (label: string) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: label }));
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    await view.user.keyboard('{Escape}');
    return names;
  };
  const chooseMany = async (label: string, options: string[]) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: label }));
    for (const option of options) await view.user.click(screen.getByRole('option', { name: option }));
    await view.user.keyboard('{Escape}');
  };
  return {
    ...view,
    api,
    dialog,
    choose,
    chooseMany,
    optionsOf,
    email: within(dialog).getByRole('textbox', { name: LABELS.gebruikers.email }),
    createButton: within(dialog).getByRole('button', { name: LABELS.common.create }),
  };
}

describe('Aanmaken gebruiker', () => {
  it('needs a valid e-mail of at most 100 characters, an organisation and a role; sends the e-mail trimmed', async () => {
    const { user, api, dialog, choose, chooseMany, email, createButton } = await openDialog();
    expect(createButton).toBeDisabled();

    await user.type(email, 'geen-adres');
    expect(dialog).toHaveTextContent(USER_TEXTS.email);
    await user.clear(email);
    // The field takes no more than 100 characters, as omschrijving (issue 33 item 5).
    await user.click(email);
    await user.paste(`${'a'.repeat(95)}@x.example`);
    expect(email).toHaveValue(`${'a'.repeat(95)}@x.ex`);
    await user.clear(email);
    await user.type(email, '  nieuw@noord.example ');
    expect(dialog).not.toHaveTextContent(USER_TEXTS.email);

    await choose(LABELS.gebruikers.organisatie, 'Netbeheer_Noord');
    expect(createButton).toBeDisabled();
    // Optional roles wait for the role.
    expect(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.optionalRoles })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(dialog).toHaveTextContent(LABELS.gebruikers.optionalRolesHelper);

    await choose(LABELS.gebruikers.role, 'Netbeheerder');
    await chooseMany(LABELS.gebruikers.optionalRoles, ['Uitval Beheren']);
    expect(within(dialog).queryByRole('combobox', { name: LABELS.gebruikers.delegerende })).not.toBeInTheDocument();
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    expect(await api.bodies(...CREATE)).toEqual([
      {
        email: 'nieuw@noord.example',
        organisatie: 'Netbeheer_Noord',
        roles: ['Netbeheerder', 'Uitval Beheren'],
        metadata: {},
      },
    ]);
    // The success notification (issue 29), with what comes next; no link without one in the answer.
    const confirmation = await screen.findByRole('alert');
    expect(confirmation).toHaveTextContent(SUCCESS_MESSAGES.userCreated);
    expect(confirmation).toHaveTextContent(LABELS.gebruikers.createdNext('nieuw@noord.example'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("asks for the delegerende only for a 'Gedelegeerd Netbeheerder' of an organisation with delegating parties", async () => {
    const { user, api, dialog, choose, email, createButton } = await openDialog();
    await user.type(email, 'delta@oost.example');
    await choose(LABELS.gebruikers.organisatie, 'Gedelegeerd_Oost');
    expect(within(dialog).queryByRole('combobox', { name: LABELS.gebruikers.delegerende })).not.toBeInTheDocument();

    await choose(LABELS.gebruikers.role, 'Gedelegeerd Netbeheerder');
    expect(createButton).toBeDisabled();
    await choose(LABELS.gebruikers.delegerende, 'Netbeheer_Zuid');
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    expect(await api.bodies(...CREATE)).toEqual([
      {
        email: 'delta@oost.example',
        organisatie: 'Gedelegeerd_Oost',
        roles: ['Gedelegeerd Netbeheerder'],
        metadata: { delegerende: 'Netbeheer_Zuid' },
      },
    ]);
  });

  it('needs at least one optional role when the organisation type has no main roles', async () => {
    const { user, dialog, choose, chooseMany, email, createButton } = await openDialog();
    await user.type(email, 'partner@x.example');
    await choose(LABELS.gebruikers.organisatie, 'Implementatie_Partner');

    expect(within(dialog).queryByRole('combobox', { name: LABELS.gebruikers.role })).not.toBeInTheDocument();
    expect(createButton).toBeDisabled();
    await chooseMany(LABELS.gebruikers.optionalRoles, ['Testtool Verzenden']);
    await waitFor(() => expect(createButton).toBeEnabled());
    await chooseMany(LABELS.gebruikers.optionalRoles, ['Testtool Verzenden']);
    expect(createButton).toBeDisabled();
    expect(dialog).toHaveTextContent(USER_TEXTS.rolOfOptioneel);
  });

  it('confirms with the success notification and keeps the set-password link of the answer on screen', async () => {
    const { user, choose, email, createButton } = await openDialog(async (request) =>
      Response.json(
        { ...(await request.clone().json()), setPasswordUrl: 'http://localhost/account/wachtwoord/abc' },
        { status: 201 },
      ),
    );
    await user.type(email, 'nieuw@noord.example');
    await choose(LABELS.gebruikers.organisatie, 'Netbeheer_Noord');
    await choose(LABELS.gebruikers.role, 'Netbeheerder');
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.userCreated);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(LABELS.gebruikers.invitationFor('nieuw@noord.example'));
    expect(within(status).getByRole('link', { name: 'http://localhost/account/wachtwoord/abc' })).toHaveAttribute(
      'href',
      'http://localhost/account/wachtwoord/abc',
    );
  });

  it('keeps the dialog open and shows the error alert when creating fails', async () => {
    const { user, dialog, choose, email, createButton } = await openDialog(() =>
      Response.json({ message: 'Er is al een gebruiker met e-mailadres jan@noord.example' }, { status: 409 }),
    );
    await user.type(email, 'jan@noord.example');
    await choose(LABELS.gebruikers.organisatie, 'Netbeheer_Noord');
    await choose(LABELS.gebruikers.role, 'Netbeheerder');
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createUser);
    expect(alert).toHaveTextContent('Er is al een gebruiker met e-mailadres jan@noord.example');
    expect(dialog).toBeInTheDocument();
  });

  describe('offers only what the server accepts (decision 0014)', () => {
    const created = async (request: Request) => Response.json(await request.clone().json(), { status: 201 });

    it("offers the operator's staff the participants' organisations, not Knooppunt_Beheer", async () => {
      const { optionsOf } = await openDialog();
      expect(await optionsOf(LABELS.gebruikers.organisatie)).toEqual([
        'Gedelegeerd_Oost',
        'Implementatie_Partner',
        'Netbeheer_Noord',
      ]);
    });

    it("offers a participant's user manager its own organisation only", async () => {
      const { optionsOf } = await openDialog(created, NOORD_MANAGER);
      expect(await optionsOf(LABELS.gebruikers.organisatie)).toEqual(['Netbeheer_Noord']);
    });

    it('offers a platform administrator Knooppunt_Beheer with the super role, a staff member or geen', async () => {
      const { user, api, dialog, choose, chooseMany, optionsOf, email, createButton } = await openDialog(
        created,
        PLATFORM_ADMIN,
      );
      expect(await optionsOf(LABELS.gebruikers.organisatie)).toContain('Knooppunt_Beheer');
      await user.type(email, 'staf@knooppunt.example');
      await choose(LABELS.gebruikers.organisatie, 'Knooppunt_Beheer');
      expect(await optionsOf(LABELS.gebruikers.role)).toEqual([SUPER_ROLE, STAFF_CHOICE, 'geen']);

      await choose(LABELS.gebruikers.role, SUPER_ROLE);
      expect(await optionsOf(LABELS.gebruikers.optionalRoles)).toContain('Gebruikers Beheren');
      await chooseMany(LABELS.gebruikers.optionalRoles, ['Gebruikers Beheren']);
      await waitFor(() => expect(createButton).toBeEnabled());

      // A staff member without the super role needs at least one staff role; the super role's go.
      await choose(LABELS.gebruikers.role, STAFF_CHOICE);
      const staffRoles = within(dialog).getByRole('combobox', { name: LABELS.gebruikers.staffRoles });
      expect(staffRoles).not.toHaveTextContent('Gebruikers Beheren');
      expect(createButton).toBeDisabled();
      expect(dialog).toHaveTextContent(USER_TEXTS.medewerkerRolNodig);
      expect(await optionsOf(LABELS.gebruikers.staffRoles)).toEqual([...OPERATOR_STAFF_ROLES]);
      await chooseMany(LABELS.gebruikers.staffRoles, ['Beheer Monitoring', 'Uitval Beheren']);
      await waitFor(() => expect(createButton).toBeEnabled());
      await user.click(createButton);

      expect(await api.bodies(...CREATE)).toEqual([
        {
          email: 'staf@knooppunt.example',
          organisatie: 'Knooppunt_Beheer',
          roles: ['Beheer Monitoring', 'Uitval Beheren'],
          metadata: {},
        },
      ]);
    });
  });
});
