import { ERROR_TITLES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import {
  BEHEER,
  CONFIG_VIEW,
  EIGEN_BEHEER,
  ISSUED_WEBHOOK_SECRET,
  KIJKER,
  TEST_PREFIX,
  WEBHOOK_SECRET_STATUS,
  stubConfigApi,
} from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

const T = LABELS.webhookSecret;
const PATH = '/rest/management/config/webhook-secret';

/** Opens Aannemer_Alfa's panel as a user of `userDeelnemer`; answers its 'Ondertekening' section. */
async function openSection(roles: string[], userDeelnemer = 'Aannemer_Alfa') {
  const view = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
    roles,
    url: '/configs',
    deelnemer: userDeelnemer,
  });
  const table = screen.getByRole('table', { name: TITLES.configs });
  const [row] = await within(table).findAllByRole('row', { name: /Aannemer_Alfa/ });
  await view.user.click(row as HTMLElement);
  const panel = screen.getByRole('dialog', { name: 'Aannemer_Alfa 2.0' });
  await within(panel).findByDisplayValue(CONFIG_VIEW.config.clientId);
  const section = within(panel).getByRole('region', { name: T.title });
  return { ...view, panel, section };
}

describe("'Ondertekening' in the configuration panel", () => {
  it('says since when the receiver has a secret and until when the previous one signs, without showing it', async () => {
    const api = stubConfigApi({
      webhookSecret: () => Response.json({ ...WEBHOOK_SECRET_STATUS, previousValidUntil: '2025-02-04T10:00:00Z' }),
    });
    const { section } = await openSection(EIGEN_BEHEER);

    expect(await within(section).findByText(T.since)).toBeInTheDocument();
    expect(section).toHaveTextContent(`${T.since}${formatDateTime(WEBHOOK_SECRET_STATUS.created!)}`);
    expect(section).toHaveTextContent(`${T.previousUntil}${formatDateTime('2025-02-04T10:00:00Z')}`);
    expect(within(section).getByRole('link', { name: T.howTo })).toHaveAttribute(
      'href',
      '/docs/koppelen#de-handtekening-controleren',
    );
    expect(within(section).getByRole('button', { name: T.rotate })).toBeInTheDocument();
    expect(api.calls('GET', PATH)[0]?.url).toMatch(/\?deelnemer=Aannemer_Alfa&versienummer=2.0$/);
  });

  it('offers no button to who may not save the configuration', async () => {
    stubConfigApi();
    const { section } = await openSection(KIJKER, 'Knooppunt_Beheer');
    expect(await within(section).findByText(T.since)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it("makes the first secret after 'Geheim aanmaken' is confirmed, and shows it once", async () => {
    let made = false;
    const api = stubConfigApi({
      webhookSecret: () =>
        Response.json(made ? WEBHOOK_SECRET_STATUS : { ...WEBHOOK_SECRET_STATUS, secretSet: false, created: null }),
      issueWebhookSecret: () => {
        made = true;
        return Response.json({ ...WEBHOOK_SECRET_STATUS, secret: ISSUED_WEBHOOK_SECRET }, { status: 201 });
      },
    });
    const { section, user } = await openSection(EIGEN_BEHEER);
    expect(await within(section).findByText(T.none)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: T.create }));
    const confirm = screen.getByRole('dialog', { name: T.create });
    expect(confirm).toHaveTextContent(T.createText('Aannemer_Alfa', '2.0'));
    await user.click(within(confirm).getByRole('button', { name: T.confirmCreate }));

    const shown = await screen.findByRole('dialog', { name: T.createdTitle });
    expect(shown).toHaveTextContent(T.saveNow);
    const label = `${T.secret} Aannemer_Alfa 2.0`;
    expect(within(shown).getByRole('textbox', { name: label })).toHaveTextContent(ISSUED_WEBHOOK_SECRET);
    expect(await api.bodies('POST', PATH)).toEqual([{ deelnemer: 'Aannemer_Alfa', versienummer: '2.0' }]);
    await user.click(within(shown).getByRole('button', { name: LABELS.common.copy(label) }));
    expect(await navigator.clipboard.readText()).toBe(ISSUED_WEBHOOK_SECRET);
    // The status is fetched again: the section says since when.
    expect(await within(section).findByText(T.since)).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: LABELS.common.close }));
    expect(screen.queryByRole('dialog', { name: T.createdTitle })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(ISSUED_WEBHOOK_SECRET);
  });

  it("replaces it after 'Nieuw geheim' is confirmed, saying how long the current one signs on", async () => {
    stubConfigApi();
    const { section, user } = await openSection(BEHEER, 'Knooppunt_Beheer');
    await user.click(await within(section).findByRole('button', { name: T.rotate }));
    const confirm = screen.getByRole('dialog', { name: T.rotate });
    expect(confirm).toHaveTextContent(T.rotateText('Aannemer_Alfa', '2.0', 24));
    expect(confirm).toHaveTextContent('nog 24 uur mee');
    await user.click(within(confirm).getByRole('button', { name: T.confirmRotate }));

    const shown = await screen.findByRole('dialog', { name: T.rotatedTitle });
    expect(shown).toHaveTextContent(ISSUED_WEBHOOK_SECRET);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.rotate })).not.toBeInTheDocument());
  });

  it('says a refusal in an alert and shows no secret', async () => {
    stubConfigApi({
      issueWebhookSecret: () =>
        Response.json(
          { message: 'U kunt alleen een configuratie voor uw eigen deelnemer aanmaken of wijzigen.' },
          {
            status: 403,
          },
        ),
    });
    const { section, user } = await openSection(EIGEN_BEHEER);
    await user.click(await within(section).findByRole('button', { name: T.rotate }));
    await user.click(
      within(screen.getByRole('dialog', { name: T.rotate })).getByRole('button', { name: T.confirmRotate }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createWebhookSecret);
    expect(screen.queryByRole('dialog', { name: T.rotatedTitle })).not.toBeInTheDocument();
  });

  it('asks the test environment for its own receiver’s secret', async () => {
    const api = stubConfigApi();
    const view = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
      roles: EIGEN_BEHEER,
      url: '/configs?omgeving=test',
      deelnemer: 'Aannemer_Alfa',
    });
    const [row] = await within(screen.getByRole('table')).findAllByRole('row', { name: /Aannemer_Alfa/ });
    await view.user.click(row as HTMLElement);
    await waitFor(() => expect(api.calls('GET', `${TEST_PREFIX}${PATH}`)).toHaveLength(1));
    expect(api.calls('GET', PATH)).toEqual([]);
  });
});
