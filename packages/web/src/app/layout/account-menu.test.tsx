import { PASSWORD_TEXTS } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalConfigProvider } from '@/lib/portal-config';
import { LABELS } from '@/lib/texts';
import { TEST_CONFIG } from '@/testing/fake-auth';
import { renderWithProviders } from '@/testing/render';
import { stubApi, type StubHandler } from '@/testing/stub-api';
import { AccountMenu } from './account-menu';

const T = LABELS.changePassword;
const PATH = '/rest/account/password';

afterEach(() => vi.unstubAllGlobals());

/** Opens 'Wachtwoord wijzigen' from the account menu. */
async function openDialog(answer?: StubHandler) {
  const api = stubApi(answer ? { [`POST ${PATH}`]: answer } : {});
  const view = renderWithProviders(<AccountMenu />, { roles: ['Beheer ziet alles'] });
  await view.user.click(screen.getByRole('button', { name: LABELS.shell.account }));
  await view.user.click(screen.getByRole('button', { name: LABELS.shell.changePassword }));
  const dialog = await screen.findByRole('dialog', { name: T.title });
  // A required field's label ends in ' *'.
  const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
  const fill = async (current: string, next: string, repeat = next) => {
    await view.user.type(field(T.current), current);
    await view.user.type(field(T.next), next);
    await view.user.type(field(T.repeat), repeat);
  };
  return { ...view, api, dialog, field, fill };
}

describe("'Wachtwoord wijzigen' in the account menu (issue 29)", () => {
  it('is offered only when the server says the passwords are its own', async () => {
    const { user } = renderWithProviders(
      <PortalConfigProvider config={{ ...TEST_CONFIG, passwordChange: false }}>
        <AccountMenu />
      </PortalConfigProvider>,
      { roles: ['Beheer ziet alles'] },
    );
    await user.click(screen.getByRole('button', { name: LABELS.shell.account }));

    expect(screen.getByRole('button', { name: LABELS.shell.logout })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.shell.changePassword })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.shell.secondFactor })).not.toBeInTheDocument();
  });

  it("opens 'Tweede stap' (issue 31) beside it", async () => {
    stubApi({
      [`GET /rest/account/second-factor`]: () =>
        Response.json({ app: false, passkeys: 0, herstelcodesOver: 0, vereist: false }),
      [`GET /rest/account/passkeys`]: () => Response.json({ items: [] }),
    });
    const { user } = renderWithProviders(<AccountMenu />, { roles: ['Beheer ziet alles'] });
    await user.click(screen.getByRole('button', { name: LABELS.shell.account }));
    await user.click(screen.getByRole('button', { name: LABELS.shell.secondFactor }));

    const dialog = await screen.findByRole('dialog', { name: LABELS.secondFactor.title });
    expect(await within(dialog).findByText(LABELS.secondFactor.intro)).toBeInTheDocument();
  });

  it('shows the rule before anything is sent, and sends only a valid, repeated new password', async () => {
    const { dialog, field, fill, user, api } = await openDialog();
    expect(field(T.next)).toHaveAccessibleDescription('Ten minste 10 tekens.');
    const submit = within(dialog).getByRole('button', { name: T.submit });
    expect(submit).toBeDisabled();

    await fill('oud-wachtwoord', 'kort', 'kort');
    expect(field(T.next)).toHaveAccessibleDescription(PASSWORD_TEXTS.tooShort);
    expect(submit).toBeDisabled();

    await user.clear(field(T.next));
    await user.type(field(T.next), 'een-nieuw-wachtwoord');
    await user.click(field(T.current));
    expect(field(T.repeat)).toHaveAccessibleDescription(T.different);
    expect(submit).toBeDisabled();
    expect(api.calls('POST', PATH)).toHaveLength(0);
  });

  it('says the password changed, then logs out to log in again', async () => {
    const { dialog, fill, user, api, auth } = await openDialog(() => new Response(null, { status: 204 }));
    await fill('oud-wachtwoord', 'een-nieuw-wachtwoord');
    await user.click(within(dialog).getByRole('button', { name: T.submit }));

    const done = await screen.findByRole('dialog', { name: T.doneTitle });
    expect(within(done).getByRole('status')).toHaveTextContent(T.done);
    expect(await api.bodies('POST', PATH)).toEqual([
      { huidigWachtwoord: 'oud-wachtwoord', nieuwWachtwoord: 'een-nieuw-wachtwoord' },
    ]);
    // The session has ended: the dialog does not go away without the new login.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: T.doneTitle })).toBeInTheDocument();
    expect(auth.signoutRedirect).not.toHaveBeenCalled();

    await user.click(within(done).getByRole('button', { name: LABELS.shell.loginAgain }));
    expect(auth.signoutRedirect).toHaveBeenCalled();
  });

  it("shows the server's refusal of a field at that field, and keeps the dialog open", async () => {
    const { dialog, field, fill, user } = await openDialog(() =>
      Response.json(
        { message: PASSWORD_TEXTS.wrong, details: [{ field: 'huidigWachtwoord', message: PASSWORD_TEXTS.wrong }] },
        { status: 400 },
      ),
    );
    await fill('verkeerd-wachtwoord', 'een-nieuw-wachtwoord');
    await user.click(within(dialog).getByRole('button', { name: T.submit }));

    await waitFor(() => expect(field(T.current)).toHaveAccessibleDescription(PASSWORD_TEXTS.wrong));
    expect(field(T.current)).toHaveFocus();
    expect(screen.getByRole('dialog', { name: T.title })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in the dialog when too many wrong attempts locked the account', async () => {
    const { dialog, fill, user } = await openDialog(() =>
      Response.json({ message: PASSWORD_TEXTS.locked(15) }, { status: 429, headers: { 'retry-after': '900' } }),
    );
    await fill('verkeerd-wachtwoord', 'een-nieuw-wachtwoord');
    await user.click(within(dialog).getByRole('button', { name: T.submit }));

    expect(await within(dialog).findByText(PASSWORD_TEXTS.locked(15))).toBeInTheDocument();
  });

  it('closes with Annuleren without sending anything', async () => {
    const { dialog, user, api } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.cancel }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.title })).not.toBeInTheDocument());
    expect(api.calls('POST', PATH)).toHaveLength(0);
  });
});
