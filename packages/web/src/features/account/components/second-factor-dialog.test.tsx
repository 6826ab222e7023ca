import { ACCOUNT_SECOND_FACTOR_TEXTS, PASSWORD_TEXTS, type SecondFactorStatus } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { stubApi, type StubHandler } from '@/testing/stub-api';
import { SecondFactorDialog } from './second-factor-dialog';

const T = LABELS.secondFactor;
const STATUS = '/rest/account/second-factor';
const START = '/rest/account/second-factor/app/start';
const ENROL = '/rest/account/second-factor/app';
const RENEW = '/rest/account/second-factor/recovery-codes';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JK${String(i).padStart(2, '2')}`);
const ENROLMENT = {
  ticket: 'v1.ticket',
  secret: SECRET,
  otpauthUri: `otpauth://totp/Knooppunt:test%40knooppunt.example?secret=${SECRET}`,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The dialog, with the status the server answers (changed by the handlers a test gives). */
async function openDialog(status: SecondFactorStatus, handlers: Record<string, StubHandler> = {}) {
  const onClose = vi.fn();
  const state = { status };
  const api = stubApi({
    [`GET ${STATUS}`]: () => Response.json(state.status),
    // The passkeys beside the app: none.
    [`GET /rest/account/passkeys`]: () => Response.json({ items: [] }),
    ...handlers,
  });
  const view = renderWithProviders(<SecondFactorDialog onClose={onClose} />, { email: 'test@knooppunt.example' });
  const dialog = await screen.findByRole('dialog');
  const codeField = () => within(dialog).getByLabelText(new RegExp(`^${T.code}`));
  return { ...view, api, dialog, onClose, state, codeField };
}

const refused = (field: string, message: string) =>
  Response.json({ message, details: [{ field, message }] }, { status: 400 });

