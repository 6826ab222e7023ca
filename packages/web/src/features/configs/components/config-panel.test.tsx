import { CONFIG_TEXTS, ERROR_TITLES, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { BEHEER, CONFIG_VIEW, EIGEN_BEHEER, KIJKER, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

async function openPanel(roles: string[], deelnemer = 'Aannemer_Alfa') {
  const view = renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles, url: '/configs' });
  const table = screen.getByRole('table', { name: TITLES.configs });
  const [row] = await within(table).findAllByRole('row', { name: new RegExp(deelnemer) });
  await view.user.click(row as HTMLElement);
  const panel = screen.getByRole('dialog', { name: `${deelnemer} 2.0` });
  await within(panel).findByDisplayValue(CONFIG_VIEW.config.clientId);
  const field = (name: string) => within(panel).getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
  return { ...view, panel, field };
}

describe('Configuration side panel', () => {
  it('shows the configuration read-only to users who may not create drafts', async () => {
    const api = stubConfigApi();
    const { panel, field } = await openPanel(KIJKER);

    expect(panel).toHaveTextContent(LABELS.configForm.readOnly);
    expect(field(LABELS.configForm.clientId)).toBeDisabled();
    expect(field(LABELS.configForm.tokenUrl)).toBeDisabled();
    expect(field(LABELS.configForm.emails)).toHaveValue('ops@alfa.example, it@alfa.example');
    expect(field('Opdracht')).toBeDisabled();
    expect(within(panel).getByRole('switch', { name: LABELS.configForm.useMtls })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: LABELS.configForm.save })).not.toBeInTheDocument();
    expect(api.calls('GET', '/rest/management/config')[0]?.url).toMatch(
      /deelnemer=Aannemer_Alfa&versienummer=2.0&version=3&draft=false$/,
    );
  });

  it('checks a field when it loses focus and disables Opslaan while the form is invalid', async () => {
    stubConfigApi();
    const { panel, field, user } = await openPanel(EIGEN_BEHEER);
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());

    await user.clear(field(LABELS.configForm.clientId));
    expect(panel).not.toHaveTextContent(CONFIG_TEXTS.clientIdRequired);
    await user.tab();
    expect(panel).toHaveTextContent(CONFIG_TEXTS.clientIdRequired);
    expect(save).toBeDisabled();

    await user.clear(field(LABELS.configForm.tokenUrl));
    await user.tab();
    expect(panel).toHaveTextContent(CONFIG_TEXTS.tokenUrlRequired);

    await user.type(field(LABELS.configForm.clientId), 'nieuw');
    await user.type(field(LABELS.configForm.tokenUrl), 'https://auth.example/token');
    await user.tab();
    await waitFor(() => expect(save).toBeEnabled());
    expect(panel).not.toHaveTextContent(CONFIG_TEXTS.clientIdRequired);
  });

  it("wants none or all URLs of a shown group, and checks only the groups 'Toon inputs voor' shows", async () => {
    stubConfigApi();
    const { panel, field, user } = await openPanel(EIGEN_BEHEER);
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });

    await user.type(field('Planning'), 'https://alfa.example/planning');
    await user.tab();
    expect(panel).toHaveTextContent(CONFIG_TEXTS.urlsNoneOrAll.opdrachtgever);
    await waitFor(() => expect(save).toBeDisabled());

    await user.click(within(panel).getByRole('combobox', { name: LABELS.configForm.view }));
    await user.click(screen.getByRole('option', { name: LABELS.configForm.views.opdrachtnemer }));

    expect(within(panel).queryByRole('textbox', { name: 'Planning' })).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent(CONFIG_TEXTS.urlsNoneOrAll.opdrachtgever);
    await waitFor(() => expect(save).toBeEnabled());

    await user.click(within(panel).getByRole('combobox', { name: LABELS.configForm.view }));
    await user.click(screen.getByRole('option', { name: LABELS.configForm.views.alle }));
    await waitFor(() => expect(save).toBeDisabled());
    expect(panel).toHaveTextContent(CONFIG_TEXTS.urlsNoneOrAll.opdrachtgever);
  });

  it('saves into the draft: e-mails split, the secret kept when left empty', async () => {
    const api = stubConfigApi();
    const { panel, field, user } = await openPanel(BEHEER);
    expect(panel).toHaveTextContent(LABELS.configForm.secretSet);
    expect(within(panel).getByPlaceholderText(LABELS.configForm.secretPlaceholder)).toHaveValue('');

    await user.clear(field(LABELS.configForm.emails));
    await user.type(field(LABELS.configForm.emails), 'ops@alfa.example , nieuw @alfa.example');
    await user.type(field(LABELS.configForm.scope), 'berichten');
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.configUpdated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodies('PUT', '/rest/management/config')).toEqual([
      {
        deelnemer: 'Aannemer_Alfa',
        versienummer: '2.0',
        config: {
          clientId: 'alfa-client',
          tokenUrl: 'https://auth.alfa.example/token',
          scope: 'berichten',
          emails: ['ops@alfa.example', 'nieuw@alfa.example'],
          useMtls: false,
          urls: CONFIG_VIEW.config.urls,
        },
      },
    ]);
  });

  it('keeps the panel open and says why when saving fails', async () => {
    stubConfigApi({ save: () => Response.json({ message: 'Ongeldige configuratie' }, { status: 400 }) });
    const { panel, user } = await openPanel(BEHEER);
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());

    await user.click(save);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.updateConfig);
    expect(alert).toHaveTextContent('Ongeldige configuratie');
    expect(panel).toBeInTheDocument();
  });

  it("titles a draft's panel with '(Concept)'", async () => {
    stubConfigApi({ config: () => Response.json({ ...CONFIG_VIEW, deelnemer: 'Netbeheer_Noord', draft: true }) });
    const { user } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles: BEHEER, url: '/configs' });
    const table = screen.getByRole('table', { name: TITLES.configs });
    const rows = await within(table).findAllByRole('row', { name: /Netbeheer_Noord/ });
    await user.click(rows.find((row) => row.textContent?.includes(CONFIG_TEXTS.draftCaption)) as HTMLElement);

    expect(screen.getByRole('dialog', { name: 'Netbeheer_Noord 2.0 (Concept)' })).toBeInTheDocument();
  });
});
