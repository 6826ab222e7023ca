import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { NavDrawer } from './nav-drawer';

function renderMenu(roles: string[] | null) {
  const view = renderWithProviders(<NavDrawer open onClose={() => {}} />, { roles });
  return { ...view, menu: screen.getByRole('navigation', { name: LABELS.shell.mainMenu }) };
}

const linksOf = (menu: HTMLElement) =>
  within(menu)
    .queryAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('main menu', () => {
  it('shows every section and link to the super role', () => {
    const { menu } = renderMenu(['Beheer ziet alles']);

    expect(
      within(menu)
        .getAllByRole('list')
        .map((list) => list.firstElementChild?.textContent),
    ).toEqual(['Aansluiting', 'Hoofdnet', 'Business rules', 'Gebruikersbeheer', LABELS.shell.logout]);
    expect(linksOf(menu)).toEqual([
      '/opdrachten',
      '/berichten',
      '/uitval',
      '/configs',
      '/hoofdnet/opdrachten',
      '/hoofdnet/berichten',
      '/hoofdnet/leveringen',
      '/hoofdnet/uitval',
      '/hoofdnet/configs',
      '/zoeken',
      '/scenarios',
      '/waardenlijsten',
      '/termijnen',
      '/gebruikers',
      '/organisaties',
      '/auditlog',
    ]);
    expect(within(menu).getByRole('link', { name: "Uw scenario's" })).toHaveAttribute('href', '/scenarios');
  });

  it('shows only the links a user may open, and only sections that have any', () => {
    const { menu } = renderMenu(['Beheer Monitoring', 'Business rules Zoeken']);

    expect(linksOf(menu)).toEqual([
      '/opdrachten',
      '/berichten',
      '/hoofdnet/opdrachten',
      '/hoofdnet/berichten',
      '/hoofdnet/leveringen',
      '/zoeken',
      '/waardenlijsten',
      '/termijnen',
    ]);
    expect(within(menu).queryByText(LABELS.menu.sections.users)).not.toBeInTheDocument();
  });

  it("shows 'Systeemclients' under Gebruikersbeheer only to who may manage system clients", () => {
    const admin = renderMenu(['Beheer ziet alles', 'Connectiviteit Beheren']);
    expect(linksOf(admin.menu).slice(-4)).toEqual(['/gebruikers', '/organisaties', '/clients', '/auditlog']);
    admin.unmount();

    const participant = renderMenu(['Netbeheerder', 'Beheer connectiviteit']);
    expect(linksOf(participant.menu)).toEqual(['/clients']);
    expect(within(participant.menu).getByRole('link', { name: LABELS.menu.clients })).toBeInTheDocument();
    expect(within(participant.menu).getByText(LABELS.menu.sections.users)).toBeInTheDocument();
    participant.unmount();

    // The super role alone, or a participant's role with it, does not reach the clients.
    for (const roles of [['Beheer ziet alles'], ['Beheer ziet alles', 'Beheer connectiviteit']]) {
      const other = renderMenu(roles);
      expect(linksOf(other.menu)).not.toContain('/clients');
      other.unmount();
    }
  });

  it("shows 'Auditlog' under Gebruikersbeheer to the super role alone", () => {
    const admin = renderMenu(['Beheer ziet alles']);
    expect(within(admin.menu).getByRole('link', { name: LABELS.menu.auditlog })).toHaveAttribute('href', '/auditlog');
    admin.unmount();

    // Every other role together: the users' section shows, the audit log does not.
    const other = renderMenu(['Beheer User Viewers', 'Beheer Monitoring', 'Uitval Beheren', 'Configuraties Beheren']);
    expect(within(other.menu).getByText(LABELS.menu.sections.users)).toBeInTheDocument();
    expect(linksOf(other.menu)).not.toContain('/auditlog');
  });

  it("shows 'Testtool' under Gebruikersbeheer only with 'Testtool Verzenden'", () => {
    const participant = renderMenu(['Coordinerende Aannemer', 'Testtool Verzenden']);
    expect(linksOf(participant.menu)).toEqual(['/testtool']);
    expect(within(participant.menu).getByRole('link', { name: LABELS.menu.testtool })).toBeInTheDocument();
    expect(within(participant.menu).getByText(LABELS.menu.sections.users)).toBeInTheDocument();
    participant.unmount();

    const admin = renderMenu(['Beheer ziet alles', 'Connectiviteit Beheren', 'Testtool Verzenden']);
    expect(linksOf(admin.menu).slice(-5)).toEqual([
      '/gebruikers',
      '/organisaties',
      '/clients',
      '/testtool',
      '/auditlog',
    ]);
    admin.unmount();

    // 'Testtool Beheren' alone, the super role alone or a participant's own roles: no Testtool.
    for (const roles of [
      ['Beheer ziet alles', 'Testtool Beheren'],
      ['Coordinerende Aannemer', 'Beheer connectiviteit'],
    ]) {
      const other = renderMenu(roles);
      expect(linksOf(other.menu)).not.toContain('/testtool');
      other.unmount();
    }
  });

  it('shows no links and no logout without a session, but always the version', () => {
    const { menu } = renderMenu(null);

    expect(linksOf(menu)).toEqual([]);
    expect(within(menu).queryByText(LABELS.shell.logout)).not.toBeInTheDocument();
    expect(screen.getByText(`v${__APP_VERSION__}`)).toBeInTheDocument();
    expect(screen.getByText(__COMMIT_HASH__.slice(0, 8))).toBeInTheDocument();
  });

  it('logs out from the menu', async () => {
    const { menu, user, auth } = renderMenu(['Beheer ziet alles']);

    await user.click(within(menu).getByRole('button', { name: LABELS.shell.logout }));

    expect(auth.signoutRedirect).toHaveBeenCalled();
  });
});