describe("'Tweede stap' in the account menu (issue 31)", () => {
  it('sets up an app: the QR code, the key by hand, the first code, then the recovery codes once', async () => {
    let attempts = 0;
    const { dialog, user, api, state, codeField, onClose } = await openDialog(
      { app: false, passkeys: 0, herstelcodesOver: 0, vereist: false },
      {
        [`POST ${START}`]: () => Response.json(ENROLMENT),
        [`POST ${ENROL}`]: () => {
          if (++attempts === 1) return refused('code', ACCOUNT_SECOND_FACTOR_TEXTS.wrongCode);
          state.status = { app: true, passkeys: 0, herstelcodesOver: 10, vereist: false };
          return Response.json({ herstelcodes: CODES }, { status: 201 });
        },
      },
    );
    expect(dialog).toHaveAccessibleName(T.title);
    expect(await within(dialog).findByText(T.intro)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.setUp }));

    const qr = await within(dialog).findByRole('img', { name: T.qrAlt });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ENROLMENT.qrSvg)}`);
    expect(within(dialog).getByRole('textbox', { name: T.key })).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const confirm = within(dialog).getByRole('button', { name: T.confirm });
    await user.type(codeField(), '12345');
    expect(confirm).toBeDisabled();
    await user.type(codeField(), '6');

    await user.click(confirm);
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(ACCOUNT_SECOND_FACTOR_TEXTS.wrongCode));
    await user.clear(codeField());
    await user.type(codeField(), '654 321');
    await user.click(within(dialog).getByRole('button', { name: T.confirm }));

    const list = await within(dialog).findByRole('list', { name: T.codesLabel });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(await api.bodies('POST', ENROL)).toEqual([
      { ticket: 'v1.ticket', code: '123456' },
      { ticket: 'v1.ticket', code: '654321' },
    ]);
    expect(await screen.findByText(T.enrolledToast)).toBeInTheDocument();

    // Shown once: Escape does not take them away; 'Ik heb de codes bewaard' does.
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: T.copy }));
    expect(await navigator.clipboard.readText()).toBe(
      [T.fileHeading('test@knooppunt.example'), '', ...CODES, ''].join('\n'),
    );
    await user.click(within(dialog).getByRole('button', { name: T.saved }));
    expect(await within(dialog).findByText(T.codesLeft(10, 10))).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('downloads the recovery codes as a text file', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: a URL class that hands out one and says which blob it was for.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:herstelcodes';
        }
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { dialog, user, codeField } = await openDialog(
      { app: true, passkeys: 0, herstelcodesOver: 4, vereist: false },
      { [`POST ${RENEW}`]: () => Response.json({ herstelcodes: CODES }, { status: 201 }) },
    );
    await user.click(await within(dialog).findByRole('button', { name: T.renew }));
    await user.type(codeField(), '123456');
    await user.click(within(dialog).getByRole('button', { name: T.renewSubmit }));
    await user.click(await within(dialog).findByRole('button', { name: T.download }));

    expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([
      [T.fileName, 'blob:herstelcodes'],
    ]);
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    expect((await blobs[0]!.text()).split('\n').slice(2, 12)).toEqual(CODES);
  });

  it('says how many recovery codes are left, warns when few are, and makes new ones with a code', async () => {
    const { dialog, user, api, state, codeField } = await openDialog(
      { app: true, passkeys: 0, herstelcodesOver: 3, vereist: false },
      {
        [`POST ${RENEW}`]: () => {
          state.status = { app: true, passkeys: 0, herstelcodesOver: 10, vereist: false };
          return Response.json({ herstelcodes: CODES }, { status: 201 });
        },
      },
    );
    expect(await within(dialog).findByText(T.codesLeft(3, 10))).toBeInTheDocument();
    expect(within(dialog).getByText(T.codesLow)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: T.renew }));
    expect(dialog).toHaveAccessibleName(T.renew);
    expect(within(dialog).getByText(T.renewIntro)).toBeInTheDocument();
    await user.type(codeField(), '123456');
    await user.click(within(dialog).getByRole('button', { name: T.renewSubmit }));

    expect(await within(dialog).findByRole('list', { name: T.codesLabel })).toBeInTheDocument();
    expect(await api.bodies('POST', RENEW)).toEqual([{ code: '123456' }]);
    await user.click(within(dialog).getByRole('button', { name: T.saved }));
    expect(await within(dialog).findByText(T.codesLeft(10, 10))).toBeInTheDocument();
    expect(within(dialog).queryByText(T.codesLow)).not.toBeInTheDocument();
  });

  it('removes the app with a code where that is allowed', async () => {
    const { dialog, user, api, state, codeField } = await openDialog(
      { app: true, passkeys: 0, herstelcodesOver: 10, vereist: false },
      {
        [`DELETE ${STATUS}`]: () => {
          state.status = { app: false, passkeys: 0, herstelcodesOver: 0, vereist: false };
          return new Response(null, { status: 204 });
        },
      },
    );
    expect(within(dialog).queryByText(T.codesLow)).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: T.remove }));
    expect(within(dialog).getByText(T.removeIntro)).toBeInTheDocument();
    await user.type(codeField(), '123456');
    await user.click(within(dialog).getByRole('button', { name: T.removeSubmit }));

    expect(await screen.findByText(T.removedToast)).toBeInTheDocument();
    expect(await within(dialog).findByText(T.intro)).toBeInTheDocument();
    expect(await api.bodies('DELETE', STATUS)).toEqual([{ code: '123456' }]);
  });

  it('offers no removal where the policy requires a second factor, and says why', async () => {
    const { dialog } = await openDialog({ app: true, passkeys: 0, herstelcodesOver: 10, vereist: true });
    expect(await within(dialog).findByText(T.required)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: T.renew })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: T.remove })).not.toBeInTheDocument();
  });

  it("says in the dialog when too many wrong codes locked the account; 'Annuleren' goes back", async () => {
    const { dialog, user, api, codeField } = await openDialog(
      { app: true, passkeys: 0, herstelcodesOver: 10, vereist: false },
      {
        [`POST ${RENEW}`]: () =>
          Response.json({ message: PASSWORD_TEXTS.locked(15) }, { status: 429, headers: { 'retry-after': '900' } }),
      },
    );
    await user.click(await within(dialog).findByRole('button', { name: T.renew }));
    await user.type(codeField(), '123456');
    await user.click(within(dialog).getByRole('button', { name: T.renewSubmit }));
    expect(await within(dialog).findByText(PASSWORD_TEXTS.locked(15))).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: LABELS.common.cancel }));
    expect(await within(dialog).findByText(T.codesLeft(10, 10))).toBeInTheDocument();
    expect(api.calls('POST', RENEW)).toHaveLength(1);
  });
});
