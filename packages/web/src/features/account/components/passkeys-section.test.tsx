import { PASSKEY_TEXTS, type Passkey } from '@knooppunt/domain';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { PasskeysSection } from './passkeys-section';

const browser = vi.hoisted(() => ({ supported: true, startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof WebAuthnBrowser>()),
  browserSupportsWebAuthn: () => browser.supported,
  startRegistration: browser.startRegistration,
}));

const T = PASSKEY_TEXTS;
const LIST = '/rest/account/passkeys';
const LAPTOP: Passkey = {
  id: 'cred-laptop',
  naam: 'Laptop',
  aangemaakt: '2026-03-02T09:15:00Z',
  laatstGebruikt: '2026-03-04T08:00:00Z',
};
const KEY: Passkey = { id: 'cred-key', naam: 'Passkey 2', aangemaakt: '2026-03-05T10:00:00Z', laatstGebruikt: null };
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'knooppunt.example', name: 'Knooppunt' } };
const ANSWER = { id: 'cred-new', rawId: 'cred-new', type: 'public-key', response: {}, clientExtensionResults: {} };
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JK${String(i).padStart(2, '0')}`);

beforeEach(() => {
  browser.supported = true;
  browser.startRegistration.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

/** The server with `items` as the user's passkeys; an addition appends one, a removal removes it. */
function stubServer(items: Passkey[], answers: { added?: object; removeStatus?: number } = {}) {
  let current = [...items];
  return stubApi({
    [`GET ${LIST}`]: () => Response.json({ items: current }),
    [`POST ${LIST}/options`]: () => Response.json({ ticket: 'verzegeld', options: OPTIONS }),
    [`POST ${LIST}`]: () => {
      const added = { id: 'cred-new', naam: 'Passkey 3', aangemaakt: '2026-03-06T10:00:00Z', laatstGebruikt: null };
      current = [...current, added];
      return Response.json({ ...added, ...answers.added }, { status: 201 });
    },
    [`DELETE ${LIST}/${LAPTOP.id}`]: () => {
      if (answers.removeStatus) return Response.json({ message: T.lastFactor }, { status: answers.removeStatus });
      current = current.filter((passkey) => passkey.id !== LAPTOP.id);
      return new Response(null, { status: 204 });
    },
  });
}

const section = () => screen.getByRole('region', { name: T.title });

describe('Passkeys en beveiligingssleutels', () => {
  it('lists the user’s passkeys with when they were added and last used', async () => {
    stubServer([LAPTOP, KEY]);
    renderWithProviders(<PasskeysSection onRecoveryCodes={vi.fn()} />);
    const items = await within(await screen.findByRole('list', { name: T.title })).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Laptop');
    expect(items[0]).toHaveTextContent(`${T.laatstGebruikt} 04-03-2026`);
    expect(items[1]).toHaveTextContent(`· ${T.nooitGebruikt}`);
    expect(items[1]).not.toHaveTextContent(T.laatstGebruikt);
  });

  it('says so when there is none', async () => {
    stubServer([]);
    renderWithProviders(<PasskeysSection onRecoveryCodes={vi.fn()} />);
    expect(await screen.findByText(T.none)).toBeInTheDocument();
  });

  it('adds a passkey through the browser with the server’s options, and hands on the recovery codes it brings', async () => {
    const api = stubServer([LAPTOP], { added: { herstelcodes: CODES } });
    browser.startRegistration.mockResolvedValue(ANSWER);
    const onRecoveryCodes = vi.fn();
    const { user } = renderWithProviders(<PasskeysSection onRecoveryCodes={onRecoveryCodes} />);
    await screen.findByText('Laptop');

    await user.click(screen.getByRole('button', { name: T.add }));

    expect(await screen.findByText('Passkey 3')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(await api.bodies('POST', LIST)).toEqual([{ ticket: 'verzegeld', response: ANSWER }]);
    expect(await screen.findByText(T.added)).toBeInTheDocument();
    expect(onRecoveryCodes).toHaveBeenCalledExactlyOnceWith(CODES);
  });

  it('adds nothing when the browser’s ceremony ends without a passkey, and says so', async () => {
    const api = stubServer([LAPTOP]);
    browser.startRegistration.mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    const { user } = renderWithProviders(<PasskeysSection onRecoveryCodes={vi.fn()} />);
    await screen.findByText('Laptop');

    await user.click(screen.getByRole('button', { name: T.add }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(T.notUsed);
    expect(api.calls('POST', LIST)).toHaveLength(0);
  });

  it('removes a passkey after asking', async () => {
    const api = stubServer([LAPTOP, KEY]);
    const { user } = renderWithProviders(<PasskeysSection onRecoveryCodes={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: T.removeLabel('Laptop') }));
    const dialog = screen.getByRole('dialog', { name: T.removeTitle });
    expect(dialog).toHaveTextContent(T.removeText('Laptop'));
    expect(api.calls('DELETE', `${LIST}/${LAPTOP.id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: T.remove }));

    await waitFor(() => expect(screen.queryByText('Laptop')).not.toBeInTheDocument());
    expect(api.calls('DELETE', `${LIST}/${LAPTOP.id}`)).toHaveLength(1);
    expect(screen.getByText(KEY.naam)).toBeInTheDocument();
  });

  it('shows the server’s refusal to remove the last second factor, and keeps the passkey', async () => {
    stubServer([LAPTOP], { removeStatus: 409 });
    const { user } = renderWithProviders(<PasskeysSection onRecoveryCodes={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: T.removeLabel('Laptop') }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: T.remove }));

    expect(await screen.findByText(T.lastFactor, { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section()).getByText('Laptop')).toBeInTheDocument();
  });

  it('offers no addition in a browser without WebAuthn', async () => {
    browser.supported = false;
    stubServer([]);
    renderWithProviders(<PasskeysSection onRecoveryCodes={vi.fn()} />);
    expect(await screen.findByText(T.notSupported)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.add })).toBeDisabled();
  });
});
