import { ERROR_TITLES, STAFF_CHOICE, SUCCESS_MESSAGES, SUPER_ROLE, USER_TEXTS } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import type { FakeAuthOptions } from '@/testing/fake-auth';
import type { StubHandler } from '@/testing/stub-api';
import { GebruikersScreen } from './gebruikers-screen';
import { PLATFORM_ADMIN, STAFF_MANAGER, stubUsersApi, users } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const CHANGE = ['POST', '/rest/users/roles'] as const;

async function openDialog(email: string, change?: StubHandler, session: FakeAuthOptions = STAFF_MANAGER) {
  const api = stubUsersApi({
    'POST /rest/users/roles': change ?? (() => Response.json(users.find((user) => user.email === email))),
  });
  const view = renderWithProviders(<GebruikersScreen />, { ...session, url: '/gebruikers' });
  await view.user.click(await screen.findByRole('button', { name: LABELS.gebruikers.changeRolesTitle(email) }));
  const dialog = screen.getByRole('dialog', { name: LABELS.gebruikers.changeRolesTitle(email) });
  const toggle = async (options: string[]) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.optionalRoles }));
    for (const option of options) await view.user.click(screen.getByRole('option', { name: option }));
    await view.user.keyboard('{Escape}');
  };
  return { ...view, api, dialog, toggle, save: within(dialog).getByRole('button', { name: LABELS.gebruikers.save }) };
}

describe('Wijzigen rollen', () => {
  it("starts from the user's roles and sends the changed ones", async () => {
    const { user, api, dialog, toggle, save } = await openDialog('jan@noord.example');
    expect(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.role })).toHaveTextContent('Netbeheerder');
    expect(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.optionalRoles })).toHaveTextContent(
      'Uitval Beheren',
    );

    await toggle(['Uitval Beheren', 'Configuraties Beheren']);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await api.bodies(...CHANGE)).toEqual([{ user: 'u1', roles: ['Netbeheerder', 'Configuraties Beheren'] }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.rolesChanged);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('needs at least one optional role when the group has no main roles, and says which roles lapse', async () => {
    // Anna holds a user-management role: only a platform administrator may take it away.
    const { dialog, toggle, save } = await openDialog('anna@partner.example', undefined, PLATFORM_ADMIN);
    expect(within(dialog).queryByRole('combobox', { name: LABELS.gebruikers.role })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(LABELS.gebruikers.droppedRoles('Beheer User Viewers'));
    expect(save).toBeEnabled();

    await toggle(['Testtool Verzenden']);
    expect(save).toBeDisabled();
    expect(dialog).toHaveTextContent(USER_TEXTS.rolOfOptioneel);
  });

  it('shows the error alert and keeps the dialog open when changing fails', async () => {
    const { user, dialog, save } = await openDialog('jan@noord.example', () =>
      Response.json({ message: 'Kies een rol' }, { status: 400 }),
    );
    await user.click(save);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.changeRoles);
    expect(dialog).toBeInTheDocument();
  });

  it('lets a platform administrator move a staff member of Knooppunt_Beheer to the super role', async () => {
    const { user, api, dialog, save } = await openDialog('monitor@knooppunt.example', undefined, PLATFORM_ADMIN);
    expect(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.role })).toHaveTextContent(STAFF_CHOICE);
    expect(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.staffRoles })).toHaveTextContent(
      'Beheer Monitoring, Uitval Beheren',
    );
    await user.click(within(dialog).getByRole('combobox', { name: LABELS.gebruikers.role }));
    await user.click(screen.getByRole('option', { name: SUPER_ROLE }));
    await user.click(save);

    expect(await api.bodies(...CHANGE)).toEqual([{ user: 'u5', roles: [SUPER_ROLE] }]);
  });
});
