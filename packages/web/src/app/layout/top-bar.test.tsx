import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { TopBar } from './top-bar';

describe('top bar', () => {
  it('offers a login that returns to the current page when logged out', async () => {
    const { user, auth } = renderWithProviders(<TopBar onMenuClick={() => {}} />, {
      roles: null,
      url: '/berichten?page=2',
    });

    expect(screen.getByText(LABELS.appName)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LABELS.shell.login }));

    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/berichten?page=2' } });
    expect(screen.queryByRole('button', { name: LABELS.shell.account })).not.toBeInTheDocument();
    // Logged out the menu holds nothing to open.
    expect(screen.queryByRole('button', { name: LABELS.shell.openMenu })).not.toBeInTheDocument();
  });

  it('shows the participant and read-only e-mail in the account popover, with logout', async () => {
    const { user, auth } = renderWithProviders(<TopBar onMenuClick={() => {}} />, {
      roles: ['Beheer ziet alles'],
      deelnemer: 'Netbeheer_Zuid',
      email: 'jan@netbeheer-zuid.nl',
    });
    expect(screen.queryByRole('button', { name: LABELS.shell.login })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: LABELS.shell.account }));

    const popover = screen.getByRole('dialog', { name: LABELS.shell.account });
    expect(popover).toHaveTextContent('Netbeheer_Zuid');
    const email = within(popover).getByRole('textbox', { name: LABELS.shell.email });
    expect(email).toHaveValue('jan@netbeheer-zuid.nl');
    expect(email).toHaveAttribute('readonly');

    await user.click(within(popover).getByRole('button', { name: LABELS.shell.logout }));
    expect(auth.signoutRedirect).toHaveBeenCalled();
  });

  it('opens the menu', async () => {
    const onMenuClick = vi.fn();
    const { user } = renderWithProviders(<TopBar onMenuClick={onMenuClick} />);

    await user.click(screen.getByRole('button', { name: LABELS.shell.openMenu }));

    expect(onMenuClick).toHaveBeenCalledOnce();
  });
});
