import { CONCURRENCY_TEXTS, CONFIG_TEXTS, ERROR_TITLES, SUCCESS_MESSAGES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { BEHEER, EIGEN_BEHEER, OPDRACHTNEMER_TYPES, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

async function openDialog(roles: string[], flow: 'aansluiting' | 'hoofdnet' = 'aansluiting') {
  const view = renderWithProviders(<ConfigsScreen flow={flow} />, {
    roles,
    url: '/configs',
    deelnemer: 'Aannemer_Alfa',
  });
  await view.user.click(screen.getByRole('button', { name: LABELS.configs.newConfig }));
  const dialog = screen.getByRole('dialog', { name: LABELS.configs.createTitle });
  const field = (name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
  return { ...view, dialog, field, create: within(dialog).getByRole('button', { name: LABELS.common.create }) };
}

describe('Aanmaken nieuwe configuratie', () => {
  it("locks the participant to the user's own without the create-configuration right", async () => {
    stubConfigApi();
    const { dialog } = await openDialog(EIGEN_BEHEER);

    const deelnemer = within(dialog).getByRole('textbox', { name: /^Deelnemer/ });
    expect(deelnemer).toHaveValue('Aannemer_Alfa');
    expect(deelnemer).toBeDisabled();
  });

  it('asks before Escape throws away typed input, and Annuleren closes without asking', async () => {
    stubConfigApi();
    const { dialog, field, user } = await openDialog(BEHEER);
    await user.type(field(LABELS.configForm.clientId), 'half-ingevuld');

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle });
    await user.click(within(question).getByRole('button', { name: CONCURRENCY_TEXTS.discardCancel }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(field(LABELS.configForm.clientId)).toHaveValue('half-ingevuld');

    await user.click(within(dialog).getByRole('button', { name: LABELS.common.cancel }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: CONCURRENCY_TEXTS.discardTitle })).not.toBeInTheDocument();
  });

  it("offers the flow's version numbers, the only one chosen", async () => {
    stubConfigApi();
    const { dialog } = await openDialog(BEHEER, 'hoofdnet');

    expect(within(dialog).getByRole('combobox', { name: /^Versienummer/ })).toHaveTextContent('h1.0');
  });

  it('turns spaces into underscores as the name is typed and asks for the required fields', async () => {
    stubConfigApi();
    const { dialog, user, create } = await openDialog(BEHEER);
    const deelnemer = within(dialog).getByRole('combobox', { name: /^Deelnemer/ });

    await user.type(deelnemer, 'Aannemer Nieuw');
    expect(deelnemer).toHaveValue('Aannemer_Nieuw');

    await user.click(within(dialog).getByLabelText(/^Client Secret/));
    await user.tab();
    expect(dialog).toHaveTextContent(CONFIG_TEXTS.clientSecretRequired);
    expect(create).toBeDisabled();
  });

  it('creates the draft with the form as the API wants it, says so and closes', async () => {
    const api = stubConfigApi();
    const { dialog, field, user, create } = await openDialog(BEHEER);
    // Pasting instead of typing: a dozen fields typed key by key are slow in jsdom.
    const fill = async (element: HTMLElement, text: string) => {
      await user.click(element);
      await user.paste(text);
    };
    await user.type(within(dialog).getByRole('combobox', { name: /^Deelnemer/ }), 'Aannemer Nieuw');
    await fill(field(LABELS.configForm.clientId), 'nieuw-client');
    await fill(within(dialog).getByLabelText(/^Client Secret/), 'geheim');
    await fill(field(LABELS.configForm.tokenUrl), 'https://auth.nieuw.example/token');
    await fill(field(LABELS.configForm.emails), 'a@nieuw.example,b@nieuw.example');
    await user.click(within(dialog).getByRole('switch', { name: LABELS.configForm.useMtls }));
    for (const type of OPDRACHTNEMER_TYPES) await fill(field(type), `https://nieuw.example/${type}`);
    await waitFor(() => expect(create).toBeEnabled());

    await user.click(create);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.configCreated);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodies('POST', '/rest/management/config')).toEqual([
      {
        deelnemer: 'Aannemer_Nieuw',
        versienummer: '2.0',
        config: {
          clientId: 'nieuw-client',
          clientSecret: 'geheim',
          tokenUrl: 'https://auth.nieuw.example/token',
          scope: '',
          emails: ['a@nieuw.example', 'b@nieuw.example'],
          useMtls: true,
          urls: Object.fromEntries(OPDRACHTNEMER_TYPES.map((type) => [type, `https://nieuw.example/${type}`])),
        },
      },
    ]);
  });

  it('keeps the dialog open and says why when the configuration exists', async () => {
    stubConfigApi({
      save: () => Response.json({ message: CONFIG_TEXTS.exists('Aannemer_Alfa', '2.0') }, { status: 409 }),
    });
    const { dialog, field, user, create } = await openDialog(EIGEN_BEHEER);
    await user.type(field(LABELS.configForm.clientId), 'alfa');
    await user.type(within(dialog).getByLabelText(/^Client Secret/), 'geheim');
    await user.type(field(LABELS.configForm.tokenUrl), 'https://auth.alfa.example/token');
    await waitFor(() => expect(create).toBeEnabled());

    await user.click(create);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createConfig);
    expect(alert).toHaveTextContent(CONFIG_TEXTS.exists('Aannemer_Alfa', '2.0'));
    expect(dialog).toBeInTheDocument();
  });
});
