import { screen, waitFor, within } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { recentLogin } from '@/lib/auth/recent-login';
import { LABELS } from '@/lib/texts';
import { TEST_CONFIG } from '@/testing/fake-auth';
import { renderWithProviders } from '@/testing/render';
import { RecentLoginDialog } from './recent-login-dialog';

/** The embedded provider: the portal's own origin, where the login runs in a popup. */
const EMBEDDED = { ...TEST_CONFIG, authority: `${window.location.origin}/oidc` };

afterEach(() => recentLogin.cancel());

describe('the recent-login dialog', () => {
  it('asks, logs in again in a popup with prompt=login, and answers the waiting call with the new token', async () => {
    const { auth, user } = renderWithProviders(<RecentLoginDialog />, { config: EMBEDDED });
    const waiting = recentLogin.request(900);

    const dialog = await screen.findByRole('dialog', { name: LABELS.recentLogin.title });
    expect(dialog).toHaveTextContent('Voor deze actie moet u in de afgelopen 15 minuten zijn ingelogd.');
    await user.click(within(dialog).getByRole('button', { name: LABELS.recentLogin.loginAgain }));

    await expect(waiting).resolves.toBe('token-recent');
    expect(auth.signinPopup).toHaveBeenCalledWith({ prompt: 'login' });
    expect(auth.signinRedirect).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the popup closed before the login, and may try again', async () => {
    const { auth, user } = renderWithProviders(<RecentLoginDialog />, { config: EMBEDDED });
    const waiting = recentLogin.request(900);
    const popup = auth.signinPopup as unknown as { mockRejectedValueOnce: (error: Error) => void };
    popup.mockRejectedValueOnce(new Error('Popup closed by user'));

    const dialog = await screen.findByRole('dialog', { name: LABELS.recentLogin.title });
    await user.click(within(dialog).getByRole('button', { name: LABELS.recentLogin.loginAgain }));
    expect(await within(dialog).findByText(LABELS.recentLogin.popupClosed)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: LABELS.recentLogin.loginAgain }));
    await expect(waiting).resolves.toBe('token-recent');
  });

  it("does not carry out the action with someone else's login", async () => {
    const { auth, user } = renderWithProviders(<RecentLoginDialog />, { config: EMBEDDED });
    const waiting = recentLogin.request(900);
    const popup = auth.signinPopup as unknown as { mockResolvedValueOnce: (user: User) => void };
    popup.mockResolvedValueOnce({ ...auth.user!, profile: { ...auth.user!.profile, sub: 'someone-else' } } as User);

    const dialog = await screen.findByRole('dialog', { name: LABELS.recentLogin.title });
    await user.click(within(dialog).getByRole('button', { name: LABELS.recentLogin.loginAgain }));
    expect(await within(dialog).findByText(LABELS.recentLogin.otherUser)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: LABELS.recentLogin.loginAgain })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.close }));
    await expect(waiting).resolves.toBeUndefined();
  });

  it('with an external provider logs in on the whole page and comes back to it', async () => {
    window.history.replaceState(null, '', '/gebruikers?organisatie=X');
    const { auth, user } = renderWithProviders(<RecentLoginDialog />);
    void recentLogin.request(300);

    const dialog = await screen.findByRole('dialog', { name: LABELS.recentLogin.title });
    expect(dialog).toHaveTextContent('5 minuten');
    await user.click(within(dialog).getByRole('button', { name: LABELS.recentLogin.loginAgain }));

    expect(auth.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/gebruikers?organisatie=X' },
      prompt: 'login',
    });
    expect(auth.signinPopup).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });
});
